/**
 * Activity panel (spec 1 §3 'Activity defaults', §5): conferences and projects, shown rich (logo, dates,
 * place); default span 4, data types conference and project (at least one); height 331 (399 in a group
 * template); one read per type, counts split like research outputs (spec 2 §9). One tab per type.
 */
import type { ModuleDefinition } from '../types.js';
import { listHeight, moreLinkByPriority, noMigration, splitReads, topResourcesLink } from '../rules.js';
import type { ActivityModule } from './schema.js';
export { ACTIVITY_DATA_TYPES } from './limits.js';

export type { ActivityModule } from './schema.js';

export const activityDefinition: ModuleDefinition<ActivityModule> = {
  type: 'activity',
  label: '学术活动',
  version: 1,
  defaults: () => ({
    type: 'activity',
    alias: '学术活动',
    span: 4,
    dataType: ['conference', 'project'],
    dataDisplayType: 'rich',
    showManual: false,
    redirectToExplore: false,
    oauthBeforeRedirect: false,
  }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => splitReads(cfg),
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, cfg.dataType[0] ?? 'conference', topResourcesLink(cfg, cfg.dataType)),
  migrate: noMigration,
};
