/**
 * Notice panel (spec 1 §3 'Notice module', spec 2 §9): default span 1; height 331 (399 in a group
 * template); 8 items in one column (spans 0-2), 16 in two columns; reads the application's published
 * notices of this module (GET /api/v1/modules/top-notice). showPublishTime shows the date of each.
 */
import type { ModuleDefinition } from '../types.js';
import { isSingleColumn, listHeight, noMigration, topResourcesLink } from '../rules.js';
import type { NoticeModule } from './schema.js';

export type { NoticeModule } from './schema.js';

/** Notices shown: 8 in one column, 16 in two (spec 2 §9 'Item counts'). */
export const noticeCount = (span: number): number => (isSingleColumn(span) ? 8 : 16);

export const noticeDefinition: ModuleDefinition<NoticeModule> = {
  type: 'notice',
  label: '通知公告',
  version: 1,
  defaults: () => ({ type: 'notice', alias: '通知公告', span: 1, oauthBeforeRedirect: false, showPublishTime: true }),
  height: (_cfg, ctx) => listHeight(ctx),
  reads: (cfg) => [{ key: 'notice', source: 'notice', count: noticeCount(cfg.span), moduleId: cfg.id }],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || topResourcesLink(cfg, ['notice'])),
  migrate: noMigration,
  dataList: 'notice',
};
