/**
 * Feedback calls (issue 29 item 3: `/temp/contact` and `/console/fb/feedback`; docs/decisions.md 570-579):
 * - POST /api/v1/feedback: a signed-in reader sends feedback to a site (10 an hour per account);
 * - GET /api/v1/feedback/mine, GET /api/v1/feedback/mine/{id}/screenshot: the reader's own (我的反馈);
 *   another reader's answers 404;
 * - GET /api/v1/feedback: one application's list for its managers holding 内容管理 (decision 573);
 * - GET /api/v1/feedback/{id}, …/screenshot, POST …/process, …/reply, …/close: staff on one feedback.
 *   Any manager may call; one of another application gets 404 反馈不存在 (the item is not theirs to
 *   see), one of this application without 内容管理 403. Each move is in the audit log (server/audit/rules.ts).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { createStorage, type FileStorage } from '../../files/storage.js';
import { managerAccess, signedInAccess, type ApplicationOf } from '../../policies/access.js';
import { applicationInQuery } from '../../policies/applications.js';
import { parse } from '../../http/parse.js';
import { managedRows, ownRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import { fileBytesAnswer } from '../../../common/contracts/files.js';
import { feedbackAnswer, feedbackPageAnswer, feedbackSavedAnswer, feedbackSubmittedAnswer, myFeedbackListAnswer } from '../../../common/contracts/feedback.js';
import { feedbackListQuery, feedbackParams, mineQuery, replyBody, submitFeedbackBody } from './schema.js';
import { feedbackApplication, listFeedback, moveFeedback, myFeedback, ownFeedback, staffFeedback, submitFeedback, type FeedbackAction } from './service.js';

const tags = [MSG.feedbackTag];

/** Options of the feedback routes: the file store of screenshots (tests pass their own). */
export interface FeedbackRouteOptions {
  storage?: FileStorage;
}

/**
 * The application of the feedback in the path, for its `managerAccess` (`content`): 404 反馈不存在 when
 * there is none; the access check then answers 403 to anyone but that application's managers holding
 * 内容管理 and super managers, as for a notice (decision 573).
 */
const feedbackInPath: ApplicationOf = async (db, req) => feedbackApplication(db, parse(feedbackParams, req.params, 'params').id);

/** Staff on one feedback: declared once for the read, the screenshot and the moves. */
const staffOnOne = { access: managerAccess(feedbackInPath, 'content'), rows: managedRows };

/** Sends a stored screenshot: its type, never cached by a shared cache, never sniffed or run. */
async function sendScreenshot(reply: FastifyReply, storage: FileStorage, key: string | null, type: string | null) {
  const obj = key ? await storage.get(key) : null;
  if (!obj || !key) throw notFound(MSG.feedbackNoScreenshot);
  return reply
    .header('Content-Type', type ?? obj.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', 'inline')
    .send(obj.body);
}

export default async function feedbackRoutes(app: FastifyInstance, { db, config }: AppContext, opts: FeedbackRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  const r = declared(app);

  r.post(
    '/api/v1/feedback',
    {
      // a screenshot of 2 MB is about 2.7 MB of base64
      bodyLimit: 3_200_000,
      schema: { summary: '提交意见反馈（每个账号每小时最多 10 条）', tags, body: submitFeedbackBody, response: { 201: feedbackSubmittedAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const saved = await submitFeedback(db, storage, currentUser(req), req.body);
      return reply.status(201).send({ ...saved, message: MSG.feedbackSubmitted });
    },
  );

  r.get(
    '/api/v1/feedback/mine',
    {
      schema: { summary: '我对本站的反馈（我的反馈）', tags, querystring: mineQuery, response: { 200: myFeedbackListAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return { content: await myFeedback(db, currentUser(req).id, req.query.applicationId) };
    },
  );

  r.get(
    '/api/v1/feedback/mine/:id/screenshot',
    {
      schema: { summary: '我的反馈的截图', tags, params: feedbackParams, response: { 200: fileBytesAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      const row = await ownFeedback(db, currentUser(req).id, req.params.id);
      return sendScreenshot(reply, storage, row.screenshot_key, row.screenshot_type);
    },
  );

  r.get(
    '/api/v1/feedback',
    {
      schema: { summary: '本应用的意见反馈（按状态、类别筛选，每页 20 条）', tags, querystring: feedbackListQuery, response: { 200: feedbackPageAnswer } },
      config: { access: managerAccess(applicationInQuery, 'content') },
    },
    async (req) => listFeedback(db, req.query),
  );

  r.get(
    '/api/v1/feedback/:id',
    {
      schema: { summary: '读取一条意见反馈', tags, params: feedbackParams, response: { 200: feedbackAnswer } },
      config: staffOnOne,
    },
    async (req) => {
      return staffFeedback(db, req.params.id);
    },
  );

  r.get(
    '/api/v1/feedback/:id/screenshot',
    {
      schema: { summary: '意见反馈的截图', tags, params: feedbackParams, response: { 200: fileBytesAnswer } },
      config: staffOnOne,
    },
    async (req, reply) => {
      const row = await db.selectFrom('feedback').select(['screenshot_key', 'screenshot_type']).where('id', '=', req.params.id).executeTakeFirst();
      return sendScreenshot(reply, storage, row?.screenshot_key ?? null, row?.screenshot_type ?? null);
    },
  );

  const moves: Array<[FeedbackAction, string, string]> = [
    ['process', '标记为处理中（仅限待处理的反馈）', MSG.feedbackProcessing],
    ['close', '关闭反馈（已关闭的不能再操作）', MSG.feedbackClosed],
  ];
  for (const [action, summary, message] of moves) {
    r.post(
      `/api/v1/feedback/:id/${action}`,
      {
        schema: { summary, tags, params: feedbackParams, response: { 200: feedbackSavedAnswer } },
        config: staffOnOne,
      },
      async (req) => {
        return { ...(await moveFeedback(db, currentUser(req), req.params.id, action)), message };
      },
    );
  }

  r.post(
    '/api/v1/feedback/:id/reply',
    {
      schema: { summary: '回复反馈（待处理或处理中 → 已回复）', tags, params: feedbackParams, body: replyBody, response: { 200: feedbackSavedAnswer } },
      config: staffOnOne,
    },
    async (req) => {
      return { ...(await moveFeedback(db, currentUser(req), req.params.id, 'reply', req.body.reply)), message: MSG.feedbackReplied };
    },
  );
}
