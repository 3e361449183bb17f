/**
 * The comment calls (docs/decisions.md 557-566):
 * - GET /api/v1/comments?applicationId&targetType&targetId&page: everybody who may read the target: its
 *   shown comments with their replies, and the reader's own pending ones; `open` and `signedIn` tell the
 *   page whether to offer the form or 登录后评论; a visitor's page is served from the shared cache
 *   (decision 695);
 * - POST /api/v1/comments: a signed-in reader comments on a target they may read (or replies, one level);
 *   429 past 5 a minute or 100 a day; on a community's post, its members only;
 * - DELETE /api/v1/comments/{id}: its author withdraws it (已撤回);
 * - POST /api/v1/comments/{id}/like: 点赞 or take it back, one per account;
 * - POST /api/v1/comments/{id}/report: 举报, one per account; the third holds the comment for review;
 * - GET/PUT /api/v1/applications/{id}/comment-settings and …/sensitive-words: reviewers of the
 *   application (审核): 先审后发 / 先发后审, the open types, the 敏感词 list (one word a line).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { communityAccess, managerAccess, ownerAccess, publicAccess, rawFields, signedInAccess, signedInUnless } from '../../policies/access.js';
import { communityOfPostInBody } from '../../policies/communities.js';
import { postCommunity } from '../../communities/service.js';
import { applicationInPath } from '../../policies/applications.js';
import { checkReadableContent, readableApplication } from '../../policies/visibility.js';
import { ownRows, siteRows } from '../../policies/rows.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { commentLikeAnswer, commentPageAnswer, commentPostedAnswer, commentSettingsAnswer, sensitiveWordsAnswer } from '../../../common/contracts/comments.js';
import { SENSITIVE_WORDS_MAX, SENSITIVE_WORD_LENGTH, type CommentTarget } from '../../../common/comments.js';
import { withdraw } from '../../moderation/engine.js';
import { parseWordList, wordsOf } from '../../comments/words.js';
import { commentsVersion } from '../../comments/versions.js';
import { authorOfComment, listComments, postComment, reportComment, saveSettings, saveWords, settingsOf, toggleLike } from '../../comments/service.js';
import { actorOf } from '../moderation/index.js';
import { commentIdParams, commentListQuery, commentSettingsBody, createCommentBody, reportCommentBody, sensitiveWordsBody } from './schema.js';
import type { Db } from '../../db/index.js';

const tags = ['评论'];

/**
 * 404 评论的内容不存在 unless the reader may read the target in the application: a published notice of it
 * (checkReadableContent), a record published in its topic (a report or a WeChat article of those types),
 * or a shown post of one of its communities (`write`: 409 while the community is archived).
 */
async function checkTarget(db: Db, req: FastifyRequest, applicationId: number, type: CommentTarget, id: string, write = false): Promise<void> {
  const app = await readableApplication(req.scope, applicationId, MSG.commentTargetNotFound);
  const n = Number(id);
  if (type === 'post') {
    // a shown post of a community of the application; no new comment while the community is archived (decision 626)
    const post = await postCommunity(db, applicationId, n, MSG.commentTargetNotFound);
    if (write && post.archived) throw conflict(MSG.communityArchived);
    return;
  }
  if (type === 'notice') {
    const row = await db.selectFrom('notices').select(['active', 'application_id', 'module_id']).where('id', '=', n).executeTakeFirst();
    if (!row || row.application_id !== applicationId) throw notFound(MSG.commentTargetNotFound);
    await checkReadableContent(req, row, MSG.commentTargetNotFound);
    return;
  }
  if (app.topic_id == null) throw notFound(MSG.commentTargetNotFound);
  let qb = db
    .selectFrom('resource_topics')
    .select('resource_id')
    .where('resource_id', '=', n)
    .where('topic_id', '=', app.topic_id)
    .where('published', '=', 1)
    .where('import_task', 'is', null);
  if (type === 'report') qb = qb.where('type', '=', 'report');
  if (type === 'wechat') qb = qb.where('type', '=', 'wechat_article');
  if (!(await qb.executeTakeFirst())) throw notFound(MSG.commentTargetNotFound);
}

const commentOwner = (db: Db) => async (_db: Db, req: FastifyRequest) => {
  const id = commentIdParams.safeParse(req.params);
  if (!id.success) throw notFound(MSG.commentNotFound);
  return authorOfComment(db, id.data.id);
};

export default async function commentRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/comments',
    {
      schema: { summary: '一条内容的评论（已显示的，及本人待审核的）', tags, querystring: commentListQuery, response: { 200: commentPageAnswer } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req, reply) => {
      const q = req.query;
      const viewer = req.user && !req.user.anonymous ? req.user : null;
      const read = async () => {
        await checkTarget(db, req, q.applicationId, q.targetType, q.targetId);
        const [page, settings] = await Promise.all([listComments(db, { ...q, viewerId: viewer?.id ?? null }), settingsOf(db, q.applicationId)]);
        return { ...page, open: settings.targets.includes(q.targetType), signedIn: !!viewer };
      };
      if (viewer || q.targetType === 'post') return read();
      // a visitor's page is the same for every visitor: kept in the shared cache under the target's
      // comments version and the cache generation (the target's and the site's state, the settings),
      // so a hit reads one row (decision 695). A community's post is left out: its state is not in either.
      const version = await commentsVersion(db, q);
      const key = `comments|${q.applicationId}|${q.targetType}|${q.targetId}|${q.page}|${q.size}|${version}`;
      // kept as the bytes sent: a hit encodes nothing
      const json = await app.visitorCache.getOrMake(key, async () => Buffer.from(JSON.stringify(await read())));
      // read() has the answer schema's type (the compiler checks it); its bytes go out as they are
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  r.post(
    '/api/v1/comments',
    {
      schema: { summary: '发表评论或回复', tags, body: createCommentBody, response: { 201: commentPostedAnswer } },
      // a comment on a community's post: members of the community only (decision 626)
      config: {
        rows: ownRows,
        access: signedInUnless({
          when: (req) => rawFields(req.body).targetType === 'post',
          access: communityAccess(communityOfPostInBody, 'member'),
          whenText: MSG.commentOnPostWhen,
        }),
      },
    },
    async (req, reply) => {
      const b = req.body;
      await checkTarget(db, req, b.applicationId, b.targetType, b.targetId, true);
      const done = await postComment(db, { ...b, parentId: b.parentId ?? null }, currentUser(req), actorOf(req));
      return reply.status(201).send({ ok: true as const, ...done, message: done.shown ? MSG.commentPosted : MSG.commentHeld });
    },
  );

  r.delete(
    '/api/v1/comments/:id',
    {
      schema: { summary: '撤回本人的评论', tags, params: commentIdParams, response: { 200: okAnswer } },
      config: { access: ownerAccess(commentOwner(db)) },
    },
    async (req) => {
      const user = currentUser(req);
      await withdraw(db, 'comment', req.params.id, { ...actorOf(req), user });
      return { ok: true as const, message: MSG.commentWithdrawn };
    },
  );

  r.post(
    '/api/v1/comments/:id/like',
    {
      schema: { summary: '点赞或取消点赞（每个账号一次）', tags, params: commentIdParams, response: { 200: commentLikeAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req) => toggleLike(db, req.params.id, currentUser(req)),
  );

  r.post(
    '/api/v1/comments/:id/report',
    {
      schema: { summary: '举报评论（每个账号一次；3 次举报后转入审核）', tags, params: commentIdParams, body: reportCommentBody, response: { 200: okAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req) => {
      await reportComment(db, req.params.id, currentUser(req), req.body.reason, actorOf(req));
      return { ok: true as const, message: MSG.commentReported };
    },
  );

  const reviewer = { access: managerAccess(applicationInPath, 'review') };

  r.get(
    '/api/v1/applications/:id/comment-settings',
    { schema: { summary: '评论设置', tags, params: commentIdParams, response: { 200: commentSettingsAnswer } }, config: reviewer },
    async (req) => settingsOf(db, req.params.id),
  );

  r.put(
    '/api/v1/applications/:id/comment-settings',
    {
      schema: {
        summary: '保存评论设置（先审后发 / 先发后审，开放评论的内容）',
        tags,
        params: commentIdParams,
        body: commentSettingsBody,
        response: { 200: commentSettingsAnswer.extend({ message: okAnswer.shape.message }) },
      },
      config: reviewer,
    },
    async (req) => ({ ...(await saveSettings(db, req.params.id, req.body)), message: MSG.commentSettingsSaved }),
  );

  r.get(
    '/api/v1/applications/:id/sensitive-words',
    { schema: { summary: '敏感词列表', tags, params: commentIdParams, response: { 200: sensitiveWordsAnswer } }, config: reviewer },
    async (req) => ({ words: await wordsOf(db, req.params.id) }),
  );

  r.put(
    '/api/v1/applications/:id/sensitive-words',
    {
      schema: {
        summary: '保存敏感词（每行一个词，替换原有列表）',
        tags,
        params: commentIdParams,
        body: sensitiveWordsBody,
        response: { 200: sensitiveWordsAnswer.extend({ message: okAnswer.shape.message }) },
      },
      config: reviewer,
    },
    async (req) => {
      const words = parseWordList(req.body.text);
      if (words.length > SENSITIVE_WORDS_MAX) throw badRequest(MSG.sensitiveWordsTooMany, { 'body.text': MSG.sensitiveWordsTooMany });
      if (words.some((w) => w.length > SENSITIVE_WORD_LENGTH)) throw badRequest(MSG.sensitiveWordTooLong, { 'body.text': MSG.sensitiveWordTooLong });
      await saveWords(db, req.params.id, words);
      const stored = await wordsOf(db, req.params.id);
      return { words: stored, message: fillMsg(MSG.sensitiveWordsSaved, { n: stored.length }) };
    },
  );
}
