/**
 * The monitors' hooks into the background tasks (server/tasks/runner.ts; docs/decisions.md 675): the
 * runner asks for due runs at each look at the queue and hands each `monitor` task here.
 */
import type { Db } from '../db/index.js';
import type { MonitorTaskHooks } from '../tasks/runner.js';
import { queueDueMonitors, runMonitorSource, type MonitorEnv } from './run.js';
import { sendDueDigests } from './digest.js';

/** The hooks for a runner of `db`, with the engine's environment (drop root, reader). */
export function monitorTasks(db: Db, env: MonitorEnv): MonitorTaskHooks {
  return {
    // the due runs, and the digests due (sent as notifications whose mail the outbox's sender sends)
    queueDue: async () => {
      const queued = await queueDueMonitors(db);
      await sendDueDigests(db);
      return queued;
    },
    run: async (params) => {
      const sourceId = Number((params as { sourceId?: unknown }).sourceId);
      const out = await runMonitorSource(db, sourceId, env);
      return { added: out.added, error: out.error };
    },
  };
}
