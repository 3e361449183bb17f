/**
 * Links between the explore page and the literature analysis (/LiteratureMiner; issue 31 §1) and the
 * advanced search (/exploreV3; issue 31 §2): the analysis or the advanced search of a search's filters,
 * and a search narrowed by a value of the analysis. Pure: a small
 * module the explore page imports without the analysis page's chunk.
 */

/** The analysis page's address for the filters of an explore URL's parameters (page and size dropped). */
export function minerHref(params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.delete('size');
  const s = p.toString();
  return s ? `/LiteratureMiner?${s}` : '/LiteratureMiner';
}

/** The explore URL of `params` (page and size dropped) narrowed by `value`, added to the query as a term. */
export function narrowedSearch(params: URLSearchParams, value: string): string {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.delete('size');
  const q = (p.get('q') ?? '').trim();
  p.set('q', q ? `${q} ${value}` : value);
  return `/microapp/explore?${p}`;
}

/** The advanced search (/exploreV3) of the explore page's `params`: its query as the first row (任意字段), its filters kept, page and size dropped. */
export function advancedHref(params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.delete('size');
  if (!p.get('q')?.trim()) p.delete('q');
  const s = p.toString();
  return s ? `/exploreV3?${s}` : '/exploreV3';
}
