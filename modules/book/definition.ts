/**
 * Book panel (spec 1 §2 'book form', §3 'Listing items' Book; spec 2 §7 top-monographs, §9): default
 * span 1; list height 331 (399 in a group template); cards by span (5 → 8, 3-4 → 6, 2 → 4, else 2) with
 * cover, title, author and year; reads the 'book' top read (POST /api/v4/modules/top-book, also answered
 * as POST /api/v1|v2/modules/top-monographs) with the module's category.
 */
import type { ModuleDefinition } from '../types.js';
import { cardCountBySpan, categoryFilter, listHeight, moreLinkByPriority, noMigration, topResourcesLink } from '../rules.js';
import type { BookModule } from './schema.js';

export type { BookModule } from './schema.js';

export const bookDefinition: ModuleDefinition<BookModule> = {
  type: 'book',
  label: '图书',
  version: 1,
  defaults: () => ({ type: 'book', alias: '图书', span: 1, showManual: false, redirectToExplore: false, oauthBeforeRedirect: false }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => [{ key: 'book', source: 'top', kind: 'book', count: cardCountBySpan(cfg.span), ...categoryFilter(cfg) }],
  moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, 'book', topResourcesLink(cfg, ['book'])),
  migrate: noMigration,
};
