/**
 * Benchmark:
 * Atrium from source (`tsx server/main.ts`, NODE_ENV=test so that no per-address limit applies: the worst
 * case) on a fresh SQLite file with the demo site on host `localhost`, in a child process on loopback.
 *
 * 1. Flood: BENCH_BEACONS (default 3,700) beacons from one address, BENCH_CONNECTIONS (default 16) at a
 *    time, each of 50 `search` events with a new query and no hit (so each event names a new search term
 *    and a new zero-result term, as the flood of the issue did), with no cookie.
 * 2. After the collector's flush: the rows and bytes `usage_daily` gained, and how the beacons were
 *    answered.
 * 3. Made-up visitors: BENCH_COOKIES (default 200) beacons with a page view from another address
 *    (127.0.0.2), each with a made-up XSRF-TOKEN and a made-up `atrium_visitor` cookie: the distinct
 *    visitors `usage_visitors` gained.
 * 4. A draft host and an unknown host (from 127.0.0.3): how each beacon is answered (status, body,
 *    cookies), and the rows the draft gained.
 * 5. The console's report (GET /api/v1/applications/{id}/analytics, the data of /console/analysis) of
 *    the last 7 days as a super manager, BENCH_ROUNDS (default 5) times: its time, and the time of a GET
 *    /healthz sent 5 ms after it (what any other request waits while the report holds the event loop);
 *    the /healthz time alone as a baseline. Medians and maxima.
 * 6. The same for a report of 366 days after a year of the most a site keeps (decision 405): each of
 *    the 365 days before today with BENCH_YEAR_KEYS (default 100, KEYS_KEPT) keys per keyed metric plus
 *    其他, and BENCH_YEAR_VISITORS (default 1,000) visitors, written straight into the database.
 *
 * Bounded in count and time: the flood stops after BENCH_FLOOD_SECONDS (default 120) whatever was sent.
 *
 *   npx tsx bench/analytics-flood.ts
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../e2e/freePort.js';
import { median, repoRoot } from './portal.js';

const BEACONS = Number(process.env.BENCH_BEACONS ?? 3700);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const COOKIES = Number(process.env.BENCH_COOKIES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 120);
const EVENTS = 50;
/** The year of part 6: keys per keyed metric a day (KEYS_KEPT of decision 405) and visitors a day. */
const YEAR_KEYS = Number(process.env.BENCH_YEAR_KEYS ?? 100);
const YEAR_VISITORS = Number(process.env.BENCH_YEAR_VISITORS ?? 1000);

interface Answer {
  status: number;
  body: string;
  cookies: string[];
  ms: number;
}

/** One HTTP request on loopback with `agent`; resolves with the answer and its time in ms. */
function request(
  agent: http.Agent,
  port: number,
  opts: { method: string; path: string; host?: string; headers?: Record<string, string>; body?: string; from?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        // another loopback address: another client address for the server's per-address counts
        ...(opts.from ? { localAddress: opts.from, agent: false } : {}),
        method: opts.method,
        path: opts.path,
        headers: { host: opts.host ?? `localhost:${port}`, ...(opts.body ? { 'content-type': 'text/plain;charset=UTF-8' } : {}), ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, body, cookies: setCookie.map((c) => c.split(';')[0]), ms: performance.now() - t0 });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Starts the server from source on a fresh data folder; resolves once /healthz answers. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-flood-'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    ATRIUM_DATA_DIR: dataDir,
    DATABASE_URL: path.join(dataDir, 'atrium.db'),
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    if (Date.now() > until) throw new Error(`server not ready: ${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { port, dataDir, stop };
}

/** Sends `count` requests made by `make(i)`, `connections` at a time, for at most `seconds`; answers their statuses. */
async function flood(count: number, connections: number, seconds: number, make: (i: number) => Promise<Answer>) {
  const statuses = new Map<number, number>();
  let next = 0;
  const until = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count && Date.now() < until) {
        const r = await make(next++);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    }),
  );
  return { sent: next, seconds: (performance.now() - t0) / 1000, statuses: [...statuses].map(([s, n]) => `${n}×${s}`).join(', ') };
}

async function main() {
  const server = await startServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 4 });
  const file = path.join(server.dataDir, 'atrium.db');
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  try {
    const appId = (db.prepare("SELECT id FROM applications WHERE host = 'localhost'").get() as { id: number }).id;
    // a super manager with a session, written straight into the database (no SMS sign-in needed)
    const now = new Date().toISOString();
    const userId = Number(
      db
        .prepare("INSERT INTO users (phone, email, name, affiliation, role, anonymous, created_at) VALUES ('13900000000', NULL, 'bench', '', 'super', 0, ?)")
        .run(now).lastInsertRowid,
    );
    const token = crypto.randomBytes(24).toString('base64url');
    db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      crypto.createHash('sha256').update(token).digest('hex'),
      userId,
      now,
      new Date(Date.now() + 86_400_000).toISOString(),
    );
    // a draft application (never released)
    db.prepare(
      "INSERT INTO applications (name, host, status, home_config, header_config, footer_config, theme_config, created_at, updated_at) VALUES ('草稿站点', 'draft.bench.test', 'draft', '[]', '{}', '{}', '{}', ?, ?)",
    ).run(now, now);

    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const usageBytes = () => {
      try {
        return (
          db.prepare("SELECT COALESCE(SUM(pgsize), 0) AS n FROM dbstat WHERE name IN ('usage_daily', 'sqlite_autoindex_usage_daily_1')").get() as { n: number }
        ).n;
      } catch {
        return NaN; // no dbstat in this SQLite build
      }
    };
    /** Waits until the collector's flush (every 3 s) has written everything: `usage_daily` unchanged for 4 s. */
    const settle = async () => {
      let last = -1;
      for (let i = 0; i < 60; i++) {
        await new Promise((r) => setTimeout(r, 4000));
        const n = count('usage_daily') + count('usage_visitors');
        if (n === last) return;
        last = n;
      }
    };

    const rows0 = count('usage_daily');
    const bytes0 = usageBytes();
    const beacon = (i: number) =>
      request(agent, server.port, {
        method: 'POST',
        path: '/api/v1/analytics/beacon',
        body: JSON.stringify({
          e: Array.from({ length: EVENTS }, (_, j) => ({ k: 'search', q: `洪水 ${i} ${j} ${crypto.randomBytes(4).toString('hex')}`, n: 0 })),
        }),
      });
    const f = await flood(BEACONS, CONNECTIONS, FLOOD_SECONDS, beacon);
    await settle();
    const rows1 = count('usage_daily');
    const bytes1 = usageBytes();

    const visitors0 = count('usage_visitors');
    const madeUp = await flood(COOKIES, 4, 60, () =>
      request(agent, server.port, {
        method: 'POST',
        path: '/api/v1/analytics/beacon',
        body: JSON.stringify({ e: [{ k: 'pageview', p: '/' }] }),
        from: '127.0.0.2',
        headers: { cookie: `XSRF-TOKEN=${crypto.randomBytes(18).toString('base64url')}; atrium_visitor=${crypto.randomBytes(24).toString('base64url')}` },
      }),
    );
    await settle();
    const visitors1 = count('usage_visitors');

    const hostAnswer = async (host: string) => {
      const r = await request(agent, server.port, {
        method: 'POST',
        path: '/api/v1/analytics/beacon',
        host,
        body: JSON.stringify({ e: [{ k: 'pageview', p: '/' }] }),
        from: '127.0.0.3',
      });
      return `${r.status} ${JSON.stringify(r.body)} cookies [${r.cookies.map((c) => c.split('=')[0]).join(', ')}]`;
    };
    const draft = await hostAnswer('draft.bench.test');
    const unknown = await hostAnswer('nobody.bench.test');
    await settle();
    const draftRows = (
      db.prepare("SELECT COUNT(*) AS n FROM usage_daily WHERE application_id = (SELECT id FROM applications WHERE host = 'draft.bench.test')").get() as {
        n: number;
      }
    ).n;

    // the report, and a /healthz sent 5 ms after it; /healthz alone as the baseline
    const cookie = `atrium_session=${token}`;
    const measureReport = async (query: string) => {
      const idle: number[] = [];
      const took: number[] = [];
      const waits: number[] = [];
      let status = 0;
      let size = 0;
      for (let i = 0; i < ROUNDS; i++) {
        idle.push((await request(agent, server.port, { method: 'GET', path: '/healthz' })).ms);
        const report = request(agent, server.port, { method: 'GET', path: `/api/v1/applications/${appId}/analytics${query}`, headers: { cookie } });
        await new Promise((r) => setTimeout(r, 5));
        const health = request(agent, server.port, { method: 'GET', path: '/healthz' });
        const [r, h] = await Promise.all([report, health]);
        status = r.status;
        size = r.body.length;
        took.push(r.ms);
        waits.push(h.ms);
      }
      return { idle, took, waits, status, size };
    };
    const afterFlood = await measureReport('');

    // a year of the most a site can keep (decision 405): each past day at KEYS_KEPT keys per keyed metric
    // plus 其他, and YEAR_VISITORS visitors a day; the report of the whole 366 days
    const day = (n: number) => {
      const d = new Date();
      const x = new Date(d.getFullYear(), d.getMonth(), d.getDate() - n);
      return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    };
    const putRow = db.prepare('INSERT OR IGNORE INTO usage_daily (application_id, day, metric, key, count) VALUES (?, ?, ?, ?, ?)');
    const putVisitor = db.prepare('INSERT OR IGNORE INTO usage_visitors (application_id, day, visitor_hash) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (let n = 1; n <= 365; n++) {
        const d = day(n);
        for (const metric of ['pageview', 'signin']) putRow.run(appId, d, metric, '', 500);
        for (const metric of ['panel_view', 'panel_click', 'resource_open', 'search', 'search_zero']) {
          putRow.run(appId, d, metric, '', 1000);
          for (let k = 0; k < YEAR_KEYS; k++)
            putRow.run(appId, d, metric, metric === 'resource_open' ? `article:${n * 1000 + k}` : `词${n}-${k}`, YEAR_KEYS - k + 1);
        }
        for (let v = 0; v < YEAR_VISITORS; v++) putVisitor.run(appId, d, crypto.randomBytes(24).toString('base64url').slice(0, 32));
      }
    })();
    const yearRows = count('usage_daily');
    const year = await measureReport(`?from=${day(365)}&to=${day(0)}`);

    const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
    const ms = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    console.log(`Analytics flood (SQLite, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}):`);
    console.log(
      `  flood: ${f.sent} beacons of ${EVENTS} new search terms (no hit) in ${f.seconds.toFixed(1)} s (${CONNECTIONS} connections, one address), answered ${f.statuses}`,
    );
    console.log(`  usage_daily: ${rows0} → ${rows1} rows (+${rows1 - rows0}), ${kb(bytes0)} → ${kb(bytes1)} (+${kb(bytes1 - bytes0)})`);
    console.log(`  made-up cookies: ${madeUp.sent} beacons with a page view and made-up cookies (${madeUp.statuses}): +${visitors1 - visitors0} visitors`);
    console.log(`  draft host: ${draft}; unknown host: ${unknown}; rows of the draft: ${draftRows}`);
    console.log(
      `  report after the flood (GET /api/v1/applications/${appId}/analytics, the last 7 days; ${afterFlood.status}, ${kb(afterFlood.size)}), ${ROUNDS} rounds: ${ms(afterFlood.took)}`,
    );
    console.log(`    /healthz sent 5 ms after it: ${ms(afterFlood.waits)}; alone: ${ms(afterFlood.idle)}`);
    console.log(
      `  report of 366 days over a year of ${YEAR_KEYS} keys per keyed metric a day plus 其他 and ${YEAR_VISITORS} visitors a day (${yearRows} usage_daily rows; ${year.status}, ${kb(year.size)}): ${ms(year.took)}`,
    );
    console.log(`    /healthz sent 5 ms after it: ${ms(year.waits)}; alone: ${ms(year.idle)}`);
  } finally {
    db.close();
    agent.destroy();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
