/**
 * One page of a list read (spec 2 §9 'Paging': 1-based `page`, `size` rows, the total over all pages):
 * the rows of the page and the count of the whole filtered query, asked side by side; the panel reads'
 * offset-and-count slices the same way.
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
 * Reads `limit` rows of `base` (a filtered query, no selection yet) from row `offset`: `select` chooses
 * the columns and order, `present` turns a row into an item. `total` counts every row of `base`; both
 * queries run side by side. Errors are the database's.
 */
export async function readRows<DB, TB extends keyof DB, O, R, T>(
  base: SelectQueryBuilder<DB, TB, O>,
  at: { offset: number; limit: number },
  select: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  present: (row: R) => T,
): Promise<{ items: T[]; total: number }> {
  const [rows, total] = await Promise.all([
    select(base).limit(at.limit).offset(at.offset).execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(present), total: Number((total as { n: number | string }).n) };
}

/**
 * Reads page `at.page` (1-based) of `at.size` rows of `base` (see {@link readRows}) as a page.
 */
export async function readPage<DB, TB extends keyof DB, O, R, T>(
  base: SelectQueryBuilder<DB, TB, O>,
  at: { page: number; size: number },
  select: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  present: (row: R) => T,
): Promise<Page<T>> {
  const { items, total } = await readRows(base, { offset: pageOffset(at.page, at.size), limit: at.size }, select, present);
  return makePage(items, total, at.page, at.size);
}

/**
 * Reads `at.count` rows of `base` from row `at.offset` (see {@link readRows}) as the page they start
 * ({@link pageAt}): the panel reads' offset and count (spec 2 §7 'top-{kind}').
 */
export async function readSlice<DB, TB extends keyof DB, O, R, T>(
  base: SelectQueryBuilder<DB, TB, O>,
  at: { offset: number; count: number },
  select: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  present: (row: R) => T,
): Promise<Page<T>> {
  const { items, total } = await readRows(base, { offset: at.offset, limit: at.count }, select, present);
  return makePage(items, total, pageAt(at.offset, at.count), at.count);
}
