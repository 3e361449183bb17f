/**
 * The reads of the console's usage report (docs/decisions.md 408; the report is shaped by
 * server/routes/analytics/service.ts): plain rows in, plain rows out, so that on a SQLite file they run
 * in the read pool's worker thread (server/search/longReads.ts `usageReadings`) and never hold the
 * server's event loop; on PostgreSQL and in memory on the server's connection. Every answer is bounded
 * whatever the range: per day and metric (at most 366 + 366 days), the home config's panels plus
 * REMOVED_PANELS others, and the top TOP keys of each list. Below the routes, so the read pool may
 * import it.
 */
import type { Db } from '../db/index.js';

/**
 * The key of a keyed metric's 其他 row in `usage_daily`: the events of keys beyond the collector's
 * bounds (server/routes/analytics/collector.ts; decision 405). '' is never a module id (at least one
 * character), a resource (`type:id`) or a query (trimmed, at least one character).
 */
export const OTHER_KEY = '';

/** How many resources and searches the report lists. */
export const TOP = 10;
/** How many counted panels no longer in the home config the report names; the rest are 其他. */
export const REMOVED_PANELS = 20;

/** What {@link readUsage} reads: the application, the range and its previous period (days YYYY-MM-DD), the home config's panel ids. */
export interface UsageReadingsArg {
  applicationId: number;
  from: string;
  to: string;
  previousFrom: string;
  panelIds: string[];
}

/** A key and its count over the range. */
export interface KeyCount {
  key: string;
  n: number;
}

/** What {@link readUsage} answers (counts as numbers). */
export interface UsageReadings {
  /** per day of the range and the previous period and metric: the sum of the counts */
  daily: Array<{ day: string; metric: string; n: number }>;
  /** per day: the distinct visitors */
  visitors: Array<{ day: string; n: number }>;
  /** the views and clicks of the home config's panels and of the REMOVED_PANELS most used others */
  panels: Array<{ key: string; views: number; clicks: number }>;
  /** the TOP most opened resources, searches and zero-result searches (never the 其他 row) */
  resources: KeyCount[];
  searches: KeyCount[];
  zeroSearches: KeyCount[];
}

/**
 * Reads the report's rows of `arg.applicationId`: one query per part, each over the PK's range
 * (application, day). Rejects when a query fails.
 */
export async function readUsage(db: Db, arg: UsageReadingsArg): Promise<UsageReadings> {
  const appId = arg.applicationId;
  const daily = await db
    .selectFrom('usage_daily')
    .select(['day', 'metric', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('application_id', '=', appId)
    .where('day', '>=', arg.previousFrom)
    .where('day', '<=', arg.to)
    .where('metric', 'in', ['pageview', 'search', 'search_zero', 'signin', 'panel_view', 'panel_click', 'resource_open'])
    .groupBy(['day', 'metric'])
    .execute();
  const visitors = await db
    .selectFrom('usage_visitors')
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('application_id', '=', appId)
    .where('day', '>=', arg.previousFrom)
    .where('day', '<=', arg.to)
    .groupBy('day')
    .execute();

  const inRange = db.selectFrom('usage_daily').where('application_id', '=', appId).where('day', '>=', arg.from).where('day', '<=', arg.to);
  const panelRows = inRange
    .select([
      'key',
      (eb) => eb.fn.sum<number>(eb.case().when('metric', '=', 'panel_view').then(eb.ref('count')).else(0).end()).as('views'),
      (eb) => eb.fn.sum<number>(eb.case().when('metric', '=', 'panel_click').then(eb.ref('count')).else(0).end()).as('clicks'),
    ])
    .where('metric', 'in', ['panel_view', 'panel_click'])
    .where('key', '!=', OTHER_KEY)
    .groupBy('key');
  const configured = arg.panelIds.length ? await panelRows.where('key', 'in', arg.panelIds).execute() : [];
  let removed = panelRows
    .orderBy((eb) => eb.fn.sum('count'), 'desc')
    .orderBy('key')
    .limit(REMOVED_PANELS);
  if (arg.panelIds.length) removed = removed.where('key', 'not in', arg.panelIds);
  const others = await removed.execute();

  const top = (metric: string) =>
    inRange
      .select(['key', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('metric', '=', metric)
      .where('key', '!=', OTHER_KEY)
      .groupBy('key')
      .orderBy('n', 'desc')
      .orderBy('key')
      .limit(TOP)
      .execute();
  const [resources, searches, zeroSearches] = [await top('resource_open'), await top('search'), await top('search_zero')];

  const keyCounts = (xs: Array<{ key: string; n: number | string }>) => xs.map((x) => ({ key: x.key, n: Number(x.n) }));
  return {
    daily: daily.map((x) => ({ day: x.day, metric: x.metric, n: Number(x.n) })),
    visitors: visitors.map((x) => ({ day: x.day, n: Number(x.n) })),
    panels: [...configured, ...others].map((x) => ({ key: x.key, views: Number(x.views), clicks: Number(x.clicks) })),
    resources: keyCounts(resources),
    searches: keyCounts(searches),
    zeroSearches: keyCounts(zeroSearches),
  };
}
