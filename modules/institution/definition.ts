/**
 * Institution panel (spec 1 §3 'Institution', spec 2 §9): default span 4; list height 331 (399 in a group
 * template); item count by span; reads POST /api/v4/modules/top-institution with the module's category.
 * The panel then asks the fruit and scholar counts (POST /api/v1/resources/institution/fruit-scholar-count).
 */
import type { ModuleDefinition } from '../types.js';
import { cardCountBySpan, categoryFilter, listHeight, moreLinkByPriority, noMigration, topResourcesLink } from '../rules.js';
import type { InstitutionModule } from './schema.js';

export type { InstitutionModule } from './schema.js';

export const institutionDefinition: ModuleDefinition<InstitutionModule> = {
  type: 'institution',
  label: '机构',
  version: 1,
  defaults: () => ({ type: 'institution', alias: '机构', span: 4, showManual: false, redirectToExplore: false, oauthBeforeRedirect: false }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => [{ key: 'institution', source: 'top', kind: 'institution', count: cardCountBySpan(cfg.span), ...categoryFilter(cfg) }],
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, 'institution', topResourcesLink(cfg, ['institution'])),
  migrate: noMigration,
};
