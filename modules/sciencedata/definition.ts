/**
 * Science data panel (spec 1 §2 'sciencedata form', §3 'sciencedata defaults: span 1, height 331',
 * 'Listing items' Science data; spec 2 §9): default span 1; list height 331 (399 in a group template
 * like every list module); a list of data sets with their publish date, 8 in one column (spans 0-2) and
 * 16 in two (docs/decisions.md #20); reads POST /api/v4/modules/top-sciencedata with the module's
 * category (any level).
 */
import type { ModuleDefinition } from '../types.js';
import { categoryFilter, isSingleColumn, listHeight, moreLinkByPriority, noMigration, topResourcesLink } from '../rules.js';
import type { SciencedataModule } from './schema.js';

export type { SciencedataModule } from './schema.js';

/** Data sets shown: 8 in one column (spans 0-2), 16 in two (docs/decisions.md #20). */
export const sciencedataCount = (span: number): number => (isSingleColumn(span) ? 8 : 16);

export const sciencedataDefinition: ModuleDefinition<SciencedataModule> = {
  type: 'sciencedata',
  label: '科学数据',
  version: 1,
  defaults: () => ({ type: 'sciencedata', alias: '科学数据', span: 1, showManual: false, redirectToExplore: false, oauthBeforeRedirect: false }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => [{ key: 'sciencedata', source: 'top', kind: 'sciencedata', count: sciencedataCount(cfg.span), ...categoryFilter(cfg) }],
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, 'sciencedata', topResourcesLink(cfg, ['sciencedata'])),
  migrate: noMigration,
};
