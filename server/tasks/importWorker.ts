/**
 * An import task in a worker thread (issue 11 §4; decision 267): on a SQLite file the import writes
 * through a connection of its own, so the server's event loop and its connection stay free for
 * visitors (their reads go on beside the import's transaction). workerData `{ database, kind, files,
 * topic, mapping, cancel }`; posts `{ progress }` as it goes and `{ summary }` or `{ error }` at the end. `cancel`
 * is a shared Int32Array: when the runner sets it to 1 the import stops at its next chunk and rolls
 * back (a message would wait: the import does not give its event loop a turn until it ends).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.js';
import { importFiles } from '../import/run.js';
import { TaskCancelled } from './cancel.js';

const { database, kind, files, topic, mapping, cancel } = workerData as {
  database: string;
  kind: string;
  files: string[];
  topic: string;
  mapping?: Record<string, string | null>;
  cancel: Int32Array;
};

const opened = await openDatabase(database);
try {
  const summary = await importFiles(opened.db, kind, files, {
    topic,
    mapping,
    onProgress: (p) => {
      if (Atomics.load(cancel, 0) === 1) throw new TaskCancelled();
      parentPort!.postMessage({ progress: p });
    },
  });
  parentPort!.postMessage({ summary });
} catch (err) {
  parentPort!.postMessage({
    error: err instanceof Error ? err.message : String(err),
    cancelled: err instanceof TaskCancelled,
    importError: (err as Error)?.name === 'ImportError',
  });
} finally {
  await opened.close();
}
