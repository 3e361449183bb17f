/**
 * Topic navigation panel (spec 1 §2 'link form', §3 'link', §4, §5; spec 2 §9): links to other portals
 * (the applications chosen in `specificData`, their title, url and cover kept in `specificDataObject`).
 * Default span 0, dataSize 1 (at most the number of chosen topics). Direction: horizontal forces span 5,
 * vertical span 0. Shown: 2 vertical, 4 horizontal unless dataSize is set; horizontal pages of 4 with
 * auto scroll. More link: /microapp/navigator.
 */
import { z } from 'zod';
import { linkSchema, moduleBase, plainText } from '../../common/homeConfig.js';
import { MSG } from '../../common/messages.js';
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';

export const linkItemSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  title: plainText(100, MSG.moduleTitleRequired),
  url: linkSchema,
  cover: linkSchema.nullish(),
  name: z.string().max(100).nullish(),
});
export type LinkItem = z.infer<typeof linkItemSchema>;

export const linkModuleSchema = moduleBase.extend({
  type: z.literal('link'),
  specificData: z.array(z.union([z.string(), z.number()]), { error: MSG.topicRequired }).min(1, MSG.topicRequired).max(50),
  specificDataObject: z.array(linkItemSchema).max(50),
  direction: z.enum(['horizontal', 'vertical']),
}).refine((m) => m.dataSize == null || m.dataSize <= m.specificData.length, { message: '显示数量不能超过所选专题数', path: ['dataSize'] });
export type LinkModule = z.infer<typeof linkModuleSchema>;

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
  type: 'link', label: '专题导航', version: 1, schema: linkModuleSchema as unknown as z.ZodType<LinkModule>,
  defaults: () => ({ type: 'link', alias: '专题导航', span: 0, dataSize: 1, direction: 'vertical', specificData: [], specificDataObject: [], hideText: false, horizontalAutoScroll: false, hideMoreButton: false }),
  // card rows (spec 2 §9 'Card height'): 118.5 per row + 16 between rows + 32 + 46
  height: (cfg, ctx) => {
    const rows = cfg.direction === 'horizontal' ? 1 : Math.max(1, linkCount(cfg));
    return Math.round(rows * LINK_COVER_HEIGHT + (rows - 1) * 16 + 32 + (ctx.groupTemplate ? 108 : 46));
  },
  reads: () => [],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : '/microapp/navigator'),
  migrate: noMigration,
  // the direction decides the span (spec 1 §4), so the editor's resize handle is off
  fixedSpan: (cfg) => cfg.direction === 'horizontal' || cfg.direction === 'vertical',
};
