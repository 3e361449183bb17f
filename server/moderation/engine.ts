/**
 * The moderation engine (docs/decisions.md 550-556): one state machine for every kind of submission.
 *
 * 待审核 (pending) → 已通过 (approved) / 已驳回 (rejected); an approved one can still be rejected (taken
 * down); approved or rejected ones are reopened (pending) by staff; the author withdraws (已撤回) at any
 * state but withdrawn, which is final. Each transition stores the state, the reviewer and the time (and
 * the rejection reason the author sees), lets the kind do what it means for the submitted row
 * (`SubmissionKindSpec.apply`), writes one `audit_log` row per submission (resource `submission`, the
 * action named after the transition) and, when staff acted, one notification (站内信 row, decision 554)
 * to the author. A refused transition is a 409 with 该项已通过，不能通过 and the like; an item of another
 * application is a 404. A bulk action is all or nothing (decision 553).
 */
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { userLabel } from '../audit/record.js';
import { MSG, fillMsg } from '../../common/messages.js';
import {
  SUBMISSION_STATUS_LABELS,
  TRANSITIONS,
  type QueueFlag,
  type SubmissionKind,
  type SubmissionStatus,
  type TransitionAction,
} from '../../common/moderation.js';
import type { AuditAction } from '../../common/audit.js';
import { kindSpec } from './registry.js';
import { notify } from '../notifications/send.js';

/** Who acts and through which call, for the audit row: `user` null for the system (3 reports). */
export interface Actor {
  user: User | null;
  ip: string;
  method: string;
  route: string;
}

/** The stored submission. */
export interface SubmissionRow {
  id: number;
  application_id: number;
  kind: string;
  ref_id: number;
  author_id: number;
  status: string;
  flags: string;
  marks: string;
  reason: string | null;
}

const ACTION_WORDS: Record<TransitionAction, string> = { approve: '通过', reject: '驳回', reopen: '重新审核', withdraw: '撤回' };
/** The state as the refusal says it: 已通过, 已驳回, 已撤回, 还在审核中. */
const STATE_WORDS: Record<SubmissionStatus, string> = { pending: '还在审核中', approved: '已通过', rejected: '已驳回', withdrawn: '已撤回' };

const now = () => new Date().toISOString();

/** Parses a JSON array of strings; [] when unreadable. */
export function jsonList(s: string): string[] {
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Writes one audit row for a submission's transition (docs/architecture.md §Audit log). */
async function audit(
  db: Db,
  actor: Actor,
  s: Pick<SubmissionRow, 'id' | 'application_id'>,
  action: AuditAction,
  before: string | null,
  after: string,
  reason?: string | null,
) {
  const fields: Array<{ field: string; before?: unknown; after?: unknown }> = [
    {
      field: 'status',
      ...(before ? { before: SUBMISSION_STATUS_LABELS[before as SubmissionStatus] ?? before } : {}),
      after: SUBMISSION_STATUS_LABELS[after as SubmissionStatus],
    },
  ];
  if (reason) fields.push({ field: 'reason', after: reason });
  await db
    .insertInto('audit_log')
    .values({
      at: now(),
      user_id: actor.user?.id ?? null,
      user_label: actor.user ? userLabel(actor.user) : '系统',
      ip: actor.ip,
      application_id: s.application_id,
      resource: 'submission',
      resource_id: String(s.id),
      action,
      method: actor.method,
      route: actor.route,
      changes: JSON.stringify({ mode: 'diff', fields }),
      status: 200,
    })
    .execute();
}

/** What is submitted: the kind, its row, the author, a short text, why it waits and the words to mark. */
export interface NewSubmission {
  applicationId: number;
  kind: SubmissionKind;
  refId: number;
  authorId: number;
  summary: string;
  flags: QueueFlag[];
  marks: string[];
}

/**
 * Puts a new submission in the queue (待审核) and records it (action `submit`); run in the transaction
 * that wrote the submitted row. Returns the submission's id.
 */
export async function submit(db: Db, s: NewSubmission, actor: Actor): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('submissions')
    .values({
      application_id: s.applicationId,
      kind: s.kind,
      ref_id: s.refId,
      author_id: s.authorId,
      summary: s.summary.slice(0, 200),
      status: 'pending',
      flags: JSON.stringify(s.flags),
      marks: JSON.stringify(s.marks),
      reason: null,
      reviewer_id: null,
      created_at: t,
      updated_at: t,
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(db, actor, { id: row.id, application_id: s.applicationId }, 'submit', null, 'pending');
  return row.id;
}

/** 409 该项已通过，不能通过 unless `action` may start from the submission's state. */
function checkTransition(s: SubmissionRow, action: TransitionAction): SubmissionStatus {
  const t = TRANSITIONS[action];
  if (!(t.from as readonly string[]).includes(s.status)) {
    throw new HttpError(
      409,
      'conflict',
      fillMsg(MSG.moderationRefused, { state: STATE_WORDS[s.status as SubmissionStatus] ?? s.status, action: ACTION_WORDS[action] }),
    );
  }
  return t.to;
}

/** Moves one checked submission to `to`: the row, the kind's effect, the audit row, the notification. */
async function move(db: Db, s: SubmissionRow, action: TransitionAction, to: SubmissionStatus, actor: Actor, reason: string | null, extraFlag?: QueueFlag) {
  const t = now();
  const staff = action !== 'withdraw' && actor.user !== null;
  const flags = extraFlag && !jsonList(s.flags).includes(extraFlag) ? JSON.stringify([...jsonList(s.flags), extraFlag]) : s.flags;
  await db
    .updateTable('submissions')
    .set({
      status: to,
      flags,
      updated_at: t,
      reason: to === 'rejected' ? reason : to === 'pending' ? null : s.reason,
      ...(staff ? { reviewer_id: actor.user!.id, reviewed_at: t } : {}),
    })
    .where('id', '=', s.id)
    .execute();
  const spec = kindSpec(s.kind as SubmissionKind);
  await spec.apply(db, { id: s.id, applicationId: s.application_id, refId: s.ref_id, authorId: s.author_id }, to);
  await audit(db, actor, s, action, s.status, to, to === 'rejected' ? reason : null);
  if (action !== 'withdraw') {
    const title = fillMsg(action === 'approve' ? MSG.notifyApproved : action === 'reject' ? MSG.notifyRejected : MSG.notifyReopened, { kind: spec.label });
    const link = (await spec.describe(db, [s.ref_id])).get(s.ref_id)?.link ?? null;
    await notify(db, {
      userId: s.author_id,
      applicationId: s.application_id,
      kind: `submission.${action}`,
      title,
      body: to === 'rejected' && reason ? fillMsg(MSG.notifyRejectedBody, { reason }) : '',
      link,
    });
  }
}

/** The submissions `ids` of the application, or 404 该审核项不存在 for any missing or of another application. */
async function load(db: Db, applicationId: number, ids: number[]): Promise<SubmissionRow[]> {
  const rows = await db.selectFrom('submissions').selectAll().where('id', 'in', ids).where('application_id', '=', applicationId).execute();
  if (rows.length !== new Set(ids).size) throw notFound(MSG.submissionNotFound);
  return rows;
}

/**
 * A reviewer's action on submissions of one application (approve, reject with `reason`, reopen), all or
 * nothing in one transaction: 404 when an id is not the application's, 409 when one cannot take the
 * action (nothing is changed then). Returns how many moved.
 */
export async function review(
  db: Db,
  applicationId: number,
  ids: number[],
  action: 'approve' | 'reject' | 'reopen',
  reason: string | null,
  actor: Actor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await load(trx, applicationId, ids);
    const moves = rows.map((s) => [s, checkTransition(s, action)] as const);
    for (const [s, to] of moves) await move(trx, s, action, to, actor, action === 'reject' ? reason : null);
    return moves.length;
  });
}

/** The author withdraws their submission (`kind`, `refId`): 404 when there is none, 403 for anyone else, 409 when withdrawn already. */
export async function withdraw(db: Db, kind: SubmissionKind, refId: number, actor: Actor & { user: User }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const s = await trx.selectFrom('submissions').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();
    if (!s) throw notFound(MSG.submissionNotFound);
    if (s.author_id !== actor.user.id) throw new HttpError(403, 'forbidden', MSG.moderationWithdrawOnlyAuthor);
    await move(trx, s, 'withdraw', checkTransition(s, 'withdraw'), actor, null);
  });
}

/**
 * Sends an approved submission back to the queue on the system's behalf (a comment reported 3 times,
 * decision 561) with the flag saying why; a pending one only gets the flag; others are left alone. Run in
 * the caller's transaction. The author is told it is being reviewed again.
 */
export async function requeue(db: Db, kind: SubmissionKind, refId: number, flag: QueueFlag, actor: Actor): Promise<void> {
  const s = await db.selectFrom('submissions').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();
  if (!s) return;
  if (s.status === 'approved') {
    await move(db, s, 'reopen', 'pending', { ...actor, user: null }, null, flag);
  } else if (s.status === 'pending' && !jsonList(s.flags).includes(flag)) {
    await db
      .updateTable('submissions')
      .set({ flags: JSON.stringify([...jsonList(s.flags), flag]), updated_at: now() })
      .where('id', '=', s.id)
      .execute();
    await kindSpec(kind).apply(db, { id: s.id, applicationId: s.application_id, refId: s.ref_id, authorId: s.author_id }, 'pending');
  }
}
