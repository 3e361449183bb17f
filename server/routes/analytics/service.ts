/**
 * The console's usage report (issue 13 §1 `/console/analysis`; docs/decisions.md 318-323): the daily
 * aggregates of one application over a range of days and over the previous period of equal length,
 * per-panel views and clicks named by the home config, the most opened resources with their titles,
 * the most frequent searches and those that found nothing.
 */
import type { Db } from '../../db/index.js';
import type { Application } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { storedHomeConfig } from '../../applications/service.js';
import { definitionOf } from '../../../modules/registry.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { ANALYTICS_MAX_DAYS, type UsageDay, type UsageReport, type UsageTotals } from '../../../common/analytics.js';
import { localDay } from './collector.js';

/** How many resources and searches the report lists. */
const TOP = 10;
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

/** The report of `app` over the range (see {@link rangeOf}); reads only, one query per part. */
export async function usageReport(db: Db, app: Application, q: { from?: string; to?: string }): Promise<UsageReport> {
  const r = rangeOf(q);
  const appId = app.id;
  const daily = await db
    .selectFrom('usage_daily')
    .select(['day', 'metric', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('application_id', '=', appId)
    .where('day', '>=', r.previousFrom)
    .where('day', '<=', r.to)
    .where('metric', 'in', ['pageview', 'search', 'search_zero', 'signin', 'panel_click'])
    .groupBy(['day', 'metric'])
    .execute();
  const visitors = await db
    .selectFrom('usage_visitors')
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('application_id', '=', appId)
    .where('day', '>=', r.previousFrom)
    .where('day', '<=', r.to)
    .groupBy('day')
    .execute();

  const byDay = new Map<string, UsageDay>();
  const clicksByDay = new Map<string, number>();
  const dayRow = (d: string) => {
    let row = byDay.get(d);
    if (!row) byDay.set(d, (row = emptyDay(d)));
    return row;
  };
  for (const x of daily) {
    const n = Number(x.n);
    if (x.metric === 'panel_click') clicksByDay.set(x.day, (clicksByDay.get(x.day) ?? 0) + n);
    else if (x.metric === 'pageview') dayRow(x.day).views += n;
    else if (x.metric === 'search') dayRow(x.day).searches += n;
    else if (x.metric === 'search_zero') dayRow(x.day).zeroSearches += n;
    else if (x.metric === 'signin') dayRow(x.day).signins += n;
  }
  for (const x of visitors) dayRow(x.day).visitors = Number(x.n);
  const series = (from: string, to: string) => daysBetween(from, to).map((d) => byDay.get(d) ?? emptyDay(d));
  const totalsOf = (days: UsageDay[]): UsageTotals => ({
    views: days.reduce((s, d) => s + d.views, 0),
    visitors: days.reduce((s, d) => s + d.visitors, 0),
    searches: days.reduce((s, d) => s + d.searches, 0),
    zeroSearches: days.reduce((s, d) => s + d.zeroSearches, 0),
    signins: days.reduce((s, d) => s + d.signins, 0),
    panelClicks: days.reduce((s, d) => s + (clicksByDay.get(d.day) ?? 0), 0),
  });
  const days = series(r.from, r.to);
  const previousDays = series(r.previousFrom, r.previousTo);

  const inRange = db.selectFrom('usage_daily').where('application_id', '=', appId).where('day', '>=', r.from).where('day', '<=', r.to);
  const panelRows = await inRange
    .select(['metric', 'key', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('metric', 'in', ['panel_view', 'panel_click'])
    .groupBy(['metric', 'key'])
    .execute();
  const top = (metric: string) =>
    inRange
      .select(['key', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('metric', '=', metric)
      .groupBy('key')
      .orderBy('n', 'desc')
      .orderBy('key')
      .limit(TOP)
      .execute();
  const [resourceRows, searchRows, zeroRows] = [await top('resource_open'), await top('search'), await top('search_zero')];

  // panels: those of the home config in its order, then any other counted id (a panel since removed)
  const counted = new Map<string, { views: number; clicks: number }>();
  for (const x of panelRows) {
    const c = counted.get(x.key) ?? { views: 0, clicks: 0 };
    if (x.metric === 'panel_view') c.views += Number(x.n);
    else c.clicks += Number(x.n);
    counted.set(x.key, c);
  }
  const known = panelsOf(app);
  const panels: UsageReport['panels'] = known.map((p) => ({ moduleId: p.id, title: p.title, type: p.type, ...(counted.get(p.id) ?? { views: 0, clicks: 0 }) }));
  for (const [id, c] of counted) if (!known.some((p) => p.id === id)) panels.push({ moduleId: id, title: MSG.analyticsPanelRemoved, type: null, ...c });

  const opened = resourceRows.map((x) => {
    const at = x.key.lastIndexOf(':');
    return { type: x.key.slice(0, at), id: Number(x.key.slice(at + 1)), opens: Number(x.n) };
  });
  const ids = opened.map((o) => o.id).filter((id) => Number.isSafeInteger(id) && id > 0);
  const titles = new Map<number, string>();
  if (ids.length) for (const t of await db.selectFrom('resources').select(['id', 'title']).where('id', 'in', ids).execute()) titles.set(t.id, t.title);

  return {
    ...r,
    days,
    previousDays,
    totals: totalsOf(days),
    previousTotals: totalsOf(previousDays),
    panels,
    resources: opened.map((o) => ({ ...o, title: titles.get(o.id) ?? MSG.analyticsResourceRemoved })),
    searches: searchRows.map((x) => ({ query: x.key, count: Number(x.n) })),
    zeroSearches: zeroRows.map((x) => ({ query: x.key, count: Number(x.n) })),
  };
}
