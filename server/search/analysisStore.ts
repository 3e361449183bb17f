/**
 * Literature analyses as background jobs shared by the server processes (`/LiteratureMiner`, issue 31
 * §1; docs/decisions.md 710). An analysis of a large result set takes seconds; the route answers
 * `pending` past its budget and the page asks again, so the job must go on without the request, be
 * computed once however many readers and processes ask, and its result reach every process.
 *
 * Table `literature_analyses` (migration 059), one row per key (the query and the viewer's rows, the
 * visitor cache's key) and cache generation:
 * - a process that needs an analysis reads the row: 'ready' in the current generation → its result;
 *   'running' in it with a fresh heartbeat → another process computes it: wait, reading the row every
 *   {@link WAIT_POLL_MS} ms;
 * - otherwise it *claims* the row with one conditional upsert (a row of an older generation, or running
 *   with a heartbeat older than {@link STALE_MS}: its process is gone), so that exactly one process
 *   computes; it renews the heartbeat every {@link HEARTBEAT_MS} ms meanwhile, and stores the result as
 *   JSON when done. A failure removes its claim (the next ask computes again) and rejects.
 * - a row of a newer generation than this process knows (it has not learnt of a write yet) is as good:
 *   its result answers, its live claim is waited for; only when that claim's process is gone does this
 *   process compute for itself, storing nothing.
 * The purge removes rows whose heartbeat is a day old ({@link ANALYSIS_KEEP_MS}).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { LiteratureAnalysis } from './literature.js';

/** How often a running analysis's heartbeat is renewed, ms. */
export const HEARTBEAT_MS = 5000;
/** How old a running analysis's heartbeat may be before another process takes it over, ms. */
export const STALE_MS = 30_000;
/** How often a process waiting for another's analysis reads its row, ms. */
export const WAIT_POLL_MS = 250;
/** How long a stored analysis is kept after its last heartbeat, ms (the purge). */
export const ANALYSIS_KEEP_MS = 24 * 3600_000;

/** This process, as recorded in `literature_analyses.owner`. */
const PROCESS_OWNER = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/** Timing of the store (the tests shorten them). */
export interface StoreTimings {
  heartbeatMs?: number;
  staleMs?: number;
  pollMs?: number;
  /** the claimant's name (default: this process) */
  owner?: string;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The analysis stored under `key` in cache generation `generation`, computed by `compute` in this
 * process when no other process is computing it (see the file comment). Resolves with the analysis;
 * rejects with `compute`'s error (its claim removed) or the database's.
 */
export async function sharedAnalysis(
  db: Db,
  key: string,
  generation: number,
  compute: () => Promise<LiteratureAnalysis>,
  timings: StoreTimings = {},
): Promise<LiteratureAnalysis> {
  const staleMs = timings.staleMs ?? STALE_MS;
  const owner = timings.owner ?? PROCESS_OWNER;
  for (;;) {
    const row = await db.selectFrom('literature_analyses').select(['generation', 'status', 'result', 'heartbeat_at']).where('key', '=', key).executeTakeFirst();
    if (row && row.generation >= generation) {
      // a newer generation's is as good: this process has only not learnt of the write yet
      if (row.status === 'ready' && row.result) return JSON.parse(row.result) as LiteratureAnalysis;
      if (Date.now() - Date.parse(row.heartbeat_at) < staleMs) {
        await pause(timings.pollMs ?? WAIT_POLL_MS);
        continue;
      }
      // a newer generation's claim whose process is gone: the claim is not this process's to take
      if (row.generation > generation) return compute();
    }
    if (await claim(db, key, generation, owner, staleMs)) return computeClaimed(db, key, owner, compute, timings.heartbeatMs ?? HEARTBEAT_MS);
    // another process claimed it between the read and the claim: wait for it
  }
}

/** Takes the row for this process (one conditional upsert); true when it did. */
async function claim(db: Db, key: string, generation: number, owner: string, staleMs: number): Promise<boolean> {
  const now = new Date().toISOString();
  const stale = new Date(Date.now() - staleMs).toISOString();
  const r = await sql<{ key: string }>`insert into literature_analyses (key, generation, status, result, owner, started_at, heartbeat_at, finished_at)
    values (${key}, ${generation}, 'running', null, ${owner}, ${now}, ${now}, null)
    on conflict (key) do update set generation = excluded.generation, status = 'running', result = null, owner = excluded.owner,
      started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at, finished_at = null
    where literature_analyses.generation < excluded.generation
      or (literature_analyses.generation = excluded.generation and literature_analyses.status = 'running' and literature_analyses.heartbeat_at < ${stale})
    returning key`.execute(db);
  return r.rows.length === 1;
}

/** Computes a claimed analysis with its heartbeat, stores it, and answers it. */
async function computeClaimed(
  db: Db,
  key: string,
  owner: string,
  compute: () => Promise<LiteratureAnalysis>,
  heartbeatMs: number,
): Promise<LiteratureAnalysis> {
  const mine = () => db.updateTable('literature_analyses').where('key', '=', key).where('owner', '=', owner);
  const heart = setInterval(() => {
    mine()
      .set({ heartbeat_at: new Date().toISOString() })
      .execute()
      .catch(() => undefined);
  }, heartbeatMs);
  heart.unref();
  try {
    const result = await compute();
    const t = new Date().toISOString();
    await mine()
      .set({ status: 'ready', result: JSON.stringify(result), heartbeat_at: t, finished_at: t })
      .execute();
    return result;
  } catch (err) {
    await db
      .deleteFrom('literature_analyses')
      .where('key', '=', key)
      .where('owner', '=', owner)
      .execute()
      .catch(() => undefined);
    throw err;
  } finally {
    clearInterval(heart);
  }
}
