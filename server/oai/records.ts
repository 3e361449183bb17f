/**
 * The records the OAI-PMH provider disseminates (docs/architecture.md §OAI-PMH): the resources published
 * in a released site's topic — through the catalogue's one visibility rule, `resourceVisible(publishedIn(topic))`
 * (server/policies/rows.ts), the rule the site's panels read with — and the tombstones of those withdrawn
 * from it (migration 040). Pages are keyset reads on (stamp, id): `resources (updated_at, id)` for the
 * live records, `oai_tombstones (topic_id, deleted_at, resource_id)` for the deleted, merged in order.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { publishedIn, resourceVisible } from '../policies/rows.js';

/** A harvest's filter: the site's topic, optional category labels (one or two levels) and stamp bounds. */
export interface RecordFilter {
  topicId: number;
  /** category path of the set asked for: first-level label, and second-level label when the set is one */
  category?: { one: string; two?: string };
  /** inclusive bounds on the stored ISO stamp (milliseconds) */
  from?: string;
  until?: string;
}

/** One row of a page: a live record (with its JSON fields) or a tombstone (`deleted`). */
export interface RecordRow {
  id: number;
  type: string;
  stamp: string;
  deleted: boolean;
  category_one: string | null;
  category_two: string | null;
  title?: string;
  date?: string | null;
  fields?: string;
}

function live(db: Db, f: RecordFilter) {
  // `cross join`: SQLite keeps `resources` the outer loop, so a page walks `resources_updated` from the
  // keyset position; with an inner join it chose the topic's links and sorted them all on every page
  // (4 s a page at 200,000 records). PostgreSQL plans a cross join with its conditions as an inner join.
  let q = db
    .selectFrom('resources as r')
    .crossJoin('resource_topics as rt')
    .whereRef('rt.resource_id', '=', 'r.id')
    .where('rt.topic_id', '=', f.topicId)
    .where(resourceVisible(publishedIn(f.topicId), sql.ref('r.id')));
  if (f.category) q = q.where('rt.category_one', '=', f.category.one);
  if (f.category?.two) q = q.where('rt.category_two', '=', f.category.two);
  if (f.from) q = q.where('r.updated_at', '>=', f.from);
  if (f.until) q = q.where('r.updated_at', '<=', f.until);
  return q;
}

function dead(db: Db, f: RecordFilter) {
  let q = db.selectFrom('oai_tombstones as t').where('t.topic_id', '=', f.topicId);
  if (f.category) q = q.where('t.category_one', '=', f.category.one);
  if (f.category?.two) q = q.where('t.category_two', '=', f.category.two);
  if (f.from) q = q.where('t.deleted_at', '>=', f.from);
  if (f.until) q = q.where('t.deleted_at', '<=', f.until);
  return q;
}

/**
 * Up to `limit` records after the keyset position `after` ([stamp, id], exclusive), ordered by (stamp,
 * id), live and deleted merged; `more` when records remain past the page. `withFields` false reads the
 * headers only (ListIdentifiers).
 */
export async function recordPage(
  db: Db,
  f: RecordFilter,
  after: [string, number] | null,
  limit: number,
  withFields: boolean,
): Promise<{ rows: RecordRow[]; more: boolean }> {
  let lq = live(db, f);
  let dq = dead(db, f);
  if (after) {
    const [s, id] = after;
    // a row-value comparison: both databases seek the (stamp, id) index to it (an OR of the two
    // conditions made SQLite scan the index from its start on every page)
    lq = lq.where(sql<boolean>`(r.updated_at, r.id) > (${s}, ${id})`);
    dq = dq.where(sql<boolean>`(t.deleted_at, t.resource_id) > (${s}, ${id})`);
  }
  const [liveRows, deadRows] = await Promise.all([
    (withFields
      ? lq.select(['r.id', 'r.type', 'r.updated_at as stamp', 'rt.category_one', 'rt.category_two', 'r.title', 'r.date', 'r.fields'])
      : lq.select(['r.id', 'r.type', 'r.updated_at as stamp', 'rt.category_one', 'rt.category_two'])
    )
      .orderBy('r.updated_at')
      .orderBy('r.id')
      .limit(limit + 1)
      .execute(),
    dq
      .select(['t.resource_id as id', 't.type', 't.deleted_at as stamp', 't.category_one', 't.category_two'])
      .orderBy('t.deleted_at')
      .orderBy('t.resource_id')
      .limit(limit + 1)
      .execute(),
  ]);
  const all: RecordRow[] = [
    ...liveRows.map((r) => ({ ...r, id: Number(r.id), deleted: false })),
    ...deadRows.map((r) => ({ ...r, id: Number(r.id), deleted: true })),
  ];
  all.sort((a, b) => (a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : a.id - b.id));
  return { rows: all.slice(0, limit), more: all.length > limit };
}

/** How many records (live and deleted) the filter matches: the completeListSize of a harvest. */
export async function countRecords(db: Db, f: RecordFilter): Promise<number> {
  const [a, b] = await Promise.all([
    live(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    dead(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return Number(a?.n ?? 0) + Number(b?.n ?? 0);
}

/** One record of the topic by id (live, or its tombstone), whatever its type; undefined when neither. */
export async function recordById(db: Db, topicId: number, id: number): Promise<RecordRow | undefined> {
  const row = await live(db, { topicId })
    .where('r.id', '=', id)
    .select(['r.id', 'r.type', 'r.updated_at as stamp', 'rt.category_one', 'rt.category_two', 'r.title', 'r.date', 'r.fields'])
    .executeTakeFirst();
  if (row) return { ...row, id: Number(row.id), deleted: false };
  const t = await dead(db, { topicId })
    .where('t.resource_id', '=', id)
    .select(['t.resource_id as id', 't.type', 't.deleted_at as stamp', 't.category_one', 't.category_two'])
    .executeTakeFirst();
  return t ? { ...t, id: Number(t.id), deleted: true } : undefined;
}

/** The oldest stamp of the topic's records, live or deleted (Identify's earliestDatestamp); null when none. */
export async function earliestStamp(db: Db, topicId: number): Promise<string | null> {
  const [a, b] = await Promise.all([
    live(db, { topicId }).select('r.updated_at as s').orderBy('r.updated_at').limit(1).executeTakeFirst(),
    dead(db, { topicId }).select('t.deleted_at as s').orderBy('t.deleted_at').limit(1).executeTakeFirst(),
  ]);
  const xs = [a?.s, b?.s].filter((s): s is string => !!s).sort();
  return xs[0] ?? null;
}
