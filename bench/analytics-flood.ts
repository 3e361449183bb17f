/**
 * Benchmark (issue 26 D5 'analytics beacons grow the database without bound and then stall the server'):
 * Atrium from source (`tsx server/main.ts`, NODE_ENV=test so that no per-address limit applies: the worst
 * case) on a fresh SQLite file with the demo site on host `localhost`, in a child process on loopback.
 *
 * 1. Flood: BENCH_BEACONS (default 3,700) beacons from one address, BENCH_CONNECTIONS (default 16) at a
 *    time, each of 50 `search` events with a new query and no hit (so each event names a new search term
 *    and a new zero-result term, as the flood of the issue did), with no cookie.
 * 2. After the collector's flush: the rows and bytes `usage_daily` gained, and how the beacons were
 *    answered.
 * 3. Made-up visitors: BENCH_COOKIES (default 200) beacons with a page view, each with a made-up
 *    XSRF-TOKEN and a made-up `atrium_visitor` cookie: the distinct visitors `usage_visitors` gained.
 * 4. A draft host and an unknown host: how each beacon is answered (status, body, cookies).
 * 5. The console's report (GET /api/v1/applications/{id}/analytics, the data of /console/analysis) as a
 *    super manager, BENCH_ROUNDS (default 5) times: its time, and the time of a GET /healthz sent 5 ms
 *    after it (what any other request waits while the report holds the event loop); the /healthz time
 *    alone as a baseline. Medians and maxima.
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
  opts: { method: string; path: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
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
    const idle: number[] = [];
    const reportMs: number[] = [];
    const waits: number[] = [];
    let reportStatus = 0;
    let reportSize = 0;
    for (let i = 0; i < ROUNDS; i++) {
      idle.push((await request(agent, server.port, { method: 'GET', path: '/healthz' })).ms);
      const report = request(agent, server.port, { method: 'GET', path: `/api/v1/applications/${appId}/analytics`, headers: { cookie } });
      await new Promise((r) => setTimeout(r, 5));
      const health = request(agent, server.port, { method: 'GET', path: '/healthz' });
      const [r, h] = await Promise.all([report, health]);
      reportStatus = r.status;
      reportSize = r.body.length;
      reportMs.push(r.ms);
      waits.push(h.ms);
    }

    const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
    const ms = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    console.log(`Analytics flood (SQLite, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}):`);
    console.log(
      `  flood: ${f.sent} beacons of ${EVENTS} new search terms (no hit) in ${f.seconds.toFixed(1)} s (${CONNECTIONS} connections, one address), answered ${f.statuses}`,
    );
    console.log(`  usage_daily: ${rows0} → ${rows1} rows (+${rows1 - rows0}), ${kb(bytes0)} → ${kb(bytes1)} (+${kb(bytes1 - bytes0)})`);
    console.log(`  made-up cookies: ${madeUp.sent} beacons with a page view and made-up cookies (${madeUp.statuses}): +${visitors1 - visitors0} visitors`);
    console.log(`  draft host: ${draft}; unknown host: ${unknown}; rows of the draft: ${draftRows}`);
    console.log(`  report (GET /api/v1/applications/${appId}/analytics, ${reportStatus}, ${kb(reportSize)}), ${ROUNDS} rounds: ${ms(reportMs)}`);
    console.log(`  /healthz sent 5 ms after the report: ${ms(waits)}; alone: ${ms(idle)}`);
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
