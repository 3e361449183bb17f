/**
 * What the migrations of this folder share. Frozen like the migrations themselves: a change here would
 * change what a past migration does on a new database, so a later need gets a new helper instead
 * (docs/decisions.md 269).
 */
import type { CreateTableBuilder } from 'kysely';

/** The two databases Atrium runs on (docs/architecture.md §Databases and migrations: one set of migrations for both). */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Adds the auto-increment primary key `id` to a table being created: `serial` on PostgreSQL,
 * `integer primary key autoincrement` on SQLite (the only dialect difference of most migrations).
 * Throws nothing; the statement runs when the caller executes it.
 */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
