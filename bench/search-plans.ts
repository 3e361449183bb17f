/**
 * The SQL a search issues, timed per query class, on a database built by bench/search-scale.ts with
 * BENCH_KEEP (decision 284). For each class (random 2-, 3- and 5-character substrings of
 * the titles, frequent words; without and with a type, a category, a deep page) it calls
 * `searchResources` in this process, logs every statement it runs with its duration, and prints the
 * class's p50 / p99 of the whole search and of its slowest statement; PLANS=1 also prints
 * EXPLAIN (ANALYZE, BUFFERS) of the slowest statement of each class.
 *
 * PLANS_BEFORE=<module path, relative to bench/> also runs another version of server/search/service.ts
 * (e.g. `git show main:server/search/service.ts > server/search/service_before.ts`, then
 * `../server/search/service_before.ts`; delete it after), each query alternately with this one under the
 * same load: its p50 / p99, and the queries whose page, total or exact facets differ.
 *
 * Run: `PLANS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_scale npx tsx bench/search-plans.ts`
 * (or a SQLite file path). Reads only; PLANS_N sets the queries per class (default 40), PLANS_ONLY a
 * part of the class and variant names to run ('frequent words page 1').
 */
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Database } from '../server/db/schema.js';
import { isPostgresUrl } from '../server/db/index.js';
import { searchResources, type SearchQuery } from '../server/search/service.js';

/** PLANS_BEFORE=<module>: also times that module's searchResources (e.g. a copy of the previous service.ts), each query alternately, under the same load. */
const before = process.env.PLANS_BEFORE ? ((await import(process.env.PLANS_BEFORE)) as { searchResources: typeof searchResources }).searchResources : null;

const URL_ = process.env.PLANS_DATABASE_URL;
if (!URL_) throw new Error('PLANS_DATABASE_URL is required');
const N = Number(process.env.PLANS_N ?? 40);
const postgres = isPostgresUrl(URL_);
const dialect = postgres ? 'postgres' : 'sqlite';

let log: Array<{ sql: string; params: readonly unknown[]; ms: number }> = [];
const onLog = (e: LogEvent) => {
  log.push({ sql: e.query.sql, params: e.query.parameters, ms: e.queryDurationMillis });
};
pg.types.setTypeParser(20, (v) => Number(v));
const pool = postgres ? new pg.Pool({ connectionString: URL_, max: 10 }) : null;
const db = new Kysely<Database>({
  dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: new BetterSqlite3(URL_, { readonly: true }) }),
  log: onLog,
});

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const f = (x: number) => x.toFixed(x < 10 ? 1 : 0);

const topicId = Number((await sql<{ id: number }>`select id from topics where title = '综合资源'`.execute(db)).rows[0]?.id);
const titles = (await sql<{ title: string }>`select title from resources where id % 997 = 0 order by id limit 2000`.execute(db)).rows.map((r) => r.title);
const cats = (
  await sql<{
    c: string;
    n: number;
  }>`select category_one as c, count(*) as n from resource_topics where topic_id = ${topicId} group by category_one order by n desc`.execute(db)
).rows;
const r = rng(7);
const sub = (len: number) => {
  const t = [...titles[Math.floor(r() * titles.length)]];
  const i = Math.floor(r() * Math.max(1, t.length - len));
  return t.slice(i, i + len).join('');
};
const frequent = ['研究', '方法', '系统', '分析', '基于', '设计', '应用', '技术', '控制', '模型'];
const sets: Record<string, string[]> = {
  '2 characters': Array.from({ length: N }, () => sub(2)),
  '3 characters': Array.from({ length: N }, () => sub(3)),
  '5 characters': Array.from({ length: N }, () => sub(5)),
  'frequent words': frequent,
};
const variants: Record<string, (q: string, i: number) => SearchQuery> = {
  'page 1': (q) => ({ q, topicId, page: 1, size: 10 }),
  'type article': (q) => ({ q, topicId, type: 'article', page: 1, size: 10 }),
  'type + category': (q, i) => ({ q, topicId, type: 'article', category: cats[i % Math.min(cats.length, 8)]?.c ?? null, page: 1, size: 10 }),
  'page 50 of 20': (q) => ({ q, topicId, page: 50, size: 20 }),
  'page 400 of 20': (q) => ({ q, topicId, page: 400, size: 20 }),
};
const only = process.env.PLANS_ONLY;

// warm-up
for (let i = 0; i < 20; i++) await searchResources(db, dialect, { q: sub(2 + (i % 2)), topicId, page: 1, size: 10 });

console.log(`| class | variant | search p50 | p99 | slowest statement p99 | hits median |${before ? ' before: p50 | p99 |' : ''}`);
console.log(`|---|---|---|---|---|---|${before ? '---|---|' : ''}`);
const differ: string[] = [];
const worst: Array<{ label: string; sql: string; params: readonly unknown[]; ms: number }> = [];
for (const [name, qs] of Object.entries(sets)) {
  for (const [vname, make] of Object.entries(variants)) {
    if (only && !`${name} ${vname}`.includes(only)) continue;
    const total: number[] = [];
    const slowest: number[] = [];
    const hits: number[] = [];
    const old: number[] = [];
    let worstOne = { sql: '', params: [] as readonly unknown[], ms: -1 };
    for (const [i, q] of qs.entries()) {
      let oldResult: Awaited<ReturnType<typeof searchResources>> | null = null;
      const timeBefore = async () => {
        const t = performance.now();
        oldResult = await before!(db, dialect, make(q, i));
        old.push(performance.now() - t);
      };
      if (before && i % 2 === 0) await timeBefore();
      log = [];
      const t0 = performance.now();
      const res = await searchResources(db, dialect, make(q, i));
      total.push(performance.now() - t0);
      hits.push(res.capped ? Infinity : res.totalElements);
      const top = log.reduce((a, b) => (b.ms > a.ms ? b : a), { sql: '', params: [], ms: 0 });
      slowest.push(top.ms);
      if (top.ms > worstOne.ms) worstOne = top;
      if (before && i % 2 === 1) await timeBefore();
      if (oldResult) {
        // the same page and total; facets too unless capped (then they are lower bounds over a sample)
        const o = oldResult as Awaited<ReturnType<typeof searchResources>>;
        const same =
          JSON.stringify(o.content.map((x) => x.id)) === JSON.stringify(res.content.map((x) => x.id)) &&
          o.totalElements === res.totalElements &&
          o.capped === res.capped &&
          (res.capped || !res.facets.exact || JSON.stringify(o.facets) === JSON.stringify(res.facets));
        if (!same) differ.push(`${name} ${vname} ${q}`);
      }
    }
    const hm = pct(hits, 50);
    console.log(
      `| ${name} | ${vname} | ${f(pct(total, 50))} ms | ${f(pct(total, 99))} ms | ${f(pct(slowest, 99))} ms | ${hm === Infinity ? '> cap' : hm} |${before ? ` ${f(pct(old, 50))} ms | ${f(pct(old, 99))} ms |` : ''}`,
    );
    worst.push({ label: `${name}, ${vname}`, ...worstOne });
  }
}
if (before) console.log(`\nresults differing from the module before: ${differ.length ? differ.join('; ') : 'none'}`);
if (process.env.PLANS && postgres) {
  for (const w of worst) {
    console.log(`\n### ${w.label}: slowest statement ${f(w.ms)} ms\n${w.sql}\n-- ${JSON.stringify(w.params).slice(0, 300)}`);
    const c = await pool!.connect();
    try {
      const plan = await c.query(`explain (analyze, buffers) ${w.sql}`, w.params as unknown[]);
      console.log(plan.rows.map((x: Record<string, string>) => x['QUERY PLAN'].slice(0, 240)).join('\n'));
    } finally {
      c.release();
    }
  }
}
await db.destroy();
