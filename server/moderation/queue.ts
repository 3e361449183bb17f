/**
 * The console's reads of the moderation queue (docs/decisions.md 551-552): a page of one application's
 * submissions of one kind, filtered by state and text, newest first, with the kind's declared fields;
 * and the pending counts of the applications a reviewer reviews, for the navigation's badge.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { containsText } from '../db/like.js';
import { readPage } from '../db/paging.js';
import type { Page } from '../../common/page.js';
import type { SubmissionKind, SubmissionStatus } from '../../common/moderation.js';
import type { Submission } from '../../common/contracts/moderation.js';
import { kindSpec } from './registry.js';
import { jsonList } from './engine.js';

/** The list's filter, as the console keeps it in the URL. */
export interface QueueFilter {
  applicationId: number;
  kind: SubmissionKind;
  status?: SubmissionStatus;
  q?: string;
  page: number;
  size: number;
}

/** The fewest characters of a text filter that the trigram index serves (shorter ones are a scan). */
export const TRIGRAM_MIN = 3;

/**
 * The FTS5 query of `text` as one phrase (a substring, ignoring case, with the trigram tokenizer):
 * `"…"` with inner double quotes doubled.
 */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A page of submissions of the filter. A text filter of TRIGRAM_MIN characters or more is served by an
 * index (decision 665): on SQLite the candidates come from `submissions_fts` (trigram FTS5, migration 054),
 * on PostgreSQL the planner uses the pg_trgm index of `lower(summary)`; the substring test itself stays,
 * so the rows are those of the scan.
 */
export async function listSubmissions(db: Db, f: QueueFilter, dialect: Dialect = 'sqlite'): Promise<Page<Submission>> {
  // the names come from subqueries of the page's rows, so the total counts submissions alone (a join of
  // both users over 100,000 rows cost 105 ms a page on SQLite: bench/moderation.ts)
  let base = db.selectFrom('submissions as s').where('s.application_id', '=', f.applicationId).where('s.kind', '=', f.kind);
  if (f.status) base = base.where('s.status', '=', f.status);
  if (f.q) base = base.where(containsText('s.summary', f.q));
  if (f.q && dialect === 'sqlite' && [...f.q].length >= TRIGRAM_MIN)
    base = base.where('s.id', 'in', sql<number>`(select rowid from submissions_fts where submissions_fts match ${ftsPhrase(f.q)})`);
  const page = await readPage(
    base,
    f,
    (qb) =>
      qb
        .select([
          's.id',
          's.application_id',
          's.kind',
          's.ref_id',
          's.summary',
          's.status',
          's.flags',
          's.marks',
          's.reason',
          's.author_id',
          (eb) => eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 's.author_id').as('author_name'),
          (eb) => eb.selectFrom('users as r').select('r.name').whereRef('r.id', '=', 's.reviewer_id').as('reviewer_name'),
          's.created_at',
          's.reviewed_at',
        ])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc'),
    (r): Submission => ({
      id: r.id,
      applicationId: r.application_id,
      kind: r.kind,
      refId: r.ref_id,
      summary: r.summary,
      status: r.status as SubmissionStatus,
      flags: jsonList(r.flags),
      marks: jsonList(r.marks),
      reason: r.reason,
      authorId: r.author_id,
      authorName: r.author_name ?? '',
      reviewerName: r.reviewer_name ?? null,
      createdAt: r.created_at,
      reviewedAt: r.reviewed_at,
      fields: {},
      link: null,
    }),
  );
  const described = await kindSpec(f.kind).describe(
    db,
    page.content.map((s) => s.refId),
  );
  for (const s of page.content) {
    const d = described.get(s.refId);
    if (d) Object.assign(s, { fields: d.fields, link: d.link });
  }
  return page;
}

/** The pending submissions of `applicationIds` by kind, and their total. */
export async function pendingCounts(db: Db, applicationIds: number[] | 'all'): Promise<{ total: number; byKind: Record<string, number> }> {
  if (applicationIds !== 'all' && !applicationIds.length) return { total: 0, byKind: {} };
  let qb = db
    .selectFrom('submissions')
    .select(['kind', sql<number | string>`count(*)`.as('n')])
    .where('status', '=', 'pending');
  if (applicationIds !== 'all') qb = qb.where('application_id', 'in', applicationIds);
  const rows = await qb.groupBy('kind').execute();
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  return { total: Object.values(byKind).reduce((a, b) => a + b, 0), byKind };
}
