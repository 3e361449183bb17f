/**
 * Embedded page (spec 1 §2 'iframe form', §4; spec 2 §9 'Heights'): another site's page in a sandboxed
 * iframe. Theme `mode` default or fullScreen (not inside a parent container), height `column` 0 default
 * (160, 228 in a group template) or 1 custom (`height`, integer >= 100); fullScreen with the default
 * column gets height 0 (the viewport decides), as the carousel (modules/kit/heights.ts). The embed link
 * `url` must be an http(s) address: javascript:, data: and other schemes are refused. In a group
 * template the panel carries its title and description, and the embedded page is 114 px shorter than
 * the panel. Default span 5. No reads, no more link.
 */
import type { LayoutContext, ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import { themedHeight } from '../kit/heights.js';
import type { IframeModule } from './schema.js';
export { isHttpUrl } from './limits.js';

export type { IframeModule } from './schema.js';

/** Default height, px: 160, or 228 in a group template (spec 2 §9). */
export const iframeDefaultHeight = (ctx: LayoutContext): number => (ctx.groupTemplate ? 228 : 160);

/** What the title bar and description take from an embedded page in a group template, px (spec 2 §9). */
export const IFRAME_GROUP_CHROME = 114;

/** Height of the embedded page itself, px: the panel height, less 114 in a group template (never below 0). */
export function iframeFrameHeight(panelHeight: number, ctx: LayoutContext): number {
  return Math.max(0, panelHeight - (ctx.groupTemplate ? IFRAME_GROUP_CHROME : 0));
}

export const iframeDefinition: ModuleDefinition<IframeModule> = {
  type: 'iframe',
  label: '嵌入页面',
  version: 1,
  defaults: (ctx) => ({
    type: 'iframe',
    alias: '嵌入页面',
    span: 5,
    mode: 'default',
    column: 0,
    url: '',
    ...(ctx.groupTemplate ? { description: '', backgroundColor: 'white' as const } : {}),
  }),
  height: (cfg, ctx) => themedHeight(cfg, iframeDefaultHeight(ctx)),
  reads: () => [],
  moreLink: () => null,
  migrate: noMigration,
};
