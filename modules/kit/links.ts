/**
 * The links panels produce (spec 1 §2 'Links the panels produce', 'Priority of a panel's more link').
 * Pure functions: no React.
 */
import type { ModuleConfig } from '../../common/homeConfig.js';
import { profileHref } from '../../common/resourceTypes.js';
import { sitePath } from '../../common/safePath.js';
import type { SiteContext } from '../types.app.js';

/** True for an absolute http(s) address (another site: opens in a new tab). */
export const isExternal = (url: string): boolean => /^https?:\/\//i.test(url);

/**
 * Resource detail: /microapp/explore/resources/{type}/{id}; notices: /resources/notices/{id}; reports:
 * /microapp/report/detail/{id} (spec 1 §2 'Reports', decision 303): each type's `detail` in the
 * resource-type registry (common/resourceTypes.ts).
 */
export { resourceHref } from '../../common/resourceTypes.js';

/** Scholar profile: /microapp/profile/{id} (common/resourceTypes.ts profileHref). */
export const scholarHref = profileHref;

/**
 * The visitor site's sign-in page: titled with the site's name, in the site's frame; the
 * console keeps its own, /console/login (登录控制台).
 */
export const SITE_LOGIN_PATH = '/login';

/** The site's sign-in address that comes back to `target` (a path of this site) afterwards. */
export const loginHref = (target: string): string => `${SITE_LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;

/**
 * Where the site's sign-in page sends a visitor back to: `raw` when it is a path of this site
 * (common/safePath.ts) and not a sign-in page itself, else the home page '/'.
 */
export function siteSigninRedirect(raw: string | null | undefined): string {
  const path = sitePath(raw, '/');
  return /^\/(console\/)?login(?:[/?#]|$)/.test(path) ? '/' : path;
}

/**
 * The address a panel link really goes to: a module with oauthBeforeRedirect sends a visitor who is
 * not signed in to the sign-in page instead (spec 1 §2), for detail and more links alike.
 */
export function guardHref(target: string, module: Pick<ModuleConfig, 'oauthBeforeRedirect'>, site: Pick<SiteContext, 'user'>): string {
  return module.oauthBeforeRedirect && !site.user ? loginHref(target) : target;
}

/** The console page where a topic's resources are managed (empty-state configure link, spec 1 §2). */
export const topicShowHref = (topicId: number, type?: string): string =>
  `/console/topics/tc/topicShow/${topicId}${type ? `?type=${encodeURIComponent(type)}` : ''}`;

/** The tools list page, the more link of tool panels (spec 1 §2 'Links the panels produce'). */
export const TOOLS_HREF = '/microapp/widget/tools';

/**
 * Where a tool's link goes (spec 1 §2 'A tool link containing /tools/ maps to /microapp/widget/tools/{rest};
 * otherwise it opens in a new window'): `{ href, newTab }`, or null for an empty link. `rest` is what
 * follows the first '/tools/' (query and hash kept).
 */
export function toolHref(link: string): { href: string; newTab: boolean } | null {
  const s = link.trim();
  if (!s) return null;
  const at = s.indexOf('/tools/');
  if (at >= 0) {
    const rest = s.slice(at + '/tools/'.length);
    return { href: rest ? `${TOOLS_HREF}/${rest}` : TOOLS_HREF, newTab: false };
  }
  return { href: s, newTab: true };
}
/** The console's wechat manager (spec 1 §2, spec 2 §2: reached from the wechat_article form and empty state). */
export const WECHAT_MANAGER_HREF = '/console/wechats/wechatManager';

/** The wechat list page and one article (spec 1 §2 'Wechat'). */
export const WECHAT_HREF = '/microapp/wechat';
export const wechatMaterialHref = (id: string | number): string => `/microapp/wechat/material/${encodeURIComponent(String(id))}`;
