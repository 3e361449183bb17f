/**
 * Research-output panel (spec 1 §3 `dataType`, §5 'Fruit and activity modules'; spec 2 §9 'Article/
 * report/patent split'): data types article, patent and report (default all three, at least one);
 * default span 2; height 331 (399 in a group template); one read per type, its count split by the types
 * chosen and the span. The panel shows one tab per type.
 */
import type { ModuleDefinition, MoreLinkContext } from '../types.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';
import { listHeight, moreLinkByPriority, noMigration, splitReads, topResourcesLink } from '../rules.js';
import type { FruitModule } from './schema.js';
export { FRUIT_DATA_TYPES } from './limits.js';

export type { FruitModule } from './schema.js';

/**
 * The more link of one tab: the panel's (spec 1 §2 priority), except that a type with its own list page
 * (the registry's `listHref`: the 报告 tab's is the report list /microapp/report, spec 1 §2 'Reports';
 * decision 303) has that as its generic link.
 */
export function fruitTabMoreLink(cfg: FruitModule, ctx: MoreLinkContext, type: string): string | null {
  const own = resourceTypeOf(type)?.listHref;
  if (!own) return fruitDefinition.moreLink(cfg, ctx);
  return moreLinkByPriority(cfg, ctx, type, own);
}

export const fruitDefinition: ModuleDefinition<FruitModule> = {
  type: 'fruit',
  label: '科研成果',
  version: 1,
  defaults: () => ({
    type: 'fruit',
    alias: '科研成果',
    span: 2,
    dataType: ['article', 'patent', 'report'],
    showManual: false,
    redirectToExplore: false,
    oauthBeforeRedirect: false,
  }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => splitReads(cfg),
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, cfg.dataType[0] ?? 'article', topResourcesLink(cfg, cfg.dataType)),
  migrate: noMigration,
};
