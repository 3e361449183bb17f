/**
 * The monitors' hooks into the background tasks (server/tasks/runner.ts; docs/decisions.md 675, 717):
 * the runner asks for due runs at each look at the queue and hands each `monitor` task here. A run goes
 * to a worker thread with its own connection (monitorRunWorker.ts) when the database can be opened
 * twice (a SQLite file, PostgreSQL), else it runs in this thread (an in-memory database, a test's
 * environment with its own reader).
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/index.js';
import type { MonitorTaskHooks } from '../tasks/runner.js';
import { MSG } from '../../common/messages.js';
import { workerScript } from '../workerScript.js';
import { queueDueMonitors, runMonitorSource, type MonitorEnv } from './run.js';
import { sendDueDigests } from './digest.js';

/** What a run answers the runner. */
type RunResult = { added: number; error: string | null };

/**
 * Runs source `sourceId` in a worker thread on `database` (the SQLite file or PostgreSQL's address).
 * A worker that ends without an answer leaves its run failed with MSG.monitorErrInterrupted (the
 * records it wrote stay, with the token to resume from); what the run threw is its error.
 */
function runInWorker(db: Db, database: string, sourceId: number, env: MonitorEnv): Promise<RunResult> {
  const { script, workerData } = workerScript('monitors', 'monitorRunWorker');
  const worker = new Worker(script, { workerData: { ...workerData, database, sourceId, env: { dropRoot: env.dropRoot, limits: env.limits } } });
  return new Promise<RunResult>((resolve) => {
    let settled = false;
    const done = (r: RunResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    worker.on('message', (m: { added?: number; error?: string | null; failed?: string }) => {
      if (m.failed !== undefined) done({ added: 0, error: m.failed });
      else done({ added: m.added ?? 0, error: m.error ?? null });
    });
    const interrupted = () => {
      if (settled) return;
      // the run's row and the source's status say so too (the worker could not)
      const t = new Date().toISOString();
      void db
        .updateTable('monitor_runs')
        .set({ status: 'failed', finished_at: t, error: MSG.monitorErrInterrupted })
        .where('source_id', '=', sourceId)
        .where('status', '=', 'running')
        .execute()
        .then(() =>
          db
            .updateTable('monitor_sources')
            .set({ last_status: 'failed', last_error: MSG.monitorErrInterrupted })
            .where('id', '=', sourceId)
            .where('last_status', '=', 'running')
            .execute(),
        )
        .catch(() => {})
        .finally(() => done({ added: 0, error: MSG.monitorErrInterrupted }));
    };
    worker.on('error', interrupted);
    worker.on('exit', interrupted);
  });
}

/**
 * The hooks for a runner of `db`, with the engine's environment (drop root, reader); `database` is the
 * address a worker thread opens (see the file comment), undefined to run in this thread.
 */
export function monitorTasks(db: Db, env: MonitorEnv, database?: string): MonitorTaskHooks {
  // a function (a test's getter or resolver) does not reach a worker thread
  const inWorker = database && !env.get && !env.limits?.resolve ? database : undefined;
  return {
    // the due runs, and the digests due (sent as notifications whose mail the outbox's sender sends)
    queueDue: async () => {
      const queued = await queueDueMonitors(db);
      await sendDueDigests(db);
      return queued;
    },
    run: async (params) => {
      const sourceId = Number((params as { sourceId?: unknown }).sourceId);
      if (inWorker) return runInWorker(db, inWorker, sourceId, env);
      const out = await runMonitorSource(db, sourceId, env);
      return { added: out.added, error: out.error };
    },
  };
}
