/**
 * Research-output panel (spec 1 §3 `dataType`, §5 'Fruit and activity modules'; spec 2 §9 'Article/
 * report/patent split'): data types article, patent and report (default all three, at least one);
 * default span 2; height 331 (399 in a group template); one read per type, its count split by the types
 * chosen and the span. The panel shows one tab per type.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfig.js';
import { MSG } from '../../common/messages.js';
import type { ModuleDefinition } from '../types.js';
import { listHeight, moreLinkByPriority, noMigration, splitReads, topResourcesLink } from '../rules.js';

export const FRUIT_DATA_TYPES = ['article', 'patent', 'report'] as const;

export const fruitSchema = moduleBase.extend({
  type: z.literal('fruit'),
  dataType: z.array(z.enum(FRUIT_DATA_TYPES, { error: MSG.dataTypeRequired })).min(1, MSG.dataTypeRequired).max(3),
});
export type FruitModule = z.infer<typeof fruitSchema>;

export const fruitDefinition: ModuleDefinition<FruitModule> = {
  type: 'fruit', label: '科研成果', version: 1, schema: fruitSchema,
  defaults: () => ({ type: 'fruit', alias: '科研成果', span: 2, dataType: ['article', 'patent', 'report'], showManual: false, redirectToExplore: false, oauthBeforeRedirect: false }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => splitReads(cfg),
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, cfg.dataType[0] ?? 'article', topResourcesLink(cfg, cfg.dataType)),
  migrate: noMigration,
};
