/**
 * Bulletins (spec 1 §2 'bulletin form', §3 'Bulletin'; spec 2 §7 'Content', §9): the newest bulletins of
 * the application's topic of the chosen types (快报, 研究报告, 快讯), read with GET
 * /api/v1/modules/top-bulletin. `dataSize` items (default 1; the panel shows at most the items that
 * exist), a login switch, and in group templates a description and a background. Default span 0.
 *
 * Height (spec 2 §9): items are 108 high in rows; rows are 32 apart when the panel is laid out vertically,
 * 24 horizontally, or 37 when the layout follows the span (the default); plus 32 and plus 46 (108 in a
 * group template) for the frame. An empty panel is 331 (399 in a group template). See
 * docs/decisions.md #35 for the columns.
 */
import { BULLETIN_TYPES } from '../../common/constants.js';
import type { LayoutContext, ModuleDefinition } from '../types.js';
import { listHeight, noMigration } from '../rules.js';
import type { BulletinModule } from './schema.js';
import { BULLETIN_MAX_SIZE } from './limits.js';
export { BULLETIN_MAX_SIZE } from './limits.js';

export type { BulletinModule } from './schema.js';

/** Height of one bulletin item, px. */
export const BULLETIN_ITEM_HEIGHT = 108;

/** How a bulletin panel lays its items out: its direction when set, else by span. */
export type BulletinLayout = { columns: number; gap: number };

/**
 * Columns and row gap (px) of a bulletin panel: vertical 1 column, 32; horizontal 4 columns, 24; by span
 * (no direction) 1 column at spans 0-1, 2 at 2-3, 3 at 4, 4 at 5, 37.
 */
export function bulletinLayout(cfg: Pick<BulletinModule, 'direction' | 'span'>): BulletinLayout {
  if (cfg.direction === 'vertical') return { columns: 1, gap: 32 };
  if (cfg.direction === 'horizontal') return { columns: 4, gap: 24 };
  const columns = cfg.span <= 1 ? 1 : cfg.span <= 3 ? 2 : cfg.span === 4 ? 3 : 4;
  return { columns, gap: 37 };
}

/**
 * Height of a bulletin panel showing `count` items, px: rows × 108 + (rows − 1) × gap + 32 + 46 (108 in
 * a group template); with no item 331 (399 in a group template).
 */
export function bulletinHeight(cfg: Pick<BulletinModule, 'direction' | 'span'>, count: number, ctx: LayoutContext): number {
  if (count <= 0) return listHeight(ctx);
  const { columns, gap } = bulletinLayout(cfg);
  const rows = Math.ceil(count / columns);
  return rows * BULLETIN_ITEM_HEIGHT + (rows - 1) * gap + 32 + (ctx.groupTemplate ? 108 : 46);
}

/** Items shown: dataSize (default 1), at most the items that exist (spec 2 §9). */
export const bulletinShown = (dataSize: number | null | undefined, available: number): number => Math.max(0, Math.min(dataSize || 1, available));

/** The bulletin list page and one bulletin (spec 1 §2 'Bulletin list and bulletin detail by id'; docs/decisions.md #35). */
export const BULLETINS_HREF = '/microapp/bulletin';

export const bulletinHref = (id: string | number): string => `${BULLETINS_HREF}/${encodeURIComponent(String(id))}`;

export const bulletinDefinition: ModuleDefinition<BulletinModule> = {
  type: 'bulletin',
  label: '快报',
  version: 1,
  defaults: (ctx) => ({
    type: 'bulletin',
    alias: '科技快报',
    span: 0,
    dataSize: 1,
    bulletinType: [...BULLETIN_TYPES],
    oauthBeforeRedirect: false,
    ...(ctx.groupTemplate ? { description: '', backgroundColor: 'white' as const } : {}),
  }),
  height: (cfg, ctx) => bulletinHeight(cfg, cfg.dataSize || 1, ctx),
  reads: (cfg) => [
    { key: 'bulletin', source: 'bulletin', count: Math.min(cfg.dataSize || 1, BULLETIN_MAX_SIZE), types: [...(cfg.bulletinType ?? BULLETIN_TYPES)] },
  ],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || BULLETINS_HREF),
  migrate: noMigration,
};
