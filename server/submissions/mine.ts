/**
 * The reader's side of the review queues (issue 29 §6; docs/decisions.md 610): their own submissions of
 * the kinds of common/moderation.ts READER_QUEUE_KINDS (我的提交), newest first, with the state, the
 * rejection reason and the page to see an approved one; and the author of a submission, for the
 * withdrawal's access.
 */
import type { Db } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { readPage } from '../db/paging.js';
import { kindSpec } from '../moderation/registry.js';
import { MSG } from '../../common/messages.js';
import type { Page } from '../../common/page.js';
import { READER_QUEUE_KINDS, SUBMISSION_KIND_LABELS, type SubmissionKind, type SubmissionStatus } from '../../common/moderation.js';
import type { MySubmission } from '../../common/contracts/submissions.js';

/** A page (`size` a page) of the user's submissions of the reader's kinds, of one application when given. */
export async function listMine(db: Db, userId: number, q: { applicationId?: number; page: number; size: number }): Promise<Page<MySubmission>> {
  let base = db
    .selectFrom('submissions')
    .where('author_id', '=', userId)
    .where('kind', 'in', [...READER_QUEUE_KINDS]);
  if (q.applicationId) base = base.where('application_id', '=', q.applicationId);
  const page = await readPage(
    base,
    q,
    (qb) =>
      qb
        .select(['id', 'application_id', 'kind', 'ref_id', 'summary', 'status', 'reason', 'created_at', 'reviewed_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    (r) => ({
      id: r.id,
      applicationId: r.application_id,
      kind: r.kind,
      kindLabel: SUBMISSION_KIND_LABELS[r.kind as SubmissionKind] ?? r.kind,
      summary: r.summary,
      status: r.status as SubmissionStatus,
      reason: r.reason,
      link: null as string | null,
      createdAt: r.created_at,
      reviewedAt: r.reviewed_at,
      refId: r.ref_id,
    }),
  );
  // the links of the approved ones, one read per kind
  for (const kind of new Set(page.content.map((s) => s.kind))) {
    const items = page.content.filter((s) => s.kind === kind && s.status === 'approved');
    if (!items.length) continue;
    const described = await kindSpec(kind as SubmissionKind).describe(
      db,
      items.map((s) => s.refId),
    );
    for (const s of items) s.link = described.get(s.refId)?.link ?? null;
  }
  return { ...page, content: page.content.map(({ refId: _r, ...s }) => s) };
}

/** The author of a submission of the reader's kinds, or 404 该审核项不存在. */
export async function submissionAuthor(db: Db, id: number): Promise<{ authorId: number; kind: SubmissionKind; refId: number }> {
  const row = await db
    .selectFrom('submissions')
    .select(['author_id', 'kind', 'ref_id'])
    .where('id', '=', id)
    .where('kind', 'in', [...READER_QUEUE_KINDS])
    .executeTakeFirst();
  if (!row) throw notFound(MSG.submissionNotFound);
  return { authorId: row.author_id, kind: row.kind as SubmissionKind, refId: row.ref_id };
}
