/**
 * Benchmark (docs/decisions.md 672; README 'Benchmarks'): a monitor harvesting BENCH_ROWS records
 * (default 100,000) from a local OAI-PMH source, against the plain import of the same records.
 *
 * The source is Atrium's own provider: a released site whose topic holds the records (Chinese titles,
 * two authors, keywords, an abstract, a journal, a DOI), served by a second Atrium in a child process
 * on a database of its own, as a remote server's is (bench/portal.ts startAtrium; needs `npm run build`
 * first; BENCH_SHARED_SOURCE=1 puts it on the monitor's database, as the runs before 2026-11-30 did), as
 * a library would first try a monitor; the monitor runs in this process. Each round starts from fresh
 * databases (SQLite, or PostgreSQL with ATRIUM_TEST_DB=postgres and TEST_DATABASE_URL), the source's
 * seeded with the records (not timed), then times, in alternating order (monitor first in odd rounds, import first in
 * even ones):
 * - **monitor**: `runMonitorSource` on an OAI-PMH source of a new channel: ListRecords (oai_dc) page by
 *   page through the resumption tokens over HTTP, the streaming XML parse, deduplication, the resource
 *   upsert into the channel's topic and matching against two watch profiles;
 * - **plain import**: `importFiles(db, 'jsonl', …)` of a JSON-lines file of the same records (title,
 *   date, authors, keywords, abstract, journal, DOI), into a topic of its own: the import command's
 *   read, parse and staged upsert.
 * Prints records per second for both per round, their medians and the ratio (goal ≥ 0.5x).
 *
 *   npm run build && npx tsx bench/monitor-harvest.ts
 *   BENCH_ROWS=20000 BENCH_ROUNDS=1 npx tsx bench/monitor-harvest.ts
 *
 * Last measured 2026-11-30 (bd4624a), 100,000 records, 3 rounds, 2 shared cores with two other
 * engineers' work running; records per second:
 * - SQLite (load average 5.3-5.7): monitor median 1,967 (rounds 2,056, 1,967, 1,506), plain import
 *   7,846 (7,846, 7,118, 9,176): 0.25x FAIL (per round 0.26x, 0.28x, 0.16x).
 * - PostgreSQL (load average 5.5-8.1): monitor median 658 (658, 1,710, 489), plain import 1,525 (1,525,
 *   2,533, 1,061): 0.43x FAIL (per round 0.43x, 0.68x, 0.46x).
 * Where the time goes: the monitor waits for its source. At 20,000 records on SQLite the source's
 * answers (fetchText, from the request to the whole body) took 12.8 s of the monitor's 14.5 s run,
 * about 128 ms a page of 200 records, though the same provider answers a page in about 15 ms in
 * bench/oai-harvest.ts; the next page is read while this one is written (decision 672), so landing
 * the records (the upsert, the items, the hits) hides behind the source's answers. Why the source
 * process is that slow here (it shares the 2 cores with the monitor's writes and the other work, and
 * reads the file the monitor writes to) is not yet found.
 * 2026-11-30, later: the source on a database of its own changed nothing (20,000 records, SQLite, one
 * round each: 0.27x own database, 0.27x shared). The source's pages alone, read by a plain client from
 * the 1M file at the same load, took about 40 ms each (20-76 ms); so the monitor's wait for a page is
 * mostly its own event loop busy landing the previous page (SQLite writes run on the main thread): the
 * time to find is in landing (server/monitors/records.ts landRecords: upsertResources, the items, the
 * profile matching) against the import's staged writes.
 * 2026-11-30 09:00-09:20 UTC, a quiet machine (nothing else running, load 1.6-2.3), SQLite:
 * - before decision 699, 20,000 records: 0.27x and 0.28x (monitor 4,131-4,685 records/s, import 14,561-15,913).
 *   A profile of the monitor's process: the event loop busy 80% of the run, 1.35 s of 5 s in SQLite
 *   (0.49 s of it in commits, one per page), 0.42 s decoding the 265 KB pages (UTF-8 of Chinese text at
 *   about 90 MB/s), 0.69 s parsing them, and 1.2 s idle waiting for the source.
 * - pages written 1,000 records a transaction with their token: 0.33x (4,877 against 14,764).
 * - with the pages decoded and parsed in a worker thread and read up to 3 ahead (decision 699),
 *   100,000 records, 3 rounds: monitor median 4,656 records/s (3,975, 4,656, 5,226), plain import
 *   13,882 (11,927, 15,004, 13,882): **0.34x FAIL** (0.33x, 0.31x, 0.38x). The event loop is now idle a
 *   third of the run and the page worker 70%: the harvest waits for the source. The source alone, read
 *   by a plain client page after page with nothing written, gives 10,766-13,199 records/s (12.7-14.9 ms
 *   a page); sharing the 2 cores with the monitor's writes and parse it is slower, and each page can only
 *   be asked for when the one before has arrived (its token). So on these 2 cores the monitor cannot
 *   reach half of an import that has no source to wait for unless the provider's pages get cheaper.
 * - 2026-11-30 13:00 UTC, quiet, after decision 708 (the source's answers encoded in its read worker and
 *   sent as bytes), 100,000 records, 3 rounds: monitor median **6,562** records/s (7,469, 6,067, 6,562),
 *   plain import 15,166 (16,357, 15,166, 12,350): **0.43x FAIL** (0.46x, 0.40x, 0.53x).
 *   Where the CPU goes, 30,000 records (profiles of both processes, SQLite): the monitor's event loop
 *   is busy about 70% of the harvest: SQLite 1.3 s, of which 0.47 s in 30 commits of 1,000 records (the
 *   import's single commit 0.15 s) and about the import's own statement time (0.86 s against 0.84 s for
 *   the same rows, plus the items and hits); the rest is building the rows, the dedup keys and the
 *   index grams. Its page worker is busy about 40% (the XML tokenizer 0.44 s), and the source's read
 *   worker about 30% (SQL 0.24 s, the records' XML). Together that is about four times the import's CPU
 *   for the same records, on two cores. Tried and not kept: a landing that gives the event loop a turn
 *   every 200 records inside its transaction (6,008-6,808 records/s at 30,000), and with it 6 pages read
 *   ahead instead of 3 (7,252-7,693), against 6,599-8,018 without either: the stages already share the
 *   two cores, and the statements only took longer while the others ran beside them. What is left is CPU per record: fewer commits (each holds SQLite's write lock
 *   longer), a cheaper parse, or a cheaper page at the source.
 * - 2026-11-30 17:31-17:34 UTC, quiet, after decision 714 (the harvest read and parsed in the page worker,
 *   which reads on while the monitor writes; the source reached by its address and asked once before
 *   timing), 100,000 records, 3 rounds, two runs: monitor median **8,945** records/s (8,945, 8,387, 9,816)
 *   against the plain import's 17,722 (16,973, 19,960, 17,722): **0.50x PASS** (0.53x, 0.42x, 0.55x); then
 *   **9,095** (8,556, 9,095, 10,240) against 17,871 (17,871, 20,397, 16,252): **0.51x PASS** (0.48x, 0.45x,
 *   0.63x). At the goal's edge: the even rounds, where the import ran first and the monitor writes into a
 *   database that already holds its 100,000 records, are below it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, insertApplication } from '../server/test/harness.js';
import { ensureTopic, upsertResources, type ResourceInput } from '../server/resources/store.js';
import { createProfile, createSource } from '../server/monitors/service.js';
import { runMonitorSource } from '../server/monitors/run.js';
import { importFiles } from '../server/import/run.js';
import { benchArticle, median, startAtrium, type ChildServer } from './portal.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * The source site's host: the address itself, so the monitor reads it as production does, in its page
 * worker (decision 714; a test's resolver, which the runs before 2026-12-01 used for a name, keeps the
 * reads on the caller's thread)
 */
const SOURCE_HOST = '127.0.0.1';
const WORDS = ['棉花', '滴灌', '盐碱地', '节水农业', '遥感', '作物育种', '土壤改良', '病虫害', '气候变化', '农业机械'];

/** Record `i` of the source: the same values go into the JSON-lines file of the import. */
const record = (i: number) => benchArticle(i, WORDS, 'monitor');

async function round(n: number, jsonl: string): Promise<{ monitor: number; plain: number }> {
  const database = await freshDatabase();
  // the source's own database, as a remote server's is: sharing the monitor's, its reads met the
  // monitor's writes (BENCH_SHARED_SOURCE=1 keeps one database for both, as before)
  const sourceDatabase = process.env.BENCH_SHARED_SOURCE === '1' ? database : await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-monitor-'));
  const db = database.db;
  let source: ChildServer | null = null;
  try {
    const t0 = Date.now();
    const sourceTopic = await ensureTopic(sourceDatabase.db, '被采集专题');
    await insertApplication(sourceDatabase.db, { name: '被采集站', host: SOURCE_HOST, topicId: sourceTopic, status: 'released' });
    for (let s = 0; s < ROWS; s += 5000) {
      const batch: ResourceInput[] = Array.from({ length: Math.min(5000, ROWS - s) }, (_, k) => ({
        type: 'article',
        sourceKey: `source-${s + k}`,
        topicId: sourceTopic,
        ...record(s + k),
      }));
      await upsertResources(sourceDatabase.db, batch, { batchSize: 1000 });
    }
    const seeded = (Date.now() - t0) / 1000;
    // the source: a second Atrium in a process of its own on its own database, as a remote server would be
    source = await startAtrium(path.join(dataDir, 'source'), sourceDatabase.url);
    const port = source.port;
    const monitorApp = await insertApplication(db, { name: '监测站', host: 'monitor.example.cn', status: 'released' });
    const monitorSource = await createSource(db, monitorApp, 'nstl', {
      name: '本地 OAI-PMH',
      kind: 'oai',
      url: `http://${SOURCE_HOST}:${port}/oai`,
      schedule: '0 6 * * *',
      enabled: true,
    });
    await createProfile(db, monitorApp, 'nstl', { name: '节水', kind: 'keywords', terms: ['滴灌', '节水农业'] });
    await createProfile(db, monitorApp, 'nstl', { name: '学者', kind: 'scholars', terms: ['作者7', '作者99'] });
    const env = {
      dropRoot: path.join(dataDir, 'drops'),
      // the source is this machine: the loopback is allowed, as ATRIUM_MONITOR_PRIVATE_HOSTS would
      limits: { timeoutMs: 120_000, maxBytes: 64 * 1024 * 1024, allowPrivateHosts: true },
    };
    // a remote source has answered before: its read worker is started and its code loaded (untimed)
    const warm = await fetch(`http://${SOURCE_HOST}:${port}/oai?verb=ListRecords&metadataPrefix=oai_dc`);
    if (!warm.ok || !(await warm.text()).includes('<ListRecords>')) throw new Error(`source: HTTP ${warm.status}`);

    const timeMonitor = async () => {
      const t = performance.now();
      const out = await runMonitorSource(db, monitorSource.id, env);
      const s = (performance.now() - t) / 1000;
      if (out.error || out.added !== ROWS) throw new Error(`monitor: added ${out.added} of ${ROWS}, error ${out.error}`);
      return ROWS / s;
    };
    const timeImport = async () => {
      const t = performance.now();
      const summary = await importFiles(db, 'jsonl', [jsonl], { topic: '导入基准' });
      const s = (performance.now() - t) / 1000;
      if (summary.inserted !== ROWS) throw new Error(`import: inserted ${summary.inserted} of ${ROWS}`);
      return ROWS / s;
    };
    let monitor: number;
    let plain: number;
    if (n % 2 === 1) {
      monitor = await timeMonitor();
      plain = await timeImport();
    } else {
      plain = await timeImport();
      monitor = await timeMonitor();
    }
    console.log(
      `  round ${n}: seeded ${ROWS} in ${seeded.toFixed(0)} s; monitor ${monitor.toFixed(0)} records/s, plain import ${plain.toFixed(0)} records/s (${(monitor / plain).toFixed(2)}x); load ${os.loadavg()[0].toFixed(2)}`,
    );
    return { monitor, plain };
  } finally {
    await source?.stop();
    await database.drop();
    if (sourceDatabase !== database) await sourceDatabase.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-monitor-file-'));
  const jsonl = path.join(dir, 'records.jsonl');
  const out = fs.createWriteStream(jsonl);
  for (let i = 0; i < ROWS; i++) out.write(`${JSON.stringify({ type: 'article', key: `plain-${i}`, ...record(i) })}\n`);
  await new Promise<void>((resolve) => out.end(resolve));
  console.log(`Monitor harvest benchmark: ${process.env.ATRIUM_TEST_DB ?? 'sqlite'}, ${ROWS} records, ${ROUNDS} rounds; load ${os.loadavg()[0].toFixed(2)}`);
  try {
    const rounds = [];
    for (let n = 1; n <= ROUNDS; n++) rounds.push(await round(n, jsonl));
    const m = median(rounds.map((r) => r.monitor));
    const p = median(rounds.map((r) => r.plain));
    console.log(
      `Monitor (OAI-PMH, oai_dc): median ${m.toFixed(0)} records/s; plain import (jsonl): median ${p.toFixed(0)} records/s; ratio ${(m / p).toFixed(2)}x (goal ≥ 0.5x)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
