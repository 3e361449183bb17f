/**
 * How Atrium connects to PostgreSQL: the server's pools (server/db/index.ts) and a read worker's
 * (server/search/worker.ts) take the same settings from here, in a file of its own so that a worker
 * thread loads it without the migrations.
 */
import pg from 'pg';

/**
 * The options of every Atrium connection to PostgreSQL. jit off (decision 351): every statement is a
 * short read or write, and a plan the planner costs above jit_above_cost (a frequent word's page read
 * through the bigram index) paid about 23 ms of compilation at 1M to save nothing. Synchronized scans off
 * (decision 369): a read of a search's first SEARCH_CAP matches by a sequential scan then starts at the
 * table's first page, not wherever another scan of the same table is, so its facets (lower bounds) are
 * the same at each reload.
 */
export const PG_OPTIONS = '-c jit=off -c synchronize_seqscans=off';

/**
 * How long an idle PostgreSQL connection is kept, ms (decision 372; pg's default is 10 s): a new
 * backend pays a page fault on the first touch of each shared buffer, 24 ms for the 1,476 pages of one
 * 2-character search at 1M against 2 ms once touched.
 */
export const KEEP_IDLE_MS = 30 * 60_000;

/**
 * A pool of at most `max` connections to `url` with Atrium's options (`extraOptions` appended, e.g. a
 * walk's settings). bigint (count(*)) is read as a number, our counts staying far below 2^53; this is
 * set for the whole thread. An idle connection the server ends (a restart, a failover, an administrator)
 * errs on the pool, which drops it and connects again at the next query; the error is only reported:
 * without a listener it would end the process.
 */
export function pgPool(url: string, max: number, extraOptions = ''): pg.Pool {
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max, options: `${PG_OPTIONS}${extraOptions ? ` ${extraOptions}` : ''}`, idleTimeoutMillis: KEEP_IDLE_MS });
  pool.on('error', (err) => {
    console.warn(`PostgreSQL 连接已断开（将重新连接）：${err.message}`);
  });
  return pool;
}
