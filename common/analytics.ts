/**
 * Usage analytics (`/console/analysis`; docs/decisions.md 318-323): the beacon's event kinds
 * and limits, shared by the visitor's tracker (app/site/usage.ts), the server's beacon route
 * (server/routes/analytics) and the console page; and the shape of the console's answer. Pure: no
 * React, no Node, no zod (the tracker is in the visitor's home bundle).
 */

/**
 * The event kinds a beacon may carry (a short field `k` keeps beacons small):
 * - `pageview` `{ p: path }`; `panel_view` / `panel_click` `{ m: module id }`;
 * - `resource_open` `{ t: resource type, i: resource id }`; `search` `{ q: query, n: hit count }`;
 * - `signin` `{}`.
 */
export const USAGE_EVENT_KINDS = ['pageview', 'panel_view', 'panel_click', 'resource_open', 'search', 'signin'] as const;
export type UsageEventKind = (typeof USAGE_EVENT_KINDS)[number];

/** One event as the tracker queues it and the beacon carries it (see USAGE_EVENT_KINDS for the fields). */
export interface UsageEvent {
  k: UsageEventKind;
  p?: string;
  m?: string;
  t?: string;
  i?: number;
  q?: string;
  n?: number;
}

/** The beacon's body: `{ e: [event, ...] }` as JSON (text/plain as sendBeacon sends a string). */
export interface UsageBeacon {
  e: UsageEvent[];
}

/** At most this many events in one beacon (more: 400). */
export const BEACON_MAX_EVENTS = 50;
/** At most this many bytes of body in one beacon (more: 400). */
export const BEACON_MAX_BYTES = 16 * 1024;
/** The beacon's address (POST). */
export const BEACON_PATH = '/api/v1/analytics/beacon';
/** Longest path, module id and search query kept, characters. */
export const USAGE_MAX_PATH = 200;
export const USAGE_MAX_QUERY = 100;

/**
 * The metrics stored per day (`usage_daily.metric`): `pageview`, `signin` (key ''), `panel_view`,
 * `panel_click` (key: module id), `resource_open` (key `type:id`), `search` and `search_zero` (key: the
 * query, trimmed and lower-cased).
 */
export const USAGE_METRICS = ['pageview', 'panel_view', 'panel_click', 'resource_open', 'search', 'search_zero', 'signin'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** The longest range the console may ask for, days (and its previous period as long again). */
export const ANALYTICS_MAX_DAYS = 366;

// the report's shapes are its answer schema's (common/contracts/analytics.ts; type-only, erased from bundles)
export type { UsageDay, UsageReport, UsageTotals } from './contracts/analytics.js';

/**
 * The change from `previous` to `current` as a whole percentage (12 for +12 %), or null when the previous
 * period had none (no basis to compare).
 */
export function changePercent(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) / previous) * 100);
}
