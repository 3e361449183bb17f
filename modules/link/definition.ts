/**
 * Topic navigation panel (spec 1 §2 'link form', §3 'link', §4, §5; spec 2 §9): links to other portals
 * (the applications chosen in `specificData`, their title, url and cover kept in `specificDataObject`).
 * Default span 0, dataSize 1 (at most the number of chosen topics). Direction: horizontal forces span 5,
 * vertical span 0. Shown: 2 vertical, 4 horizontal unless dataSize is set; horizontal pages of 4 with
 * auto scroll. More link: /microapp/navigator.
 */
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import type { LinkModule } from './schema.js';

export type { LinkItem, LinkModule } from './schema.js';

/** Span forced by direction (spec 1 §4): horizontal 5, vertical 0. Shared by tool, wechat_article, job, link. */
export const spanForDirection = (direction: 'horizontal' | 'vertical'): 0 | 5 => (direction === 'horizontal' ? 5 : 0);

/** Items shown: dataSize when set (capped by the chosen topics), else 2 vertical, 4 horizontal. */
export function linkCount(cfg: Pick<LinkModule, 'dataSize' | 'direction' | 'specificData'>): number {
  const n = cfg.dataSize || (cfg.direction === 'horizontal' ? 4 : 2);
  return Math.min(n, cfg.specificData.length);
}

/** Rich link cover height, px (spec 2 §9). */
export const LINK_COVER_HEIGHT = 118.5;

export const linkDefinition: ModuleDefinition<LinkModule> = {
  type: 'link',
  label: '专题导航',
  version: 1,
  defaults: () => ({
    type: 'link',
    alias: '专题导航',
    span: 0,
    dataSize: 1,
    direction: 'vertical',
    specificData: [],
    specificDataObject: [],
    hideText: false,
    horizontalAutoScroll: false,
    hideMoreButton: false,
  }),
  // card rows (spec 2 §9 'Card height'): 118.5 per row + 16 between rows + 32 + 46
  height: (cfg, ctx) => {
    const rows = cfg.direction === 'horizontal' ? 1 : Math.max(1, linkCount(cfg));
    return Math.round(rows * LINK_COVER_HEIGHT + (rows - 1) * 16 + 32 + (ctx.groupTemplate ? 108 : 46));
  },
  reads: () => [],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : '/microapp/navigator'),
  migrate: noMigration,
  // /microapp/navigator lists the portals of every link module (spec 1 §2 'Link-panel more link')
  listedOn: 'navigator',
  // the direction decides the span (spec 1 §4), so the editor's resize handle is off
  fixedSpan: (cfg) => cfg.direction === 'horizontal' || cfg.direction === 'vertical',
};
