/**
 * Keeps the search index in step with `resources` (decision 260): the bigrams of a
 * resource's title and search text (server/search/grams.ts), in SQLite's FTS5 table `resources_grams`
 * (contentless; a trigger drops a deleted resource's row) or PostgreSQL's narrow table `resource_grams`
 * (a tsvector per resource: title terms weighted A, the rest D; deleted with the resource). Every write of a resource goes through server/resources/store.ts,
 * which calls {@link indexResources}; {@link ensureSearchIndex} rebuilds the whole index when the way
 * texts are cut changed (GRAMS_VERSION) or the index is new, and a super manager can rebuild it as a
 * background task (server/tasks/runner.ts, kind 'reindex') with {@link rebuildSearchIndex}.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import { placeholders, tuples } from '../db/placeholders.js';
import type { Database } from '../db/schema.js';
import { GRAMS_VERSION, gramsOf } from './grams.js';

type Q = Kysely<Database>;

/** What one resource contributes to the index; `isNew`: the resource was just inserted (nothing to replace). */
export interface IndexedText {
  id: number;
  title: string;
  text: string;
  isNew?: boolean;
}

/** A tsvector literal: title terms at positions 1.. weighted A, the rest after a gap, weighted D. */
export function tsVectorText(title: string, text: string): string {
  const at = new Map<string, string[]>();
  const add = (terms: string[], from: number, weight: string) =>
    terms.forEach((t, i) => {
      const list = at.get(t) ?? [];
      if (list.length < 256) list.push(`${from + i}${weight}`);
      at.set(t, list);
    });
  const head = gramsOf(title);
  add(head, 1, 'A');
  add(gramsOf(text), head.length + 2, '');
  return [...at].map(([t, pos]) => `'${t.replace(/['\\]/g, (c) => `\\${c}`)}':${pos.join(',')}`).join(' ');
}

/**
 * Writes (or rewrites) the index entries of these resources. Run it in the transaction that wrote them.
 * Throws on a database failure.
 */
export async function indexResources(db: Q, items: readonly IndexedText[]): Promise<void> {
  if (!items.length) return;
  const pg = isPostgres(db);
  for (let i = 0; i < items.length; i += 500) {
    const batch = items.slice(i, i + 500);
    const params: unknown[] = [];
    if (pg) {
      for (const it of batch) params.push(it.id, tsVectorText(it.title, it.text));
      await db.executeQuery(CompiledQuery.raw(insertText(true, batch.length), params));
      continue;
    }
    // a delete of a row the index does not hold still costs FTS5 work: only replaced rows are deleted
    const replaced = batch.filter((it) => !it.isNew).map((it) => it.id);
    if (replaced.length)
      await db.executeQuery(CompiledQuery.raw(`delete from resources_grams where rowid in (${placeholders(false, 1, replaced.length)})`, replaced));
    for (const it of batch) params.push(it.id, gramsOf(it.title).join(' '), gramsOf(it.text).join(' '));
    await db.executeQuery(CompiledQuery.raw(insertText(false, batch.length), params));
  }
}

const insertTexts = new Map<string, string>();

/** The text of the index insert of `rows` rows, made once per (dialect, rows): building it per batch cost more than running it. */
function insertText(pg: boolean, rows: number): string {
  const key = `${pg}:${rows}`;
  let text = insertTexts.get(key);
  if (!text) {
    text = pg
      ? // a new row takes its categories' terms and its published links from the topic links written
        // before it (decisions 366, 368); the triggers on resource_topics keep them in step after; one
        // call site of the function in the statement, not one per row (each call site of a SQL function
        // is planned anew: 0.54x the raw import at 1M)
        `insert into resource_grams (id, grams, cats, links) select v.id, v.grams, t.cats, t.links from (values ${Array.from({ length: rows }, (_, r) => `($${2 * r + 1}::int, $${2 * r + 2}::tsvector)`).join(', ')}) v(id, grams) cross join lateral resource_index_terms(v.id) t on conflict (id) do update set grams = excluded.grams`
      : `insert into resources_grams (rowid, title, body) values ${tuples(false, rows, 3)}`;
    if (insertTexts.size > 100) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * Rebuilds the index of every resource when it was built by another GRAMS_VERSION (or never), in
 * batches of 2,000; returns the number of resources indexed (0 when the index was current). Called once
 * at start, after the migrations. `onProgress` hears the count so far.
 */
export async function ensureSearchIndex(db: Q, onProgress?: (done: number) => void): Promise<number> {
  const state = await db.selectFrom('search_index_state').select('version').where('name', '=', 'grams').executeTakeFirst();
  if (state?.version === GRAMS_VERSION) return 0;
  return await rebuildSearchIndex(db, onProgress && ((done) => void (done > 0 && onProgress(done))));
}

/**
 * Rewrites the index entries of every resource, by id, in batches of 2,000, each in a transaction of
 * its own: searches go on meanwhile, and a stop keeps the batches done (each resource's entry is then
 * either the old one or the new one), and other requests are served between batches. Then marks the index as cut by this GRAMS_VERSION; returns the
 * number of resources indexed. `onProgress(done, total)` is called before the first batch and after
 * each one (`total` counted at the start, raised if resources were added meanwhile); what it throws
 * stops the rebuild there and is thrown on (the re-index task's cancel).
 */
export async function rebuildSearchIndex(db: Q, onProgress?: (done: number, total: number) => void): Promise<number> {
  let total = 0;
  if (onProgress) {
    const n = await db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(n.n);
    onProgress(0, total);
  }
  let done = 0;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('resources').select(['id', 'title', 'search_text']).where('id', '>', after).orderBy('id').limit(2000).execute();
    if (!rows.length) break;
    await db.transaction().execute((trx) =>
      indexResources(
        trx,
        rows.map((r) => ({ id: r.id, title: r.title, text: r.search_text })),
      ),
    );
    done += rows.length;
    after = rows[rows.length - 1].id;
    total = Math.max(total, done);
    onProgress?.(done, total);
    // SQLite's driver answers without giving the event loop a turn: between batches, other requests go
    await new Promise((r) => setImmediate(r));
  }
  if (done >= 1000 && isPostgres(db)) await sql`analyze resource_grams`.execute(db); // the planner's view of the new rows
  await db
    .insertInto('search_index_state')
    .values({ name: 'grams', version: GRAMS_VERSION })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: GRAMS_VERSION }))
    .execute();
  return done;
}
