/**
 * Wechat official-account articles (spec 1 §2 'wechat_article form', §3, §4; spec 2 §7 'Content', §9):
 * the newest articles of one bound account (`wechatId`), read with GET /api/v1/modules/top-wechat-article
 * (page 1, pageSize 8). Default span 0; direction horizontal forces span 5, vertical span 0. Shown: 4
 * horizontal, 8 vertical. Height: horizontal 242; vertical 164 per item + 10 between items + 78, or 331
 * when empty. The vertical height depends on how many articles come back: the editor stores the
 * corrected height in `height` (spec 1 §4; see `wechatCorrection`). More link: /microapp/wechat.
 */
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import { WECHAT_MANAGER_HREF } from '../kit/links.js';
import { SITE_MSG } from '../../common/siteMessages.js';
import type { WechatArticleModule } from './schema.js';

export type { WechatArticleModule } from './schema.js';

/** Articles fetched per read (spec 2 §9 'fetch size 8'). */
export const WECHAT_FETCH_SIZE = 8;

/** Height of a horizontal panel, px. */
export const WECHAT_HORIZONTAL_HEIGHT = 242;

/** Height of an empty vertical panel, px. */
export const WECHAT_EMPTY_HEIGHT = 331;

/** Articles shown: 4 horizontal, 8 vertical (spec 2 §9). */
export const wechatShownCount = (direction: 'horizontal' | 'vertical'): number => (direction === 'horizontal' ? 4 : 8);

/**
 * Panel height for `count` articles, px (spec 2 §9): horizontal 242 whatever the count; vertical
 * 164 × count + 10 × (count − 1) + 78, and 331 with no article.
 */
export function wechatHeight(direction: 'horizontal' | 'vertical', count: number): number {
  if (direction === 'horizontal') return WECHAT_HORIZONTAL_HEIGHT;
  const n = Math.max(0, Math.min(count, wechatShownCount('vertical')));
  return n === 0 ? WECHAT_EMPTY_HEIGHT : n * 164 + (n - 1) * 10 + 78;
}

/**
 * The module corrected to the articles that came back (spec 1 §4), or null when it already fits: a
 * vertical panel whose stored height is not the height of `returned` articles gets that height. A
 * horizontal panel never changes (always 242).
 */
export function wechatCorrection(module: WechatArticleModule, returned: number): WechatArticleModule | null {
  if (module.direction !== 'vertical') return null;
  const h = wechatHeight('vertical', returned);
  return module.height === h ? null : { ...module, height: h };
}

export const wechatArticleDefinition: ModuleDefinition<WechatArticleModule> = {
  type: 'wechat_article',
  label: '公众号文章',
  version: 1,
  defaults: () => ({ type: 'wechat_article', alias: '公众号文章', span: 0, direction: 'vertical', wechatId: null }),
  height: (cfg) => {
    if (cfg.direction === 'horizontal') return WECHAT_HORIZONTAL_HEIGHT;
    if (!cfg.wechatId) return WECHAT_EMPTY_HEIGHT;
    // the height the editor stored for the articles last seen, else the full page of 8
    return typeof cfg.height === 'number' && cfg.height > 0 ? cfg.height : wechatHeight('vertical', WECHAT_FETCH_SIZE);
  },
  reads: (cfg) => (cfg.wechatId ? [{ key: 'wechat', source: 'wechat_article', count: WECHAT_FETCH_SIZE, wechatId: cfg.wechatId }] : []),
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || '/microapp/wechat'),
  migrate: noMigration,
  // /microapp/wechat lists the official accounts of the wechat modules (spec 1 §2)
  listedOn: 'wechat',
  emptyConfigure: { href: WECHAT_MANAGER_HREF, text: SITE_MSG.emptyWechatConfigure },
};
