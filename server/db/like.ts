/**
 * Substring search in list filters (spec 1 §4 'Searching in a list': the query of a console or visitor
 * list): a case-insensitive LIKE with %, _ and \ of the query matched literally, written the same on
 * SQLite and PostgreSQL (escaped, with an explicit ESCAPE clause: SQLite has no default escape
 * character, so an escape without the clause matched a literal backslash there).
 */
import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards: '50%_a\\b' → '50\\%\\_a\\\\b'. */
export function escapeLike(s: string): string {
  return s.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/**
 * `(lower(a) like '%text%' escape '\' or lower(b) like …)`: true when any of the columns (names or
 * 'table.column' references, never user input) contains `text`, ignoring case.
 */
export function containsText(columns: string | readonly string[], text: string): RawBuilder<boolean> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const tests = (typeof columns === 'string' ? [columns] : columns).map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${pattern} escape ${'\\'}`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
