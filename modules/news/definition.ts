/**
 * News panel (spec 1 §2 'news form', §3 'News module', §4, §5; spec 2 §9): default span 3, carousel
 * count 4 (1-10); height 331 (399 in a group template). Display types: carousel and/or data list; narrow
 * spans (0-2) allow only one. Items: single column 8 data or 4 carousel; wider 12 with both, 16 data
 * only, 4 carousel only; the carousel shows `carouselCount` items.
 */
import type { ModuleDefinition, PanelRead } from '../types.js';
import { categoryFilter, isSingleColumn, listHeight, moreLinkByPriority, noMigration, topResourcesLink } from '../rules.js';
import type { NewsModule } from './schema.js';

export type { NewsModule } from './schema.js';

export type NewsDisplayType = 'carousel' | 'data';

/**
 * The display types after a span change (spec 1 §4): switching to a narrow span (0-2) reduces the
 * selection to carousel (a single choice already made is kept); switching to a wide span resets to both.
 */
export function displayTypesForSpan(span: number, current: readonly NewsDisplayType[]): NewsDisplayType[] {
  if (isSingleColumn(span)) return current.length === 1 ? [...current] : ['carousel'];
  return ['carousel', 'data'];
}

/**
 * The display types after the editor ticks or unticks one (spec 1 §4): a narrow span allows one, so the
 * newest choice replaces the other; a wide span takes the choice as it is.
 */
export function displayTypesAfterChoice(span: number, before: readonly NewsDisplayType[], after: readonly NewsDisplayType[]): NewsDisplayType[] {
  if (!isSingleColumn(span) || after.length <= 1) return [...after];
  const added = after.filter((t) => !before.includes(t));
  return added.length ? [added[0]] : [after[0]];
}

/** Data-list items by span and display types (spec 2 §9). */
export function newsDataCount(span: number, displayType: readonly NewsDisplayType[]): number {
  if (!displayType.includes('data')) return 0;
  if (isSingleColumn(span)) return 8;
  return displayType.includes('carousel') ? 12 : 16;
}

export const newsDefinition: ModuleDefinition<NewsModule> = {
  type: 'news',
  label: '新闻',
  version: 1,
  defaults: () => ({
    type: 'news',
    alias: '新闻动态',
    span: 3,
    displayType: ['carousel', 'data'],
    carouselCount: 4,
    showManual: false,
    simpleDateFormat: false,
    redirectToExplore: false,
    oauthBeforeRedirect: false,
  }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => {
    const reads: PanelRead[] = [];
    const dt = cfg.displayType ?? ['carousel', 'data'];
    if (dt.includes('carousel')) reads.push({ key: 'carousel', source: 'top', kind: 'news', count: cfg.carouselCount ?? 4, ...categoryFilter(cfg) });
    const n = newsDataCount(cfg.span, dt);
    if (n) reads.push({ key: 'data', source: 'top', kind: 'news', count: n, ...categoryFilter(cfg) });
    return reads;
  },
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, 'news', topResourcesLink(cfg, ['news'])),
  migrate: noMigration,
};
