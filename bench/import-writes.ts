/**
 * Benchmark (docs/decisions.md 410-411): what a large console import costs the other writes of the
 * server. The server is built as the API tests build it (server/test/harness.ts: a fresh SQLite file, or
 * a fresh PostgreSQL database with ATRIUM_TEST_DB=postgres and TEST_DATABASE_URL), with its task runner.
 * A super manager uploads a generated CSL articles file (BENCH_ROWS rows, default 220,000, about 50 MB:
 * the real titles, keywords and disciplines of ../shared/data/csl-chinese-scientific-literature with a
 * number added to each title and the abstract cut to BENCH_ABSTRACT characters) as an import task;
 * meanwhile a paced writer sends BENCH_WRITE_RATE console writes a second (default 2) through the API,
 * each signed (a request nonce) and audited, alternately a topic's title (one autocommitted update) and a
 * new record in another topic (a transaction that reads, then writes), and /healthz is asked every
 * 100 ms. Every 250 ms the number of the import's records a visitor can see (published links of its
 * topic) is read: 0 until the import publishes, then every row; the samples in between show how long
 * publishing took.
 *
 * Prints: the import's time; the writes sent, refused (status >= 500) and their statuses; the slowest
 * write and the p50 / p99; the slowest /healthz; the visible counts seen while the task ran. Bounded by
 * BENCH_TIMEOUT seconds (default 300). First (BENCH_PREVIEW=0 skips it), the preview of the same file
 * (decision 413): `previewImport` on the file, and POST /api/v1/imports/preview with the file uploaded
 * (through `inject`: the 50 MB multipart body is taken apart in one go, which a socket would spread),
 * each with its time, the event loop's longest hold and the peak resident memory.
 *
 *   npx tsx bench/import-writes.ts
 *   ATRIUM_TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/import-writes.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Db } from '../server/db/index.js';
import { OutboxSmsProvider } from '../server/notify/sms.js';
import { searchRunner } from '../server/search/readPool.js';
import { previewImport } from '../server/import/run.js';
import { Client, freshDatabase, testDialect } from '../server/test/harness.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 220_000);
const ABSTRACT = Number(process.env.BENCH_ABSTRACT ?? 26);
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 2);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 300);
/** BENCH_PREVIEW=0 skips the preview's figure. */
const PREVIEW = process.env.BENCH_PREVIEW !== '0';
/** BENCH_VERBOSE=1 prints each paced write. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const CSL = path.resolve(import.meta.dirname, '../../shared/data/csl-chinese-scientific-literature/csl_benchmark_devtest_joined.tsv');
const TOPIC = '导入压测';

/**
 * Writes a CSL articles TSV of `rows` rows into `file`: the joined file's rows in turn, each title made
 * unique with its number, the abstract cut to `abstractChars` characters. Returns its size in bytes.
 */
export function writeArticlesFile(file: string, rows: number, abstractChars = ABSTRACT): number {
  const lines = fs.readFileSync(CSL, 'utf8').split('\n').filter(Boolean).slice(1);
  const cells = lines.map((l) => l.split('\t'));
  const fd = fs.openSync(file, 'w');
  let buf = 'title\tabstract\tkeywords\tdiscipline\tcategory\n';
  for (let i = 0; i < rows; i++) {
    const c = cells[i % cells.length];
    buf += `${c[1]}（第 ${i} 号）\t${c[2].slice(0, abstractChars)}\t${c[3]}\t${c[4]}\t${c[5]}\n`;
    if (buf.length > 1 << 20) {
      fs.writeSync(fd, buf);
      buf = '';
    }
  }
  fs.writeSync(fd, buf);
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;

/** One timed request: its status and milliseconds. */
async function timed(f: () => Promise<{ status: number }>): Promise<{ status: number; ms: number; at: number }> {
  const at = performance.now();
  try {
    const r = await f();
    return { status: r.status, ms: performance.now() - at, at };
  } catch {
    return { status: 0, ms: performance.now() - at, at };
  }
}

/**
 * The server as `npm start` builds it (server/main.ts: the SQLite file, so that imports run in a worker
 * thread, and the read pool), on a fresh database (server/test/harness.ts freshDatabase), with a
 * super manager signed in by SMS code through the outbox.
 */
async function startServer(): Promise<{ app: FastifyInstance; db: Db; admin: Client; close(): Promise<void> }> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
  const outbox = path.join(dataDir, 'sms.jsonl');
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir, databaseUrl: database.url, secret: 'bench-secret', smsOutbox: outbox, webDir: path.join(dataDir, 'no-web') },
  );
  const file = database.dialect === 'sqlite' ? database.url : undefined;
  const search = searchRunner(database.db, database.dialect, file);
  const app = await buildServer(
    { db: database.db, dialect: database.dialect, config, sms: new OutboxSmsProvider(outbox), search, file },
    { logger: false, web: false },
  );
  await app.ready();
  const phone = '13500000001';
  await database.db
    .insertInto('users')
    .values({ phone, email: null, name: '压测管理员', affiliation: '', role: 'super', anonymous: 0, created_at: new Date().toISOString() })
    .execute();
  const admin = new Client(app, '10.8.0.1');
  await admin.put('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone });
  const code = fs.readFileSync(outbox, 'utf8').match(/\b(\d{6})\b/)?.[1];
  const signed = await admin.post('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone, sms_code: code });
  if (signed.status !== 200) throw new Error(`sign-in: ${signed.status} ${signed.text}`);
  return {
    app,
    db: database.db,
    admin,
    async close() {
      await app.close();
      await search.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Watches the event loop: `stop()` answers a 10 ms timer's greatest lateness since the start, ms. */
function holdWatch(): { stop(): number } {
  let last = performance.now();
  let worst = 0;
  const t = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  return {
    stop() {
      clearInterval(t);
      return Math.max(0, worst, performance.now() - last - 10);
    },
  };
}

/** The peak resident memory of this process while `work` runs (sampled every 20 ms), MB. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number; baseMb: number }> {
  const baseMb = process.memoryUsage().rss / 2 ** 20;
  let peak = baseMb;
  const t = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20);
  }, 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20);
    return { value, peakMb: peak, baseMb };
  } finally {
    clearInterval(t);
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-import-writes-'));
const file = path.join(dir, 'articles.tsv');
const bytes = writeArticlesFile(file, ROWS);
const data = fs.readFileSync(file);
console.log(`Import with paced writes (${testDialect}): ${ROWS.toLocaleString('en')} articles, ${(bytes / 2 ** 20).toFixed(1)} MB`);
if (PREVIEW) {
  // the preview's own work on the file (no upload): time, the event loop's longest hold, memory
  const watch = holdWatch();
  const p = await peakRss(async () => {
    const t0 = performance.now();
    const r = await previewImport('articles', file);
    return { ms: performance.now() - t0, read: r.read };
  });
  console.log(
    `  previewImport of the file: ${ms(p.value.ms)} (${p.value.read.toLocaleString('en')} rows read); event loop held at most ${ms(watch.stop())}; resident memory +${Math.round(p.peakMb - p.baseMb)} MB`,
  );
}
fs.rmSync(file);

const ctx = await startServer();
const deadline = Date.now() + TIMEOUT_S * 1000;
try {
  const admin = ctx.admin;
  const part = { name: 'file', filename: 'articles.tsv', data, type: 'text/tab-separated-values' };

  if (PREVIEW) {
    // the preview alone first, with the event loop watched meanwhile (decision 413)
    const watch = holdWatch();
    const p = await peakRss(() => timed(() => admin.multipart('/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }, part])));
    console.log(
      `  preview: ${p.value.status} in ${ms(p.value.ms)}; event loop held at most ${ms(watch.stop())}; resident memory ${Math.round(p.baseMb)} → peak ${Math.round(p.peakMb)} MB`,
    );
  }

  // the paced writer's own topic, and one record in it per second write
  const other = await admin.post<{ id: number }>('/api/v1/topics', { title: '并发写入', description: null });
  if (other.status !== 201) throw new Error(`topic: ${other.status} ${JSON.stringify(other.body)}`);
  const otherId = other.body.id;
  const writes: Array<{ status: number; ms: number; at: number; kind: string }> = [];
  const healths: Array<{ ms: number; at: number }> = [];
  const visible: Array<{ at: number; n: number }> = [];
  let running = true;

  // each write is due at a fixed time; its time counts from then, so a write the event loop could not
  // even start (held by the import) counts the wait too
  const period = 1000 / WRITE_RATE;
  // the writes are sent at their times whether the earlier ones have answered or not (users act
  // apart); each one's time counts from when it was due
  const sent: Array<Promise<void>> = [];
  const writer = (async (c: Client) => {
    const start = performance.now();
    for (let i = 0; running; i++) {
      const due = start + i * period;
      await sleep(Math.max(0, due - performance.now()));
      const kind = i % 2 ? 'record' : 'topic';
      sent.push(
        (async () => {
          const w =
            kind === 'topic'
              ? await timed(() => c.put(`/api/v1/topics/${otherId}`, { title: `并发写入 ${i}`, cover: null, description: `第 ${i} 次` }))
              : await timed(() => c.post(`/api/v1/topics/${otherId}/resources`, { type: 'news', title: `并发写入的新闻 ${i}`, date: '2026-01-01' }));
          writes.push({ status: w.status, ms: performance.now() - due, at: due, kind });
          if (VERBOSE) console.log(`    write ${i} ${kind}: ${w.status} ${ms(performance.now() - due)} (its request ${ms(w.ms)})`);
        })(),
      );
    }
    await Promise.all(sent);
  })(admin);
  // the event loop's longest hold: a 10 ms timer's greatest lateness
  let lastTick = performance.now();
  const stalls: Array<{ at: number; ms: number }> = [];
  const ticker = setInterval(() => {
    const now = performance.now();
    stalls.push({ at: lastTick, ms: Math.max(0, now - lastTick - 10) });
    lastTick = now;
  }, 10);
  const prober = (async () => {
    while (running) {
      healths.push(await timed(() => admin.get('/healthz')));
      await sleep(100);
    }
  })();
  const counter = (async () => {
    while (running) {
      const r = await ctx.db
        .selectFrom('resource_topics')
        .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
        .where('topics.title', '=', TOPIC)
        .where('resource_topics.published', '=', 1)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      visible.push({ at: performance.now(), n: Number(r.n) });
      await sleep(250);
    }
  })();

  await sleep(2000); // the writes before the import: their usual time
  const t0 = performance.now();
  const queued = await admin.multipart<{ id: number }>('/api/v1/tasks/imports', [{ name: 'kind', value: 'articles' }, { name: 'topic', value: TOPIC }, part]);
  if (queued.status !== 201) throw new Error(`import: ${queued.status} ${JSON.stringify(queued.body)}`);
  let task: { status: string; result?: { inserted: number }; error?: string } = { status: 'queued' };
  while (Date.now() < deadline) {
    task = (await admin.get(`/api/v1/tasks/${queued.body.id}`)).body;
    if (task.status !== 'queued' && task.status !== 'running') break;
    await sleep(250);
  }
  const t1 = performance.now();
  const seconds = (t1 - t0) / 1000;
  running = false;
  await Promise.all([writer, prober, counter]);
  clearInterval(ticker);
  const held = Math.max(0, ...stalls.filter((x) => x.at >= t0 && x.at <= t1).map((x) => x.ms));
  // the writes and probes sent while the task was queued or running (one may have ended after it)
  const during = writes.filter((w) => w.at >= t0 && w.at <= t1);
  const earlier = writes.filter((w) => w.at < t0);
  const probes = healths.filter((h) => h.at >= t0 && h.at <= t1).map((h) => h.ms);

  const durations = during.map((w) => w.ms);
  const failed = during.filter((w) => w.status >= 500 || w.status === 0);
  const statuses = new Map<number, number>();
  for (const w of during) statuses.set(w.status, (statuses.get(w.status) ?? 0) + 1);
  const total = task.result?.inserted ?? ROWS;
  const partial = visible.filter((v) => v.n > 0 && v.n < total);
  const firstSeen = visible.find((v) => v.n > 0);
  const whole = visible.find((v) => v.n >= total);
  const window = partial.length && firstSeen && whole ? (whole.at - firstSeen.at) / 1000 : 0;
  console.log(`  import: ${task.status} in ${seconds.toFixed(1)} s${task.error ? ` (${task.error})` : ''}, ${total.toLocaleString('en')} rows`);
  console.log(
    `  paced writes during the import: ${during.length}, failed ${failed.length} (statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}); ` +
      `slowest ${ms(Math.max(0, ...durations))}, p50 ${ms(pct(durations, 50))}, p99 ${ms(pct(durations, 99))}; ` +
      `before the import: ${earlier.length} (statuses ${[...new Set(earlier.map((w) => w.status))].join(', ')}), slowest ${ms(Math.max(0, ...earlier.map((w) => w.ms)))}`,
  );
  for (const kind of ['topic', 'record']) console.log(`    ${kind}: slowest ${ms(Math.max(0, ...during.filter((w) => w.kind === kind).map((w) => w.ms)))}`);
  console.log(
    `  /healthz every 100 ms during the import: ${probes.length}, slowest ${ms(Math.max(0, ...probes))}, p99 ${ms(pct(probes, 99))}; event loop held at most ${ms(held)}`,
  );
  console.log(
    `  visible records of the import, sampled every 250 ms: ${visible.length} samples, ${partial.length} partial` +
      (partial.length ? ` (${partial.map((v) => v.n).join(', ')}; from the first seen to all: at most ${window.toFixed(2)} s)` : ''),
  );
} finally {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
