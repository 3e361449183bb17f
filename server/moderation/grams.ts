/**
 * The index of the queue's short text filters (docs/decisions.md 690, migration 058): every character
 * and every pair of adjacent characters of a submission's summary, kept by the database itself: on
 * PostgreSQL an expression index, on SQLite `submissions_grams` (FTS5) written by triggers.
 */
import { sql, type RawBuilder } from 'kysely';

/** The longest filter (in characters) that the grams serve alone; longer ones use the trigram index (054). */
export const GRAM_MAX = 2;

/** The FTS5 query of a filter of 1 or 2 characters (lower-cased as the filter's pattern is) on SQLite: its one gram token. */
export function gramToken(q: string): string {
  return [...q].map((c) => `u${c.codePointAt(0)!.toString(16)}`).join('');
}

/**
 * PostgreSQL: the condition that keeps the submissions (`s`) whose summary contains `q` (1 or 2
 * characters, lower-cased as the filter's pattern is), read from the index of 058; the substring test
 * stays beside it.
 */
export function gramCondition(q: string): RawBuilder<boolean> {
  return sql<boolean>`submission_grams(lower(s.summary)) @> array[${q}]::text[]`;
}
