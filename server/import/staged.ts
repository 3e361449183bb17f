/**
 * An import written in short transactions and invisible until it is published (docs/decisions.md 410):
 * how a console import task writes on SQLite, where one long write transaction made every other write
 * of the server wait for it (and fail after the busy timeout).
 *
 * 1. Staging. Each transaction writes one batch, sized so that it holds the write lock about
 *    `budgetMs` (80 ms), then the import pauses `gapMs` (25 ms), so that a write of the server waiting
 *    for the lock takes it (SQLite's busy wait retries at most 25 ms apart in its first 128 ms). A new
 *    record is inserted with `import_task` = the task, its search index entry, and an unpublished link
 *    to the topic marked with the task (`published = 0`, which no visitor read takes); a record that
 *    exists (same type and source key) and would not change is left alone; one that would change waits
 *    for step 2, in memory. Categories wait too. A cancel (`checkpoint` throws) or a failure here removes
 *    everything the task wrote (`discardImport`), the topic too when the import made it: nothing is left.
 * 2. Publishing. `onPublish` marks the commit point (the task's `publishing`); from then on the import
 *    ends complete: the categories are made, the changed records rewritten, the task's links published
 *    and its marks cleared, in short transactions likewise, then the scholars' links and the topic's
 *    counts. Only this step is seen by readers as it goes (a few seconds for 220,000 new rows).
 *
 * A server stopped during step 1 leaves marked rows that no reader sees; the task runner removes them
 * at its next start (`discardImport` of every task). Stopped during step 2, the task is run again.
 */
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { isPostgres } from '../db/dialect.js';
import { placeholders, tuples } from '../db/placeholders.js';
import { ensureCategories, refreshTopicTypeCounts, upsertResources, type ResourceInput, type UpsertResult } from '../resources/store.js';
import { indexResources } from '../search/indexer.js';

type Tx = Transaction<Database>;

/** How a staged import is paced and told apart (see the file comment). */
export interface StagedOptions {
  /** the task writing: what `import_task` holds on its rows until they are published */
  taskId: number;
  /** how long one write transaction should hold the database, ms (default 80) */
  budgetMs?: number;
  /** the pause after each transaction, ms (default 25) */
  gapMs?: number;
  /** called before each transaction of step 1; what it throws (a cancel) stops the import, which removes its rows */
  checkpoint?: () => void;
  /** called at the commit point, before anything becomes visible; after it, `checkpoint` is not called */
  onPublish?: () => Promise<void>;
  /** rows written so far and in all (step 1), and the start of step 2 */
  onProgress?: (p: { phase: 'write' | 'publish'; done: number; total: number }) => void;
}

/** The writes of one kind an import makes around its items (run.ts KindSpec), as the staged writer calls them. */
export interface StagedHooks {
  /** before the items: may write related records through `write` (scholars: their institutions) */
  beforeWrite?: (write: (items: ResourceInput[]) => Promise<UpsertResult>, topicId: number) => Promise<{ label: string; inserted: number; updated: number }>;
  /** after the items are published (scholars and institutions: link them) */
  afterWrite?: (tx: Tx) => Promise<void>;
}

const DEFAULT_BUDGET_MS = 80;
const DEFAULT_GAP_MS = 25;
/** rows per statement of the multi-row inserts (9 columns: 4,500 parameters, far below SQLite's limit) */
const STATEMENT_ROWS = 500;
const now = () => new Date().toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const keyOf = (type: string, key: string) => `${type}\u0000${key}`;

/**
 * Runs transactions of about `budgetMs` each with a pause after each: `size` is the number of rows the
 * next one should take, adjusted after each from the time the last one took for its rows.
 */
class Pacer {
  size = 200;
  constructor(
    private readonly db: Db,
    private readonly budgetMs: number,
    private readonly gapMs: number,
    private readonly most = 2000,
  ) {}

  /** Runs `work` in a transaction of its own, then pauses; `rows` is how many rows it took (0: no adjustment). */
  async run<T>(rows: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    const t0 = performance.now();
    const out = await this.db.transaction().execute(work);
    const ms = performance.now() - t0;
    // the next size from this one's time per row, halfway from the present size (a busy moment of the
    // machine does not halve it at once)
    if (rows > 0 && rows >= this.size / 2) {
      const fit = (rows * this.budgetMs) / Math.max(ms, 1);
      this.size = Math.max(20, Math.min(this.most, Math.round(Math.min(fit, (this.size + fit) / 2))));
    }
    await sleep(this.gapMs);
    return out;
  }
}

/** A stored record as step 1 compares it. */
interface Stored {
  id: number;
  type: string;
  source_key: string;
  title: string;
  date: string | null;
  fields: string;
  search_text: string;
}

/** Whether writing `it` would change neither the stored record nor its link to the topic. */
function unchanged(it: ResourceInput, s: Stored, link: { category_one: string | null; category_two: string | null } | undefined): boolean {
  return (
    !!link &&
    s.title === it.title &&
    (s.date ?? null) === (it.date ?? null) &&
    s.fields === JSON.stringify(it.fields) &&
    s.search_text === (it.searchText ?? '').trim() &&
    link.category_one === (it.categoryOne ?? null) &&
    link.category_two === (it.categoryTwo ?? null)
  );
}

/**
 * Step 1 for one batch, in its transaction: new records inserted hidden (see the file comment); answers
 * each item's id, in order, and the items that exist and would change.
 */
async function stageBatch(
  tx: Tx,
  items: ResourceInput[],
  topicId: number,
  taskId: number,
): Promise<{ ids: number[]; changed: ResourceInput[]; inserted: number; newIds: number[] }> {
  const pg = isPostgres(tx);
  const stored = new Map<string, Stored>();
  const byType = new Map<string, string[]>();
  for (const it of items) {
    const keys = byType.get(it.type);
    if (keys) keys.push(it.sourceKey);
    else byType.set(it.type, [it.sourceKey]);
  }
  for (const [type, keys] of byType) {
    for (let i = 0; i < keys.length; i += STATEMENT_ROWS) {
      const part = keys.slice(i, i + STATEMENT_ROWS);
      const { rows } = await tx.executeQuery<Stored>(
        CompiledQuery.raw(
          `select id, type, source_key, title, date, fields, search_text from resources where type = ${pg ? '$1' : '?'} and source_key in (${placeholders(pg, 2, part.length)})`,
          [type, ...part],
        ),
      );
      for (const r of rows) stored.set(keyOf(r.type, r.source_key), { ...r, id: Number(r.id) });
    }
  }
  const links = new Map<number, { category_one: string | null; category_two: string | null }>();
  const storedIds = [...stored.values()].map((s) => s.id);
  for (let i = 0; i < storedIds.length; i += STATEMENT_ROWS) {
    const part = storedIds.slice(i, i + STATEMENT_ROWS);
    const rows = await tx
      .selectFrom('resource_topics')
      .select(['resource_id', 'category_one', 'category_two'])
      .where('topic_id', '=', topicId)
      .where('resource_id', 'in', part)
      .execute();
    for (const r of rows) links.set(Number(r.resource_id), r);
  }
  // one row per key: the last one wins (as upsertResources)
  const fresh = new Map<string, ResourceInput>();
  const changed = new Map<string, ResourceInput>();
  for (const it of items) {
    const k = keyOf(it.type, it.sourceKey);
    const s = stored.get(k);
    if (!s) fresh.set(k, it);
    else if (!unchanged(it, s, links.get(s.id))) changed.set(k, it);
    else changed.delete(k);
  }
  const idOf = new Map<string, number>();
  for (const s of stored.values()) idOf.set(keyOf(s.type, s.source_key), s.id);
  const news = [...fresh.values()];
  const t = now();
  for (let i = 0; i < news.length; i += STATEMENT_ROWS) {
    const part = news.slice(i, i + STATEMENT_ROWS);
    const values: unknown[] = [];
    for (const it of part) values.push(it.type, it.sourceKey, it.title, it.date ?? null, JSON.stringify(it.fields), (it.searchText ?? '').trim(), t, t, taskId);
    const { rows } = await tx.executeQuery<{ id: number; type: string; source_key: string }>(
      CompiledQuery.raw(
        `insert into resources (type, source_key, title, date, fields, search_text, created_at, updated_at, import_task) values ${tuples(pg, part.length, 9)} returning id, type, source_key`,
        values,
      ),
    );
    for (const r of rows) idOf.set(keyOf(r.type, r.source_key), Number(r.id));
    const linkValues: unknown[] = [];
    for (const it of part)
      linkValues.push(idOf.get(keyOf(it.type, it.sourceKey)), topicId, it.categoryOne ?? null, it.categoryTwo ?? null, it.type, it.date ?? '', 0, taskId);
    await tx.executeQuery(
      CompiledQuery.raw(
        `insert into resource_topics (resource_id, topic_id, category_one, category_two, type, date_key, published, import_task) values ${tuples(pg, part.length, 8)}`,
        linkValues,
      ),
    );
  }
  await indexResources(
    tx,
    news.map((it) => ({ id: idOf.get(keyOf(it.type, it.sourceKey))!, title: it.title, text: it.searchText ?? '', isNew: true })),
  );
  return {
    ids: items.map((it) => idOf.get(keyOf(it.type, it.sourceKey))!),
    changed: [...changed.values()],
    inserted: news.length,
    newIds: news.map((it) => idOf.get(keyOf(it.type, it.sourceKey))!),
  };
}

/** The rows an import marked: of the task `taskId`, or of every task when undefined. */
const marked = (taskId: number | undefined) => (taskId === undefined ? sql<boolean>`import_task is not null` : sql<boolean>`import_task = ${taskId}`);

/**
 * Takes what an unpublished import wrote out of its topic at once: deletes its marked links (none is
 * published: step 2 clears a link's mark as it publishes it), in transactions of about `budgetMs`, so
 * that no list, count or page of the console shows the records any more; the records themselves are
 * left to {@link discardImport} (deleting a record's search entry costs about ten times deleting its
 * link: 220 against 26 ms for 1,000 on SQLite). `taskId` undefined: every task's. Answers the links
 * removed. Throws on a database failure.
 */
export async function unlinkImport(db: Db, taskId: number | undefined, pacing: { budgetMs?: number; gapMs?: number } = {}): Promise<number> {
  const pacer = new Pacer(db, pacing.budgetMs ?? DEFAULT_BUDGET_MS, pacing.gapMs ?? DEFAULT_GAP_MS, 50_000);
  let removed = 0;
  for (;;) {
    const n = await pacer.run(pacer.size, async (tx) => {
      // the batch as a range of record ids, not a list of them: a list of 50,000 is more values than
      // SQLite binds in one statement (32,766), and the pacer grows the batch that far on a fast machine
      const ids = (await tx.selectFrom('resource_topics').select('resource_id').where(marked(taskId)).orderBy('resource_id').limit(pacer.size).execute()).map(
        (r) => r.resource_id,
      );
      if (ids.length)
        await tx
          .deleteFrom('resource_topics')
          .where(marked(taskId))
          .where('resource_id', '<=', ids[ids.length - 1])
          .execute();
      return ids.length;
    });
    removed += n;
    if (n === 0) return removed;
  }
}

/**
 * Removes what an unpublished import wrote (see the file comment), in short transactions: its marked
 * links first ({@link unlinkImport}: out of every list at once), then the topic `createdTopicId` when
 * the import made it and nothing else uses it, then the records it created that have no published link
 * (their search entries go with them; one published by step 2 before its mark was cleared stays, and
 * loses the mark). `taskId` undefined removes the rows of every task (at a start, when no task runs).
 * Answers the records removed. Throws on a database failure (what is left is removed at the next start).
 */
export async function discardImport(
  db: Db,
  taskId: number | undefined,
  createdTopicId?: number,
  pacing: { budgetMs?: number; gapMs?: number } = {},
): Promise<number> {
  await unlinkImport(db, taskId, pacing);
  if (createdTopicId !== undefined) {
    await db.transaction().execute(async (tx) => {
      const used =
        (await tx.selectFrom('resource_topics').select('resource_id').where('topic_id', '=', createdTopicId).limit(1).executeTakeFirst()) ??
        (await tx.selectFrom('applications').select('id').where('topic_id', '=', createdTopicId).limit(1).executeTakeFirst());
      if (used) return;
      await tx.deleteFrom('categories').where('topic_id', '=', createdTopicId).execute();
      await tx.deleteFrom('topic_type_counts').where('topic_id', '=', createdTopicId).execute();
      await tx.deleteFrom('topics').where('id', '=', createdTopicId).execute();
    });
  }
  const pacer = new Pacer(db, pacing.budgetMs ?? DEFAULT_BUDGET_MS, pacing.gapMs ?? DEFAULT_GAP_MS);
  let removed = 0;
  for (;;) {
    const n = await pacer.run(pacer.size, async (tx) => {
      const ids = (
        await tx
          .selectFrom('resources')
          .select('id')
          .where(marked(taskId))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('resource_topics')
                  .select('resource_id')
                  .whereRef('resource_topics.resource_id', '=', 'resources.id')
                  .where('resource_topics.published', '=', 1),
              ),
            ),
          )
          .limit(pacer.size)
          .execute()
      ).map((r) => r.id);
      if (ids.length) await tx.deleteFrom('resources').where('id', 'in', ids).execute();
      return ids.length;
    });
    removed += n;
    if (n === 0) break;
  }
  await db.updateTable('resources').set({ import_task: null }).where(marked(taskId)).execute();
  return removed;
}

/**
 * Writes an import's items into the topic titled `topic` in steps 1 and 2 of the file comment; answers
 * the counts (`inserted`: records created; `updated`: items whose key existed, changed or not, as
 * upsertResources counts them), what `hooks.beforeWrite` wrote and the topic's id. Throws what
 * `options.checkpoint` throws, or a database failure, after removing everything written (step 1); a
 * failure in step 2 is thrown as it is (what was published stays; running the import again completes it).
 */
export async function writeStaged(
  db: Db,
  topic: string,
  items: ResourceInput[],
  hooks: StagedHooks,
  options: StagedOptions,
): Promise<{ inserted: number; updated: number; related: { label: string; inserted: number; updated: number } | null; topicId: number }> {
  const pacer = new Pacer(db, options.budgetMs ?? DEFAULT_BUDGET_MS, options.gapMs ?? DEFAULT_GAP_MS);
  const taskId = options.taskId;
  const progress = options.onProgress ?? (() => {});
  const { topicId, topicMade } = await pacer.run(0, async (tx) => {
    const found = await tx.selectFrom('topics').select('id').where('title', '=', topic).executeTakeFirst();
    if (found) return { topicId: found.id, topicMade: false };
    const row = await tx.insertInto('topics').values({ title: topic, cover: null, created_at: now() }).returning('id').executeTakeFirstOrThrow();
    return { topicId: row.id, topicMade: true };
  });
  const changed: ResourceInput[] = [];
  /** the records step 1 created */
  const created: number[] = [];
  /** every (topic, type) whose counts the import changes */
  const counted = new Set<string>();
  let published = false;
  try {
    // step 1: hidden
    const stage = async (list: ResourceInput[], report: boolean): Promise<UpsertResult> => {
      const ids: number[] = [];
      let inserted = 0;
      if (report) progress({ phase: 'write', done: 0, total: list.length });
      for (let start = 0; start < list.length;) {
        options.checkpoint?.();
        const batch = list.slice(start, start + pacer.size).map((it) => ({ ...it, topicId }));
        const r = await pacer.run(batch.length, (tx) => stageBatch(tx, batch, topicId, taskId));
        ids.push(...r.ids);
        changed.push(...r.changed);
        created.push(...r.newIds);
        inserted += r.inserted;
        for (const it of batch) counted.add(it.type);
        start += batch.length;
        if (report) progress({ phase: 'write', done: start, total: list.length });
      }
      return { inserted, updated: list.length - inserted, ids };
    };
    const related = hooks.beforeWrite ? await hooks.beforeWrite((list) => stage(list, false), topicId) : null;
    const main = await stage(items, true);
    options.checkpoint?.();
    // step 2: the commit point, then published
    await options.onPublish?.();
    published = true;
    progress({ phase: 'publish', done: items.length, total: items.length });
    // the category paths, each once, worked out before the transaction (220,000 items took it 1.4 s)
    const paths = new Map<string, Pick<ResourceInput, 'topicId' | 'categoryOne' | 'categoryTwo'>>();
    for (const it of items)
      if (it.categoryOne) paths.set(`${it.categoryOne}\u0000${it.categoryTwo ?? ''}`, { topicId, categoryOne: it.categoryOne, categoryTwo: it.categoryTwo });
    await pacer.run(0, (tx) => ensureCategories(tx, [...paths.values()]));
    for (let start = 0; start < changed.length;) {
      const batch = changed.slice(start, start + pacer.size).map((it) => ({ ...it, topicId }));
      await pacer.run(batch.length, (tx) => upsertResources(tx, batch, { refreshCounts: false }));
      start += batch.length;
    }
    // the new records' links published by ranges of ids (an import's new ids run mostly unbroken), as
    // many a transaction as fit in its time; then their marks cleared, which no reader looks at
    created.sort((x, y) => x - y);
    const flip = new Pacer(db, options.budgetMs ?? DEFAULT_BUDGET_MS, options.gapMs ?? DEFAULT_GAP_MS, 50_000);
    flip.size = 2000;
    for (const [column, table] of [
      ['resource_id', 'resource_topics'],
      ['id', 'resources'],
    ] as const) {
      for (let start = 0; start < created.length;) {
        const lo = created[start];
        const hi = created[Math.min(created.length, start + flip.size) - 1];
        const n = Math.min(created.length, start + flip.size) - start;
        await flip.run(n, async (tx) => {
          if (table === 'resource_topics')
            await tx
              .updateTable('resource_topics')
              .set({ published: 1, import_task: null })
              .where('import_task', '=', taskId)
              .where(column, '>=', lo)
              .where(column, '<=', hi)
              .execute();
          else
            await tx
              .updateTable('resources')
              .set({ import_task: null })
              .where('import_task', '=', taskId)
              .where(column, '>=', lo)
              .where(column, '<=', hi)
              .execute();
        });
        start += n;
      }
    }
    if (hooks.afterWrite) await pacer.run(0, hooks.afterWrite);
    const types = [...counted].map((type) => ({ topicId, type: type as ResourceInput['type'] }));
    await pacer.run(0, (tx) => refreshTopicTypeCounts(tx, types));
    return { inserted: main.inserted, updated: main.updated, related, topicId };
  } catch (err) {
    if (!published) await discardImport(db, taskId, topicMade ? topicId : undefined, options);
    throw err;
  }
}
