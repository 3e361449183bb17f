import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '054_queue_search';

/**
 * The moderation queue's text filter by an index, and the version of each sensitive-word list
 * (docs/decisions.md 665-666):
 * - SQLite: `submissions_fts`, an FTS5 table with the trigram tokenizer over `submissions.summary`
 *   (external content, kept by triggers on insert, delete and a change of the summary), filled from the
 *   existing rows. PostgreSQL: a GIN index of `lower(summary)` with pg_trgm's operator class, when the
 *   server offers pg_trgm (created if missing; without it, or without the right to create it, the filter
 *   stays a scan, with the same results). Both serve filters of 3 characters or more.
 * - the comments page's two reads by index (docs/decisions.md 667): `comments_thread` (the target's shown
 *   top-level comments, newest first, and their count, from the index alone) and `comments_parent` (the
 *   replies of a page's threads; they were read by scanning every comment of the target).
 * - `sensitive_word_versions`: one row per application whose list was saved, its version raised by each
 *   save, so that every server process sees that its compiled list is stale with one read by key.
 * Throws the database's error when a statement fails (an unavailable pg_trgm is not one).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sensitive_word_versions')
    .addColumn('application_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_thread')
    .on('comments')
    .columns(['application_id', 'target_type', 'target_id', 'visible', 'parent_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'created_at']).execute();
  if (dialect === 'sqlite') {
    await sql`create virtual table submissions_fts using fts5(summary, content='submissions', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger submissions_fts_insert after insert on submissions begin
      insert into submissions_fts(rowid, summary) values (new.id, new.summary);
    end`.execute(db);
    await sql`create trigger submissions_fts_delete after delete on submissions begin
      insert into submissions_fts(submissions_fts, rowid, summary) values ('delete', old.id, old.summary);
    end`.execute(db);
    await sql`create trigger submissions_fts_update after update of summary on submissions begin
      insert into submissions_fts(submissions_fts, rowid, summary) values ('delete', old.id, old.summary);
      insert into submissions_fts(rowid, summary) values (new.id, new.summary);
    end`.execute(db);
    await sql`insert into submissions_fts(submissions_fts) values ('rebuild')`.execute(db);
    return;
  }
  const offered = await sql<{ n: number }>`select 1 as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!offered.rows.length) return;
  // inside the migration's transaction: a refused CREATE EXTENSION (no right) must not abort the rest
  await sql`savepoint trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint trgm`.execute(db);
    return;
  }
  const where = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = where.rows[0]?.schema;
  if (!schema) return;
  await sql`create index submissions_summary_trgm on submissions using gin (lower(summary) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
