/**
 * Which database a Kysely instance talks to, for the few reads and writes written once per dialect
 * (docs/architecture.md §Databases and migrations: SQLite and PostgreSQL behind one Kysely schema).
 */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** True when `db` (or a transaction of it) talks to PostgreSQL, false for SQLite. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
