/**
 * One run of a source and the schedule (docs/decisions.md 673-675):
 * - `queueDueMonitors` queues a background task (kind `monitor`, server/tasks) for every enabled source
 *   whose `next_run_at` has come, after moving `next_run_at` to the schedule's next time with a
 *   conditional update: of several processes reading the same due source only one moves it, so a
 *   schedule queues one task across processes;
 * - `runMonitorSource` harvests the source into its channel and records the run (`monitor_runs`, the
 *   source's last-run columns). OAI-PMH is incremental: `from` the start of the last successful harvest,
 *   and a run that fails midway keeps the token of the page it stopped at, so the next run resumes there
 *   (a token the server no longer knows starts the list again from `from`). A failure is the source's
 *   own: its message goes on the run and the source, nothing is thrown.
 */
import path from 'node:path';
import { Cron } from 'croner';
import type { Db } from '../db/index.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { DEFAULT_LIMITS, fetchBytes, MonitorError, type FetchLimits } from './fetch.js';
import { harvestDrop, harvestFeed, harvestOai, type Getter } from './harvest.js';
import { landRecords, type Harvested } from './records.js';
import { harvestOaiOffThread } from './oaiPages.js';
import { refreshTopicTypeCounts } from '../resources/store.js';

/** What the engine needs beyond the database. */
export interface MonitorEnv {
  /** the folder file drops live under (`{dataDir}/monitor-drops`) */
  dropRoot: string;
  get?: Getter;
  limits?: FetchLimits;
}

/** The result of a run. */
export interface RunOutcome {
  runId: number;
  added: number;
  error: string | null;
}

/** The next time of a cron expression after `after` (ISO), or null when it never fires; throws on a bad expression. */
export function nextRunOf(schedule: string, after = new Date()): string | null {
  const next = new Cron(schedule, { paused: true, timezone: 'UTC' }).nextRun(after);
  return next ? next.toISOString() : null;
}

/** True when `schedule` is a five-field cron expression croner accepts. */
export function validSchedule(schedule: string): boolean {
  if (schedule.trim().split(/\s+/).length !== 5) return false;
  try {
    nextRunOf(schedule);
    return true;
  } catch {
    return false;
  }
}

/** Queues the runs that are due (see the file comment); resolves with the tasks queued. */
export async function queueDueMonitors(db: Db, now = new Date()): Promise<number> {
  const t = now.toISOString();
  const due = await db
    .selectFrom('monitor_sources')
    .select(['id', 'name', 'schedule', 'next_run_at'])
    .where('enabled', '=', 1)
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', t)
    .limit(50)
    .execute();
  let queued = 0;
  for (const s of due) {
    let next: string | null;
    try {
      next = nextRunOf(s.schedule, now);
    } catch {
      next = null;
    }
    const u = await db
      .updateTable('monitor_sources')
      .set({ next_run_at: next })
      .where('id', '=', s.id)
      .where('next_run_at', '=', s.next_run_at)
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) !== 1) continue;
    await queueMonitorRun(db, s.id, s.name, null);
    queued++;
  }
  return queued;
}

/** Queues one run of a source as a background task; resolves with the task's id. */
export async function queueMonitorRun(db: Db, sourceId: number, name: string, userId: number | null): Promise<number> {
  const row = await db
    .insertInto('tasks')
    .values({
      kind: 'monitor',
      status: 'queued',
      title: fillMsg(MSG.monitorRunTaskTitle, { name }),
      params: JSON.stringify({ sourceId }),
      created_by: userId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The fewest records an OAI-PMH run writes at once (docs/decisions.md 699): pages are held until this
 * many have been read, then written in one transaction with the token that follows them. A transaction
 * per page of 200 spent 40% of a harvest's writing in its commits.
 */
export const LAND_RECORDS = 1_000;

/** A saved resumption point: the token and when the interrupted harvest started. */
interface Resume {
  token: string;
  started: string;
}

/** Runs one source now (see the file comment); resolves with the run's id, records added and error. */
export async function runMonitorSource(db: Db, sourceId: number, env: MonitorEnv): Promise<RunOutcome> {
  const src = await db
    .selectFrom('monitor_sources as s')
    .innerJoin('monitor_channels as c', 'c.id', 's.channel_id')
    .selectAll('s')
    .select(['c.topic_id as topicId'])
    .where('s.id', '=', sourceId)
    .executeTakeFirst();
  if (!src) throw new MonitorError(MSG.monitorSourceNotFound);
  const started = new Date();
  const run = await db
    .insertInto('monitor_runs')
    .values({ source_id: src.id, channel_id: src.channel_id, status: 'running', started_at: started.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('monitor_sources').set({ last_status: 'running', last_run_at: started.toISOString() }).where('id', '=', src.id).execute();
  const get = env.get ?? fetchBytes;
  const limits = env.limits ?? DEFAULT_LIMITS;
  const channel = { id: src.channel_id, topicId: src.topicId };
  let added = 0;
  let error: string | null = null;
  let harvestedFrom = started.toISOString();
  try {
    if (src.kind === 'oai') {
      let resume: Resume | null = src.resume_token ? (JSON.parse(src.resume_token) as Resume) : null;
      const pass = async (r: Resume | null) => {
        harvestedFrom = r?.started ?? started.toISOString();
        // the pages read and not yet written, and the token that follows them
        let held: Harvested[] = [];
        let heldNext: string | null = null;
        const write = async () => {
          const saved: Resume | null = heldNext ? { token: heldNext, started: harvestedFrom } : null;
          const records = held;
          held = [];
          added += await landRecords(db, channel, src.id, records, async (trx) => {
            await trx
              .updateTable('monitor_sources')
              .set({ resume_token: saved ? JSON.stringify(saved) : null })
              .where('id', '=', src.id)
              .execute();
          });
        };
        try {
          const list = { url: src.url, set: src.set_spec, prefix: src.metadata_prefix, from: src.harvested_until, token: r?.token ?? null };
          const onPage = async (records: Harvested[], next: string | null) => {
            held.push(...records);
            heldNext = next;
            if (held.length >= LAND_RECORDS || !next) await write();
          };
          // read in the page worker, which reads on while this thread writes (decision 714), unless the
          // reads are a caller's own (a test's getter or resolver does not reach a worker)
          if (env.get || limits.resolve) await harvestOai(get, limits, list, onPage);
          else await harvestOaiOffThread(limits, list, onPage);
        } catch (err) {
          // what was read before the failure is written, with the token to resume from
          if (held.length) await write();
          throw err;
        }
      };
      try {
        await pass(resume);
      } catch (err) {
        // a saved token the server no longer knows: the list again from `from`
        if (!(resume && err instanceof MonitorError && /badResumptionToken/.test(err.message))) throw err;
        resume = null;
        await pass(null);
      }
    } else if (src.kind === 'feed') {
      added += await landRecords(db, channel, src.id, await harvestFeed(get, limits, src.url));
    } else {
      const folder = path.join(env.dropRoot, src.url);
      added += await landRecords(db, channel, src.id, await harvestDrop(folder, src.file_kind ?? 'bibtex', src.harvested_until));
    }
  } catch (err) {
    error = err instanceof MonitorError ? err.message : fillMsg(MSG.monitorErrNetwork, { reason: (err as Error).message.slice(0, 200) });
  }
  // the topic's counts once per run, failed or not (landRecords leaves them)
  if (added > 0) await refreshTopicTypeCounts(db, [{ topicId: src.topicId, type: 'article' }]);
  const finished = new Date();
  const duration = finished.getTime() - started.getTime();
  await db
    .updateTable('monitor_runs')
    .set({ status: error ? 'failed' : 'done', finished_at: finished.toISOString(), duration_ms: duration, added, error })
    .where('id', '=', run.id)
    .execute();
  await db
    .updateTable('monitor_sources')
    .set({
      last_status: error ? 'failed' : 'done',
      last_error: error,
      last_added: added,
      last_duration_ms: duration,
      ...(error ? {} : { harvested_until: harvestedFrom, resume_token: null }),
    })
    .where('id', '=', src.id)
    .execute();
  return { runId: run.id, added, error };
}
