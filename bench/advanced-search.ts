/**
 * The advanced search (/exploreV3, GET /api/v1/search/advanced; server/search/advanced.ts, decisions
 * 680-683) at a library's scale, against the explore search of its first row alone
 * (server/search/service.ts, page 1 of 20), in the same run: rounds interleave the two; p50 and p99 of
 * BENCH_ROUNDS (default 60) rounds per query, after one warm-up round. Goal (issue 31 §2): a
 * three-row query's p99 at most 2x the explore search's.
 *
 * Data: BENCH_RECORDS (default 1,000,000) synthetic articles in one topic: every third title holds 挖掘
 * (a frequent word: over 300,000 matches, past the cap), every 500th title 量子退火 (a rare one: about
 * 2,000), each with 2-4 authors of 3,000, 3-5 keywords of 800 and a date of 2000-2025. Queries:
 * frequent `题名 挖掘 并且 作者 王 不含 关键词 <a keyword>`, rare `题名 量子退火 并且 作者 王 不含 关键词 <a keyword>`.
 * On a temporary SQLite file, or on PostgreSQL with BENCH_DATABASE_URL (an empty database it may write).
 *
 * Run: `npx tsx bench/advanced-search.ts` (BENCH_RECORDS=100000 for a quicker look; BENCH_FILE=/tmp/adv.db
 * keeps the SQLite file, so a second run measures without writing again).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/index.js';
import { ensureTopic, upsertResources, type ResourceInput } from '../server/resources/store.js';
import { searchResources } from '../server/search/service.js';
import { advancedSearch } from '../server/search/advanced.js';
import type { AdvancedCondition } from '../common/advancedSearch.js';
import { authorsAndKeywords, heldResources, random, TOPICS } from './portal.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

async function main() {
  // BENCH_FILE: a SQLite file kept between runs (written the first time, read as it is after)
  const url = process.env.BENCH_DATABASE_URL ?? process.env.BENCH_FILE ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-advanced-')), 'atrium.db');
  const opened = await openDatabase(url);
  const { db, dialect } = opened;
  const rnd = random(47);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const { authors, keywords } = authorsAndKeywords();
  const topicId = await ensureTopic(db, '高级检索基准');
  const t0 = performance.now();
  const held = await heldResources(db);
  for (let start = held; start < RECORDS; start += 5000) {
    const batch: ResourceInput[] = [];
    for (let i = start; i < Math.min(RECORDS, start + 5000); i++) {
      const au = Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(authors));
      const kw = Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => pick(keywords));
      const head = i % 500 === 0 ? '量子退火' : i % 3 === 0 ? '基于挖掘的' : '关于';
      batch.push({
        type: 'article',
        sourceKey: `bench-${i}`,
        title: `${head}${pick(TOPICS)}${pick(TOPICS)}问题研究${i}`,
        date: `${2000 + Math.floor(rnd() * 26)}-0${1 + (i % 9)}-01`,
        fields: { author: au, keywords: kw },
        searchText: [...au, ...kw].join(' '),
        topicId,
        categoryOne: '工学',
      });
    }
    await upsertResources(db, batch, { refreshCounts: false });
  }
  console.log(`${RECORDS.toLocaleString('en')} articles written on ${dialect} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // the planner's view of the new rows, as autovacuum gives a live database (without it PostgreSQL took
  // the topic's million links for 10 rows and read them all for a rare word: 3 s)
  if (dialect === 'postgres') await sql`analyze`.execute(db);

  const rows = (word: string): AdvancedCondition[] => [
    { op: 'AND', field: 'title', value: word },
    { op: 'AND', field: 'author', value: '王' },
    { op: 'NOT', field: 'keyword', value: keywords[0] },
  ];
  for (const word of ['挖掘', '量子退火']) {
    const explore = () => searchResources(db, dialect, { q: word, topicId, page: 1, size: 20 });
    const advanced = () => advancedSearch(db, dialect, { conditions: rows(word), yearFrom: null, yearTo: null, sort: 'relevance', topicId, page: 1, size: 20 });
    const e0 = await explore();
    const a0 = await advanced();
    console.log(
      `${word}: explore ${e0.totalElements}${e0.capped ? '+ (capped)' : ''} matches; advanced (题名 ${word} 并且 作者 王 不含 关键词 ${keywords[0]}) ${a0.totalElements}${a0.capped ? '+ (capped)' : ''}`,
    );
    const times = { explore: [] as number[], advanced: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of (round % 2
        ? [
            ['advanced', advanced],
            ['explore', explore],
          ]
        : [
            ['explore', explore],
            ['advanced', advanced],
          ]) as Array<[keyof typeof times, () => Promise<unknown>]>) {
        const s = performance.now();
        await run();
        times[name].push(performance.now() - s);
      }
    }
    const [e50, e99, a50, a99] = [quantile(times.explore, 0.5), quantile(times.explore, 0.99), quantile(times.advanced, 0.5), quantile(times.advanced, 0.99)];
    console.log(
      `  ${ROUNDS} rounds interleaved: explore p50 ${e50.toFixed(1)} ms p99 ${e99.toFixed(1)} ms | advanced p50 ${a50.toFixed(1)} ms p99 ${a99.toFixed(1)} ms → p99 ${(a99 / e99).toFixed(2)}x (goal ≤ 2x)`,
    );
  }
  await opened.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
