/**
 * The console's topic data page at a library's scale (decision 385). On the SQLite file that `bench/search-scale.ts` keeps
 * (BENCH_KEEP=<folder>, 1,000,000 articles in one topic), reads a page of the topic's articles with its
 * count, as GET /api/v1/topics/{id}/resources does, for a frequent title word (研究), a rarer one (控制器)
 * and no filter:
 *
 * - on the server's own connection (how the route read before decision 385), and
 * - in the read pool's worker thread (how it reads now),
 *
 * and measures, besides each read's time, the longest the event loop was held meanwhile: a 1 ms timer's
 * greatest lateness, which is what any other visitor's request would wait. Baseline, in the same run: the
 * timer's greatest lateness while nothing runs, for as long as the pool's read took. Rounds interleave
 * the three; medians of BENCH_ROUNDS (default 5) rounds.
 *
 * Run: `BENCH_KEEP=<folder> npx tsx bench/console-data.ts` after `BENCH_KEEP=<folder> npx tsx bench/search-scale.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/index.js';
import { listTopicResources, type TopicResourcesQuery } from '../server/resources/topicData.js';
import { searchRunner } from '../server/search/readPool.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** The median of numbers (ms). */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs `work` while a 1 ms timer ticks; answers the work's time and the timer's greatest lateness, ms. */
async function timedWithStall(work: () => Promise<unknown>): Promise<{ ms: number; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 1);
    last = now;
  }, 1);
  // let the timer start ticking before the work begins
  await new Promise((r) => setTimeout(r, 5));
  last = performance.now();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  // the tick that was due while a synchronous read held the loop runs now: count it
  await new Promise((r) => setTimeout(r, 2));
  clearInterval(tick);
  return { ms, stall };
}

async function main() {
  const keep = process.env.BENCH_KEEP;
  if (!keep || !fs.existsSync(path.join(keep, 'imported.json'))) {
    console.error('BENCH_KEEP=<folder> must name a folder kept by bench/search-scale.ts (SQLite)');
    process.exit(2);
  }
  const file = path.join(path.resolve(keep), 'atrium.db');
  const { topicId } = JSON.parse(fs.readFileSync(path.join(keep, 'imported.json'), 'utf8')) as { topicId: number };
  // the pool's worker threads do not hold the process open (a server's listening socket does): this does
  const keepAlive = setInterval(() => {}, 1000);
  const opened = await openDatabase(file);
  const pool = searchRunner(opened.db, opened.dialect, opened.file, 1);
  const total = await opened.db
    .selectFrom('resource_topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topic_id', '=', topicId)
    .executeTakeFirstOrThrow();
  console.log(`topic data page on ${Number(total.n).toLocaleString('en')} articles (${file}), ${ROUNDS} rounds, medians`);
  console.log('  read (ms) and the longest the event loop was held meanwhile (ms): server connection | read pool | idle baseline');
  const cases: Array<[string, TopicResourcesQuery]> = [
    ['研究 (frequent)', { type: 'article', page: 1, size: 20, query: '研究' }],
    ['控制器', { type: 'article', page: 1, size: 20, query: '控制器' }],
    ['no filter', { type: 'article', page: 1, size: 20 }],
  ];
  // warm both sides: the first read of a worker opens its connection and maps the file
  for (const [, query] of cases) {
    await listTopicResources(opened.db, topicId, query);
    await pool.read('topicResources', { topicId, query });
  }
  for (const [name, query] of cases) {
    const main: Array<{ ms: number; stall: number }> = [];
    const pooled: Array<{ ms: number; stall: number }> = [];
    const idle: number[] = [];
    let total = 0;
    for (let i = 0; i < ROUNDS; i++) {
      main.push(await timedWithStall(() => listTopicResources(opened.db, topicId, query)));
      const p = await timedWithStall(async () => (total = (await pool.read('topicResources', { topicId, query })).totalElements));
      pooled.push(p);
      idle.push((await timedWithStall(() => new Promise((r) => setTimeout(r, p.ms)))).stall);
    }
    const m = { ms: median(main.map((x) => x.ms)), stall: median(main.map((x) => x.stall)) };
    const p = { ms: median(pooled.map((x) => x.ms)), stall: median(pooled.map((x) => x.stall)) };
    const b = median(idle);
    console.log(
      `  ${name.padEnd(16)} ${total.toLocaleString('en').padStart(9)} hits   server connection ${m.ms.toFixed(1)} ms, loop held ${m.stall.toFixed(1)} ms | ` +
        `pool ${p.ms.toFixed(1)} ms, loop held ${p.stall.toFixed(1)} ms | idle ${b.toFixed(1)} ms   (held: ${(m.stall / Math.max(p.stall, 0.1)).toFixed(0)}x less in the pool)`,
    );
  }
  await pool.close();
  await opened.close();
  clearInterval(keepAlive);
}

await main();
