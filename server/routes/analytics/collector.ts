/**
 * The beacon collector (docs/decisions.md 318-320, 405): beacons are counted in memory and
 * flushed every few seconds as daily aggregates, one upsert per (application, day, metric, key) in
 * `usage_daily` (adding to the stored count, so several processes add up), and the day's distinct
 * visitors as salted hashes in `usage_visitors` (a unique key: a visitor is counted once per day
 * whichever process saw them). A beacon costs no hashing and no write: `add` only counts in memory,
 * and the flush hashes each distinct visitor once (decision 342). Each flush is one transaction; a
 * flush that fails puts its counts back for the next one; `stop` flushes what is left (the
 * server's onClose).
 *
 * What a site can gain a day is bounded whatever is sent (decision 405): a keyed metric (panel views
 * and clicks, resource opens, searches, zero-result searches) keeps at most KEYS_PER_DAY distinct keys
 * per application and day, one visitor brings at most VISITOR_NEW_KEYS of them and (unless it is an
 * address standing for many browsers) adds at most VISITOR_EVENTS events a day; the events of any other key are counted in the metric's one 其他 row
 * (key OTHER_KEY), so totals stay whole. Once a day the past week's days are cut to their top
 * KEYS_KEPT keys per metric, the rest added to 其他 ({@link UsageCollector.compact}).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { UsageMetric } from '../../../common/analytics.js';
import { formatLocal } from '../../../common/dates.js';
import type { BeaconEvent } from './schema.js';
import { OTHER_KEY } from '../../analytics/readings.js';

/** Rows per statement (5 values each: far below SQLite's and PostgreSQL's limits). */
const CHUNK = 500;
/** Distinct visitor hashes remembered per process to skip re-inserting them (cleared with the day). */
const SEEN_MAX = 200_000;

/** Distinct keys a keyed metric keeps per application and day while the day runs (decision 405). */
export const KEYS_PER_DAY = 500;
/** Distinct keys a keyed metric keeps per application for a past day: its top ones (decision 405). */
export const KEYS_KEPT = 100;
/** New keys one visitor may bring to an application's metrics per day (decision 405). */
export const VISITOR_NEW_KEYS = 100;
/**
 * Events one visitor may add to an application per day; further ones are not counted (decision 405).
 * Not for an address visitor (ADDRESS_VISITOR): it stands for every browser behind the address.
 */
export const VISITOR_EVENTS = 10_000;
/** How the id of an address visitor begins (./visitors.ts: an address past its issued ids). */
export const ADDRESS_VISITOR = 'a';
/** The key of a keyed metric's 其他 row (server/analytics/readings.ts). */
export { OTHER_KEY };
/** The metrics whose key names something a beacon chooses (decision 405); the others keep key ''. */
export const KEYED_METRICS: readonly UsageMetric[] = ['panel_view', 'panel_click', 'resource_open', 'search', 'search_zero'];
const KEYED = new Set<string>(KEYED_METRICS);
/** Visitors whose daily budget is remembered per process; beyond, a new visitor brings no new key. */
const VISITORS_MAX = 200_000;
/** How many past days the daily compaction looks at (a server down for a few days catches up). */
const COMPACT_DAYS = 7;

/** The local calendar day of `d` as YYYY-MM-DD (the server's time zone; decision 319). */
export function localDay(d: Date): string {
  return formatLocal(d);
}

/** The salted hash of a visitor id for one application and day (never stored raw; decision 320). */
export function visitorHash(secret: string, applicationId: number, day: string, visitorId: string): string {
  return crypto.createHmac('sha256', secret).update(`usage\n${applicationId}\n${day}\n${visitorId}`).digest('base64url').slice(0, 32);
}

/** The query of a search as counted: trimmed, spaces folded, lower-case (so 'AI' and 'ai ' count together). */
export const normaliseQuery = (q: string): string => q.trim().replace(/\s+/g, ' ').toLowerCase();

/** The metric and key each event adds one to (a search with no hit adds to `search_zero` too). */
export function countsOf(e: BeaconEvent): Array<[UsageMetric, string]> {
  switch (e.k) {
    case 'pageview':
      return [['pageview', '']];
    case 'signin':
      return [['signin', '']];
    case 'panel_view':
    case 'panel_click':
      return [[e.k, e.m]];
    case 'resource_open':
      return [['resource_open', `${e.t}:${e.i}`]];
    case 'search': {
      const q = normaliseQuery(e.q);
      return e.n === 0
        ? [
            ['search', q],
            ['search_zero', q],
          ]
        : [['search', q]];
    }
  }
}

/** One keyed metric of one application and day, as this process knows it. */
interface KeyGroup {
  /** keys counted under their own name: stored, or waiting for the flush (at most KEYS_PER_DAY) */
  known: Set<string>;
  /** keys known to be stored */
  stored: Set<string>;
  /** the stored keys reached KEYS_PER_DAY: only `known` keys are counted apart */
  full: boolean;
}

/** What one visitor used of an application's day. */
interface VisitorBudget {
  keys: number;
  events: number;
}

/** The day of a map key `appId\tday\t…`. */
const dayPart = (k: string) => k.split('\t', 2)[1];

/** See the file comment. */
export class UsageCollector {
  /** `appId\tday\tmetric\tkey` → count not yet flushed */
  private counts = new Map<string, number>();
  /**
   * `appId\tday\tvisitorId` of visitors not yet flushed: the id as the route gave it, kept in memory
   * only until the next flush, which stores its salted hash (never the id itself; decision 320)
   */
  private visitors = new Set<string>();
  /** visitors already written today by this process */
  private seen = new Set<string>();
  private seenDay = '';
  /** `appId\tday\tmetric` → the keys of a keyed metric (decision 405) */
  private groups = new Map<string, KeyGroup>();
  /** `appId\tday\tvisitorId` → what the visitor used of the day (decision 405) */
  private budgets = new Map<string, VisitorBudget>();
  /** the day the groups and budgets were last pruned, and the last day compacted up to */
  private prunedDay = '';
  private compactedDay = '';
  /** the local day of the last beacon and the instants (ms) it runs from and up to */
  private day = '';
  private dayFrom = 0;
  private dayTo = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** beacons and events counted since start (for the benchmark and tests) */
  accepted = { beacons: 0, events: 0 };

  constructor(
    private db: Db,
    private secret: string,
    private intervalMs = 3000,
  ) {}

  /** Starts the periodic flush (unref'd: it never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.flush().catch(() => undefined);
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops the periodic flush and writes what is left. Rejects when that last write fails. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /**
   * Counts one beacon's events for the application on the day of `now`; a beacon with a page view
   * counts its visitor (`visitorId`: the signed-in user's id, the server-issued visitor id or the
   * address, server/routes/analytics/visitors.ts) as one of the day's distinct visitors. Within the
   * bounds of decision 405: a key beyond them is counted as 其他, events beyond the visitor's day are
   * not counted. Synchronous: nothing is written here.
   */
  add(applicationId: number, visitorId: string, events: readonly BeaconEvent[], now = new Date()): void {
    const day = this.dayOf(now);
    const budget = this.budgetOf(`${applicationId}\t${day}\t${visitorId}`);
    const most = visitorId.startsWith(ADDRESS_VISITOR) ? Infinity : VISITOR_EVENTS;
    let view = false;
    let counted = 0;
    for (const e of events) {
      if (budget.events >= most) break;
      budget.events++;
      counted++;
      if (e.k === 'pageview') view = true;
      let claimed = false;
      for (const [metric, key] of countsOf(e)) {
        let kept = key;
        if (KEYED.has(metric)) {
          const admitted = this.admit(`${applicationId}\t${day}\t${metric}`, key, claimed || budget.keys < VISITOR_NEW_KEYS);
          if (admitted === 'new' && !claimed) {
            claimed = true;
            budget.keys++;
          }
          if (admitted === 'other') kept = OTHER_KEY;
        }
        const k = `${applicationId}\t${day}\t${metric}\t${kept}`;
        this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
      }
    }
    // the hash is the flush's work, once per distinct visitor (a visitor sends many beacons)
    if (view) this.visitors.add(`${applicationId}\t${day}\t${visitorId}`);
    this.accepted.beacons++;
    this.accepted.events += counted;
  }

  /** The visitor's budget of the day (a fresh one, not remembered, once VISITORS_MAX are: it brings no new key). */
  private budgetOf(k: string): VisitorBudget {
    let b = this.budgets.get(k);
    if (!b) {
      if (this.budgets.size >= VISITORS_MAX) return { keys: VISITOR_NEW_KEYS, events: 0 };
      this.budgets.set(k, (b = { keys: 0, events: 0 }));
    }
    return b;
  }

  /** Whether `key` of the group is counted apart ('known', or 'new' when it takes a place) or as 其他. */
  private admit(group: string, key: string, mayAdd: boolean): 'known' | 'new' | 'other' {
    if (key === OTHER_KEY) return 'other';
    let g = this.groups.get(group);
    if (!g) this.groups.set(group, (g = { known: new Set(), stored: new Set(), full: false }));
    if (g.known.has(key)) return 'known';
    if (g.full || !mayAdd || g.known.size >= KEYS_PER_DAY) return 'other';
    g.known.add(key);
    return 'new';
  }

  /** The local day of `now`, worked out again only when `now` leaves the day last worked out. */
  private dayOf(now: Date): string {
    const t = now.getTime();
    if (t < this.dayFrom || t >= this.dayTo) {
      this.day = localDay(now);
      this.dayFrom = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
      this.dayTo = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
    }
    return this.day;
  }

  /** Writes the counts gathered so far (one flush at a time; a second call waits for the first). */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  /** Forgets the key groups and visitor budgets of days before yesterday (once a day). */
  private prune(today: string): void {
    if (this.prunedDay === today) return;
    this.prunedDay = today;
    const d = new Date();
    const yesterday = localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1));
    const old = (k: string) => {
      const day = dayPart(k);
      return day !== today && day !== yesterday;
    };
    for (const k of this.groups.keys()) if (old(k)) this.groups.delete(k);
    for (const k of this.budgets.keys()) if (old(k)) this.budgets.delete(k);
  }

  private async write(): Promise<void> {
    const today = localDay(new Date());
    this.prune(today);
    if (this.compactedDay !== today) {
      // a failed compaction is tried again at the next flush; it never holds back the counts
      try {
        await this.compact(today);
        this.compactedDay = today;
      } catch {
        /* next flush */
      }
    }
    if (!this.counts.size && !this.visitors.size) return;
    const counts = this.counts;
    const visitors = this.visitors;
    this.counts = new Map();
    this.visitors = new Set();
    let rows = [...counts].map(([k, count]) => {
      const [app, day, metric, key] = k.split('\t');
      return { application_id: Number(app), day, metric, key, count };
    });
    // each distinct visitor hashed once; one already written today by this process is not written again
    const hashed = new Set<string>();
    let vrows: Array<{ application_id: number; day: string; visitor_hash: string }> = [];
    for (const v of visitors) {
      const [app, day] = v.split('\t', 2);
      const visitor_hash = visitorHash(this.secret, Number(app), day, v.slice(app.length + day.length + 2));
      const seenKey = `${app}\t${day}\t${visitor_hash}`;
      if (this.seen.has(seenKey) || hashed.has(seenKey)) continue;
      hashed.add(seenKey);
      vrows.push({ application_id: Number(app), day, visitor_hash });
    }
    /** what the flush learnt of each group: keys now stored, keys that went to 其他, whether it is full */
    const learnt = new Map<string, { stored: string[]; other: string[]; full: boolean }>();
    try {
      // one transaction: the counts of a flush are written whole or not at all
      await this.db.transaction().execute(async (trx) => {
        // an application deleted since its beacons came: its counts are dropped (the foreign key would refuse them)
        const ids = [...new Set(rows.map((r) => r.application_id).concat(vrows.map((r) => r.application_id)))];
        const live = new Set((await trx.selectFrom('applications').select('id').where('id', 'in', ids).execute()).map((a) => a.id));
        const keep = <T extends { application_id: number }>(list: T[]) => list.filter((r) => live.has(r.application_id));
        rows = keep(rows);
        vrows = keep(vrows);
        // the stored bound (decision 405): a key not yet stored takes one of the group's free places, the
        // most counted first; without one it goes to 其他 (several processes may each fill the last places)
        const fresh = new Map<string, typeof rows>();
        const byKey = new Map<string, (typeof rows)[number]>();
        for (const r of rows) {
          byKey.set(`${r.application_id}\t${r.day}\t${r.metric}\t${r.key}`, r);
          if (!KEYED.has(r.metric) || r.key === OTHER_KEY) continue;
          const group = `${r.application_id}\t${r.day}\t${r.metric}`;
          if (this.groups.get(group)?.stored.has(r.key)) continue;
          const list = fresh.get(group) ?? [];
          list.push(r);
          fresh.set(group, list);
        }
        const folded = new Set<(typeof rows)[number]>();
        for (const [group, list] of fresh) {
          const [app, day, metric] = group.split('\t');
          const inGroup = trx.selectFrom('usage_daily').where('application_id', '=', Number(app)).where('day', '=', day).where('metric', '=', metric);
          const stored = Number(
            (
              await inGroup
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('key', '!=', OTHER_KEY)
                .executeTakeFirstOrThrow()
            ).n,
          );
          const found = new Set<string>();
          for (let i = 0; i < list.length; i += CHUNK) {
            const keys = list.slice(i, i + CHUNK).map((r) => r.key);
            for (const x of await inGroup.select('key').where('key', 'in', keys).execute()) found.add(x.key);
          }
          let room = KEYS_PER_DAY - stored;
          const l = { stored: [...found], other: [] as string[], full: false };
          list.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
          for (const r of list) {
            if (found.has(r.key)) continue;
            if (room > 0) {
              room--;
              l.stored.push(r.key);
            } else {
              l.other.push(r.key);
              folded.add(r);
              const otherKey = `${app}\t${day}\t${metric}\t${OTHER_KEY}`;
              const other = byKey.get(otherKey);
              if (other) other.count += r.count;
              else {
                const row = { application_id: Number(app), day, metric, key: OTHER_KEY, count: r.count };
                byKey.set(otherKey, row);
                rows.push(row);
              }
            }
          }
          l.full = room <= 0;
          learnt.set(group, l);
        }
        if (folded.size) rows = rows.filter((r) => !folded.has(r));
        for (let i = 0; i < rows.length; i += CHUNK) {
          await trx
            .insertInto('usage_daily')
            .values(rows.slice(i, i + CHUNK))
            .onConflict((oc) =>
              oc.columns(['application_id', 'day', 'metric', 'key']).doUpdateSet((eb) => ({ count: eb('usage_daily.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
        }
        for (let i = 0; i < vrows.length; i += CHUNK) {
          await trx
            .insertInto('usage_visitors')
            .values(vrows.slice(i, i + CHUNK))
            .onConflict((oc) => oc.columns(['application_id', 'day', 'visitor_hash']).doNothing())
            .execute();
        }
      });
    } catch (err) {
      // nothing was written (one transaction): keep the counts for the next flush
      for (const [k, n] of counts) this.counts.set(k, (this.counts.get(k) ?? 0) + n);
      for (const v of visitors) this.visitors.add(v);
      throw err;
    }
    // what the groups now know: stored keys are counted apart without asking again; a key that went to
    // 其他 is no longer counted apart, nor is any new key of a full group
    for (const [group, l] of learnt) {
      const g = this.groups.get(group);
      if (!g) continue;
      for (const k of l.stored) g.stored.add(k);
      for (const k of l.other) g.known.delete(k);
      if (l.full) g.full = true;
    }
    if (today !== this.seenDay || this.seen.size + hashed.size > SEEN_MAX) {
      this.seen.clear();
      this.seenDay = today;
    }
    for (const v of hashed) if (v.split('\t', 2)[1] === today) this.seen.add(v);
  }

  /**
   * Cuts the past days before `today` (YYYY-MM-DD; the last COMPACT_DAYS of them) to their top KEYS_KEPT
   * keys per application and keyed metric (most counted first, then by key), adding the counts of the
   * others to the metric's 其他 row (decision 405): a day's totals are unchanged. One transaction per
   * application, day and metric; running it again changes nothing. Rejects when a statement fails.
   */
  async compact(today: string): Promise<void> {
    const t = new Date(`${today}T12:00:00`);
    const from = localDay(new Date(t.getFullYear(), t.getMonth(), t.getDate() - COMPACT_DAYS));
    const apps = await this.db.selectFrom('applications').select('id').execute();
    for (const { id } of apps) {
      const over = await this.db
        .selectFrom('usage_daily')
        .select(['day', 'metric'])
        .where('application_id', '=', id)
        .where('day', '>=', from)
        .where('day', '<', today)
        .where('metric', 'in', [...KEYED_METRICS])
        .where('key', '!=', OTHER_KEY)
        .groupBy(['day', 'metric'])
        .having((eb) => eb.fn.countAll(), '>', KEYS_KEPT)
        .execute();
      for (const { day, metric } of over) {
        await this.db.transaction().execute(async (trx) => {
          const inGroup = trx.selectFrom('usage_daily').where('application_id', '=', id).where('day', '=', day).where('metric', '=', metric);
          const top = (await inGroup.select('key').where('key', '!=', OTHER_KEY).orderBy('count', 'desc').orderBy('key').limit(KEYS_KEPT).execute()).map(
            (x) => x.key,
          );
          const rest = Number(
            (
              await inGroup
                .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.val(0)).as('n'))
                .where('key', '!=', OTHER_KEY)
                .where('key', 'not in', top)
                .executeTakeFirstOrThrow()
            ).n,
          );
          await trx
            .deleteFrom('usage_daily')
            .where('application_id', '=', id)
            .where('day', '=', day)
            .where('metric', '=', metric)
            .where('key', '!=', OTHER_KEY)
            .where('key', 'not in', top)
            .execute();
          await trx
            .insertInto('usage_daily')
            .values({ application_id: id, day, metric, key: OTHER_KEY, count: rest })
            .onConflict((oc) =>
              oc.columns(['application_id', 'day', 'metric', 'key']).doUpdateSet((eb) => ({ count: eb('usage_daily.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
        });
      }
    }
  }
}
