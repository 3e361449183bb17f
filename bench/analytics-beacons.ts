/**
 * Benchmark: 10,000 beacons in a burst neither slow the visitor's
 * home page by more than 10 % nor lose a count. Atrium runs as `npm start` runs it (built app, fresh
 * SQLite database, demo site on host `localhost`) in a child process. Each round measures `GET /` of the
 * demo site at HOME_RATE requests a second over 4 connections (autocannon, in this process) twice,
 * interleaved:
 *   baseline = no beacons, BASELINE_SECONDS seconds;
 *   control  = while a second process (autocannon's CLI) sends 10,000 GET /healthz with 50 connections:
 *              what the load generator itself costs the home page on the same machine;
 *   burst    = while a second process (autocannon's CLI) POSTs 10,000 beacons to /api/v1/analytics/beacon
 *              with 50 connections, as sendBeacon sends them (text/plain, no XSRF header, no signature),
 *              each `{ e: [pageview, panel_click] }`.
 *   BENCH_BEACON_RATE=n sends both at n requests a second instead of as fast as the generator can.
 * Prints the median home latency (mean, p50, p99) and throughput of each, the ratio burst / baseline of
 * the mean latency, and the beacons' own rate. Then the server is stopped (SIGTERM: the collector's last flush) and the stored
 * aggregates are read back: page views and panel clicks must equal the beacons sent (ROUNDS × 10,000
 * each). Goal: latency ratio <= 1.10, 0 errors, no count lost.
 *
 *   npm run build && npx tsx bench/analytics-beacons.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { median, repoRoot, startAtrium } from './portal.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BEACONS = Number(process.env.BENCH_BEACONS ?? 10_000);
/** Beacons in flight at once during the burst (and the control). */
const BURST_CONNECTIONS = String(process.env.BENCH_BEACON_CONNECTIONS ?? 50);
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/**
 * BENCH_BEACON_RATE=<n>: the burst (and the control) sent at n requests a second in all instead of as fast
 * as the generator can (decision 367): 1000 is what 10,000 open pages send, each flushing its queue every
 * 10 s (app/site/usage.ts FLUSH_MS).
 */
const BEACON_RATE = process.env.BENCH_BEACON_RATE ? Number(process.env.BENCH_BEACON_RATE) : null;
/** The home page's load during both measurements, requests a second (a busy site; far below saturation). */
const HOME_RATE = Number(process.env.BENCH_HOME_RATE ?? 200);
/**
 * BENCH_PIN=1: the server on CPU 0, this process and the burst's generator on CPU 1 (taskset), so that
 * what the burst costs the home page is the server's work on the beacons, not the generator's share of
 * the same core.
 */
const PIN = process.env.BENCH_PIN === '1';
const pin = (cpu: number, pid: number) => spawnSync('taskset', ['-a', '-pc', String(cpu), String(pid)], { stdio: 'ignore' });
const BODY = JSON.stringify({
  e: [
    { k: 'pageview', p: '/' },
    { k: 'panel_click', m: 'bench-panel' },
  ],
});

interface Home {
  mean: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** Measures GET / until `until` settles (or for `seconds`): 4 connections at HOME_RATE requests a second in all. */
function measureHome(url: string, opts: { seconds?: number; until?: Promise<unknown> }): Promise<Home> {
  return new Promise((resolve, reject) => {
    const inst = autocannon({ url: `${url}/`, connections: 4, overallRate: HOME_RATE, duration: opts.seconds ?? 600 }, (err, r) => {
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve({ mean: r.latency.mean, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.timeouts + r.non2xx });
    });
    void opts.until?.then(() => inst.stop());
  });
}

/**
 * Sends BEACONS beacons with autocannon's CLI in a child process (or, `control`, as many GET /healthz: the
 * same load generator with a trivial answer); resolves with its figures.
 */
function burst(url: string, control = false): Promise<{ seconds: number; ok: number; bad: number }> {
  const bin = path.join(repoRoot, 'node_modules/.bin/autocannon');
  const rate = BEACON_RATE ? ['-R', String(BEACON_RATE)] : [];
  const args = control
    ? ['-j', '-c', BURST_CONNECTIONS, ...rate, '-a', String(BEACONS), `${url}/healthz`]
    : [
        '-j',
        '-c',
        BURST_CONNECTIONS,
        ...rate,
        '-a',
        String(BEACONS),
        '-m',
        'POST',
        '-H',
        'content-type=text/plain;charset=UTF-8',
        '-b',
        BODY,
        `${url}/api/v1/analytics/beacon`,
      ];
  return new Promise((resolve, reject) => {
    const child = PIN
      ? spawn('taskset', ['-c', '1', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out) as { duration: number; '2xx': number; non2xx: number; errors: number; timeouts: number };
      resolve({ seconds: r.duration, ok: r['2xx'], bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

/** Runs the benchmark and prints its figures; returns them. */
export async function benchAnalyticsBeacons() {
  const atrium = await startAtrium();
  if (PIN && atrium.pid) {
    pin(0, atrium.pid);
    pin(1, process.pid);
  }
  const base: Home[] = [];
  const loaded: Home[] = [];
  const control: Home[] = [];
  const bursts: Array<{ seconds: number; ok: number; bad: number }> = [];
  try {
    const res = await fetch(`${atrium.url}/`);
    if (res.status !== 200) throw new Error(`home page not served: ${res.status}`);
    await measureHome(atrium.url, { seconds: 1 }); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      base.push(await measureHome(atrium.url, { seconds: BASELINE_SECONDS }));
      const healthz = burst(atrium.url, true);
      control.push(await measureHome(atrium.url, { until: healthz }));
      await healthz;
      const sent = burst(atrium.url);
      loaded.push(await measureHome(atrium.url, { until: sent }));
      bursts.push(await sent);
    }
  } finally {
    await atrium.stop(); // SIGTERM: the server flushes its last counts
  }
  const db = new Database(path.join(atrium.dataDir, 'atrium.db'), { readonly: true });
  const sum = (metric: string) => (db.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM usage_daily WHERE metric = ?').get(metric) as { n: number }).n;
  const views = sum('pageview');
  const clicks = sum('panel_click');
  const visitors = (db.prepare('SELECT COUNT(*) AS n FROM usage_visitors').get() as { n: number }).n;
  db.close();
  fs.rmSync(atrium.dataDir, { recursive: true, force: true });

  const m = (xs: Home[], k: keyof Home) => median(xs.map((x) => x[k]));
  const accepted = bursts.reduce((n, b) => n + b.ok, 0);
  const refused = bursts.reduce((n, b) => n + b.bad, 0);
  const ratio = m(loaded, 'mean') / m(base, 'mean');
  const line = (xs: Home[]) =>
    `mean ${m(xs, 'mean').toFixed(2)} ms  p50 ${m(xs, 'p50')} ms  p99 ${m(xs, 'p99')} ms  ${m(xs, 'rps').toFixed(0)} req/s  errors ${xs.reduce((n, x) => n + x.errors, 0)}`;
  console.log(
    `Analytics beacons: ${ROUNDS} rounds, GET / of the demo site at ${HOME_RATE} req/s (4 connections), baseline (${BASELINE_SECONDS} s) and during a burst of ${BEACONS} beacons (${BURST_CONNECTIONS} connections, ${BEACON_RATE ? `${BEACON_RATE} a second` : 'as fast as the generator sends them'}), interleaved`,
  );
  console.log(
    `  machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} (other work on the machine moves every figure)${PIN ? '; server pinned to CPU 0, load generators to CPU 1' : ''}`,
  );
  console.log(`  baseline  ${line(base)}`);
  console.log(`  burst     ${line(loaded)}`);
  console.log(`  control   ${line(control)}   (the same generator sending ${BEACONS} GET /healthz instead: its own share of the 2 cores)`);
  console.log(
    `  ratio (burst / baseline, median of mean latency): ${ratio.toFixed(2)}x (goal <= 1.10x); burst / control ${(m(loaded, 'mean') / m(control, 'mean')).toFixed(2)}x`,
  );
  console.log(
    `  beacons: ${accepted} answered 204, ${refused} refused or failed, ${(BEACONS / median(bursts.map((b) => b.seconds))).toFixed(0)} beacons/s (median burst ${median(bursts.map((b) => b.seconds)).toFixed(2)} s)`,
  );
  const expected = ROUNDS * BEACONS;
  console.log(
    `  stored: ${views} page views, ${clicks} panel clicks, ${visitors} distinct visitors (expected ${expected} each): ${views === expected && clicks === expected ? 'no count lost' : 'COUNTS LOST'}`,
  );
  return { base, loaded, bursts, ratio, views, clicks, expected };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchAnalyticsBeacons()
    .then((r) => {
      if (r.views !== r.expected || r.clicks !== r.expected) process.exit(1);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
