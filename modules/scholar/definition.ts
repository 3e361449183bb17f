/**
 * Scholar panel (spec 1 §3 'Scholar', spec 2 §9): default span 4; height 331 (419 in a group template);
 * item count by span; reads POST /api/v4/modules/top-scholar with the module's category.
 */
import type { ModuleDefinition } from '../types.js';
import { cardCountBySpan, categoryFilter, moreLinkByPriority, noMigration, topResourcesLink } from '../rules.js';
import type { ScholarModule } from './schema.js';

export type { ScholarModule } from './schema.js';

export const scholarDefinition: ModuleDefinition<ScholarModule> = {
  type: 'scholar',
  label: '学者',
  version: 1,
  defaults: () => ({
    type: 'scholar',
    alias: '学者',
    span: 4,
    showManual: false,
    showRecommendation: false,
    redirectToExplore: false,
    oauthBeforeRedirect: false,
  }),
  height: (_cfg, ctx) => (ctx.groupTemplate ? 419 : 331),
  reads: (cfg) => [{ key: 'scholar', source: 'top', kind: 'scholar', count: cardCountBySpan(cfg.span), ...categoryFilter(cfg) }],
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, 'scholar', topResourcesLink(cfg, ['scholar'])),
  migrate: noMigration,
};
