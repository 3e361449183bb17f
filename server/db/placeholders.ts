/**
 * Parameter placeholders for statements written as text (the bulk writes of server/resources/store.ts
 * and server/search/indexer.ts, decision 281): `?` on SQLite, numbered `$n` on PostgreSQL.
 */

/** `count` placeholders separated by commas, numbered from `first` on PostgreSQL: `$2, $3, $4` or `?, ?, ?`. */
export function placeholders(pg: boolean, first: number, count: number): string {
  return Array.from({ length: count }, (_, i) => (pg ? `$${first + i}` : '?')).join(', ');
}

/** `rows` tuples of `columns` placeholders numbered from 1: `($1, $2), ($3, $4)` or `(?, ?), (?, ?)`. */
export function tuples(pg: boolean, rows: number, columns: number): string {
  return Array.from({ length: rows }, (_, r) => `(${placeholders(pg, r * columns + 1, columns)})`).join(', ');
}
