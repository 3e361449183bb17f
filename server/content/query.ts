/**
 * Title search of the content lists (spec 1 §4 'Searching in a list'; GET /api/v1/notices and
 * /api/v1/links `query`): a case-insensitive substring match with %, _ and \ in the query matched
 * literally (escaped, with an explicit ESCAPE clause so SQLite and PostgreSQL agree).
 */
import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards: '50%_a\\b' → '50\\%\\_a\\\\b'. */
export function escapeLike(s: string): string {
  return s.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/** `lower(<column>) like lower('%query%') escape '\'` for the given column reference ('title'). */
export function titleContains(column: 'title', query: string): RawBuilder<boolean> {
  const pattern = `%${escapeLike(query)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape ${'\\'}`;
}
