/**
 * Readers' feedback to a site and its handling by staff (issue 29 item 3; docs/decisions.md 570-579):
 * submitting (rate-limited per account, the screenshot checked by content and stored privately), the
 * reader's own list, the console's list of one application, and the state machine
 * 待处理 → 处理中 → 已回复 → 已关闭 (common/feedback.ts). The routes (index.ts) have checked who calls;
 * every read here is also bounded by its row (the reader's own, or the application's).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { FeedbackTable, User } from '../../db/schema.js';
import type { FileStorage } from '../../files/storage.js';
import { newKey } from '../../files/storage.js';
import { checkUpload } from '../../files/check.js';
import { hit } from '../../http/rateLimit.js';
import { HttpError, badRequest, conflict, notFound, tooMany } from '../../http/errors.js';
import { readPage } from '../../db/paging.js';
import { userLabel } from '../../audit/record.js';
import { isSitePath } from '../../../common/safePath.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import {
  FEEDBACK_PER_HOUR,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_STATE_LABELS,
  isFeedbackCategory,
  isFeedbackState,
  type FeedbackState,
} from '../../../common/feedback.js';
import type { Feedback, MyFeedback } from '../../../common/contracts/feedback.js';
import type { Page } from '../../../common/page.js';
import type { FeedbackListQuery, SubmitFeedback } from './schema.js';
import { notify } from '../../notifications/send.js';

/** Where a reader reads their feedback and its reply (the contact page's 我的反馈). */
const FEEDBACK_READER_LINK = '/temp/contact';

type Row = Selectable<FeedbackTable>;

/** The screenshot's address for its reader (`mine`) or for staff. */
const screenshotUrl = (row: Row, staff: boolean) =>
  row.screenshot_key ? (staff ? `/api/v1/feedback/${row.id}/screenshot` : `/api/v1/feedback/mine/${row.id}/screenshot`) : null;

/** A stored row as its reader sees it. */
function presentMine(row: Row, staff = false): MyFeedback {
  return {
    id: row.id,
    applicationId: row.application_id,
    category: isFeedbackCategory(row.category) ? row.category : 'other',
    content: row.content,
    page: row.page,
    screenshot: screenshotUrl(row, staff),
    state: isFeedbackState(row.state) ? row.state : 'pending',
    reply: row.reply,
    repliedAt: row.replied_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type StaffRow = Row & { user_name: string; user_phone: string | null; user_email: string | null; handler_name: string | null };

/** A stored row with its reader and handler, as staff see it. */
function presentStaff(row: StaffRow): Feedback {
  const label = userLabel({ name: row.user_name, phone: row.user_phone, email: row.user_email });
  const contact = label.startsWith(`${row.user_name}（`) ? label.slice(row.user_name.length + 1, -1) : null;
  return {
    ...presentMine(row, true),
    userId: row.user_id,
    userName: row.user_name,
    userContact: contact,
    handlerName: row.handler_name,
    closedAt: row.closed_at,
  };
}

/**
 * The site path a feedback came from: `raw` when it is a path of this site (common/safePath.ts), cut
 * to 500 characters, else null (an address elsewhere, `//host`, `javascript:` are dropped, decision 572).
 */
export function sourcePage(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim();
  return s && s.length <= 500 && isSitePath(s) ? s : null;
}

/**
 * The screenshot's bytes from base64 (with or without a `data:…;base64,` prefix), checked by content
 * with the uploads' check (file-type): PNG, JPEG or WebP of at most 2 MB. Throws 400
 * 截图只能是 PNG、JPEG 或 WebP 图片 (also for text that is not base64), 413 截图不能超过 2 MB.
 */
export async function checkScreenshot(text: string): Promise<{ data: Buffer; ext: string; contentType: string }> {
  const b64 = text.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw badRequest(MSG.feedbackScreenshotInvalid, { 'body.screenshot': MSG.feedbackScreenshotInvalid });
  const data = Buffer.from(b64, 'base64');
  if (data.length > FEEDBACK_SCREENSHOT_MAX_BYTES) throw new HttpError(413, 'too_large', MSG.feedbackScreenshotTooLarge);
  let checked;
  try {
    checked = await checkUpload(data, { kind: 'file', maxMB: 2 });
  } catch {
    throw badRequest(MSG.feedbackScreenshotInvalid, { 'body.screenshot': MSG.feedbackScreenshotInvalid });
  }
  if (!['png', 'jpg', 'webp'].includes(checked.ext)) throw badRequest(MSG.feedbackScreenshotInvalid, { 'body.screenshot': MSG.feedbackScreenshotInvalid });
  return { data, ext: checked.ext, contentType: checked.contentType };
}

/**
 * Stores a reader's feedback to application `input.applicationId` (the caller has checked the site is
 * readable): counts one hit of the account's hourly limit first (429 提交反馈过于频繁 past
 * FEEDBACK_PER_HOUR; a refused screenshot still counts, so retries cannot probe without limit), checks
 * the screenshot, stores it, then the row; when the row cannot be written the stored screenshot is
 * removed again. Resolves with the feedback as its reader sees it.
 */
export async function submitFeedback(db: Db, storage: FileStorage, user: User, input: SubmitFeedback): Promise<MyFeedback> {
  if (!(await hit(db, `feedback:${user.id}`, FEEDBACK_PER_HOUR, 3_600_000))) throw tooMany(MSG.feedbackTooMany);
  const shot = input.screenshot ? await checkScreenshot(input.screenshot) : null;
  const key = shot ? newKey(shot.ext) : null;
  if (shot && key) await storage.put(key, shot.data, shot.contentType);
  const t = new Date().toISOString();
  try {
    const row = await db
      .insertInto('feedback')
      .values({
        application_id: input.applicationId,
        user_id: user.id,
        category: input.category,
        content: input.content,
        page: sourcePage(input.page),
        screenshot_key: key,
        screenshot_type: shot?.contentType ?? null,
        reply: null,
        handler_id: null,
        replied_at: null,
        closed_at: null,
        created_at: t,
        updated_at: t,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentMine(row);
  } catch (e) {
    if (key) await storage.delete(key).catch(() => undefined);
    throw e;
  }
}

/** The reader's feedback to one application, newest first (at most 100). */
export async function myFeedback(db: Db, userId: number, applicationId: number): Promise<MyFeedback[]> {
  const rows = await db
    .selectFrom('feedback')
    .selectAll()
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => presentMine(r));
}

/** The reader's own feedback `id`, or 404 反馈不存在 (also for another reader's: decision 575). */
export async function ownFeedback(db: Db, userId: number, id: number): Promise<Row> {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG.feedbackNotFound);
  return row;
}

/** The application feedback `id` belongs to, for the manager access check: 404 反馈不存在 when there is none. */
export async function feedbackApplication(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('feedback').select('application_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.feedbackNotFound);
  return row.application_id;
}

/** The query of feedback rows with their reader's and handler's names. */
const staffRows = (db: Db) =>
  db.selectFrom('feedback').innerJoin('users as u', 'u.id', 'feedback.user_id').leftJoin('users as h', 'h.id', 'feedback.handler_id');

const staffColumns = [
  'feedback.id',
  'feedback.application_id',
  'feedback.user_id',
  'feedback.category',
  'feedback.content',
  'feedback.page',
  'feedback.screenshot_key',
  'feedback.screenshot_type',
  'feedback.state',
  'feedback.reply',
  'feedback.handler_id',
  'feedback.replied_at',
  'feedback.closed_at',
  'feedback.created_at',
  'feedback.updated_at',
  'u.name as user_name',
  'u.phone as user_phone',
  'u.email as user_email',
  'h.name as handler_name',
] as const;

/** One application's feedback, filtered by state and category, newest first, as pages (spec 2 §9 paging). */
export async function listFeedback(db: Db, q: FeedbackListQuery): Promise<Page<Feedback>> {
  let base = staffRows(db).where('feedback.application_id', '=', q.applicationId);
  if (q.state) base = base.where('feedback.state', '=', q.state);
  if (q.category) base = base.where('feedback.category', '=', q.category);
  return readPage(
    base,
    q,
    (qb) => qb.select(staffColumns).orderBy('feedback.id', 'desc'),
    (r) => presentStaff(r as StaffRow),
  );
}

/** Feedback `id` as staff see it, or 404 反馈不存在. */
export async function staffFeedback(db: Db, id: number): Promise<Feedback> {
  const row = await staffRows(db).select(staffColumns).where('feedback.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.feedbackNotFound);
  return presentStaff(row);
}

/** A staff action on a feedback: the states it may start from, the state it leads to, its words. */
const ACTIONS = {
  process: { from: ['pending'], to: 'processing', words: MSG.feedbackActionProcess },
  reply: { from: ['pending', 'processing'], to: 'replied', words: MSG.feedbackActionReply },
  close: { from: ['pending', 'processing', 'replied'], to: 'closed', words: MSG.feedbackActionClose },
} as const satisfies Record<string, { from: readonly FeedbackState[]; to: FeedbackState; words: string }>;
export type FeedbackAction = keyof typeof ACTIONS;

/**
 * Moves feedback `id` by `action` as `staff` (decision 571): 处理中 from 待处理; a reply (`reply`, plain
 * text) from 待处理 or 处理中 to 已回复; 关闭 from any state but 已关闭. One conditional update, so two
 * staff acting at once cannot both pass: a refused move answers 409 该反馈当前为「…」，不能… with the
 * state it is in. 404 反馈不存在 when there is none. Resolves with the feedback as staff see it.
 */
export async function moveFeedback(db: Db, staff: User, id: number, action: FeedbackAction, reply?: string): Promise<Feedback> {
  const rule = ACTIONS[action];
  const t = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('feedback')
      .set({
        state: rule.to,
        handler_id: staff.id,
        updated_at: t,
        ...(action === 'reply' ? { reply: reply ?? '', replied_at: t } : {}),
        ...(action === 'close' ? { closed_at: t } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', [...rule.from])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      const now = await tx.selectFrom('feedback').select('state').where('id', '=', id).executeTakeFirst();
      if (!now) throw notFound(MSG.feedbackNotFound);
      const state = isFeedbackState(now.state) ? now.state : 'pending';
      throw conflict(fillMsg(MSG.feedbackBadTransition, { state: FEEDBACK_STATE_LABELS[state], action: rule.words }));
    }
    if (action !== 'process') {
      const row = await tx.selectFrom('feedback').select(['user_id', 'application_id']).where('id', '=', id).executeTakeFirstOrThrow();
      await notify(tx, {
        userId: row.user_id,
        applicationId: row.application_id,
        kind: `feedback.${action}`,
        title: action === 'reply' ? MSG.notifyFeedbackReplied : MSG.notifyFeedbackClosed,
        body: action === 'reply' ? (reply ?? '') : '',
        link: FEEDBACK_READER_LINK,
      });
    }
  });
  return staffFeedback(db, id);
}
