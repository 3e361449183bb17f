import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '033_resource_grams_links';

/**
 * PostgreSQL (docs/decisions.md 368): a resource's published topic links beside its bigrams, so that a
 * search reads a match's type, categories and date from the row the bigram index led to, instead of
 * probing `resource_topics` once per match (about half the time of reading 2,001 matches at 1M).
 *
 * - `resource_grams.links`: `{ "<topic id>": [type, category_one, category_two, date_key] }`, one key per
 *   published link (a withdrawn link has none).
 * - `resource_index_terms(id)` works out both `cats` (migration 032) and `links` in one read of the
 *   resource's links; a new `resource_grams` row takes both from it (server/search/indexer.ts). It
 *   replaces migration 032's `resource_category_terms`, which is dropped.
 * - The statement triggers of migration 032 now keep both in step, and compare every column a search
 *   reads (publication, type and date too: every column of a link). Their update is planned at each run (EXECUTE): a plan kept
 *   by the session from when `resource_grams` was small read the whole table at each statement later
 *   (the raw import of bench/search-scale.ts fell from 4,600 to 940 rows/s over 1M rows).
 *
 * Rewrites every row of `resource_grams` with a topic link (a few minutes at 1M rows). SQLite's FTS5
 * search is not changed. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table resource_grams add column links jsonb not null default '{}'`.execute(db);
  await sql`create function resource_index_terms(rid integer, out cats text[], out links jsonb) language sql stable as $$
    select coalesce(array_agg(distinct v.t order by v.t) filter (where v.t is not null), '{}'),
      coalesce(jsonb_object_agg(rt.topic_id::text, jsonb_build_array(rt.type, rt.category_one, rt.category_two, rt.date_key))
        filter (where v.first and rt.published = 1), '{}')
    from resource_topics rt
    cross join lateral (values (rt.topic_id || chr(31) || rt.category_one, true), (rt.topic_id || chr(31) || rt.category_one || chr(31) || rt.category_two, false)) v(t, first)
    where rt.resource_id = rid
  $$`.execute(db);
  await sql`create or replace function resource_topics_cats() returns trigger language plpgsql as $$
    declare
      ids integer[];
    begin
      if tg_op = 'DELETE' then
        select array_agg(distinct resource_id) into ids from old_links;
      elsif tg_op = 'INSERT' then
        select array_agg(distinct resource_id) into ids from new_links;
      else
        -- the links that changed in any column (a search reads them all)
        select array_agg(distinct resource_id) into ids from (
          (select * from new_links except select * from old_links)
          union all
          (select * from old_links except select * from new_links)
        ) changed;
      end if;
      if ids is not null then
        -- planned at each run: a plan cached while resource_grams was small would read all of it later
        execute 'update resource_grams g set (cats, links) = (select t.cats, t.links from resource_index_terms(g.id) t) where g.id = any($1)'
          using ids;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`update resource_grams g set (cats, links) = (select t.cats, t.links from resource_index_terms(g.id) t)
    where g.id in (select resource_id from resource_topics)`.execute(db);
  // migration 032's function: nothing calls it any more (resource_index_terms works the terms out)
  await sql`drop function resource_category_terms(integer)`.execute(db);
}
