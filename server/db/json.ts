/**
 * Reading one key of a JSON text column in SQL, the same on SQLite and PostgreSQL (the resource
 * `fields`, spec 1 §3 'Resource': e.g. a report's type).
 */
import { sql, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect.js';
import type { Db } from './index.js';

/** A top-level field of `resources.fields` (JSON text) as text in SQL (a number too); `key` is a constant of the code, never user input. */
export function jsonText(db: Db, key: string): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql<string | null>`(${sql.ref('resources.fields')}::jsonb ->> ${sql.lit(key)})`
    : sql<string | null>`cast(json_extract(${sql.ref('resources.fields')}, ${sql.lit(`$.${key}`)}) as text)`;
}
