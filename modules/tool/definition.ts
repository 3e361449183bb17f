/**
 * Tool panel (spec 1 §2 'tool form', §3 'Tool item', §4 'horizontal direction forces span 5; vertical
 * forces span 0', §5 'at least one tool'; spec 2 §9 'Heights', 'Tools 4 or 8'): the chosen tools
 * (resources of type tool of the application's topic, ids in `specificData`) read through GET /tools.
 * Default span 0 (vertical). Shown: 4 vertical, 8 horizontal (docs/decisions.md #23), never more than
 * chosen. Height: horizontal 140; vertical 60 per item + 24 between items + 78. More link:
 * /microapp/widget/tools.
 */
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import { TOOLS_HREF } from '../kit/links.js';
import type { ToolModule } from './schema.js';

export type { ToolModule } from './schema.js';

/** Tools shown: 4 vertical, 8 horizontal, capped by the number chosen (spec 2 §9 'Tools 4 or 8'). */
export function toolCount(cfg: Pick<ToolModule, 'direction' | 'specificData'>): number {
  const n = cfg.direction === 'horizontal' ? 8 : 4;
  return Math.min(n, Array.isArray(cfg.specificData) ? cfg.specificData.length : 0);
}

/** Height of a horizontal tool panel, px (spec 2 §9). */
export const TOOL_ROW_HEIGHT = 140;

/** Height of one tool in a vertical panel, the gap between two, and the frame, px (spec 2 §9). */
export const TOOL_ITEM_HEIGHT = 60;

export const TOOL_ITEM_GAP = 24;

export const TOOL_FRAME = 78;

export const toolDefinition: ModuleDefinition<ToolModule> = {
  type: 'tool',
  label: '工具',
  version: 1,
  defaults: () => ({ type: 'tool', alias: '常用工具', span: 0, direction: 'vertical', specificData: [], oauthBeforeRedirect: false, hideMoreButton: false }),
  height: (cfg) => {
    if (cfg.direction === 'horizontal') return TOOL_ROW_HEIGHT;
    const n = Math.max(1, toolCount(cfg));
    return n * TOOL_ITEM_HEIGHT + (n - 1) * TOOL_ITEM_GAP + TOOL_FRAME;
  },
  reads: (cfg) => (toolCount(cfg) > 0 ? [{ key: 'tool', source: 'tool', count: toolCount(cfg), ids: cfg.specificData.slice(0, toolCount(cfg)) }] : []),
  moreLink: (cfg) => (cfg.hideMoreButton ? null : TOOLS_HREF),
  migrate: noMigration,
};
