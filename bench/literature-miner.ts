/**
 * The literature analysis (/LiteratureMiner, GET /api/v1/literature; server/search/literature.ts,
 * decision 710) of a search matching 10,000 records, against the plain search of the same filters
 * (server/search/service.ts, page 1 of 20), in the same run: rounds interleave the two; medians of
 * BENCH_ROUNDS (default 7) rounds, after one warm-up round.
 *
 * Data: BENCH_RECORDS (default 30,000) synthetic articles in one topic, every third one's title holding
 * 挖掘 (the query: 10,000 matches), each with 2-4 authors of 3,000, 3-5 keywords of 800, one journal of
 * 200, one institution of 300 and a date of 2000-2025. On a temporary SQLite file, or on PostgreSQL
 * with BENCH_DATABASE_URL (an empty database it may write; it is not dropped).
 *
 * Run: `npx tsx bench/literature-miner.ts` (or with BENCH_DATABASE_URL=postgres://…).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/index.js';
import { ensureTopic, upsertResources, type ResourceInput } from '../server/resources/store.js';
import { searchResources } from '../server/search/service.js';
import { analyseLiterature } from '../server/search/literature.js';
import { GIVEN, median, random, SURNAMES, TOPICS } from './portal.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 30_000);
const WORD = '挖掘';

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-miner-')), 'atrium.db');
  const opened = await openDatabase(url);
  const { db, dialect } = opened;
  const rnd = random(31);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const authors = Array.from({ length: 3000 }, (_, i) => `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${i}`);
  const keywords = Array.from({ length: 800 }, (_, i) => `${TOPICS[i % TOPICS.length]}${TOPICS[(i * 7) % TOPICS.length]}${i}`);
  const journals = Array.from({ length: 200 }, (_, i) => `期刊${i}学报`);
  const institutions = Array.from({ length: 300 }, (_, i) => `第${i}大学`);
  const topicId = await ensureTopic(db, '文献分析基准');
  const t0 = performance.now();
  for (let start = 0; start < RECORDS; start += 2000) {
    const batch: ResourceInput[] = [];
    for (let i = start; i < Math.min(RECORDS, start + 2000); i++) {
      const au = Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(authors));
      const kw = Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => pick(keywords));
      const year = 2000 + Math.floor(rnd() * 26);
      batch.push({
        type: 'article',
        sourceKey: `bench-${i}`,
        title: `${i % 3 === 0 ? `基于${WORD}的` : '关于'}${pick(TOPICS)}${pick(TOPICS)}问题研究${i}`,
        date: `${year}-0${1 + (i % 9)}-01`,
        fields: { author: au, keywords: kw, journal: pick(journals), institution: pick(institutions) },
        searchText: [...au, ...kw].join(' '),
        topicId,
        categoryOne: '工学',
      });
    }
    await upsertResources(db, batch);
  }
  console.log(
    `${RECORDS.toLocaleString('en')} articles written on ${dialect} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${url.startsWith('postgres') ? 'PostgreSQL' : url})`,
  );

  const filters = { q: WORD, type: 'article', topicId };
  const search = () => searchResources(db, dialect, { ...filters, page: 1, size: 20 });
  const analyse = () => analyseLiterature(db, dialect, filters);
  const first = await analyse();
  const found = await search();
  console.log(`query ${WORD} in the topic: search total ${found.totalElements}${found.capped ? '+ (capped)' : ''}; analysis of ${first.total} records`);
  const times = { search: [] as number[], analysis: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of [
      ['search', search],
      ['analysis', analyse],
    ] as const) {
      const s = performance.now();
      await run();
      times[name].push(performance.now() - s);
    }
  }
  const s = median(times.search);
  const a = median(times.analysis);
  console.log(`${ROUNDS} rounds interleaved, medians: search ${s.toFixed(1)} ms | analysis ${a.toFixed(1)} ms (${(a / s).toFixed(1)}x the search)`);
  console.log('  a cached analysis is a hit of the visitor cache (server/cache/sharedCache.ts): no SQL');
  await opened.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
