/**
 * One page of a list read (spec 2 §9 'Paging': 1-based `page`, `size` rows, the total over all pages):
 * the rows of the page and the count of the whole filtered query, asked side by side.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { makePage, type Page } from '../../common/page.js';

/** Where a page starts: the row offset of 1-based `page` of `size` rows. */
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}

/** The 1-based page that row `offset` starts, with pages of `count` rows (the panel reads take an offset and a count, spec 2 §7 'top-{kind}'). */
export function pageAt(offset: number, count: number): number {
  return Math.floor(offset / Math.max(count, 1)) + 1;
}

/**
 * Reads page `at.page` (1-based) of `at.size` rows of `base` (a filtered query, no selection yet):
 * `select` chooses the columns and order, `present` turns a row into the answer's item. The total
 * counts every row of `base`. Errors are the database's.
 */
export async function readPage<DB, TB extends keyof DB, O, R, T>(
  base: SelectQueryBuilder<DB, TB, O>,
  at: { page: number; size: number },
  select: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  present: (row: R) => T,
): Promise<Page<T>> {
  const [rows, total] = await Promise.all([
    select(base).limit(at.size).offset(pageOffset(at.page, at.size)).execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return makePage(rows.map(present), Number((total as { n: number | string }).n), at.page, at.size);
}
