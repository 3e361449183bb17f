/**
 * Reference questions 参考咨询 (issue 29 item 4; docs/decisions.md 590-599): a reader asks (rate-limited
 * per account, attachments checked by content and stored privately), staff of the application assign,
 * answer (rich text, sanitised), ask back and close, the reader supplements what was asked back, and an
 * answered question may be published to the site's public FAQ. The state machine is
 * 待分配 → 处理中 → 待补充 → 已答复 → 已关闭 (common/questions.ts); every move is one conditional
 * update, so two staff acting at once cannot both pass (the loser gets 409), and every move that
 * concerns the reader writes their 站内信 with `notify` in the same transaction. The routes
 * (server/routes/questions) have checked who calls; every read here is bounded by its row (the reader's
 * own, or the application in the path: another application's question answers 404).
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { QuestionsTable, User } from '../db/schema.js';
import type { FileStorage } from '../files/storage.js';
import { newKey } from '../files/storage.js';
import { checkUpload, sanitiseName } from '../files/check.js';
import { hit } from '../http/rateLimit.js';
import { HttpError, badRequest, conflict, notFound, tooMany } from '../http/errors.js';
import { readPage } from '../db/paging.js';
import { containsText, escapeLike } from '../db/like.js';
import { userLabel } from '../audit/record.js';
import { sanitizeRichText, hasContent } from '../content/sanitize.js';
import { notify } from '../notifications/send.js';
import { parseManagerRights } from '../policies/managers.js';
import { MSG, fillMsg } from '../../common/messages.js';
import {
  FAQ_HREF,
  QUESTIONS_PER_DAY,
  QUESTION_ANSWER_MAX,
  QUESTION_ATTACHMENT_MAX_MB,
  QUESTION_DUE_DAYS_DEFAULT,
  QUESTION_STATE_LABELS,
  QUESTION_WAITING_STATES,
  isQuestionState,
  overdueCutoff,
  type QuestionMessageKind,
  type QuestionState,
} from '../../common/questions.js';
import type { Assignee, FaqEntry, MyQuestion, Question, QuestionMessage, QuestionRow } from '../../common/contracts/questions.js';
import type { Page } from '../../common/page.js';

/** Where a reader reads their questions (the personal centre mounts 我的咨询; until then the ask page lists them). */
export const QUESTION_READER_LINK = '/microapp/helix/ask';

type Row = Selectable<QuestionsTable>;

/** A reader's new question, as validated by the route. */
export interface AskInput {
  applicationId: number;
  title: string;
  content: string;
  discipline: string;
  attachments?: Array<{ name: string; data: string }> | null;
}

const stateOf = (s: string): QuestionState => (isQuestionState(s) ? s : 'unassigned');

/** The application's answer period in working days (its setting, or the default 3). */
export async function dueDays(db: Db, applicationId: number): Promise<number> {
  const row = await db.selectFrom('question_settings').select('due_days').where('application_id', '=', applicationId).executeTakeFirst();
  return row?.due_days ?? QUESTION_DUE_DAYS_DEFAULT;
}

/** Saves the application's answer period (1-30 working days); resolves with it. */
export async function saveDueDays(db: Db, applicationId: number, days: number): Promise<number> {
  const t = new Date().toISOString();
  await db
    .insertInto('question_settings')
    .values({ application_id: applicationId, due_days: days, updated_at: t })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ due_days: days, updated_at: t }))
    .execute();
  return days;
}

/** Whether a question in `state` asked at `createdAt` is overdue, given the cutoff (decision 592). */
const isOverdue = (state: QuestionState, createdAt: string, cutoff: Date) => QUESTION_WAITING_STATES.includes(state) && createdAt < cutoff.toISOString();

/**
 * Decodes and checks the attachments (decision 593): at most 3, each base64 of at most 5 MB, of a type
 * the uploads accept (checked by the bytes with file-type, never by the name). Throws 400 naming the
 * file, 413 for one too large. Resolves with what to store.
 */
export async function checkAttachments(list: AskInput['attachments']) {
  const out: Array<{ name: string; data: Buffer; ext: string; contentType: string }> = [];
  for (const [i, a] of (list ?? []).entries()) {
    const name = sanitiseName(a.name, `附件${i + 1}`);
    const b64 = a.data.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
    const field = { [`body.attachments.${i}`]: fillMsg(MSG.questionAttachmentInvalid, { name }) };
    if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw badRequest(fillMsg(MSG.questionAttachmentInvalid, { name }), field);
    const data = Buffer.from(b64, 'base64');
    if (data.length > QUESTION_ATTACHMENT_MAX_MB * 1024 * 1024) throw new HttpError(413, 'too_large', fillMsg(MSG.questionAttachmentTooLarge, { name }));
    let checked;
    try {
      checked = await checkUpload(data, { kind: 'file', maxMB: QUESTION_ATTACHMENT_MAX_MB }, name);
    } catch {
      throw badRequest(fillMsg(MSG.questionAttachmentInvalid, { name }), field);
    }
    out.push({ name, data, ext: checked.ext, contentType: checked.contentType });
  }
  return out;
}

/**
 * Stores a reader's question to application `input.applicationId` (the caller has checked the site is
 * readable): one hit of the account's daily limit first (429 past QUESTIONS_PER_DAY, decision 594),
 * the attachments checked and stored, then the rows in one transaction; stored files are removed again
 * when the rows cannot be written. Resolves with the question as its reader sees it.
 */
export async function askQuestion(db: Db, storage: FileStorage, user: User, input: AskInput): Promise<MyQuestion> {
  if (!(await hit(db, `question:${user.id}`, QUESTIONS_PER_DAY, 86_400_000))) throw tooMany(MSG.questionTooMany);
  const files = await checkAttachments(input.attachments);
  const keys: string[] = [];
  try {
    for (const f of files) {
      const key = newKey(f.ext);
      await storage.put(key, f.data, f.contentType);
      keys.push(key);
    }
    const t = new Date().toISOString();
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('questions')
        .values({
          application_id: input.applicationId,
          user_id: user.id,
          title: input.title,
          content: input.content,
          discipline: input.discipline,
          assignee_id: null,
          answered_at: null,
          closed_at: null,
          faq_question: null,
          faq_published_at: null,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (files.length) {
        await tx
          .insertInto('question_attachments')
          .values(
            files.map((f, i) => ({ question_id: row.id, name: f.name, storage_key: keys[i], content_type: f.contentType, size: f.data.length, created_at: t })),
          )
          .execute();
      }
      return row.id;
    });
    return (await mineOf(db, user.id, input.applicationId, id))[0];
  } catch (e) {
    for (const k of keys) await storage.delete(k).catch(() => undefined);
    throw e;
  }
}

/** The thread of the questions `ids`, each list oldest first, with staff authors' names. */
async function threads(db: Db, ids: number[]): Promise<Map<number, QuestionMessage[]>> {
  const map = new Map<number, QuestionMessage[]>();
  if (!ids.length) return map;
  const rows = await db
    .selectFrom('question_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.question_id', 'm.kind', 'm.body', 'm.created_at', 'u.name as author_name'])
    .where('m.question_id', 'in', ids)
    .orderBy('m.id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.question_id) ?? [];
    list.push({
      id: r.id,
      kind: r.kind as QuestionMessageKind,
      body: r.body,
      authorName: r.kind === 'supplement' ? null : (r.author_name ?? null),
      createdAt: r.created_at,
    });
    map.set(r.question_id, list);
  }
  return map;
}

/** The attachments of the questions `ids`, with the address for the reader (`mine`) or for staff of `applicationId`. */
async function attachmentsOf(db: Db, ids: number[], staffApp: number | null) {
  const map = new Map<number, MyQuestion['attachments']>();
  if (!ids.length) return map;
  const rows = await db.selectFrom('question_attachments').selectAll().where('question_id', 'in', ids).orderBy('id').execute();
  for (const r of rows) {
    const list = map.get(r.question_id) ?? [];
    const url =
      staffApp === null
        ? `/api/v1/questions/mine/${r.question_id}/attachments/${r.id}`
        : `/api/v1/applications/${staffApp}/questions/${r.question_id}/attachments/${r.id}`;
    list.push({ id: r.id, name: r.name, contentType: r.content_type, size: r.size, url });
    map.set(r.question_id, list);
  }
  return map;
}

/** The reader's questions to one application (or the one `onlyId`), newest first (at most 100), with threads. */
export async function mineOf(db: Db, userId: number, applicationId: number, onlyId?: number): Promise<MyQuestion[]> {
  let q = db.selectFrom('questions').selectAll().where('user_id', '=', userId).where('application_id', '=', applicationId);
  if (onlyId !== undefined) q = q.where('id', '=', onlyId);
  const rows = await q.orderBy('id', 'desc').limit(100).execute();
  const ids = rows.map((r) => r.id);
  const [th, att] = await Promise.all([threads(db, ids), attachmentsOf(db, ids, null)]);
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.application_id,
    title: r.title,
    content: r.content,
    discipline: r.discipline,
    state: stateOf(r.state),
    attachments: att.get(r.id) ?? [],
    messages: th.get(r.id) ?? [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** The reader's own question `id`, or 404 咨询不存在 (also another reader's: decision 595). */
export async function ownQuestion(db: Db, userId: number, id: number): Promise<Row> {
  const row = await db.selectFrom('questions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG.questionNotFound);
  return row;
}

/** The attachment `attachmentId` of question `questionId`, or 404 附件不存在. */
export async function attachmentOf(db: Db, questionId: number, attachmentId: number) {
  const row = await db.selectFrom('question_attachments').selectAll().where('id', '=', attachmentId).where('question_id', '=', questionId).executeTakeFirst();
  if (!row) throw notFound(MSG.questionAttachmentNotFound);
  return row;
}

/** Question `id` of application `applicationId`, or 404 咨询不存在 (one of another application too: decision 595). */
export async function questionOf(db: Db, applicationId: number, id: number): Promise<Row> {
  const row = await db.selectFrom('questions').selectAll().where('id', '=', id).where('application_id', '=', applicationId).executeTakeFirst();
  if (!row) throw notFound(MSG.questionNotFound);
  return row;
}

/** The console list's filters. */
export interface QuestionListQuery {
  state?: QuestionState;
  overdue?: boolean;
  mine?: boolean;
  q?: string;
  page: number;
  size: number;
}

const listBase = (db: Db, applicationId: number) =>
  db
    .selectFrom('questions')
    .innerJoin('users as u', 'u.id', 'questions.user_id')
    .leftJoin('users as a', 'a.id', 'questions.assignee_id')
    .where('questions.application_id', '=', applicationId);

const listColumns = [
  'questions.id',
  'questions.application_id',
  'questions.title',
  'questions.discipline',
  'questions.state',
  'questions.assignee_id',
  'questions.faq_published',
  'questions.created_at',
  'questions.updated_at',
  'u.name as user_name',
  'a.name as assignee_name',
] as const;

interface ListRow {
  id: number;
  application_id: number;
  title: string;
  discipline: string;
  state: string;
  assignee_id: number | null;
  faq_published: number;
  created_at: string;
  updated_at: string;
  user_name: string;
  assignee_name: string | null;
}

const presentRow = (r: ListRow, cutoff: Date): QuestionRow => ({
  id: r.id,
  applicationId: r.application_id,
  title: r.title,
  discipline: r.discipline,
  state: stateOf(r.state),
  overdue: isOverdue(stateOf(r.state), r.created_at, cutoff),
  userName: r.user_name,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  faqPublished: r.faq_published === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * One application's questions, newest first, 20 a page (spec 2 §9 paging): by state, overdue only
 * (待分配 or 处理中 and asked before the working-day cutoff, decision 592), assigned to `me`, and a text
 * in the title or question.
 */
export async function listQuestions(db: Db, applicationId: number, me: User, q: QuestionListQuery): Promise<Page<QuestionRow>> {
  const cutoff = overdueCutoff(new Date(), await dueDays(db, applicationId));
  let base = listBase(db, applicationId);
  if (q.state) base = base.where('questions.state', '=', q.state);
  if (q.overdue) base = base.where('questions.state', 'in', [...QUESTION_WAITING_STATES]).where('questions.created_at', '<', cutoff.toISOString());
  if (q.mine) base = base.where('questions.assignee_id', '=', me.id);
  if (q.q) base = base.where(containsText(['questions.title', 'questions.content'], q.q));
  return readPage(
    base,
    q,
    (qb) => qb.select(listColumns).orderBy('questions.id', 'desc'),
    (r) => presentRow(r, cutoff),
  );
}

/** Question `id` of application `applicationId` as staff see it, or 404 咨询不存在. */
export async function staffQuestion(db: Db, applicationId: number, id: number): Promise<Question> {
  const row = await listBase(db, applicationId)
    .select([
      ...listColumns,
      'questions.content',
      'questions.faq_question',
      'questions.answered_at',
      'questions.closed_at',
      'u.phone as user_phone',
      'u.email as user_email',
    ])
    .where('questions.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.questionNotFound);
  const cutoff = overdueCutoff(new Date(), await dueDays(db, applicationId));
  const [th, att] = await Promise.all([threads(db, [id]), attachmentsOf(db, [id], applicationId)]);
  const label = userLabel({ name: row.user_name, phone: row.user_phone, email: row.user_email });
  const contact = label.startsWith(`${row.user_name}（`) ? label.slice(row.user_name.length + 1, -1) : null;
  return {
    ...presentRow(row, cutoff),
    content: row.content,
    userContact: contact,
    attachments: att.get(id) ?? [],
    messages: th.get(id) ?? [],
    faqQuestion: row.faq_question,
    answeredAt: row.answered_at,
    closedAt: row.closed_at,
  };
}

/**
 * Who a question of the application may be assigned to (decision 591): its managers holding 内容管理,
 * and the caller (a super manager assigning to themself). Sorted by name.
 */
export async function assignees(db: Db, applicationId: number, me: User): Promise<Assignee[]> {
  const rows = await db
    .selectFrom('application_managers as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'm.rights'])
    .where('m.application_id', '=', applicationId)
    .execute();
  const list = rows.filter((r) => parseManagerRights(r.rights).includes('content')).map((r) => ({ id: r.id, name: r.name }));
  if (!list.some((a) => a.id === me.id)) list.push({ id: me.id, name: me.name });
  return list.sort((a, b) => a.name.localeCompare(b.name, 'zh'));
}

/** A staff move: the states it may start from, the state it leads to, its words, and the reader's notice. */
const MOVES = {
  assign: { from: ['unassigned', 'processing', 'needinfo'], words: MSG.questionActionAssign, notice: MSG.notifyQuestionAssigned },
  answer: { from: ['unassigned', 'processing', 'needinfo'], words: MSG.questionActionAnswer, notice: MSG.notifyQuestionAnswered },
  askback: { from: ['unassigned', 'processing'], words: MSG.questionActionAskBack, notice: MSG.notifyQuestionAskedBack },
  close: { from: ['unassigned', 'processing', 'needinfo', 'answered'], words: MSG.questionActionClose, notice: MSG.notifyQuestionClosed },
} as const satisfies Record<string, { from: readonly QuestionState[]; words: string; notice: string }>;
export type QuestionMove = keyof typeof MOVES;

/** The refusal of a move from the state the question is in now (409), or 404 when there is none. */
async function refuse(db: Db, applicationId: number, id: number, words: string): Promise<never> {
  const now = await db.selectFrom('questions').select('state').where('id', '=', id).where('application_id', '=', applicationId).executeTakeFirst();
  if (!now) throw notFound(MSG.questionNotFound);
  throw conflict(fillMsg(MSG.questionBadTransition, { state: QUESTION_STATE_LABELS[stateOf(now.state)], action: words }));
}

/**
 * Moves question `id` of application `applicationId` as `staff` (decision 590):
 * - `assign` ({assigneeId}: a manager of the application holding 内容管理, or the caller; else 400):
 *   待分配 → 处理中, or a new assignee in 处理中 / 待补充; the reader is told when it is first taken up;
 * - `answer` ({html}: sanitised rich text, not empty): 待分配 / 处理中 / 待补充 → 已答复;
 * - `askback` ({text}: plain text): 待分配 / 处理中 → 待补充;
 * - `close`: any state but 已关闭 → 已关闭.
 * Answer and ask-back assign the question to `staff` when it has no assignee. A refused move answers
 * 409 该咨询当前为「…」，不能… ; 404 咨询不存在 for none in this application. Each move that concerns the
 * reader writes their 站内信 in the same transaction. Resolves with the question as staff see it.
 */
export async function moveQuestion(
  db: Db,
  staff: User,
  applicationId: number,
  id: number,
  move: QuestionMove,
  input: { assigneeId?: number; html?: string; text?: string } = {},
): Promise<Question> {
  const rule = MOVES[move];
  const t = new Date().toISOString();
  let body = '';
  if (move === 'answer') {
    body = sanitizeRichText(input.html ?? '');
    if (!hasContent(body)) throw badRequest(MSG.questionAnswerRequired, { 'body.html': MSG.questionAnswerRequired });
    if (body.length > QUESTION_ANSWER_MAX) throw badRequest(MSG.questionAnswerTooLong, { 'body.html': MSG.questionAnswerTooLong });
  }
  if (move === 'askback') body = input.text ?? '';
  if (move === 'assign') {
    const ok = (await assignees(db, applicationId, staff)).some((a) => a.id === input.assigneeId);
    if (!ok) throw badRequest(MSG.questionAssigneeInvalid, { 'body.assigneeId': MSG.questionAssigneeInvalid });
  }
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('questions')
      .select(['state', 'user_id', 'assignee_id'])
      .where('id', '=', id)
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (!before) throw notFound(MSG.questionNotFound);
    const to: QuestionState =
      move === 'assign'
        ? before.state === 'unassigned'
          ? 'processing'
          : stateOf(before.state)
        : move === 'answer'
          ? 'answered'
          : move === 'askback'
            ? 'needinfo'
            : 'closed';
    const res = await tx
      .updateTable('questions')
      .set({
        state: to,
        updated_at: t,
        ...(move === 'assign' ? { assignee_id: input.assigneeId } : {}),
        ...((move === 'answer' || move === 'askback') && before.assignee_id === null ? { assignee_id: staff.id } : {}),
        ...(move === 'answer' ? { answered_at: t } : {}),
        ...(move === 'close' ? { closed_at: t } : {}),
      })
      .where('id', '=', id)
      .where('application_id', '=', applicationId)
      .where('state', '=', before.state)
      .where('state', 'in', [...rule.from])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await refuse(tx, applicationId, id, rule.words);
    if (move === 'answer' || move === 'askback') {
      await tx.insertInto('question_messages').values({ question_id: id, author_id: staff.id, kind: move, body, created_at: t }).execute();
    }
    if (move !== 'assign' || before.state === 'unassigned') {
      await notify(tx, {
        userId: before.user_id,
        applicationId,
        kind: `question.${move}`,
        title: rule.notice,
        // the answer is HTML: the 站内信 carries no markup, only a pointer to the thread
        body: move === 'askback' ? body : '',
        link: QUESTION_READER_LINK,
      });
    }
  });
  return staffQuestion(db, applicationId, id);
}

/**
 * The reader answers an ask-back (补充, decision 590): plain text on their own question in 待补充,
 * which goes back to 处理中 (or 待分配 when nobody holds it). 404 for another reader's question, 409 in
 * any other state. Resolves with the question as its reader sees it.
 */
export async function supplement(db: Db, user: User, id: number, text: string): Promise<MyQuestion> {
  const row = await ownQuestion(db, user.id, id);
  const t = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('questions')
      .set({ state: row.assignee_id === null ? 'unassigned' : 'processing', updated_at: t })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .where('state', '=', 'needinfo')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await refuse(tx, row.application_id, id, MSG.questionActionSupplement);
    await tx.insertInto('question_messages').values({ question_id: id, author_id: user.id, kind: 'supplement', body: text, created_at: t }).execute();
  });
  return (await mineOf(db, user.id, row.application_id, id))[0];
}

/**
 * Publishes question `id` to the site's FAQ (decision 596): only an answered one (已答复 or 已关闭 after
 * an answer) not yet published; `question` is the wording shown (staff may remove personal details),
 * the reader's text by default. Unpublishing takes it out. 409 otherwise. The reader is told when it is
 * published. Resolves with the question as staff see it.
 */
export async function publishQuestion(db: Db, applicationId: number, id: number, publish: boolean, question?: string | null): Promise<Question> {
  const t = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const row = await questionOf(tx, applicationId, id);
    const can = publish ? row.faq_published === 0 && row.answered_at !== null && (row.state === 'answered' || row.state === 'closed') : row.faq_published === 1;
    if (!can) {
      if (!publish) throw conflict(MSG.questionNotPublished);
      const state = row.faq_published ? MSG.questionFaqPublishedState : QUESTION_STATE_LABELS[stateOf(row.state)];
      throw conflict(fillMsg(MSG.questionBadTransition, { state, action: MSG.questionActionPublish }));
    }
    const res = await tx
      .updateTable('questions')
      .set(
        publish
          ? { faq_published: 1, faq_question: question?.trim() || row.content, faq_published_at: t, updated_at: t }
          : { faq_published: 0, faq_published_at: null, updated_at: t },
      )
      .where('id', '=', id)
      .where('faq_published', '=', publish ? 0 : 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict(MSG.questionNotPublished);
    if (publish) {
      await notify(tx, { userId: row.user_id, applicationId, kind: 'question.publish', title: MSG.notifyQuestionPublished, body: row.title, link: FAQ_HREF });
    }
  });
  return staffQuestion(db, applicationId, id);
}

/**
 * The site's public FAQ (decision 596): its published questions, newest first, 20 a page, each with the
 * latest answer; `q` finds a text in the title, the question's wording or the answer (case-insensitive
 * substring; the answer's markup is searched too, which finds nothing a reader types as words).
 */
export async function faqPage(db: Db, applicationId: number, q: { q?: string; page: number; size: number }): Promise<Page<FaqEntry>> {
  let base = db.selectFrom('questions').where('questions.application_id', '=', applicationId).where('questions.faq_published', '=', 1);
  if (q.q) {
    const pattern = `%${escapeLike(q.q.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        containsText(['questions.title', 'questions.faq_question'], q.q ?? ''),
        eb.exists(
          eb
            .selectFrom('question_messages as m')
            .select('m.id')
            .whereRef('m.question_id', '=', 'questions.id')
            .where('m.kind', '=', 'answer')
            .where(sql<boolean>`lower(m.body) like ${pattern} escape ${'\\'}`),
        ),
      ]),
    );
  }
  const page = await readPage(
    base,
    q,
    (qb) =>
      qb
        .select([
          'questions.id',
          'questions.title',
          'questions.faq_question',
          'questions.content',
          'questions.discipline',
          'questions.faq_published_at',
          'questions.updated_at',
        ])
        .orderBy('questions.faq_published_at', 'desc')
        .orderBy('questions.id', 'desc'),
    (r) => r,
  );
  const ids = page.content.map((r) => r.id);
  const answers = new Map<number, string>();
  if (ids.length) {
    const rows = await db
      .selectFrom('question_messages')
      .select(['question_id', 'body'])
      .where('question_id', 'in', ids)
      .where('kind', '=', 'answer')
      .orderBy('id')
      .execute();
    for (const r of rows) answers.set(r.question_id, r.body);
  }
  return {
    ...page,
    content: page.content.map((r) => ({
      id: r.id,
      title: r.title,
      question: r.faq_question ?? r.content,
      discipline: r.discipline,
      answer: answers.get(r.id) ?? '',
      publishedAt: r.faq_published_at ?? r.updated_at,
    })),
  };
}
