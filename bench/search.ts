/**
 * Search benchmark: p50 / p99 latency of `searchResources` over all the
 * imported CSL articles (both files) and all CSRankings scholars, for random 2-, 3- and 4-character
 * substrings of real titles (Chinese for articles, Latin for scholars), page 1 of 10 with facets;
 * baseline, in the same run on the same database: the plain indexed lookup of one resource by id
 * (`resourceById`). SQLite by default; BENCH_DATABASE_URL=postgres://… measures PostgreSQL instead
 * (a fresh database is created and dropped).
 *
 * Run: `npx tsx bench/search.ts` (also part of `npm run bench`). BENCH_QUERIES sets the query count.
 *
 * At a library's scale (1,000,000 articles generated from real CSL fragments, 2- to
 * 5-character queries, 20 connections, the home page while searches run, the import against a raw
 * insert) the benchmark is `bench/search-scale.ts`: it takes about 8 minutes, so it runs on its own,
 * not in `npm run bench`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type OpenedDb } from '../server/db/index.js';
import { importFiles } from '../server/import/run.js';
import { resourceById, searchResources } from '../server/search/service.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = path.resolve(root, '../shared/data');

/** The p-th percentile (0-100) of sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Deterministic pseudo-random numbers, so every run asks the same queries. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export interface SearchBench {
  dialect: string;
  articles: number;
  scholars: number;
  queries: number;
  search: { p50: number; p99: number; meanHits: number };
  byId: { p50: number; p99: number };
  /** a browse (no query): a type of a topic, its total and facets, a category or a field value chosen, pages 1 to 50 */
  browse: { p50: number; p99: number; count: number };
}

/** A fresh benchmark database: a SQLite file, or a new PostgreSQL database under BENCH_DATABASE_URL; `cleanup` removes it. */
export async function openBenchDb(): Promise<OpenedDb & { url: string; cleanup(): Promise<void> }> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (admin) {
    const name = `atrium_bench_${crypto.randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const opened = await openDatabase(u.toString());
    return {
      ...opened,
      url: u.toString(),
      async cleanup() {
        await opened.close();
        const d = new pg.Client({ connectionString: admin });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-search-'));
  const file = path.join(dir, 'bench.db');
  const opened = await openDatabase(file);
  return {
    ...opened,
    url: file,
    async cleanup() {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Imports the catalogues, then times the queries and the id lookups. */
export async function benchSearch(queries = Number(process.env.BENCH_QUERIES ?? 1000)): Promise<SearchBench> {
  const opened = await openBenchDb();
  try {
    const { db, dialect } = opened;
    const cslDir = path.join(data, 'csl-chinese-scientific-literature');
    const a = await importFiles(
      db,
      'articles',
      fs
        .readdirSync(cslDir)
        .filter((f) => f.endsWith('.tsv'))
        .map((f) => path.join(cslDir, f)),
      { topic: '中文科技文献' },
    );
    const sDir = path.join(data, 'csrankings-scholars');
    const s = await importFiles(
      db,
      'scholars',
      fs
        .readdirSync(sDir)
        .filter((f) => /^csrankings-[a-z]\.csv$/.test(f))
        .map((f) => path.join(sDir, f)),
      { topic: '计算机科学' },
    );
    const rows = await db.selectFrom('resources').select(['id', 'title']).where('type', 'in', ['article', 'scholar']).execute();
    const rand = rng(42);
    const pick = () => rows[Math.floor(rand() * rows.length)];

    // warm-up: the first statements prepare and fill caches
    for (let i = 0; i < 20; i++) {
      await searchResources(db, dialect, { q: [...pick().title].slice(0, 3).join(''), page: 1, size: 10 });
      await resourceById(db, pick().id, undefined, { all: true });
    }

    const searchMs: number[] = [];
    let hits = 0;
    for (let i = 0; i < queries; i++) {
      const chars = [...pick().title];
      const len = 2 + (i % 3);
      const start = Math.floor(rand() * Math.max(1, chars.length - len));
      const q =
        chars
          .slice(start, start + len)
          .join('')
          .trim() || chars.slice(0, len).join('');
      const t = performance.now();
      const r = await searchResources(db, dialect, { q, page: 1, size: 10 });
      searchMs.push(performance.now() - t);
      hits += r.totalElements;
    }
    const idMs: number[] = [];
    for (let i = 0; i < queries; i++) {
      const id = pick().id;
      const t = performance.now();
      await resourceById(db, id, undefined, { all: true });
      idMs.push(performance.now() - t);
    }
    // browses (no query): each type of its topic, unfiltered, by a first-level category, by a field
    // value (a scholar's country), on pages 1 to 50
    const cats = await db
      .selectFrom('resource_topics')
      .select(['topic_id', 'type', 'category_one'])
      .where('topic_id', 'in', [a.topicId, s.topicId])
      .where('category_one', 'is not', null)
      .groupBy(['topic_id', 'type', 'category_one'])
      .execute();
    const browses = Number(process.env.BENCH_BROWSES ?? 200);
    const browseMs: number[] = [];
    for (let i = 0; i < browses; i++) {
      const c = cats[Math.floor(rand() * cats.length)];
      const kind = i % 3;
      const t = performance.now();
      await searchResources(db, dialect, {
        q: '',
        type: c.type,
        topicId: c.topic_id,
        category: kind === 1 ? c.category_one : null,
        fieldFilters: kind === 2 && c.type === 'scholar' ? { country: '中国' } : {},
        page: 1 + Math.floor(rand() * 50),
        size: 10,
      });
      browseMs.push(performance.now() - t);
    }
    browseMs.sort((x, y) => x - y);
    searchMs.sort((x, y) => x - y);
    idMs.sort((x, y) => x - y);
    return {
      dialect,
      articles: a.inserted + a.updated,
      scholars: s.inserted + s.updated,
      queries,
      search: { p50: percentile(searchMs, 50), p99: percentile(searchMs, 99), meanHits: hits / queries },
      byId: { p50: percentile(idMs, 50), p99: percentile(idMs, 99) },
      browse: { p50: percentile(browseMs, 50), p99: percentile(browseMs, 99), count: browses },
    };
  } finally {
    await opened.cleanup();
  }
}

/** Prints the figures and the baseline. */
export async function printSearchBench(): Promise<void> {
  const r = await benchSearch();
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(
    `Search: ${r.articles.toLocaleString('en')} articles + ${r.scholars.toLocaleString('en')} scholars on ${r.dialect}, ${r.queries} queries of 2-4 characters taken from real titles`,
  );
  console.log('  Atrium   = searchResources(q, page 1 of 10) with the total and the type facets');
  console.log('  baseline = resourceById(id): the plain indexed lookup of one resource');
  console.log(`  p50      Atrium ${ms(r.search.p50)}   baseline ${ms(r.byId.p50)}`);
  console.log(
    `  p99      Atrium ${ms(r.search.p99)}   baseline ${ms(r.byId.p99)}   (mean ${Math.round(r.search.meanHits).toLocaleString('en')} hits per query)`,
  );
  console.log(`  browse   (no query: a type of its topic with its total and facets; a category or a country chosen; pages 1-50; ${r.browse.count} browses)`);
  console.log(`  p50      browse ${ms(r.browse.p50)}   baseline ${ms(r.byId.p50)}`);
  console.log(`  p99      browse ${ms(r.browse.p99)}   baseline ${ms(r.byId.p99)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await printSearchBench();
}
