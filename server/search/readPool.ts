/**
 * Where searches and the other long reads run (decisions 262, 385: the reads are listed in server/search/longReads.ts,
 * today the search and a page of a topic's data). better-sqlite3 is synchronous: a search on the server's own connection
 * holds the event loop until it ends, so on a SQLite file searches run in a small pool of worker
 * threads (server/search/worker.ts), each with its own read-only connection (WAL lets them read while
 * the server writes). On PostgreSQL searches run on the server's connection pool, as many at once as a
 * SQLite file has workers, the others waiting their turn (decision 363): each search keeps a database
 * process busy, and two at once on 2 cores left the home page 2.4x slower; the reads whose work is
 * the server's own rather than the database's (an OAI-PMH page's XML and its encoding) run in worker
 * threads with connections of their own, as on SQLite (decision 716). An in-memory SQLite database
 * (tests) cannot be opened twice: it searches on the server's connection.
 */
import path from 'node:path';
import { workerScript } from '../workerScript.js';
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import type { SearchQuery, SearchResult } from './service.js';
import { runLongRead, type LongRead, type LongReadArg, type LongReadResult } from './longReads.js';

/** Runs searches; see the file comment. */
export interface SearchRunner {
  /** Searches (server/search/service.ts); rejects on a database failure. */
  search(query: SearchQuery): Promise<SearchResult>;
  /** Runs another long read of server/search/longReads.ts (`search` is `read('search', query)`); rejects on a database failure. */
  read<K extends LongRead>(name: K, arg: LongReadArg<K>): Promise<LongReadResult<K>>;
  /** Stops the workers (none in memory). */
  close(): Promise<void>;
  /** the number of worker threads (0: searches run on the server's connection) */
  readonly workers: number;
}

interface Pending {
  resolve(r: unknown): void;
  reject(e: Error): void;
}
interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Runs at most `n` (at least 1) of the calls given to it at once; the others wait, first come first
 * served. A call's result or rejection is passed on; a slot is handed to the next waiting call as soon
 * as a call ends.
 */
export function concurrencyLimit(n: number): <T>(run: () => Promise<T>) => Promise<T> {
  const most = Math.max(1, n);
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (active < most) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      release();
    }
  };
}

/** The long reads that run in worker threads on PostgreSQL too (decision 716): their work is the server's, not the database's. */
const OFF_THREAD_ON_POSTGRES: ReadonlySet<LongRead> = new Set<LongRead>(['oai']);

/**
 * The search runner of a database: `file` is the SQLite file (undefined or ':memory:' for none);
 * `databaseUrl` PostgreSQL's address, for its worker threads. `workers` (default 2, at least 1): the
 * worker threads on a file, or on PostgreSQL the searches at once and the worker threads of the reads
 * of OFF_THREAD_ON_POSTGRES (none without `databaseUrl`); an in-memory database searches on the server's
 * connection. A worker that dies fails its reads in progress with its error and is started again by the
 * next read.
 */
export function searchRunner(db: Db, dialect: Dialect, file?: string, workers = 2, databaseUrl?: string): SearchRunner {
  if (dialect === 'postgres') {
    // at most `workers` at once (decision 363)
    const limit = concurrencyLimit(workers);
    const here = <K extends LongRead>(name: K, arg: LongReadArg<K>) => limit(() => runLongRead(db, dialect, name, arg));
    if (!databaseUrl) return runnerOf(here);
    const pool = workerPool({ pgUrl: databaseUrl }, workers);
    return runnerOf((name, arg) => (OFF_THREAD_ON_POSTGRES.has(name) ? pool.read(name, arg) : here(name, arg)), pool);
  }
  // in memory: one at a time on the server's connection anyway
  if (!file || file === ':memory:') return runnerOf((name, arg) => runLongRead(db, dialect, name, arg));
  const pool = workerPool({ file: path.resolve(file) }, workers);
  return runnerOf(pool.read, pool);
}

/** A runner of `read`, with the worker pool it closes and counts (none: no workers). */
function runnerOf(
  read: <K extends LongRead>(name: K, arg: LongReadArg<K>) => Promise<LongReadResult<K>>,
  pool?: { size: number; close(this: void): Promise<void> },
): SearchRunner {
  return { search: (q) => read('search', q), read, close: pool?.close ?? (async () => {}), workers: pool?.size ?? 0 };
}

/** What a read worker opens (server/search/worker.ts): a SQLite file read-only, or PostgreSQL. */
export type ReadWorkerData = { file: string } | { pgUrl: string };

/** `n` (at least 1) read worker threads on `data`; each read goes to the least busy. */
function workerPool(data: ReadWorkerData, n: number) {
  const { script, workerData } = workerScript('search', 'worker');
  let nextId = 1;
  let closing = false;
  const start = (): Slot => {
    const slot: Slot = { worker: new Worker(script, { workerData: { ...workerData, ...data } }), pending: new Map() };
    slot.worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result);
    });
    const fail = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      // started again by the next read, not here: a worker that cannot open the database would loop
      const i = slots.indexOf(slot);
      if (i >= 0) slots[i] = null;
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`检索线程已退出（${code}）`));
    });
    slot.worker.unref();
    return slot;
  };
  const slots: Array<Slot | null> = Array.from({ length: Math.max(1, n) }, start);
  const read = <K extends LongRead>(name: K, arg: LongReadArg<K>): Promise<LongReadResult<K>> => {
    if (closing) return Promise.reject(new Error('检索线程已停止'));
    // the least busy worker (one that died is started again)
    for (let i = 0; i < slots.length; i++) slots[i] ??= start();
    const slot = (slots as Slot[]).reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = nextId++;
    return new Promise<LongReadResult<K>>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, name, arg });
    });
  };
  return {
    size: slots.length,
    read,
    close: async () => {
      closing = true;
      await Promise.all(slots.flatMap((s) => (s ? [s.worker.terminate()] : [])));
    },
  };
}
