/**
 * The results a visitor ticked on the explore page for 导出引用 (decision 282), as pure
 * functions over an immutable value so the page keeps them in one `useState`.
 * - Ticks belong to one search: the explore URL's parameters except `page` ({@link searchOf}). Paging
 *   keeps them; another query, type, category, facet value or page size starts again with none.
 * - Each ticked id keeps its rank in the search's results, `(page − 1) × size + position` (0-based),
 *   so an export lists the ticked results in the order the search shows them, whatever the order of
 *   the ticks.
 * - At most {@link PICK_MAX} ticks: the server exports at most 100 resources at once (decision 272).
 * - With nothing ticked the export is the page's results ({@link exportIds}).
 */
import { CITATION_EXPORT_MAX } from '@common/constants';

/** The most results one export may hold: the server's limit (CITATION_EXPORT_MAX, decision 272). */
export const PICK_MAX = CITATION_EXPORT_MAX;

/** The ticks of one search: `search` is its {@link searchOf} key, `ranks` maps each ticked id to its rank. */
export interface Picks {
  readonly search: string;
  readonly ranks: ReadonlyMap<number, number>;
}

/** A result of the shown page: its id and its rank in the search (0-based). */
export interface Ranked {
  id: number;
  rank: number;
}

/** No ticks. */
export const NO_PICKS: Picks = { search: '', ranks: new Map() };

/**
 * The key of the search an explore URL shows: its parameters without `page`, sorted by name (then
 * value), so that `?type=article&q=图谱` and `?q=图谱&type=article&page=3` are one search.
 */
export function searchOf(params: URLSearchParams): string {
  const kept = [...params].filter(([k]) => k !== 'page');
  kept.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The ticks that count for `search`: none when they were made in another search. */
export function ticksOf(picks: Picks, search: string): ReadonlyMap<number, number> {
  return picks.search === search ? picks.ranks : NO_PICKS.ranks;
}

/**
 * Ticks (`on`) or unticks `items` in `search` (ticks of another search are dropped first). Ticking
 * adds the items not yet ticked, in the order given, until {@link PICK_MAX} (or `max`) are ticked;
 * `refused` counts those that did not fit. Returns a new value; `picks` is unchanged.
 */
export function pick(picks: Picks, search: string, items: ReadonlyArray<Ranked>, on: boolean, max = PICK_MAX): { picks: Picks; refused: number } {
  const ranks = new Map(ticksOf(picks, search));
  let refused = 0;
  for (const it of items) {
    if (!on) ranks.delete(it.id);
    else if (ranks.has(it.id)) continue;
    else if (ranks.size < max) ranks.set(it.id, it.rank);
    else refused += 1;
  }
  return { picks: { search, ranks }, refused };
}

/** The ids to export: the ticked ones in result order (rank, then id), or, with none ticked, `pageIds` as they are. */
export function exportIds(pageIds: ReadonlyArray<number>, ticks: ReadonlyMap<number, number>): number[] {
  if (ticks.size === 0) return [...pageIds];
  return [...ticks].sort(([a, ra], [b, rb]) => ra - rb || a - b).map(([id]) => id);
}

/** How the page's items stand: `all` when every one is ticked (and there is one), `some` when at least one is. */
export function pageState(items: ReadonlyArray<{ id: number }>, ticks: ReadonlyMap<number, number>): { all: boolean; some: boolean } {
  const n = items.filter((it) => ticks.has(it.id)).length;
  return { all: items.length > 0 && n === items.length, some: n > 0 };
}
