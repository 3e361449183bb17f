import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '022_search_grams';

/**
 * Search at a library's scale (docs/decisions.md 260): the trigram index gives way to
 * an index of character bigrams, which serves two-character queries. SQLite: a contentless FTS5
 * table `resources_grams` whose rows the application writes (server/search/indexer.ts), and a
 * trigger that drops a deleted resource's row; PostgreSQL: a `grams` tsvector column under GIN.
 * The index is filled at start by ensureSearchIndex (it cuts texts with live code, which a
 * migration must not import), driven by `search_index_state`.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('search_index_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (dialect === 'postgres') {
    await sql`drop index if exists resources_title_trgm`.execute(db);
    await sql`drop index if exists resources_text_trgm`.execute(db);
    await sql`alter table resources add column grams tsvector not null default ''`.execute(db);
    await sql`create index resources_grams_gin on resources using gin (grams)`.execute(db);
    return;
  }
  for (const t of ['resources_fts_ai', 'resources_fts_ad', 'resources_fts_au']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists resources_fts`.execute(db);
  await sql`create virtual table resources_grams using fts5(title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
  await sql`create trigger resources_grams_ad after delete on resources begin
          delete from resources_grams where rowid = old.id; end`.execute(db);
}
