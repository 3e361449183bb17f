/**
 * A monitor's run in a worker thread (docs/decisions.md 717; started by tasks.ts): the run writes its
 * records through a connection of its own, so the server's event loop is not held by a landing's
 * statements (about 100 ms for 1,000 records on SQLite) and visitors' pages are answered meanwhile.
 * workerData `{ database, sourceId, env }` (`database`: the SQLite file or PostgreSQL's address; `env`:
 * the engine's plain-data environment, its drop root and read limits); posts `{ added, error }` as
 * `runMonitorSource` resolves, or `{ failed }` with the message of what it threw.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.js';
import { runMonitorSource, type MonitorEnv } from './run.js';

const { database, sourceId, env } = workerData as { database: string; sourceId: number; env: MonitorEnv };

const opened = await openDatabase(database);
try {
  const out = await runMonitorSource(opened.db, sourceId, env);
  parentPort!.postMessage({ added: out.added, error: out.error });
} catch (err) {
  parentPort!.postMessage({ failed: err instanceof Error ? err.message : String(err) });
} finally {
  await opened.close();
}
