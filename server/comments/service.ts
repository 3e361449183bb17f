/**
 * Readers' comments (docs/decisions.md 557-566): writing one (the application's settings, the rate
 * limits, the queue rules), reading a target's page of comments (shown ones, and the reader's own
 * pending ones), 点赞, 举报, and the settings and sensitive words of an application. Every comment is a
 * submission of the moderation engine (server/moderation/engine.ts). Visibility of the target itself is
 * checked by the route before these run.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { HttpError, badRequest, conflict, notFound, tooMany } from '../http/errors.js';
import { hit, unhit } from '../http/rateLimit.js';
import { submit, requeue, type Actor } from '../moderation/engine.js';
import { bumpWordsVersion, sensitiveHits } from './words.js';
import { bumpCommentsVersion } from './versions.js';
import { MSG } from '../../common/messages.js';
import { makePage, type Page } from '../../common/page.js';
import type { QueueFlag } from '../../common/moderation.js';
import {
  COMMENT_LINKS_ALLOWED,
  COMMENT_MODES,
  COMMENT_PER_DAY,
  COMMENT_PER_MINUTE,
  COMMENT_REPORTS_HOLD,
  COMMENT_TARGETS,
  linksIn,
  type CommentMode,
  type CommentTarget,
} from '../../common/comments.js';
import type { Comment, CommentThread, CommentSettings } from '../../common/contracts/comments.js';

const now = () => new Date().toISOString();

/** The application's settings: 先审后发 on every type when none were saved (decision 558). */
export async function settingsOf(db: Db, applicationId: number): Promise<CommentSettings> {
  const row = await db.selectFrom('comment_settings').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
  if (!row) return { mode: 'pre', targets: [...COMMENT_TARGETS] };
  let targets: CommentTarget[];
  try {
    const list = JSON.parse(row.targets) as unknown;
    targets = COMMENT_TARGETS.filter((t) => Array.isArray(list) && list.includes(t));
  } catch {
    targets = [];
  }
  return { mode: (COMMENT_MODES as readonly string[]).includes(row.mode) ? (row.mode as CommentMode) : 'pre', targets };
}

/** Saves the application's settings. */
export async function saveSettings(db: Db, applicationId: number, s: CommentSettings): Promise<CommentSettings> {
  const values = {
    application_id: applicationId,
    mode: s.mode,
    targets: JSON.stringify(COMMENT_TARGETS.filter((t) => s.targets.includes(t))),
    updated_at: now(),
  };
  await db
    .insertInto('comment_settings')
    .values(values)
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ mode: values.mode, targets: values.targets, updated_at: values.updated_at }))
    .execute();
  return settingsOf(db, applicationId);
}

/** Replaces the application's sensitive words (already parsed and checked); every process compiles the new list once. */
export async function saveWords(db: Db, applicationId: number, words: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sensitive_words').where('application_id', '=', applicationId).execute();
    await bumpWordsVersion(trx, applicationId);
    for (let i = 0; i < words.length; i += 500) {
      await trx
        .insertInto('sensitive_words')
        .values(words.slice(i, i + 500).map((word) => ({ application_id: applicationId, word })))
        .execute();
    }
  });
}

/** What a reader writes. */
export interface NewComment {
  applicationId: number;
  targetType: CommentTarget;
  targetId: string;
  parentId: number | null;
  body: string;
}

/**
 * Counts one comment against the author's limits: 429 每分钟最多 5 条 / 今天已发表 100 条 (decision 562).
 * A refusal by the minute's limit does not use up the day's.
 */
async function checkRate(db: Db, userId: number): Promise<void> {
  if (!(await hit(db, `comment:minute:${userId}`, COMMENT_PER_MINUTE, 60_000))) throw tooMany(MSG.commentRateMinute);
  if (!(await hit(db, `comment:day:${userId}`, COMMENT_PER_DAY, 86_400_000))) {
    await unhit(db, `comment:minute:${userId}`);
    throw tooMany(MSG.commentRateDay);
  }
}

/**
 * Writes a comment of `user` and puts it in the queue. Why it waits (decision 560): 先审后发, a sensitive
 * word (the words kept for the reviewer), the account's first comment on the application, more than 2
 * links. Without any of those under 先发后审 it is shown at once, still reviewable. 403 when the type is
 * closed, 400 for a reply to a reply or to a comment not shown, 429 past a limit.
 */
export async function postComment(db: Db, c: NewComment, user: User, actor: Actor): Promise<{ id: number; shown: boolean }> {
  const settings = await settingsOf(db, c.applicationId);
  if (!settings.targets.includes(c.targetType)) throw new HttpError(403, 'comments_closed', MSG.commentClosed);
  if (c.parentId !== null) {
    const parent = await db
      .selectFrom('comments')
      .select(['id', 'parent_id', 'visible', 'target_type', 'target_id', 'application_id'])
      .where('id', '=', c.parentId)
      .executeTakeFirst();
    const ok =
      parent &&
      parent.parent_id === null &&
      parent.visible === 1 &&
      parent.application_id === c.applicationId &&
      parent.target_type === c.targetType &&
      parent.target_id === c.targetId;
    if (!ok) throw badRequest(MSG.commentParentInvalid, { 'body.parentId': MSG.commentParentInvalid });
  }
  await checkRate(db, user.id);
  const flags: QueueFlag[] = [];
  if (settings.mode === 'pre') flags.push('premoderation');
  const marks = await sensitiveHits(db, c.applicationId, c.body);
  if (marks.length) flags.push('sensitive');
  const earlier = await db
    .selectFrom('comments')
    .select('id')
    .where('author_id', '=', user.id)
    .where('application_id', '=', c.applicationId)
    .limit(1)
    .executeTakeFirst();
  if (!earlier) flags.push('firstComment');
  if (linksIn(c.body).length > COMMENT_LINKS_ALLOWED) flags.push('links');
  const held = flags.length > 0;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comments')
      .values({
        application_id: c.applicationId,
        target_type: c.targetType,
        target_id: c.targetId,
        parent_id: c.parentId,
        author_id: user.id,
        body: c.body,
        visible: held ? 0 : 1,
        held: held ? 1 : 0,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await submit(trx, { applicationId: c.applicationId, kind: 'comment', refId: row.id, authorId: user.id, summary: c.body, flags, marks }, actor);
    await bumpCommentsVersion(trx, row.id);
    return { id: row.id, shown: !held };
  });
}

/** The comment `id` of the application as a reader may act on it (shown), or 404 评论不存在. */
async function shownComment(db: Db, applicationId: number | null, id: number) {
  const row = await db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.visible !== 1 || (applicationId !== null && row.application_id !== applicationId)) throw notFound(MSG.commentNotFound);
  return row;
}

/** The application of a comment (for the access checks), or 404 评论不存在. */
export async function applicationOfComment(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('comments').select('application_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.commentNotFound);
  return row.application_id;
}

/** The author of a comment, or 404 评论不存在. */
export async function authorOfComment(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('comments').select('author_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.commentNotFound);
  return row.author_id;
}

/** 点赞 or takes it back (one per account): the reader's state and the count after. */
export async function toggleLike(db: Db, id: number, user: User): Promise<{ liked: boolean; likes: number }> {
  await shownComment(db, null, id);
  return db.transaction().execute(async (trx) => {
    const had = await trx.deleteFrom('comment_likes').where('comment_id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    const removed = Number(had.numDeletedRows) > 0;
    if (!removed) await trx.insertInto('comment_likes').values({ comment_id: id, user_id: user.id, created_at: now() }).execute();
    const n = await trx
      .selectFrom('comment_likes')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('comment_id', '=', id)
      .executeTakeFirstOrThrow();
    const likes = Number(n.n);
    await trx.updateTable('comments').set({ like_count: likes }).where('id', '=', id).execute();
    await bumpCommentsVersion(trx, id);
    return { liked: !removed, likes };
  });
}

/**
 * 举报 (one per account; 409 您已举报过这条评论): the third report hides the comment and sends it back to
 * the queue (decision 561).
 */
export async function reportComment(db: Db, id: number, user: User, reason: string, actor: Actor): Promise<void> {
  await shownComment(db, null, id);
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .insertInto('comment_reports')
      .values({ comment_id: id, user_id: user.id, reason, created_at: now() })
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(MSG.commentReportedTwice);
    const row = await trx
      .updateTable('comments')
      .set((eb) => ({ report_count: eb('report_count', '+', 1) }))
      .where('id', '=', id)
      .returning('report_count')
      .executeTakeFirstOrThrow();
    if (Number(row.report_count) >= COMMENT_REPORTS_HOLD) {
      await trx.updateTable('comments').set({ held: 1 }).where('id', '=', id).execute();
      // requeue applies the pending state through the comment kind, which raises the comments version
      await requeue(trx, 'comment', id, 'reported', actor);
    }
  });
}

/** Where a page of comments is read, and who reads it. */
export interface CommentQuery {
  applicationId: number;
  targetType: CommentTarget;
  targetId: string;
  page: number;
  size: number;
  viewerId: number | null;
}

/**
 * A page of a target's comments, newest first, each with its replies (oldest first): the shown ones,
 * and the viewer's own ones still pending (marked `pending`, decision 563); nothing rejected or
 * withdrawn. Authors are named by their names only.
 */
export async function listComments(db: Db, q: CommentQuery): Promise<Page<CommentThread>> {
  // no join: a visitor's page and its count read the comments alone (the reader's own pending ones by an
  // EXISTS on their submission), and the author's name is a subquery of the page's rows (bench/moderation.ts)
  const readable = (parent: 'top' | 'replies') => {
    const qb = db
      .selectFrom('comments as c')
      .where('c.application_id', '=', q.applicationId)
      .where('c.target_type', '=', q.targetType)
      .where('c.target_id', '=', q.targetId)
      .where((eb) => {
        const shown = eb('c.visible', '=', 1);
        if (q.viewerId === null) return shown;
        const pending = eb.exists(
          eb.selectFrom('submissions as s').select('s.id').whereRef('s.ref_id', '=', 'c.id').where('s.kind', '=', 'comment').where('s.status', '=', 'pending'),
        );
        return eb.or([shown, eb.and([eb('c.author_id', '=', q.viewerId), pending])]);
      });
    return parent === 'top' ? qb.where('c.parent_id', 'is', null) : qb;
  };
  const cols = ['c.id', 'c.parent_id', 'c.author_id', 'c.body', 'c.visible', 'c.like_count', 'c.created_at'] as const;
  // one statement for the page's threads, their replies and the authors' names (decision 692): the
  // threads in a WITH, the replies of those threads beside them; the total counts alongside
  const [read, total] = await Promise.all([
    db
      .with('page', () =>
        readable('top')
          .select(cols)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(q.size)
          .offset((q.page - 1) * q.size),
      )
      .selectFrom('page as c')
      .select(cols)
      .select((eb) => eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'c.author_id').as('name'))
      .unionAll(
        readable('replies')
          .where(sql<boolean>`c.parent_id in (select id from page)`)
          .select(cols)
          .select((eb) => eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'c.author_id').as('name')),
      )
      .execute(),
    readable('top')
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  // threads newest first, replies oldest first (created_at is an ISO text: compared as stored)
  const newer = (a: (typeof read)[number], b: (typeof read)[number]) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id);
  const rows = read.filter((r) => r.parent_id === null).sort((a, b) => newer(b, a));
  const replies = read.filter((r) => r.parent_id !== null).sort(newer);
  const all = [...rows, ...replies].map((r) => r.id);
  const liked = new Set(
    q.viewerId !== null && all.length
      ? (await db.selectFrom('comment_likes').select('comment_id').where('user_id', '=', q.viewerId).where('comment_id', 'in', all).execute()).map(
          (r) => r.comment_id,
        )
      : [],
  );
  const present = (r: (typeof rows)[number]): Comment => ({
    id: r.id,
    parentId: r.parent_id,
    authorName: r.name ?? '',
    mine: r.author_id === q.viewerId,
    body: r.body,
    pending: r.visible !== 1,
    likes: Number(r.like_count),
    liked: liked.has(r.id),
    createdAt: r.created_at,
  });
  const threads = rows.map((r) => ({ ...present(r), replies: replies.filter((x) => x.parent_id === r.id).map(present) }));
  return makePage(threads, Number(total.n), q.page, q.size);
}
