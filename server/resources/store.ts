/**
 * Writing resources (docs/architecture.md §Resources and topics): one table for every resource type, linked to topics and
 * their two-level categories. Used by the import command and the demo catalogue.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { ResourceType } from '../../common/constants.js';
import { indexResources, type IndexedText } from '../search/indexer.js';
import { placeholders, tuples } from '../db/placeholders.js';

type Q = Kysely<Database> | Transaction<Database>;

/** One resource to write. `sourceKey` is its identity within `type`: writing the same key again updates it. */
export interface ResourceInput {
  type: ResourceType;
  sourceKey: string;
  title: string;
  /** ISO date (yyyy-MM-dd), or yyyy-MM / yyyy when the source gives no more (decision 510), or null */
  date?: string | null;
  /** the type's listing fields (spec 1 §3 'Listing items'), stored as JSON */
  fields: Record<string, unknown>;
  /** extra text for search besides the title */
  searchText?: string;
  /** topic link: the topic id and the category path (one or two levels) */
  topicId?: number;
  categoryOne?: string | null;
  categoryTwo?: string | null;
}

export interface UpsertOptions {
  /** rows per statement (default 500) */
  batchSize?: number;
  /** false leaves `topic_type_counts` to the caller (refreshTopicTypeCounts); default true */
  refreshCounts?: boolean;
}

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** id of each input, in input order */
  ids: number[];
}

const now = () => new Date().toISOString();

/** Returns the id of the topic with this title, creating it when missing. */
export async function ensureTopic(db: Q, title: string): Promise<number> {
  const found = await db.selectFrom('topics').select('id').where('title', '=', title).executeTakeFirst();
  if (found) return found.id;
  const row = await db.insertInto('topics').values({ title, cover: null, created_at: now() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes sure every category path named by the items exists under its topic, with one read of each
 * topic's categories and multi-row inserts for the missing ones (instead of a few statements per item).
 */
export async function ensureCategories(db: Q, items: ReadonlyArray<Pick<ResourceInput, 'topicId' | 'categoryOne' | 'categoryTwo'>>): Promise<void> {
  const wanted = new Map<number, Map<string, Set<string>>>(); // topic -> one -> twos
  for (const it of items) {
    if (it.topicId === undefined || !it.categoryOne) continue;
    let tops = wanted.get(it.topicId);
    if (!tops) wanted.set(it.topicId, (tops = new Map<string, Set<string>>()));
    let twos = tops.get(it.categoryOne);
    if (!twos) tops.set(it.categoryOne, (twos = new Set()));
    if (it.categoryTwo) twos.add(it.categoryTwo);
  }
  for (const [topicId, tops] of wanted) {
    const load = async () => {
      const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'label']).where('topic_id', '=', topicId).execute();
      const firstIds = new Map<string, number>();
      for (const r of rows) if (r.parent_id === null && !firstIds.has(r.label)) firstIds.set(r.label, r.id);
      const seconds = new Set(rows.filter((r) => r.parent_id !== null).map((r) => `${r.parent_id}\u0000${r.label}`));
      return { firstIds, seconds };
    };
    let { firstIds } = await load();
    const missingFirst = [...tops.keys()].filter((l) => !firstIds.has(l));
    for (let i = 0; i < missingFirst.length; i += 500) {
      await db
        .insertInto('categories')
        .values(missingFirst.slice(i, i + 500).map((label) => ({ topic_id: topicId, parent_id: null, label })))
        .execute();
    }
    const loaded = await load();
    firstIds = loaded.firstIds;
    const missingSecond: { topic_id: number; parent_id: number; label: string }[] = [];
    for (const [one, twos] of tops) {
      const parent = firstIds.get(one)!;
      for (const two of twos) if (!loaded.seconds.has(`${parent}\u0000${two}`)) missingSecond.push({ topic_id: topicId, parent_id: parent, label: two });
    }
    for (let i = 0; i < missingSecond.length; i += 500) {
      await db
        .insertInto('categories')
        .values(missingSecond.slice(i, i + 500))
        .execute();
    }
  }
}

/** The two bulk upserts of {@link upsertResources}: columns, conflict target and the columns an update sets. */
const UPSERTS = {
  resources: {
    columns: ['type', 'source_key', 'title', 'date', 'fields', 'search_text', 'created_at', 'updated_at'],
    conflict: ['type', 'source_key'],
    set: ['title', 'date', 'fields', 'search_text', 'updated_at'],
    returning: 'id, type, source_key',
  },
  resource_topics: {
    columns: ['resource_id', 'topic_id', 'category_one', 'category_two', 'type', 'date_key'],
    conflict: ['resource_id', 'topic_id'],
    set: ['category_one', 'category_two', 'type', 'date_key'],
    returning: '',
  },
} as const;
const upsertTexts = new Map<string, string>();

/**
 * The text of a multi-row upsert of `rows` rows into `table`, made once per (dialect, table, rows) and
 * kept: the import writes hundreds of thousands of rows through a few statements of the same shape, and
 * building each through the query builder cost more than SQLite took to run it (decision 281).
 */
function upsertSql(pg: boolean, table: keyof typeof UPSERTS, rows: number): string {
  const key = `${pg ? 'pg' : 'sqlite'}:${table}:${rows}`;
  let text = upsertTexts.get(key);
  if (text) return text;
  const u = UPSERTS[table];
  text = `insert into ${table} (${u.columns.join(', ')}) values ${tuples(pg, rows, u.columns.length)} on conflict (${u.conflict.join(', ')}) do update set ${u.set.map((c) => `${c} = excluded.${c}`).join(', ')}${u.returning ? ` returning ${u.returning}` : ''}`;
  if (upsertTexts.size > 200) upsertTexts.clear();
  upsertTexts.set(key, text);
  return text;
}

const keyOf = (it: { type: string; sourceKey?: string; source_key?: string }) => `${it.type}\u0000${it.sourceKey ?? it.source_key}`;

/**
 * Inserts new resources and updates existing ones (same type and sourceKey), in batches, and links
 * each to its topic. Run it inside a transaction to make a whole import all-or-nothing.
 *
 * Each batch costs a fixed handful of statements whatever its size (one read of the keys already
 * stored, one multi-row `INSERT ... ON CONFLICT (type, source_key) DO UPDATE`, one multi-row upsert of
 * the topic links), so PostgreSQL imports are not bound by round trips. `created_at` is kept on update.
 * An item repeating a key earlier in the same call counts as an update (the last one's values win).
 */
export async function upsertResources(db: Q, items: ResourceInput[], opts: UpsertOptions = {}): Promise<UpsertResult> {
  const batchSize = opts.batchSize ?? 500;
  const pg = isPostgres(db);
  let inserted = 0;
  let updated = 0;
  const ids: number[] = [];
  const toIndex: IndexedText[] = [];
  await ensureCategories(db, items);
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize);
    // keys already stored, read per type
    const byType = new Map<string, Set<string>>();
    for (const it of batch) {
      const keys = byType.get(it.type);
      if (keys) keys.add(it.sourceKey);
      else byType.set(it.type, new Set([it.sourceKey]));
    }
    const stored = new Set<string>();
    for (const [type, keys] of byType) {
      const { rows } = await db.executeQuery<{ source_key: string }>(
        CompiledQuery.raw(`select source_key from resources where type = ${pg ? '$1' : '?'} and source_key in (${placeholders(pg, 2, keys.size)})`, [
          type,
          ...keys,
        ]),
      );
      for (const r of rows) stored.add(`${type}\u0000${r.source_key}`);
    }
    // one row per key (PostgreSQL refuses to touch a row twice in one statement): the last one wins
    const lastByKey = new Map<string, ResourceInput>();
    for (const it of batch) lastByKey.set(keyOf(it), it);
    const unique = [...lastByKey.values()];
    const t = now();
    const values: unknown[] = [];
    for (const it of unique) values.push(it.type, it.sourceKey, it.title, it.date ?? null, JSON.stringify(it.fields), (it.searchText ?? '').trim(), t, t);
    const { rows } = await db.executeQuery<{ id: number; type: string; source_key: string }>(
      CompiledQuery.raw(upsertSql(pg, 'resources', unique.length), values),
    );
    const idOf = new Map<string, number>();
    for (const r of rows) idOf.set(keyOf(r), r.id);
    for (const it of unique) toIndex.push({ id: idOf.get(keyOf(it))!, title: it.title, text: it.searchText ?? '', isNew: !stored.has(keyOf(it)) });
    const counted = new Set<string>();
    const links = new Map<string, unknown[]>();
    for (const it of batch) {
      const key = keyOf(it);
      const id = idOf.get(key)!;
      ids.push(id);
      if (stored.has(key) || counted.has(key)) updated++;
      else {
        inserted++;
        counted.add(key);
      }
      if (it.topicId !== undefined)
        links.set(`${id}\u0000${it.topicId}`, [id, it.topicId, it.categoryOne ?? null, it.categoryTwo ?? null, it.type, it.date ?? '']);
    }
    if (links.size) await db.executeQuery(CompiledQuery.raw(upsertSql(pg, 'resource_topics', links.size), [...links.values()].flat()));
    // a resource written without a topic keeps the order columns of its earlier topic links up to date
    const untopiced = unique.filter((it) => it.topicId === undefined).map((it) => idOf.get(keyOf(it))!);
    if (untopiced.length) {
      await db
        .updateTable('resource_topics')
        .set((eb) => ({
          type: eb.selectFrom('resources').select('resources.type').whereRef('resources.id', '=', 'resource_topics.resource_id'),
          date_key: eb.fn.coalesce(
            eb.selectFrom('resources').select('resources.date').whereRef('resources.id', '=', 'resource_topics.resource_id'),
            eb.val(''),
          ),
        }))
        .where('resource_id', 'in', untopiced)
        .execute();
    }
  }
  // the index entries of the whole call go in together, after its rows (decision 281)
  await indexResources(db, toIndex);
  if (opts.refreshCounts !== false) await refreshTopicTypeCounts(db, items);
  return { inserted, updated, ids };
}

/**
 * Recounts `topic_type_counts` for every (topic, type) pair the items touch: one count per pair. A caller
 * writing in many chunks (the import) passes `refreshCounts: false` to upsertResources and calls this
 * once at the end.
 */
export async function refreshTopicTypeCounts(db: Q, items: ReadonlyArray<Pick<ResourceInput, 'topicId' | 'type'>>): Promise<void> {
  const pairs = new Map<string, { topicId: number; type: string }>();
  for (const it of items) if (it.topicId !== undefined) pairs.set(`${it.topicId}\u0000${it.type}`, { topicId: it.topicId, type: it.type });
  for (const { topicId, type } of pairs.values()) {
    const { n } = await db
      .selectFrom('resource_topics')
      .where('topic_id', '=', topicId)
      .where('type', '=', type)
      .where('published', '=', 1)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await db
      .insertInto('topic_type_counts')
      .values({ topic_id: topicId, type, n: Number(n) })
      .onConflict((oc) => oc.columns(['topic_id', 'type']).doUpdateSet({ n: Number(n) }))
      .execute();
  }
}

/**
 * Changes one resource's title, date and fields in place (console resource manager) and keeps
 * the order column `date_key` of all its topic links in step. The type does not change, so the counts
 * of `topic_type_counts` stay right. Categories of its topic links are kept. Run it in a transaction.
 */
export async function updateResource(
  db: Q,
  id: number,
  input: { title: string; date: string | null; fields: Record<string, unknown>; searchText?: string },
): Promise<void> {
  await db
    .updateTable('resources')
    .set({
      title: input.title,
      date: input.date,
      fields: JSON.stringify(input.fields),
      search_text: (input.searchText ?? '').trim(),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
  await indexResources(db, [{ id, title: input.title, text: input.searchText ?? '' }]);
  await db
    .updateTable('resource_topics')
    .set({ date_key: input.date ?? '' })
    .where('resource_id', '=', id)
    .execute();
}

/**
 * Takes a resource out of a topic (console resource manager): removes the topic link, deletes
 * the resource itself when no other topic links to it, and recounts the topic's `topic_type_counts`
 * for the type. Run it in a transaction.
 */
export async function removeResourceFromTopic(db: Q, id: number, topicId: number, type: string): Promise<void> {
  await db.deleteFrom('resource_topics').where('resource_id', '=', id).where('topic_id', '=', topicId).execute();
  await db.deleteFrom('restricted_resource_files').where('resource_id', '=', id).where('topic_id', '=', topicId).execute();
  const other = await db.selectFrom('resource_topics').select('topic_id').where('resource_id', '=', id).limit(1).executeTakeFirst();
  if (!other) await db.deleteFrom('resources').where('id', '=', id).execute();
  await refreshTopicTypeCounts(db, [{ topicId, type: type as ResourceType }]);
}
