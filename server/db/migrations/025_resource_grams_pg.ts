import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '025_resource_grams_pg';

/**
 * PostgreSQL keeps the bigram tsvector in a narrow table of its own (docs/decisions.md 268): a
 * search's index hits are then rechecked on small rows, not on the wide resource rows (2.4 KB each
 * with their abstracts). SQLite's FTS5 table already stands apart.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create table resource_grams (id integer primary key references resources(id) on delete cascade, grams tsvector not null)`.execute(db);
  await sql`insert into resource_grams (id, grams) select id, grams from resources`.execute(db);
  await sql`drop index if exists resources_grams_gin`.execute(db);
  await sql`alter table resources drop column grams`.execute(db);
  await sql`create index resource_grams_gin on resource_grams using gin (grams)`.execute(db);
}
