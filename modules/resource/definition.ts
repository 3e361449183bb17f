/**
 * Resource links panel (spec 1 §2 'resource form', §3 'resource defaults', 'Link (resource link)';
 * spec 2 §9 'Heights', 'Item counts'): the application's published links of this module (GET
 * /api/v1/modules/top-link, managed in the link list dialog), shown as a plain list, images, or rich
 * cards (image and text). Defaults: dataDisplayType plain, span 1, height 331 (399 in a group template);
 * with auto scroll (image or rich) 258.5. More link: /top-resources (generic).
 */
import type { ModuleDefinition } from '../types.js';
import { isSingleColumn, listHeight, noMigration, topResourcesLink } from '../rules.js';
import type { ResourceModule } from './schema.js';
import { scalarText } from '../../common/text.js';

export type { ResourceModule } from './schema.js';

type Layout = Pick<ResourceModule, 'span' | 'dataDisplayType' | 'dataSize' | 'columnSize'>;

/** Height of an auto-scrolling (image or rich) resource panel, px (spec 2 §9 'Auto-scroll resource 258.5'). */
export const RESOURCE_SCROLL_HEIGHT = 258.5;

/** Cover height of an image or rich link card, px (spec 2 §9 'rich link cover 118.5px'). */
export const RESOURCE_COVER_HEIGHT = 118.5;

/** Image and rich items by span (spec 2 §9): 0 → 2, 1-2 → 4, 3-4 → 6, 5 → 8. */
export function richCountBySpan(span: number): number {
  if (span >= 5) return 8;
  if (span >= 3) return 6;
  if (span >= 1) return 4;
  return 2;
}

/**
 * Columns of the panel: columnSize when set (1-4); otherwise a plain list has one column at spans 0-2 and
 * two wider, images and rich cards 2 (spans 0-2), 3 (3-4), 4 (5) (spec 2 §9 'resource columns per span').
 */
export function resourceColumns(cfg: Layout): number {
  if (cfg.columnSize) return cfg.columnSize;
  if (cfg.dataDisplayType === 'plain') return isSingleColumn(cfg.span) ? 1 : 2;
  return cfg.span >= 5 ? 4 : cfg.span >= 3 ? 3 : 2;
}

/**
 * Links shown (spec 2 §9): dataSize when set; otherwise a plain list shows 8 per column (columnSize × 8
 * when the columns are set, else 8 or 16), images and rich cards `richCountBySpan` (docs/decisions.md #21).
 */
export function resourceCount(cfg: Layout): number {
  if (cfg.dataSize) return cfg.dataSize;
  if (cfg.dataDisplayType === 'plain') return cfg.columnSize ? cfg.columnSize * 8 : isSingleColumn(cfg.span) ? 8 : 16;
  return richCountBySpan(cfg.span);
}

/** Auto scroll applies to images and rich cards only (a plain list does not scroll). */
export const autoScrolls = (cfg: Pick<ResourceModule, 'dataDisplayType' | 'horizontalAutoScroll'>): boolean =>
  !!cfg.horizontalAutoScroll && cfg.dataDisplayType !== 'plain';

/** Sorts links by title in Chinese dictionary (pinyin) order, letters and digits by their order: letterSort. */
export function sortByLetter<T extends { title?: unknown }>(items: readonly T[]): T[] {
  const collator = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' });
  return [...items].sort((a, b) => collator.compare(scalarText(a.title), scalarText(b.title)));
}

export const resourceDefinition: ModuleDefinition<ResourceModule> = {
  type: 'resource',
  label: '资源链接',
  version: 1,
  defaults: () => ({
    type: 'resource',
    alias: '资源链接',
    span: 1,
    dataDisplayType: 'plain',
    dataSize: null,
    columnSize: null,
    fontWeightBold: false,
    letterSort: false,
    horizontalAutoScroll: false,
    hideMoreButton: false,
  }),
  height: (cfg, ctx) => (autoScrolls(cfg) ? RESOURCE_SCROLL_HEIGHT : listHeight(ctx)),
  reads: (cfg) => [{ key: 'resource', source: 'link', count: resourceCount(cfg), moduleId: cfg.id }],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || topResourcesLink(cfg, ['resource'])),
  migrate: noMigration,
  // the module's items are the application's resource links (spec 1 §2 'data-list button')
  dataList: 'link',
};
