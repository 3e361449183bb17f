/**
 * The items of the feed reads as the API answers them (spec 2 §7 'Content': GET /api/v1/modules/
 * top-wechat-article, top-job, top-bulletin), for the server that presents them
 * (server/routes/modules/feeds.ts) and the visitor pages that show them (app/pages/feeds/).
 *
 * The types of the declared answer schemas (common/contracts/modules.ts), named here (type-only).
 */
export type { BulletinEntry, JobHit, WechatRecord } from './contracts/modules.js';
