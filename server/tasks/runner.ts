/**
 * Background tasks (decision 267): a queue of persisted tasks (table `tasks`) that each
 * server process works through, one task at a time.
 *
 * - Taking a task is atomic: on PostgreSQL `FOR UPDATE SKIP LOCKED` (several processes share the queue,
 *   each task taken once); on SQLite (one process) a conditional update.
 * - An import runs in a worker thread with its own connection (decision 411): on a SQLite file, and on
 *   PostgreSQL when the runner is given its address (the server's event loop and connection stay free);
 *   otherwise in this process (an in-memory database; a runner without the address). On PostgreSQL it is
 *   one transaction; on SQLite it is written staged, in short transactions invisible until it publishes
 *   (server/import/staged.ts, decision 410). Either way a cancel, a failure or a stopped server before
 *   it publishes leaves no row: on SQLite the runner removes what a stopped import left at its next start
 *   (its links before anything is served), and runs again one stopped while it published.
 * - A re-index (kind 'reindex') rewrites the search index entries of every resource in this process,
 *   in batches of 2,000 each committed (server/search/indexer.ts `rebuildSearchIndex`): searches go on
 *   meanwhile, and a cancel or a stop keeps the batches done.
 * - Progress (rows done / total, rate, time left) is kept in memory for the tasks this process runs and
 *   written to the row as it goes (PostgreSQL: every 2 s with a heartbeat, which also reads a cancel
 *   asked through another process) and at the end. The heartbeat is a timer of its own, not a step of
 *   the rows' progress: the commit, the topic counts and the `vacuum (analyze)` after a large import
 *   report no rows for as long as they take, and the task must not look abandoned meanwhile.
 * - At start, a task still 'running' is marked 'interrupted': on SQLite every one (a single process ran
 *   it) but an import that had begun to publish, which is queued again; on PostgreSQL those whose
 *   heartbeat is older than 60 s (their process is gone); it can be retried. The skipped rows (line and
 *   reason, at most 1,000) are kept as the task's log.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { workerScript } from '../workerScript.js';
import { Worker } from 'node:worker_threads';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import type { TasksTable } from '../db/schema.js';
import { ImportError, importFiles, type ImportOptions, type ImportProgress, type ImportSummary } from '../import/run.js';
import { discardImport, unlinkImport } from '../import/staged.js';
import { TaskCancelled } from './cancel.js';
import { rateSince } from './progress.js';
import { rebuildSearchIndex } from '../search/indexer.js';
import { MSG } from '../../common/messages.js';

/** What an import task carries in `params` (a re-index task carries `{}`). */
export interface ImportParams {
  kind: string;
  topic: string;
  file: string;
  name: string;
  /** the column mapping chosen in the console (field → column or null), resolved when the task was queued */
  mapping?: Record<string, string | null>;
}

/** How a task's work ended: an import's summary, the count of a re-index, or its failure. */
interface Outcome {
  summary?: ImportSummary;
  indexed?: number;
  error?: string;
  cancelled?: boolean;
  /** the failure is the file's (ImportError): its message names the file as the user knows it and is shown */
  fileError?: boolean;
}

/** What an import worker that ended without a word answers. */
const WORKER_EXITED = 'worker exited';

/**
 * The monitors' share of the queue (server/monitors/tasks.ts; docs/decisions.md 675): `queueDue` queues
 * the scheduled runs that are due (once across processes), `run` runs one task of kind `monitor`.
 */
export interface MonitorTaskHooks {
  queueDue(): Promise<number>;
  run(params: unknown): Promise<{ added: number; error: string | null }>;
}

/** A look the runner makes besides the queue (the saved searches' daily alerts), at most once every `everyMs`. */
export interface PeriodicLook {
  everyMs: number;
  look(): Promise<unknown>;
}

/** The live progress of a task this process runs. */
export interface LiveProgress {
  phase: string;
  done: number;
  total: number;
  startedAt: number;
  ratePerSecond: number;
}

/** How old a running task's heartbeat may be before another process takes its owner for gone, ms. */
const STALE_MS = 60_000;
/** How often a running task's heartbeat is written (PostgreSQL), ms. */
const HEARTBEAT_MS = 2000;
const LOG_LIMIT = 1000;
const now = () => new Date().toISOString();

/** A row of `tasks`. */
export type TaskRow = Selectable<TasksTable>;

/** See the file comment. `file` is the SQLite file (undefined or ':memory:' for none). */
export class TaskRunner {
  /** this process, as recorded in `tasks.owner` */
  readonly owner = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private readonly live = new Map<number, LiveProgress>();
  private readonly cancels = new Map<number, () => void>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = false;
  private lastStaleCheck = Date.now();
  private readonly staleMs: number;
  private readonly heartbeatMs: number;
  private readonly databaseUrl: string | undefined;
  /** SQLite: the rows of imports cut off before they published are still to be removed (at the first look at the queue) */
  private leftovers: boolean;
  private readonly monitors: MonitorTaskHooks | undefined;
  /** looks made at each look at the queue besides the monitors' (the saved searches' alerts) */
  private readonly periodic: ReadonlyArray<PeriodicLook>;
  /** when each periodic look last ran (Date.now(), ms), by its index */
  private readonly periodicAt: number[];

  /**
   * `file`: the SQLite file (imports then run in a worker thread); `pollMs`: how often the queue is
   * read; `onWritten`: called after a task wrote data (the server bumps its visitor cache there);
   * `limits`: the heartbeat's period and the age past which a running task is taken for abandoned, ms
   * (60 s and 2 s; the tests shorten them), `monitors`, the monitors' scheduled runs, `periodic`, other looks made with the look at the queue, each at most once every its `everyMs` (the saved searches' daily alerts), and `databaseUrl`, PostgreSQL's address, with which an import
   * runs in a worker thread with a connection of its own (decision 411; without it, in this process).
   */
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly file: string | undefined,
    private readonly pollMs = 1000,
    private readonly onWritten: () => Promise<void> = async () => {},
    limits: {
      staleMs?: number;
      heartbeatMs?: number;
      databaseUrl?: string;
      monitors?: MonitorTaskHooks;
      periodic?: ReadonlyArray<PeriodicLook>;
    } = {},
  ) {
    this.monitors = limits.monitors;
    this.periodic = limits.periodic ?? [];
    this.periodicAt = this.periodic.map(() => 0);
    this.staleMs = limits.staleMs ?? STALE_MS;
    this.heartbeatMs = limits.heartbeatMs ?? HEARTBEAT_MS;
    this.databaseUrl = dialect === 'postgres' ? limits.databaseUrl : undefined;
    this.leftovers = dialect === 'sqlite';
  }

  /** Marks stale running tasks interrupted, then polls the queue every `pollMs`. */
  async start(): Promise<void> {
    await this.markInterrupted();
    // SQLite: the rows of an import cut off before it published leave their topic before anything is
    // served (a few seconds at most); the records themselves are removed at the first look at the queue
    if (this.dialect === 'sqlite') await unlinkImport(this.db, undefined, { budgetMs: 500, gapMs: 0 });
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and cancels the task this process runs (it rolls back and is marked interrupted). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const cancel of this.cancels.values()) cancel();
  }

  /** Looks at the queue now (after a task was queued). */
  kick(): void {
    if (this.busy || this.stopped) return;
    this.busy = true;
    void this.next().finally(() => {
      this.busy = false;
    });
  }

  /** The live progress of a task this process runs, if it runs it. */
  progressOf(id: number): LiveProgress | undefined {
    return this.live.get(id);
  }

  /** Asks a task this process runs to stop at its next chunk; false when it does not run it here. */
  cancel(id: number): boolean {
    const c = this.cancels.get(id);
    c?.();
    return !!c;
  }

  private async markInterrupted(): Promise<void> {
    // SQLite: an import cut off while it published is run again, so that it ends complete (decision 410);
    // what it left unpublished is removed first (next)
    if (this.dialect === 'sqlite')
      await this.db
        .updateTable('tasks')
        .set({ status: 'queued', owner: null, started_at: null, heartbeat_at: null, done: 0, total: 0 })
        .where('status', '=', 'running')
        .where('kind', '<>', 'reindex')
        .where('publishing', '=', 1)
        .execute();
    // an import wrote nothing (one transaction, or its unpublished rows are removed); a re-index keeps
    // the batches it finished
    for (const [reindex, error] of [
      [false, MSG.importRestarted],
      [true, MSG.reindexRestarted],
    ] as const) {
      let q = this.db
        .updateTable('tasks')
        .set({ status: 'interrupted', finished_at: now(), error })
        .where('status', '=', 'running')
        .where('kind', reindex ? '=' : '<>', 'reindex');
      if (this.dialect === 'postgres')
        q = q.where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', new Date(Date.now() - this.staleMs).toISOString())]));
      await q.execute();
    }
  }

  /** Takes the oldest queued task, atomically; undefined when there is none (or another process took it). */
  private async claim(): Promise<TaskRow | undefined> {
    const t = now();
    if (this.dialect === 'postgres') {
      const r =
        await sql<TaskRow>`update tasks set status = 'running', owner = ${this.owner}, started_at = ${t}, heartbeat_at = ${t}, done = 0, total = 0, publishing = 0
        where id = (select id from tasks where status = 'queued' order by id limit 1 for update skip locked) returning *`.execute(this.db);
      return r.rows[0];
    }
    const next = await this.db.selectFrom('tasks').selectAll().where('status', '=', 'queued').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return undefined;
    const u = await this.db
      .updateTable('tasks')
      .set({ status: 'running', owner: this.owner, started_at: t, heartbeat_at: t, done: 0, total: 0, publishing: 0 })
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(u.numUpdatedRows) === 1 ? { ...next, status: 'running' } : undefined;
  }

  private async next(): Promise<void> {
    try {
      // a process that died meanwhile (PostgreSQL: processes share the queue); at most twice a minute
      if (this.dialect === 'postgres' && Date.now() - this.lastStaleCheck > this.staleMs / 2) {
        this.lastStaleCheck = Date.now();
        await this.markInterrupted();
      }
      if (this.leftovers) {
        // no task runs yet: every row still marked belongs to an import cut off before it published
        const n = await discardImport(this.db, undefined);
        if (n) console.warn(`已清除中断的导入留下的 ${n} 条未发布记录`);
        this.leftovers = false;
      }
      if (this.monitors) await this.monitors.queueDue();
      for (const [i, p] of this.periodic.entries()) {
        if (Date.now() - this.periodicAt[i] < p.everyMs) continue;
        this.periodicAt[i] = Date.now();
        await p.look();
      }
      const task = await this.claim();
      if (!task) return;
      if (task.kind === 'monitor') await this.runMonitor(task);
      else await this.run(task);
      this.kick();
    } catch (err) {
      // a look at the queue cut off by stop() (the database closing under it) is no error of a task
      if (!this.stopped) console.warn(`后台任务出错：${(err as Error).message}`);
    }
  }

  private async run(task: TaskRow): Promise<void> {
    const params = JSON.parse(task.params) as ImportParams;
    const live: LiveProgress = { phase: 'parse', done: 0, total: 0, startedAt: Date.now(), ratePerSecond: 0 };
    this.live.set(task.id, live);
    const onProgress = (p: { phase: string; done: number; total: number }) => {
      live.phase = p.phase;
      if (p.phase === 'write') {
        live.done = p.done;
        live.total = p.total;
        live.ratePerSecond = rateSince(p.done, live.startedAt);
      }
    };
    // PostgreSQL: the heartbeat on a timer, so that the steps that report no rows (the commit, the
    // topic counts, vacuum) keep it fresh too; it also brings a cancel asked through another process
    let beating = false;
    const beat = () => {
      if (beating) return;
      beating = true;
      void this.db
        .updateTable('tasks')
        .set({ heartbeat_at: now(), done: live.done, total: live.total })
        .where('id', '=', task.id)
        .where('owner', '=', this.owner)
        .returning('cancel_requested')
        .executeTakeFirst()
        .then(
          (r) => {
            if (r?.cancel_requested === 1) this.cancel(task.id);
          },
          () => {},
        )
        .finally(() => {
          beating = false;
        });
    };
    const heart = this.dialect === 'postgres' ? setInterval(beat, this.heartbeatMs) : null;
    const reindex = task.kind === 'reindex';
    let outcome: Outcome;
    try {
      const database = this.dialect === 'sqlite' ? (this.file && this.file !== ':memory:' ? this.file : undefined) : this.databaseUrl;
      outcome = reindex
        ? await this.reindexAll(task.id, onProgress)
        : database
          ? await this.inWorker(task.id, database, params, onProgress)
          : await this.inProcess(task.id, params, onProgress);
      // SQLite: what an import that did not finish left unpublished (a worker that died, a failure while it
      // published) is removed now; what it published stays, and running it again completes it
      if (!reindex && !outcome.summary && this.dialect === 'sqlite') await discardImport(this.db, task.id);
    } finally {
      if (heart) clearInterval(heart);
      this.live.delete(task.id);
      this.cancels.delete(task.id);
    }
    if (!reindex && !outcome.summary && !outcome.cancelled) {
      // the detail of a failure that is not the file's goes to the log only: it may name the server's
      // paths (decision 414)
      if (!outcome.fileError) console.warn(`导入任务 ${task.id} 失败：${outcome.error ?? ''}`);
      const published = await this.db.selectFrom('tasks').select('publishing').where('id', '=', task.id).executeTakeFirst();
      if (published?.publishing === 1) outcome.error = MSG.importPublishFailed;
      else if (!outcome.fileError) outcome.error = outcome.error === WORKER_EXITED ? MSG.importWorkerExited : MSG.importTaskFailed;
    }
    const s = outcome.summary;
    // what a finished task wrote: an import's rows, or the resources whose index entries were rewritten
    const finished = s
      ? {
          rows: s.inserted + s.updated,
          result: { read: s.read, inserted: s.inserted, updated: s.updated, skipped: s.skipped.length, topic: s.topic, topicId: s.topicId, seconds: s.seconds },
          log: s.skipped.slice(0, LOG_LIMIT),
        }
      : outcome.indexed !== undefined
        ? {
            rows: outcome.indexed,
            result: { read: outcome.indexed, inserted: 0, updated: outcome.indexed, skipped: 0, seconds: (Date.now() - live.startedAt) / 1000 },
            log: [],
          }
        : null;
    const cancelled = outcome.cancelled || task.cancel_requested === 1;
    const interrupted = this.stopped && outcome.cancelled;
    await this.db
      .updateTable('tasks')
      .set({
        status: finished ? 'done' : interrupted ? 'interrupted' : cancelled ? 'cancelled' : 'failed',
        finished_at: now(),
        heartbeat_at: now(),
        done: finished ? finished.rows : reindex ? live.done : 0,
        total: finished ? finished.rows : live.total,
        result: finished ? JSON.stringify(finished.result) : null,
        log: JSON.stringify(finished ? finished.log : []),
        error: finished
          ? null
          : interrupted
            ? reindex
              ? MSG.reindexStopped
              : MSG.importStopped
            : cancelled
              ? reindex
                ? MSG.reindexCancelled
                : MSG.taskCancelledMessage
              : (outcome.error ?? MSG.importTaskFailed),
      })
      .where('id', '=', task.id)
      .execute();
    if (s) fs.rmSync(params.file, { force: true });
    // a re-index stopped midway rewrote some entries too
    if (finished || (reindex && live.done > 0)) await this.onWritten();
  }

  /** Runs a monitor task through its hooks (server/monitors/tasks.ts: in a worker thread where the database opens twice) and records how it ended. */
  private async runMonitor(task: TaskRow): Promise<void> {
    let out: { added: number; error: string | null };
    try {
      out = this.monitors ? await this.monitors.run(JSON.parse(task.params)) : { added: 0, error: MSG.importTaskFailed };
    } catch (err) {
      out = { added: 0, error: (err as Error).message };
    }
    await this.db
      .updateTable('tasks')
      .set({
        status: out.error ? 'failed' : 'done',
        finished_at: now(),
        heartbeat_at: now(),
        done: out.added,
        total: out.added,
        result: out.error ? null : JSON.stringify({ read: out.added, inserted: out.added, updated: 0, skipped: 0, seconds: 0 }),
        error: out.error,
      })
      .where('id', '=', task.id)
      .execute();
    if (out.added > 0) await this.onWritten();
  }

  /** Rebuilds the search index of every resource in this process; a cancel stops it after a batch. */
  private async reindexAll(id: number, onProgress: (p: { phase: string; done: number; total: number }) => void): Promise<Outcome> {
    let cancelled = false;
    this.cancels.set(id, () => {
      cancelled = true;
    });
    try {
      const indexed = await rebuildSearchIndex(this.db, (done, total) => {
        onProgress({ phase: 'write', done, total });
        if (cancelled) throw new TaskCancelled();
      });
      return { indexed };
    } catch (err) {
      return { error: (err as Error).message, cancelled: err instanceof TaskCancelled };
    }
  }

  /**
   * The options of an import task's `importFiles` (both paths): the file named as uploaded (decision 414);
   * on SQLite written staged (decision 410), its commit point recorded in `tasks.publishing` through
   * `db`; `isCancelled` read at each batch until the import publishes.
   */
  static importOptions(
    db: Db,
    dialect: Dialect,
    id: number,
    p: ImportParams,
    isCancelled: () => boolean,
    onProgress: (p: ImportProgress) => void,
  ): ImportOptions {
    return {
      topic: p.topic,
      mapping: p.mapping,
      names: [p.name],
      onProgress: (pr) => {
        if (pr.phase !== 'publish' && isCancelled()) throw new TaskCancelled();
        onProgress(pr);
      },
      ...(dialect === 'sqlite'
        ? {
            staged: {
              taskId: id,
              checkpoint: () => {
                if (isCancelled()) throw new TaskCancelled();
              },
              onPublish: async () => {
                await db.updateTable('tasks').set({ publishing: 1 }).where('id', '=', id).execute();
              },
            },
          }
        : {}),
    };
  }

  private async inProcess(id: number, p: ImportParams, onProgress: (p: ImportProgress) => void): Promise<Outcome> {
    let cancelled = false;
    this.cancels.set(id, () => {
      cancelled = true;
    });
    try {
      const summary = await importFiles(
        this.db,
        p.kind,
        [p.file],
        TaskRunner.importOptions(this.db, this.dialect, id, p, () => cancelled, onProgress),
      );
      return { summary };
    } catch (err) {
      return { error: (err as Error).message, cancelled: err instanceof TaskCancelled, fileError: err instanceof ImportError };
    }
  }

  /** Runs an import in a worker thread with its own connection to `database` (the SQLite file, or PostgreSQL's address). */
  private inWorker(id: number, database: string, p: ImportParams, onProgress: (p: ImportProgress) => void): Promise<Outcome> {
    const { script, workerData } = workerScript('tasks', 'importWorker');
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(script, { workerData: { ...workerData, database, id, params: p, cancel } });
    this.cancels.set(id, () => {
      Atomics.store(cancel, 0, 1);
    });
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const done = (v: Outcome) => {
        if (!settled) {
          settled = true;
          resolve(v);
        }
      };
      worker.on('message', (m: { progress?: ImportProgress; summary?: ImportSummary; error?: string; cancelled?: boolean; importError?: boolean }) => {
        if (m.progress) onProgress(m.progress);
        else if (m.summary) done({ summary: m.summary });
        else if (m.error !== undefined) done({ error: m.error, cancelled: m.cancelled, fileError: m.importError });
      });
      worker.on('error', (err) => done({ error: err.message }));
      worker.on('exit', () => done({ error: WORKER_EXITED }));
    });
  }
}
