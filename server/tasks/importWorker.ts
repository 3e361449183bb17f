/**
 * An import task in a worker thread (decisions 267, 410, 411): the import reads, parses and
 * writes through a connection of its own, so the server's event loop stays free for visitors and for
 * the server's own writes. On a SQLite file it writes staged (short transactions, invisible until
 * published: server/import/staged.ts); on PostgreSQL in one transaction, which other writes do not wait
 * for. workerData `{ database, id, params, cancel }` (`database`: the SQLite file or PostgreSQL's
 * address; `params`: the task's ImportParams); posts `{ progress }` as it goes and `{ summary }` or
 * `{ error, cancelled, importError }` at the end. `cancel` is a shared Int32Array: when the runner sets
 * it to 1 the import stops at its next batch and removes what it wrote (a message would wait: the
 * import gives its event loop few turns).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.js';
import { ImportError, importFiles } from '../import/run.js';
import { TaskCancelled } from './cancel.js';
import { TaskRunner, type ImportParams } from './runner.js';

const { database, id, params, cancel } = workerData as { database: string; id: number; params: ImportParams; cancel: Int32Array };

const opened = await openDatabase(database);
try {
  const summary = await importFiles(
    opened.db,
    params.kind,
    [params.file],
    TaskRunner.importOptions(
      opened.db,
      opened.dialect,
      id,
      params,
      () => Atomics.load(cancel, 0) === 1,
      (p) => parentPort!.postMessage({ progress: p }),
    ),
  );
  parentPort!.postMessage({ summary });
} catch (err) {
  parentPort!.postMessage({
    error: err instanceof Error ? err.message : String(err),
    cancelled: err instanceof TaskCancelled,
    importError: err instanceof ImportError,
  });
} finally {
  await opened.close();
}
