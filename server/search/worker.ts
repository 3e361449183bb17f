/**
 * A read worker thread (decisions 262, 385): opens the SQLite file read-only and answers `{ id, name, arg }` messages with
 * `{ id, result }` or `{ id, error }`, running the same long read (server/search/longReads.ts) as the
 * main thread would. Started by server/search/readPool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema.js';
import { runLongRead, type LongRead } from './longReads.js';

const { file } = workerData as { file: string };
const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
// reads jump around a large file: map up to 256 MB of it (no read call per page) and keep 64 MB of pages (decision 262)
sqlite.pragma('mmap_size = 268435456');
sqlite.pragma('cache_size = -65536');
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });

parentPort!.on('message', (msg: { id: number; name: LongRead; arg: never }) => {
  runLongRead(db, 'sqlite', msg.name, msg.arg).then(
    (result) => parentPort!.postMessage({ id: msg.id, result }),
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
