/**
 * Search and import at a library's scale. Builds BENCH_ROWS articles
 * (default 1,000,000) from fragments of the real CSL titles, keywords, abstracts and categories
 * (../shared/data, read in place; the rows go to a temporary folder, never into the repository), then:
 *
 * 1. Import: the rows in 10 JSON-lines files, each imported with the import command's code
 *    (`importFiles`, kind jsonl, one topic), interleaved with the baseline: the same file read,
 *    JSON.parse'd and inserted raw into Atrium's own schema, same tables and indexes (resources, topic
 *    links, bigram FTS5 rows; prepared statements, one transaction per file). Rows per second per file
 *    for both, medians, their ratio (the goal's figure: both start from the file); also the ratio to
 *    the raw inserts alone, timed after the parse; the database file and index size.
 * 2. Search over HTTP (Atrium started as `npm start` starts it, in a child process, on that database):
 *    sequential GET /api/v1/search for random 2-, 3-, 4- and 5-character substrings of the titles and for
 *    frequent words, each request followed by the baselines: the indexed lookup of one resource by id
 *    on the same server, and a bare Fastify route answering a search answer's bytes; p50 / p99. Then 20 connections for BENCH_SECONDS (default 10)
 *    on the mix, against the bare route under the same load.
 * 3. Stall: GET / (the home page) p50 / p99 alone, and while two clients search frequent words
 *    without pause; the server's resident memory after all of it.
 *
 * SQLite by default; BENCH_DATABASE_URL=postgres://… measures PostgreSQL (databases atrium_scale and
 * atrium_scale_raw are made there, and dropped unless BENCH_KEEP is set). Run: `npx tsx bench/search-scale.ts`.
 * Needs `npm run build` (the server renders pages). Takes about 8 minutes at 1M rows on 2 cores.
 * BENCH_KEEP=<folder> keeps the database there, and a later run with the same folder skips step 1.
 * BENCH_SLOWEST=1 prints the five slowest queries of each set, with their hits.
 * BENCH_PREWARM=1 (PostgreSQL): loads the search tables into PostgreSQL's buffers with pg_prewarm before
 * searching, as docs/operations.md advises for a large catalogue (the extension is created if missing;
 * needs a superuser). The figures then say so, with the server's shared_buffers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../server/db/index.js';
import { importFiles } from '../server/import/run.js';
import { ensureTopic } from '../server/resources/store.js';
import pg from 'pg';
import { gramsOf } from '../server/search/grams.js';
import { tsVectorText } from '../server/search/indexer.js';
import { SEARCH_CAP } from '../server/search/service.js';
import { median, repoRoot, startAtrium, startBare, type ChildServer } from './portal.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const FILES = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CSL = path.resolve(repoRoot, '../shared/data/csl-chinese-scientific-literature');
const TOPIC = '综合资源';

/** Deterministic pseudo-random numbers, so every run builds the same rows and asks the same queries. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

interface Source {
  title: string;
  abstract: string;
  keywords: string[];
  discipline: string;
  category: string;
}

function readSources(): Source[] {
  const out: Source[] = [];
  const joined = fs.readFileSync(path.join(CSL, 'csl_benchmark_devtest_joined.tsv'), 'utf8').split('\n').slice(1);
  for (const line of joined) {
    const [, title, abstract, keywords, discipline, category] = line.split('\t');
    if (title && abstract)
      out.push({ title, abstract, keywords: (keywords ?? '').split('_').filter(Boolean), discipline: discipline ?? '', category: (category ?? '').trim() });
  }
  const train = fs.readFileSync(path.join(CSL, 'csl_benchmark_train_title_category.tsv'), 'utf8').split('\n').slice(1);
  for (const line of train) {
    const [title, category] = line.split('\t');
    if (title) out.push({ title, abstract: '', keywords: [], discipline: '', category: (category ?? '').trim() });
  }
  return out;
}

/** Writes the rows as FILES JSON-lines files; returns their paths. A row's title joins two real titles' halves. */
function writeRows(dir: string, sources: Source[]): string[] {
  const withAbstract = sources.filter((s) => s.abstract);
  const r = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const files: string[] = [];
  const per = Math.ceil(ROWS / FILES);
  for (let f = 0; f < FILES; f++) {
    const lines: string[] = [];
    for (let i = f * per; i < Math.min(ROWS, (f + 1) * per); i++) {
      const a = [...pick(sources).title];
      const b = [...pick(sources).title];
      const title = a.slice(0, Math.ceil(a.length / 2)).join('') + b.slice(Math.floor(b.length / 2)).join('');
      const src = pick(withAbstract);
      const keywords = [pick(withAbstract).keywords[0], ...src.keywords.slice(0, 3)].filter(Boolean);
      lines.push(
        JSON.stringify({
          type: 'article',
          key: `bench-${i}`,
          title,
          date: `${1990 + Math.floor(r() * 35)}-01-01`,
          fields: { abstract: src.abstract, keywords, discipline: src.discipline, category: src.category },
          category: [src.category || '其他', src.discipline || '其他'],
          search: [keywords.join(' '), src.discipline, src.category].join(' '),
        }),
      );
    }
    const file = path.join(dir, `rows-${f}.jsonl`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    files.push(file);
  }
  return files;
}

/** A baseline's rows per second: from the file (read and JSON.parse included, as the import does) and of the inserts alone. */
interface RawRate {
  file: number;
  insert: number;
}

/** The baseline: the rows of one file read, parsed and inserted raw into Atrium's schema (resources, topic links, bigram index), one transaction. */
function rawInsert(raw: BetterSqlite3.Database, file: string, topicId: number): RawRate {
  const read = performance.now();
  const rows = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { key: string; title: string; date: string; fields: object; search: string; category: string[] });
  const t0 = performance.now();
  const ins = raw.prepare('INSERT INTO resources (type, source_key, title, date, fields, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const link = raw.prepare('INSERT INTO resource_topics (resource_id, topic_id, category_one, category_two, type, date_key) VALUES (?, ?, ?, ?, ?, ?)');
  const fts = raw.prepare('INSERT INTO resources_grams (rowid, title, body) VALUES (?, ?, ?)');
  const now = new Date().toISOString();
  raw.transaction(() => {
    for (const it of rows) {
      const id = ins.run('article', it.key, it.title, it.date, JSON.stringify(it.fields), it.search, now, now).lastInsertRowid;
      link.run(id, topicId, it.category[0], it.category[1], 'article', it.date);
      fts.run(id, gramsOf(it.title).join(' '), gramsOf(it.search).join(' '));
    }
  })();
  const end = performance.now();
  return { file: rows.length / ((end - read) / 1000), insert: rows.length / ((end - t0) / 1000) };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const r = await fetch(url);
  const body = await r.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: r.status };
}

async function load(url: string, paths: string[], connections: number, seconds: number) {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

function rssOf(server: ChildServer): number {
  if (!server.pid) return NaN;
  const m = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Step 1: writes the rows and imports them file by file, each file interleaved with the baseline: the
 * same rows inserted raw (prepared statements, one transaction per file) into a database of Atrium's
 * own schema (same tables and indexes: resources, its topic links and the bigram index).
 */
const PG = process.env.BENCH_DATABASE_URL;
/** The URL of a database `name` on the BENCH_DATABASE_URL server. */
const pgUrl = (name: string) => {
  const u = new URL(PG!);
  u.pathname = `/${name}`;
  return u.toString();
};
async function pgAdmin(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

async function importAll(
  dir: string,
  dbFile: string,
): Promise<{ atriumRates: number[]; rawRates: number[]; rawInsertRates: number[]; importSeconds: number; topicId: number }> {
  const files = writeRows(dir, readSources());
  let atriumUrl = dbFile;
  let rawUrl = path.join(dir, 'raw.db');
  if (PG) {
    for (const name of ['atrium_scale', 'atrium_scale_raw']) {
      await pgAdmin(`DROP DATABASE IF EXISTS ${name}`);
      await pgAdmin(`CREATE DATABASE ${name}`);
    }
    atriumUrl = pgUrl('atrium_scale');
    rawUrl = pgUrl('atrium_scale_raw');
  }
  const opened = await openDatabase(atriumUrl);
  const rawDb = await openDatabase(rawUrl);
  const rawTopic = await ensureTopic(rawDb.db, TOPIC);
  await rawDb.close();
  const raw = PG ? null : new BetterSqlite3(rawUrl);
  raw?.pragma('journal_mode = WAL');
  raw?.pragma('synchronous = NORMAL');
  const rawPg = PG ? new pg.Client({ connectionString: rawUrl }) : null;
  await rawPg?.connect();
  const atriumRates: number[] = [];
  const rawRates: number[] = [];
  const rawInsertRates: number[] = [];
  let topicId = 0;
  const t0 = performance.now();
  for (const [i, file] of files.entries()) {
    const n = fs.readFileSync(file, 'utf8').split('\n').length - 1;
    const s = performance.now();
    const summary = await importFiles(opened.db, 'jsonl', [file], { topic: TOPIC });
    atriumRates.push(n / ((performance.now() - s) / 1000));
    topicId = summary.topicId;
    const r = raw ? rawInsert(raw, file, rawTopic) : await rawInsertPg(rawPg!, file, rawTopic);
    rawRates.push(r.file);
    rawInsertRates.push(r.insert);
    console.log(
      `  file ${i + 1}/${FILES}: Atrium ${atriumRates[i].toFixed(0)} rows/s, raw ${rawRates[i].toFixed(0)} rows/s from the file (${rawInsertRates[i].toFixed(0)} rows/s of inserts alone)`,
    );
  }
  const importSeconds = (performance.now() - t0) / 1000;
  await opened.close();
  raw?.close();
  await rawPg?.end();
  for (const f of files) fs.rmSync(f);
  if (PG) await pgAdmin('DROP DATABASE IF EXISTS atrium_scale_raw');
  for (const f of ['raw.db', 'raw.db-wal', 'raw.db-shm']) fs.rmSync(path.join(dir, f), { force: true });
  return { atriumRates, rawRates, rawInsertRates, importSeconds, topicId };
}

/** The PostgreSQL baseline: the rows of one file read, parsed and written as raw multi-row INSERTs of 500 (resources, topic links, their bigram tsvectors with the categories' terms and published links), one transaction; rows/s. */
async function rawInsertPg(c: pg.Client, file: string, topicId: number): Promise<RawRate> {
  const read = performance.now();
  const rows = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { key: string; title: string; date: string; fields: object; search: string; category: string[] });
  const t0 = performance.now();
  const now = new Date().toISOString();
  await c.query('BEGIN');
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const vals: unknown[] = [];
    const tuples = batch.map((it, j) => {
      vals.push('article', it.key, it.title, it.date, JSON.stringify(it.fields), it.search, now, now);
      const b = j * 8;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
    });
    const ids = (
      await c.query(
        `INSERT INTO resources (type, source_key, title, date, fields, search_text, created_at, updated_at) VALUES ${tuples.join(', ')} RETURNING id`,
        vals,
      )
    ).rows as Array<{ id: number }>;
    const lv: unknown[] = [];
    const lt = batch.map((it, j) => {
      lv.push(ids[j].id, topicId, it.category[0], it.category[1], 'article', it.date);
      const b = j * 6;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
    });
    await c.query(`INSERT INTO resource_topics (resource_id, topic_id, category_one, category_two, type, date_key) VALUES ${lt.join(', ')}`, lv);
    // the bigrams, the categories' terms and the published link (decisions 366, 368), written as literals
    const gv: unknown[] = [];
    const gt = batch.map((it, j) => {
      const [one, two] = it.category;
      const cats = one ? [`${topicId}\u001f${one}`, ...(two ? [`${topicId}\u001f${one}\u001f${two}`] : [])] : [];
      const links = { [topicId]: ['article', one ?? null, two ?? null, it.date] };
      gv.push(ids[j].id, tsVectorText(it.title, it.search), cats, JSON.stringify(links));
      return `($${j * 4 + 1}, $${j * 4 + 2}::tsvector, $${j * 4 + 3}::text[], $${j * 4 + 4}::jsonb)`;
    });
    await c.query(`INSERT INTO resource_grams (id, grams, cats, links) VALUES ${gt.join(', ')}`, gv);
  }
  await c.query('COMMIT');
  const end = performance.now();
  return { file: rows.length / ((end - read) / 1000), insert: rows.length / ((end - t0) / 1000) };
}

async function main() {
  const keep = process.env.BENCH_KEEP;
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-scale-'));
  fs.mkdirSync(dir, { recursive: true });
  const dbFile = path.join(dir, 'atrium.db');
  const reuse = !!keep && fs.existsSync(path.join(dir, 'imported.json'));
  console.log(`search at scale: ${ROWS.toLocaleString('en')} articles in ${dir}${reuse ? ' (imported before)' : ''}`);
  const importFigures = reuse
    ? (JSON.parse(fs.readFileSync(path.join(dir, 'imported.json'), 'utf8')) as {
        atriumRates: number[];
        rawRates: number[];
        rawInsertRates: number[];
        importSeconds: number;
        topicId: number;
      })
    : await importAll(dir, dbFile);
  if (keep) fs.writeFileSync(path.join(dir, 'imported.json'), JSON.stringify(importFigures));
  const { atriumRates, rawRates, importSeconds, topicId } = importFigures;
  const rawInsertRates = importFigures.rawInsertRates ?? [];
  let fileMb: number;
  let tableMb: number;
  let indexMb: number;
  let sampled: Array<{ id: number; title: string }>;
  if (PG) {
    const c = new pg.Client({ connectionString: pgUrl('atrium_scale') });
    await c.connect();
    const one = async (q: string) => Number((await c.query(q)).rows[0].n) / 2 ** 20;
    fileMb = await one('SELECT pg_database_size(current_database()) AS n');
    tableMb = await one("SELECT pg_table_size('resources') AS n");
    indexMb = await one("SELECT pg_total_relation_size('resource_grams') AS n");
    sampled = (await c.query('SELECT id, title FROM resources WHERE id % 997 = 0 ORDER BY id LIMIT 2000')).rows;
    await c.end();
  } else {
    const stat = new BetterSqlite3(dbFile, { readonly: true });
    const bytesOf = (like: string) => Number((stat.prepare('SELECT coalesce(sum(pgsize), 0) AS n FROM dbstat WHERE name LIKE ?').get(like) as { n: number }).n);
    fileMb = fs.statSync(dbFile).size / 2 ** 20;
    indexMb = bytesOf('resources_grams%') / 2 ** 20;
    tableMb = bytesOf('resources') / 2 ** 20;
    sampled = stat.prepare('SELECT id, title FROM resources WHERE rowid % 997 = 0 LIMIT 2000').all() as Array<{ id: number; title: string }>;
    stat.close();
  }
  const titles = sampled.map((t) => t.title);
  const ids = sampled.map((t) => t.id);

  let settings = '';
  if (PG) {
    const c = new pg.Client({ connectionString: pgUrl('atrium_scale') });
    await c.connect();
    if (process.env.BENCH_PREWARM === '1') {
      await c.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
      await c.query(
        "SELECT pg_prewarm('resource_grams'), pg_prewarm('resource_grams_gin'), pg_prewarm('resource_topics_search'), pg_prewarm('resource_grams_pkey')",
      );
    }
    settings = `, shared_buffers ${String((await c.query('SHOW shared_buffers')).rows[0].shared_buffers)}${process.env.BENCH_PREWARM === '1' ? ', search tables prewarmed' : ''}`;
    await c.end();
  }

  // 2. search over HTTP
  const atrium = await startAtrium(dir, PG ? pgUrl('atrium_scale') : dbFile);
  const r = rng(7);
  const sub = (len: number) => {
    const t = [...titles[Math.floor(r() * titles.length)]];
    const i = Math.floor(r() * Math.max(1, t.length - len));
    return t.slice(i, i + len).join('');
  };
  const drawn = {
    '2 characters': Array.from({ length: 60 }, () => sub(2)),
    '3 characters': Array.from({ length: 60 }, () => sub(3)),
    '5 characters': Array.from({ length: 30 }, () => sub(5)),
  };
  // the issue's 4 characters, drawn after the others so that those stay the queries of earlier runs
  const sets: Record<string, string[]> = {
    '2 characters': drawn['2 characters'],
    '3 characters': drawn['3 characters'],
    '4 characters': Array.from({ length: 60 }, () => sub(4)),
    '5 characters': drawn['5 characters'],
    'frequent words': ['研究', '方法', '系统', '分析', '基于', '设计', '应用', '技术', '控制', '模型'],
  };
  const searchPath = (q: string) => `/api/v1/search?q=${encodeURIComponent(q)}&topicId=${topicId}&page=1&size=10`;
  const sample = await (await fetch(`${atrium.url}${searchPath('研究')}`)).text();
  const sampleFile = path.join(dir, 'answer.json');
  fs.writeFileSync(sampleFile, sample);
  const bare = await startBare(sampleFile, 'application/json', '/api/v1/search');
  // warm up: queries of their own (another seed), as a server that has been answering for a while
  const w = rng(11);
  for (let i = 0; i < 30; i++) {
    const t = [...titles[Math.floor(w() * titles.length)]];
    const at = Math.floor(w() * Math.max(1, t.length - 3));
    await timed(`${atrium.url}${searchPath(t.slice(at, at + 2 + (i % 2)).join(''))}`);
    await timed(`${bare.url}/api/v1/search`);
  }
  const rows: string[] = [];
  const bareAll: number[] = [];
  const byIdAll: number[] = [];
  const hits: Record<string, number[]> = {};
  for (const [name, qs] of Object.entries(sets)) {
    const lat: number[] = [];
    hits[name] = [];
    for (const q of qs) {
      const a = await timed(`${atrium.url}${searchPath(q)}`);
      if (a.status !== 200) throw new Error(`search ${q}: ${a.status}`);
      lat.push(a.ms);
      bareAll.push((await timed(`${bare.url}/api/v1/search`)).ms);
      byIdAll.push((await timed(`${atrium.url}/api/v1/resources/article/${ids[Math.floor(r() * ids.length)]}`)).ms);
      const body = (await (await fetch(`${atrium.url}${searchPath(q)}`)).json()) as { totalElements: number; capped: boolean };
      hits[name].push(body.capped ? Infinity : body.totalElements);
    }
    if (process.env.BENCH_SLOWEST === '1')
      console.log(
        `  slowest of ${name}: ${lat
          .map((t, i) => ({ t, q: qs[i], n: hits[name][i] }))
          .sort((a, b) => b.t - a.t)
          .slice(0, 5)
          .map((x) => `${x.q} ${ms(x.t)} (${x.n === Infinity ? 'capped' : x.n})`)
          .join(', ')}`,
      );
    rows.push(
      `| ${name} (${qs.length}) | ${ms(median(lat))} | ${ms(pct(lat, 99))} | median hits ${median(hits[name]) === Infinity ? `> ${SEARCH_CAP.toLocaleString('en')}` : median(hits[name]).toLocaleString('en')} |`,
    );
  }
  const allPaths = Object.values(sets).flat().map(searchPath);
  const loadA = await load(atrium.url, allPaths, 20, SECONDS);
  const loadB = await load(bare.url, ['/api/v1/search'], 20, SECONDS);

  // 3. stall: the home page alone, then while two clients search frequent words without pause
  const home = async (n: number) => {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) xs.push((await timed(`${atrium.url}/`)).ms);
    return xs;
  };
  await home(5);
  const alone = await home(40);
  let stop = false;
  const frequent = sets['frequent words'].concat(sets['2 characters'].slice(0, 10));
  const hammer = async () => {
    let i = 0;
    while (!stop) await timed(`${atrium.url}${searchPath(frequent[i++ % frequent.length])}`);
  };
  const clients = [hammer(), hammer()];
  await new Promise((res) => setTimeout(res, 500));
  const during = await home(40);
  stop = true;
  await Promise.all(clients);
  const rss = rssOf(atrium);

  await atrium.stop();
  await bare.stop();
  if (!keep) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (PG) await pgAdmin('DROP DATABASE IF EXISTS atrium_scale');
  }

  console.log(
    `\n## Search at scale (${ROWS.toLocaleString('en')} articles, ${PG ? 'PostgreSQL' : 'SQLite'}${settings}, ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log(
    `Import: ${importSeconds.toFixed(0)} s in all; Atrium median ${median(atriumRates).toFixed(0)} rows/s (first file ${atriumRates[0].toFixed(0)}, last ${atriumRates.at(-1)!.toFixed(0)}), raw import of the same files with the same indexes ${median(rawRates).toFixed(0)} rows/s: ${(median(atriumRates) / median(rawRates)).toFixed(2)}x (median of the files' paired ratios ${median(atriumRates.map((a, i) => a / rawRates[i])).toFixed(2)}x); against the raw inserts alone (rows already parsed) ${rawInsertRates.length ? `${median(rawInsertRates).toFixed(0)} rows/s: ${(median(atriumRates) / median(rawInsertRates)).toFixed(2)}x` : 'not measured'}`,
  );
  console.log(`${PG ? 'Database' : 'File'}: ${fileMb.toFixed(0)} MB (resources ${tableMb.toFixed(0)} MB, bigram index ${indexMb.toFixed(0)} MB)\n`);
  console.log('| GET /api/v1/search, page 1 of 10 | p50 | p99 | |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `| baseline: indexed lookup by id, GET /api/v1/resources/article/{id} (${byIdAll.length}) | ${ms(median(byIdAll))} | ${ms(pct(byIdAll, 99))} | |`,
  );
  console.log(`| baseline: bare route, same bytes as a search answer (${bareAll.length}) | ${ms(median(bareAll))} | ${ms(pct(bareAll, 99))} | |`);
  console.log(
    `\n20 connections, ${SECONDS} s, the mix: Atrium ${loadA.rps.toFixed(0)} req/s, p50 ${loadA.p50} ms, p99 ${loadA.p99} ms, ${loadA.errors} errors; bare route ${loadB.rps.toFixed(0)} req/s, p99 ${loadB.p99} ms`,
  );
  console.log(
    `Home page GET /: alone p50 ${ms(median(alone))}, p99 ${ms(pct(alone, 99))}; while two clients search: p50 ${ms(median(during))}, p99 ${ms(pct(during, 99))} (${(median(during) / median(alone)).toFixed(2)}x)`,
  );
  console.log(`Server resident memory after the run: ${rss.toFixed(0)} MB`);
}

await main();
