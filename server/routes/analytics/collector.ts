/**
 * The beacon collector (issue 13 §1; docs/decisions.md 318-320): beacons are counted in memory and
 * flushed every few seconds as daily aggregates, one upsert per (application, day, metric, key) in
 * `usage_daily` (adding to the stored count, so several processes add up), and the day's distinct
 * visitors as salted hashes in `usage_visitors` (a unique key: a visitor is counted once per day
 * whichever process saw them). A beacon costs no hashing and no write: `add` only counts in memory,
 * and the flush hashes each distinct visitor once (decision 342). Each flush is one transaction; a
 * flush that fails puts its counts back for the next one; `stop()` flushes what is left (the
 * server's onClose).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { UsageMetric } from '../../../common/analytics.js';
import type { BeaconEvent } from './schema.js';

/** Rows per statement (5 values each: far below SQLite's and PostgreSQL's limits). */
const CHUNK = 500;
/** Distinct visitor hashes remembered per process to skip re-inserting them (cleared with the day). */
const SEEN_MAX = 200_000;

/** The local calendar day of `d` as YYYY-MM-DD (the server's time zone; decision 319). */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
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
   * counts its visitor (`visitorId`: the signed-in or anonymous user's id, or the browser's XSRF token)
   * as one of the day's distinct visitors. Synchronous: nothing is written here.
   */
  add(applicationId: number, visitorId: string, events: readonly BeaconEvent[], now = new Date()): void {
    const day = this.dayOf(now);
    let view = false;
    for (const e of events) {
      if (e.k === 'pageview') view = true;
      for (const [metric, key] of countsOf(e)) {
        const k = `${applicationId}\t${day}\t${metric}\t${key}`;
        this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
      }
    }
    // the hash is the flush's work, once per distinct visitor (a visitor sends many beacons)
    if (view) this.visitors.add(`${applicationId}\t${day}\t${visitorId}`);
    this.accepted.beacons++;
    this.accepted.events += events.length;
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

  private async write(): Promise<void> {
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
    try {
      // one transaction: the counts of a flush are written whole or not at all
      await this.db.transaction().execute(async (trx) => {
        // an application deleted since its beacons came: its counts are dropped (the foreign key would refuse them)
        const ids = [...new Set(rows.map((r) => r.application_id).concat(vrows.map((r) => r.application_id)))];
        const live = new Set((await trx.selectFrom('applications').select('id').where('id', 'in', ids).execute()).map((a) => a.id));
        const keep = <T extends { application_id: number }>(list: T[]) => list.filter((r) => live.has(r.application_id));
        rows = keep(rows);
        vrows = keep(vrows);
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
    const today = localDay(new Date());
    if (today !== this.seenDay || this.seen.size + hashed.size > SEEN_MAX) {
      this.seen.clear();
      this.seenDay = today;
    }
    for (const v of hashed) if (v.split('\t', 2)[1] === today) this.seen.add(v);
  }
}
