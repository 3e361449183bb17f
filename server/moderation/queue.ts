/**
 * The console's reads of the moderation queue (docs/decisions.md 551-552): a page of one application's
 * submissions of one kind, filtered by state and text, newest first, with the kind's declared fields;
 * and the pending counts of the applications a reviewer reviews, for the navigation's badge.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { containsText } from '../db/like.js';
import type { Database } from '../db/schema.js';
import { makePage, type Page } from '../../common/page.js';
import type { SubmissionKind, SubmissionStatus } from '../../common/moderation.js';
import type { Submission } from '../../common/contracts/moderation.js';
import { kindSpec } from './registry.js';
import { jsonList } from './engine.js';
import { GRAM_MAX, gramCondition, gramToken } from './grams.js';

/** The list's filter, as the console keeps it in the URL. */
export interface QueueFilter {
  applicationId: number;
  kind: SubmissionKind;
  status?: SubmissionStatus;
  q?: string;
  page: number;
  size: number;
}

/** The fewest characters of a text filter that the trigram index serves (shorter ones use the grams of 058). */
export const TRIGRAM_MIN = 3;

/**
 * The most submissions a page's total counts (decision 691): 500 pages of 20, as the journal lookup's
 * total (decision 296). A queue of more shows this many; the console's badge (pendingCounts) stays exact.
 */
export const QUEUE_COUNT_CAP = 10_000;

/** The most matches of a text filter the total counts (decision 691): 50 pages of 20. */
export const QUEUE_TEXT_COUNT_CAP = 1_000;

/**
 * How many of the newest submissions of the filter a text filter first looks through (decision 690): a
 * frequent word fills its page there (a few hundred rows tested, no index read); a rarer one reads the
 * index.
 */
export const QUEUE_PROBE_ROWS = 2_000;

/**
 * How many matches the look through the newest rows reads at most (5 pages): on PostgreSQL, a text with
 * this many among them (1 row in 20 or more) is counted without the index (decision 690).
 */
export const QUEUE_PROBE_HITS = 100;

/**
 * The FTS5 query of `text` as one phrase (a substring, ignoring case, with the trigram tokenizer):
 * `"…"` with inner double quotes doubled.
 */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A page of submissions of the filter, newest first, with the total counted up to QUEUE_COUNT_CAP
 * (QUEUE_TEXT_COUNT_CAP with a text). The rows of a text filter are exactly those of the substring test
 * (`lower(summary) like '%…%'`, which every read keeps), found by the cheaper of two reads (decision
 * 690): among the QUEUE_PROBE_ROWS newest rows of the other filters, when they hold the whole page; else
 * through an index of the text: the grams of 058 for 1 or 2 characters (both databases), the trigram
 * index of 054 for 3 or more (`submissions_fts` on SQLite, pg_trgm's chosen by PostgreSQL's planner).
 * The total always reads the index, up to the cap.
 */
export async function listSubmissions(db: Db, f: QueueFilter, dialect: Dialect = 'sqlite'): Promise<Page<Submission>> {
  // the names come from subqueries of the page's rows, so the total counts submissions alone (a join of
  // both users over 100,000 rows cost 105 ms a page on SQLite: bench/moderation.ts)
  let base = db.selectFrom('submissions as s').where('s.application_id', '=', f.applicationId).where('s.kind', '=', f.kind);
  if (f.status) base = base.where('s.status', '=', f.status);
  const offset = (f.page - 1) * f.size;
  const columns = (qb: typeof base, from = offset, limit = f.size) =>
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
      .orderBy('s.id', 'desc')
      .limit(limit)
      .offset(from);
  type Row = Awaited<ReturnType<ReturnType<typeof columns>['execute']>>[number];
  let rows: Row[];
  let total: number;
  if (!f.q) {
    const counted = base.select('s.id').limit(QUEUE_COUNT_CAP);
    [rows, total] = await Promise.all([columns(base).execute(), countOf(db, counted)]);
  } else {
    const q = f.q.toLowerCase();
    const matching = base.where(containsText('s.summary', f.q));
    const short = [...q].length <= GRAM_MAX;
    let indexed = matching;
    if (dialect === 'postgres') {
      if (short) indexed = indexed.where(gramCondition(q));
    } else {
      // SQLite: the matches of the FTS5 table drive the read (CROSS JOIN keeps that order), so that a count
      // stops at its cap instead of gathering every match first
      const fts = short ? { table: 'submissions_grams', query: gramToken(q) } : { table: 'submissions_fts', query: ftsPhrase(f.q) };
      const status = f.status ? sql` and s.status = ${f.status}` : sql``;
      indexed = db
        .selectFrom(sql`${sql.table(fts.table)}`.as(fts.table))
        .crossJoin('submissions as s')
        .where(
          sql<boolean>`s.id = ${sql.ref(`${fts.table}.rowid`)} and ${sql.table(fts.table)} match ${fts.query} and s.application_id = ${f.applicationId} and s.kind = ${f.kind}${status}`,
        )
        .where(containsText('s.summary', f.q));
    }
    // the newest rows of the other filters, as a table `s` of the same columns, tested for the text
    const probe = db
      .selectFrom(base.selectAll('s').orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(QUEUE_PROBE_ROWS).as('s'))
      .where(containsText('s.summary', f.q));
    const want = Math.max(offset + f.size, QUEUE_PROBE_HITS);
    const probing = offset + f.size <= QUEUE_PROBE_ROWS;
    const probed = probing ? await columns(probe, 0, want).execute() : [];
    // a full page among the newest rows is the page (they are the first rows of the filter, in order)
    const found = probed.length >= offset + f.size;
    // the total: on SQLite the FTS5 table's matches drive it and it stops at the cap; on PostgreSQL a
    // word frequent among the newest rows (QUEUE_PROBE_HITS of them) is counted newest first with the
    // substring test alone (the cap is reached within some thousands of rows), a rarer one by the index
    const frequent = dialect === 'postgres' && probed.length >= QUEUE_PROBE_HITS;
    // PostgreSQL: the matches are gathered first (the subquery with OFFSET 0 is planned on its own), then
    // sorted or counted. Left to itself, the planner may walk the queue newest first and test every row,
    // betting on the word's frequency as ANALYZE sampled it: a 5-character word of one sampled row in
    // 100, with 45 matches among 110,000, took 424 ms that way and 3 ms gathered (decision 698)
    const fromIndex = dialect === 'postgres' ? db.selectFrom(indexed.selectAll('s').offset(0).as('s')) : indexed;
    const counting = frequent
      ? base.where(containsText('s.summary', f.q)).select('s.id').orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(QUEUE_TEXT_COUNT_CAP)
      : fromIndex.select('s.id').limit(QUEUE_TEXT_COUNT_CAP);
    [rows, total] = await Promise.all([found ? probed.slice(offset, offset + f.size) : columns(fromIndex).execute(), countOf(db, counting)]);
  }
  const page = makePage(
    rows.map((r): Submission => ({
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
    })),
    total,
    f.page,
    f.size,
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

/** The rows of `limited` (a select of ids with its limit), counted. */
async function countOf(db: Db, limited: SelectQueryBuilder<Database & { s: Database['submissions'] }, 's', { id: number }>): Promise<number> {
  const row = await db
    .selectFrom(limited.as('c'))
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
