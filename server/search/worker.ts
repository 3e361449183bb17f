/**
 * A read worker thread (decisions 262, 385, 716): opens the SQLite file read-only, or PostgreSQL with a
 * small pool of its own, and answers `{ id, name, arg }` messages with `{ id, result }` or `{ id, error }`,
 * running the same long read (server/search/longReads.ts) as the main thread would. Started by
 * server/search/readPool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/migrations/index.js';
import { runLongRead, type LongRead } from './longReads.js';
import { withStatementCache } from '../db/statementCache.js';
import { pgPool } from '../db/pgPool.js';
import type { ReadWorkerData } from './readPool.js';

/** Connections of a worker on PostgreSQL: an OAI-PMH page reads its records and the site's sets at once. */
const PG_CONNECTIONS = 2;

function open(data: ReadWorkerData): { db: Kysely<Database>; dialect: Dialect } {
  if ('pgUrl' in data) return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgPool(data.pgUrl, PG_CONNECTIONS) }) }), dialect: 'postgres' };
  const sqlite = new BetterSqlite3(data.file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // reads jump around a large file: map up to 256 MB of it (no read call per page) and keep 64 MB of pages (decision 262)
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -65536');
  // statements reused as on the server's connection: an OAI-PMH harvest asks for the same page read
  // hundreds of times (decision 715)
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

const { db, dialect } = open(workerData as ReadWorkerData);

/**
 * The buffers a result can hand over instead of copying: the bytes of an OAI-PMH answer (about 265 KB a
 * page) when they fill their own buffer (decision 715).
 */
function handedOver(result: unknown): ArrayBuffer[] {
  return result instanceof Uint8Array && result.buffer instanceof ArrayBuffer && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength
    ? [result.buffer]
    : [];
}

parentPort!.on('message', (msg: { id: number; name: LongRead; arg: never }) => {
  runLongRead(db, dialect, msg.name, msg.arg).then(
    (result) => parentPort!.postMessage({ id: msg.id, result }, handedOver(result)),
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
