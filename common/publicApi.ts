/**
 * The public read API's shared words (server/publicApi, server/routes/publicApi, the console's 开放接口
 * card and the developer page /microapp/open; docs/decisions.md 630-639): its base path, its read
 * groups (a key's scopes) and their Chinese names, the limits. No zod, no React: both sides import it.
 */

/** The base path of the public read API (decision 630). */
export const PUBLIC_API_BASE = '/open/v1';

/** The read groups of the public API; a key is issued for some of them (its scopes, decision 632). */
export const PUBLIC_API_SCOPES = ['search', 'resources', 'notices', 'reports', 'scholars', 'institutions'] as const;
export type PublicApiScope = (typeof PUBLIC_API_SCOPES)[number];

/** The Chinese name of each read group. */
export const PUBLIC_API_SCOPE_LABELS: Record<PublicApiScope, string> = {
  search: '检索',
  resources: '资源',
  notices: '通知公告',
  reports: '研究报告',
  scholars: '学者',
  institutions: '机构',
};

/** The resource type each dedicated group reads (`/open/v1/{group}`); `resources` reads any listed type. */
export const SCOPE_TYPES = { reports: 'report', scholars: 'scholar', institutions: 'institution' } as const;

/** Calls a minute from one address without a key (decision 633). */
export const ANONYMOUS_PER_MINUTE = 30;
/** A key's rate limit: the default, least and most calls a minute (decision 633). */
export const KEY_PER_MINUTE_DEFAULT = 600;
export const KEY_PER_MINUTE_MIN = 1;
export const KEY_PER_MINUTE_MAX = 100_000;

/** The header a key may also be sent in (besides `Authorization: Bearer`). */
export const API_KEY_HEADER = 'x-api-key';

/** Most items of one page of the public API. */
export const PUBLIC_PAGE_MAX = 100;
