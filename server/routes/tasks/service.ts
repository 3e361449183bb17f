/**
 * Background tasks in the database (decision 267): queue an import or a re-index, list and read tasks
 * with the runner's live progress, cancel, queue again. The runner (server/tasks/runner.ts) takes the
 * queued ones.
 */
import fs from 'node:fs';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TasksTable } from '../../db/schema.js';
import { readPage } from '../../db/paging.js';
import { conflict, notFound } from '../../http/errors.js';
import type { TaskRunner } from '../../tasks/runner.js';
import { estimate } from '../../tasks/progress.js';
import type { SkippedRow } from '../../import/types.js';
import type { Task } from '../../../common/contracts/tasks.js';
import { MSG } from '../../../common/messages.js';

/** The columns of a task the list shows (not its log of skipped rows). */
const LIST_COLUMNS = ['id', 'kind', 'status', 'title', 'params', 'total', 'done', 'result', 'error', 'created_at', 'started_at', 'finished_at'] as const;
type ListedTask = Pick<Selectable<TasksTable>, (typeof LIST_COLUMNS)[number]>;

/** A task as the console shows it: the stored row with the runner's live progress (rows, rate, time left). */
export function presentTask(runner: TaskRunner, t: ListedTask): Task {
  const live = runner.progressOf(t.id);
  const done = live?.done ?? t.done;
  const total = live?.total ?? t.total;
  const { ratePerSecond, secondsLeft } = estimate(done, total, live?.ratePerSecond ?? 0);
  // a re-index has no file, kind or topic: `{}`
  const params = JSON.parse(t.params) as { kind?: string; topic?: string; name?: string };
  const result = t.result ? (JSON.parse(t.result) as Task['result']) : null;
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    title: t.title,
    importKind: params.kind ?? '',
    topic: params.topic ?? '',
    fileName: params.name ?? '',
    done,
    total,
    phase: live?.phase ?? null,
    ratePerSecond,
    secondsLeft,
    // the count from the summary: the list does not read each task's log
    result,
    error: t.error,
    skipped: result?.skipped ?? 0,
    createdAt: t.created_at,
    startedAt: t.started_at,
    finishedAt: t.finished_at,
  };
}

/** Loads a task, or 404 任务不存在. */
export async function loadTask(db: Db, id: number): Promise<Selectable<TasksTable>> {
  const t = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound(MSG.taskNotFound);
  return t;
}

/** The tasks, newest first, a page of them. */
export const listTasks = (db: Db, runner: TaskRunner, q: { page: number; size: number }) =>
  readPage(
    db.selectFrom('tasks'),
    q,
    (qb) => qb.select(LIST_COLUMNS).orderBy('id', 'desc'),
    (t) => presentTask(runner, t),
  );

/** One task with its log of skipped rows. */
export async function readTask(db: Db, runner: TaskRunner, id: number) {
  const t = await loadTask(db, id);
  return { ...presentTask(runner, t), log: JSON.parse(t.log) as Array<SkippedRow & { file?: string }> };
}

/** Queues the import of a kept file into `topic` (with the column mapping chosen in the console, if any); returns the task's id. */
export async function queueImport(
  db: Db,
  input: { kind: string; topic: string; file: string; name: string; mapping?: Record<string, string | null> },
  userId: number,
): Promise<number> {
  const row = await db
    .insertInto('tasks')
    .values({
      kind: 'import',
      status: 'queued',
      title: MSG.importTaskTitle(input.name, input.topic),
      params: JSON.stringify(input),
      created_by: userId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Queues a rebuild of the search index of every resource (kind 'reindex'); returns the
 * task's id. 409 检索索引正在重建 while one is queued or running.
 */
export async function queueReindex(db: Db, userId: number): Promise<number> {
  const pending = await db.selectFrom('tasks').select('id').where('kind', '=', 'reindex').where('status', 'in', ['queued', 'running']).executeTakeFirst();
  if (pending) throw conflict(MSG.reindexAlreadyQueued);
  const row = await db
    .insertInto('tasks')
    .values({ kind: 'reindex', status: 'queued', title: MSG.reindexTaskTitle, params: '{}', created_by: userId, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Cancels a task: a queued one at once (任务已取消), a running one at its next chunk (正在取消…);
 * 409 for a task that is neither.
 */
export async function cancelTask(db: Db, runner: TaskRunner, id: number): Promise<string> {
  const t = await loadTask(db, id);
  if (t.status === 'queued') {
    const u = await db
      .updateTable('tasks')
      .set({ status: 'cancelled', finished_at: new Date().toISOString(), error: MSG.taskCancelledMessage })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) === 1) return MSG.taskCancelled;
  }
  if (t.status === 'running' || t.status === 'queued') {
    if (!runner.cancel(id)) await db.updateTable('tasks').set({ cancel_requested: 1 }).where('id', '=', id).execute();
    return MSG.taskCancelling;
  }
  throw conflict(MSG.taskNotRunning);
}

/** Queues a failed, cancelled or interrupted task again (409 otherwise, or when its file is gone). */
export async function retryTask(db: Db, id: number): Promise<void> {
  const t = await loadTask(db, id);
  if (!['failed', 'cancelled', 'interrupted'].includes(t.status)) throw conflict(MSG.taskNotRetryable);
  const params = JSON.parse(t.params) as { file?: string };
  if (t.kind === 'import' && !fs.existsSync(params.file ?? '')) throw conflict(MSG.importFileGone);
  await db
    .updateTable('tasks')
    .set({ status: 'queued', done: 0, total: 0, error: null, result: null, log: '[]', cancel_requested: 0, started_at: null, finished_at: null, owner: null })
    .where('id', '=', id)
    .execute();
}
