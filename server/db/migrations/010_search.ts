import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '010_search';

/**
 * Full-text search that works for Chinese (docs/decisions.md): SQLite keeps an
 * FTS5 trigram index over the title and the search text, in step with `resources` by triggers;
 * PostgreSQL keeps pg_trgm GIN indexes on both columns. Substrings of 3+ characters use the index;
 * 2-character terms are matched by LIKE (a scan of the index table / a recheck).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index resources_title_trgm on resources using gin (title gin_trgm_ops)`.execute(db);
    await sql`create index resources_text_trgm on resources using gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table resources_fts using fts5(title, search_text, content='resources', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger resources_fts_ai after insert on resources begin
          insert into resources_fts(rowid, title, search_text) values (new.id, new.title, new.search_text); end`.execute(db);
  await sql`create trigger resources_fts_ad after delete on resources begin
          insert into resources_fts(resources_fts, rowid, title, search_text) values ('delete', old.id, old.title, old.search_text); end`.execute(db);
  await sql`create trigger resources_fts_au after update of title, search_text on resources begin
          insert into resources_fts(resources_fts, rowid, title, search_text) values ('delete', old.id, old.title, old.search_text);
          insert into resources_fts(rowid, title, search_text) values (new.id, new.title, new.search_text); end`.execute(db);
  await sql`insert into resources_fts(resources_fts) values ('rebuild')`.execute(db);
}
