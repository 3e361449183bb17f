/**
 * The console's usage report (`/console/analysis`; docs/decisions.md 318-323, 405, 408):
 * the daily aggregates of one application over a range of days and over the previous period of equal
 * length, per-panel views and clicks named by the home config, the most opened resources with their
 * titles, the most frequent searches and those that found nothing, and what those lists leave out (其他:
 * the keys beyond the collector's bounds and those not in the top ten), so that each list and its 其他
 * add up to the period's total. Its reads (server/analytics/readings.ts) run in the read pool on a
 * SQLite file and read bounded rows: at most KEYS_PER_DAY keys per metric a day, KEYS_KEPT for past
 * days (./collector.ts).
 */
import type { Db } from '../../db/index.js';
import type { Application } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { storedHomeConfig } from '../../applications/service.js';
import { definitionOf } from '../../../modules/registry.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { ANALYTICS_MAX_DAYS, type UsageDay, type UsageReport, type UsageTotals } from '../../../common/analytics.js';
import { OTHER_KEY, localDay } from './collector.js';
import { readUsage, type UsageReadings, type UsageReadingsArg } from '../../analytics/readings.js';

const DAY_MS = 86_400_000;

/** Days as UTC midnights, so that adding days never meets a daylight-saving change. */
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every day from `from` to `to` (inclusive). */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = toMs(from); t <= toMs(to); t += DAY_MS) out.push(toDay(t));
  return out;
}

/**
 * The range asked for and its previous period. Defaults: `to` today (the server's day), `from` six days
 * before `to` (the last 7 days). 400 with a Chinese message when `from` is after `to` or the range is
 * longer than ANALYTICS_MAX_DAYS.
 */
export function rangeOf(q: { from?: string; to?: string }, today = localDay(new Date())) {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? toDay(toMs(to) - 6 * DAY_MS);
  if (from > to) throw badRequest(MSG.analyticsRangeInvalid, { 'query.from': MSG.analyticsRangeInvalid });
  const length = Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;
  if (length > ANALYTICS_MAX_DAYS) {
    const msg = fillMsg(MSG.analyticsRangeTooLong, { n: ANALYTICS_MAX_DAYS });
    throw badRequest(msg, { 'query.from': msg });
  }
  const previousTo = toDay(toMs(from) - DAY_MS);
  const previousFrom = toDay(toMs(from) - length * DAY_MS);
  return { from, to, previousFrom, previousTo };
}

/** The panels of every page entry of the home config, nested ones (flex slots) included, in order. */
function panelsOf(app: Application): Array<{ id: string; title: string; type: string }> {
  const out: Array<{ id: string; title: string; type: string }> = [];
  const seen = new Set<string>();
  const visit = (v: unknown, depth: number) => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.type === 'string' && definitionOf(o.type) && !seen.has(o.id)) {
      seen.add(o.id);
      const alias = typeof o.alias === 'string' ? o.alias.trim() : '';
      out.push({ id: o.id, type: o.type, title: alias || definitionOf(o.type)!.label });
    }
    for (const x of Object.values(o)) if (x !== null && typeof x === 'object') visit(x, depth + 1);
  };
  for (const entry of storedHomeConfig(app)) visit(entry.template, 0);
  return out;
}

const emptyDay = (day: string): UsageDay => ({ day, views: 0, visitors: 0, searches: 0, zeroSearches: 0, signins: 0 });

/** Runs the report's reads (server/analytics/readings.ts): in the read pool when the server has one (decision 408). */
export type UsageReadingsRunner = (arg: UsageReadingsArg) => Promise<UsageReadings>;

/**
 * The report of `app` over the range (see {@link rangeOf}; 400 for a wrong range, before any read). Its
 * reads run through `read` (default: on `db`); the home config's panels are named here, and the titles
 * of the listed resources read (at most TOP). Each list carries what it leaves out as 其他 (decision
 * 408): `other` for resources and searches, a last panel 其他 (moduleId '') for the panel events of
 * keys beyond the bounds and of the removed panels past the REMOVED_PANELS most used.
 */
export async function usageReport(
  db: Db,
  app: Application,
  q: { from?: string; to?: string },
  read: UsageReadingsRunner = (arg) => readUsage(db, arg),
): Promise<UsageReport> {
  const r = rangeOf(q);
  const known = panelsOf(app);
  const got = await read({ applicationId: app.id, from: r.from, to: r.to, previousFrom: r.previousFrom, panelIds: known.map((p) => p.id) });

  const byDay = new Map<string, UsageDay>();
  /** per day: panel views, panel clicks, resource opens */
  const extra = new Map<string, { views: number; clicks: number; opens: number }>();
  const dayRow = (d: string) => {
    let row = byDay.get(d);
    if (!row) byDay.set(d, (row = emptyDay(d)));
    return row;
  };
  const extraOf = (d: string) => {
    let x = extra.get(d);
    if (!x) extra.set(d, (x = { views: 0, clicks: 0, opens: 0 }));
    return x;
  };
  for (const x of got.daily) {
    if (x.metric === 'panel_click') extraOf(x.day).clicks += x.n;
    else if (x.metric === 'panel_view') extraOf(x.day).views += x.n;
    else if (x.metric === 'resource_open') extraOf(x.day).opens += x.n;
    else if (x.metric === 'pageview') dayRow(x.day).views += x.n;
    else if (x.metric === 'search') dayRow(x.day).searches += x.n;
    else if (x.metric === 'search_zero') dayRow(x.day).zeroSearches += x.n;
    else if (x.metric === 'signin') dayRow(x.day).signins += x.n;
  }
  for (const x of got.visitors) dayRow(x.day).visitors = x.n;
  const series = (from: string, to: string) => daysBetween(from, to).map((d) => byDay.get(d) ?? emptyDay(d));
  const sumOf = (days: UsageDay[], k: 'views' | 'clicks' | 'opens') => days.reduce((s, d) => s + (extra.get(d.day)?.[k] ?? 0), 0);
  const totalsOf = (days: UsageDay[]): UsageTotals => ({
    views: days.reduce((s, d) => s + d.views, 0),
    visitors: days.reduce((s, d) => s + d.visitors, 0),
    searches: days.reduce((s, d) => s + d.searches, 0),
    zeroSearches: days.reduce((s, d) => s + d.zeroSearches, 0),
    signins: days.reduce((s, d) => s + d.signins, 0),
    panelClicks: sumOf(days, 'clicks'),
  });
  const days = series(r.from, r.to);
  const previousDays = series(r.previousFrom, r.previousTo);
  const totals = totalsOf(days);

  // panels: those of the home config in its order, then the most used counted ids since removed, then 其他
  const counted = new Map(got.panels.map((p) => [p.key, { views: p.views, clicks: p.clicks }]));
  const panels: UsageReport['panels'] = known.map((p) => ({ moduleId: p.id, title: p.title, type: p.type, ...(counted.get(p.id) ?? { views: 0, clicks: 0 }) }));
  const configured = new Set(known.map((p) => p.id));
  for (const p of got.panels)
    if (!configured.has(p.key)) panels.push({ moduleId: p.key, title: MSG.analyticsPanelRemoved, type: null, views: p.views, clicks: p.clicks });
  const listed = (k: 'views' | 'clicks') => panels.reduce((s, p) => s + p[k], 0);
  const rest = { views: sumOf(days, 'views') - listed('views'), clicks: totals.panelClicks - listed('clicks') };
  if (rest.views > 0 || rest.clicks > 0) panels.push({ moduleId: OTHER_KEY, title: MSG.analyticsOther, type: null, ...rest });

  const opened = got.resources.map((x) => {
    const at = x.key.lastIndexOf(':');
    return { type: x.key.slice(0, at), id: Number(x.key.slice(at + 1)), opens: x.n };
  });
  const ids = opened.map((o) => o.id).filter((id) => Number.isSafeInteger(id) && id > 0);
  // a title is the record's of that type and id: a key whose id is another type's record (a beacon for a
  // page that answered 404, or made up) is no such resource (decision 426)
  const titles = new Map<string, string>();
  if (ids.length)
    for (const t of await db.selectFrom('resources').select(['id', 'type', 'title']).where('id', 'in', ids).execute()) titles.set(`${t.type}:${t.id}`, t.title);
  const sum = (xs: Array<{ n: number }>) => xs.reduce((s, x) => s + x.n, 0);

  return {
    ...r,
    days,
    previousDays,
    totals,
    previousTotals: totalsOf(previousDays),
    panels,
    resources: opened.map((o) => ({ ...o, title: titles.get(`${o.type}:${o.id}`) ?? MSG.analyticsResourceRemoved })),
    searches: got.searches.map((x) => ({ query: x.key, count: x.n })),
    zeroSearches: got.zeroSearches.map((x) => ({ query: x.key, count: x.n })),
    other: {
      resources: sumOf(days, 'opens') - sum(got.resources),
      searches: totals.searches - sum(got.searches),
      zeroSearches: totals.zeroSearches - sum(got.zeroSearches),
    },
  };
}
