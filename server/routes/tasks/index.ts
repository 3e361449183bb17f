/**
 * Background tasks and imports from the console (issue 11 §3 'Import from the console', §4; decision
 * 267). Super managers only (an import writes a topic's shared data):
 * - POST /api/v1/imports/preview (multipart `file`, `kind`): what the file would import, nothing written.
 * - POST /api/v1/tasks/imports (multipart `file`, `kind`, `topic`): queues an import task → 201 `{ id }`.
 * - GET /api/v1/tasks?page&size: the tasks, newest first, with live progress (rows, rate, time left).
 * - GET /api/v1/tasks/{id}: one task with its log of skipped rows.
 * - POST /api/v1/tasks/{id}/cancel: a queued task is cancelled at once, a running one at its next chunk.
 * - POST /api/v1/tasks/{id}/retry: a failed, cancelled or interrupted task is queued again.
 */
import crypto from 'node:crypto';
import { readPage } from '../../db/paging.js';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { requireSuper } from '../../http/session.js';
import { receiveUpload } from '../files/service.js';
import { IMPORT_KINDS, ImportError, previewImport } from '../../import/run.js';
import type { TaskRunner } from '../../tasks/runner.js';
import { MSG } from '../../../common/messages.js';

/** The largest file an import from the console takes (bytes). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

const idParams = z.object({
  id: z.coerce
    .number({ error: MSG.taskNotFound })
    .int(MSG.taskNotFound)
    .min(1, MSG.taskNotFound)
    .max(2 ** 31 - 1, MSG.taskNotFound),
});
const listQuery = z.object({
  page: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100_000).default(1),
  size: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100).default(20),
});
const kindField = z.enum(IMPORT_KINDS, { error: MSG.importKindUnknown });
const topicField = z.string({ error: MSG.topicRequired }).trim().min(1, MSG.topicRequired).max(40, '专题名不能超过 40 个字');

/** The columns of a task the list shows (not its log of skipped rows). */
const LIST_COLUMNS = ['id', 'kind', 'status', 'title', 'params', 'total', 'done', 'result', 'error', 'created_at', 'started_at', 'finished_at'] as const;

/** A file name safe to keep beside the upload (its extension decides how some kinds read it). */
const extOf = (name: string) =>
  path
    .extname(name)
    .toLowerCase()
    .match(/^\.[a-z0-9]{1,8}$/)?.[0] ?? '';

export default async function taskRoutes(app: FastifyInstance, { db, config, tasks }: AppContext & { tasks: TaskRunner }) {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, fieldSize: 4096 } });
  const dir = path.join(config.dataDir, 'imports');

  /** Saves an upload under dataDir/imports with a random name; returns its path. */
  const keep = (data: Buffer, filename: string) => {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${crypto.randomUUID()}${extOf(filename)}`);
    fs.writeFileSync(file, data);
    return file;
  };
  const present = (t: Pick<Awaited<ReturnType<typeof load>>, (typeof LIST_COLUMNS)[number]>) => {
    const live = tasks.progressOf(t.id);
    const done = live?.done ?? t.done;
    const total = live?.total ?? t.total;
    const rate = live?.ratePerSecond ?? 0;
    const params = JSON.parse(t.params) as { kind: string; topic: string; name: string };
    const result = t.result ? (JSON.parse(t.result) as { skipped: number }) : null;
    return {
      id: t.id,
      kind: t.kind,
      status: t.status,
      title: t.title,
      importKind: params.kind,
      topic: params.topic,
      fileName: params.name,
      done,
      total,
      phase: live?.phase ?? null,
      ratePerSecond: Math.round(rate),
      secondsLeft: rate > 0 && total > done ? Math.ceil((total - done) / rate) : null,
      // the count from the summary: the list does not read each task's log
      result,
      error: t.error,
      skipped: result?.skipped ?? 0,
      createdAt: t.created_at,
      startedAt: t.started_at,
      finishedAt: t.finished_at,
    };
  };
  const load = async (id: number) => {
    const t = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!t) throw notFound(MSG.taskNotFound);
    return t;
  };

  app.post('/api/v1/imports/preview', async (req) => {
    requireSuper(req);
    const up = await receiveUpload(req, IMPORT_MAX_BYTES);
    if (up.tooLarge) throw badRequest(MSG.importFileTooLarge);
    const kind = parse(kindField, up.fields.kind, 'body');
    const file = keep(up.data, up.filename);
    try {
      return await previewImport(kind, file);
    } catch (err) {
      if (err instanceof ImportError) throw badRequest(err.message);
      throw err;
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  app.post('/api/v1/tasks/imports', async (req, reply) => {
    const user = requireSuper(req);
    const up = await receiveUpload(req, IMPORT_MAX_BYTES);
    if (up.tooLarge) throw badRequest(MSG.importFileTooLarge);
    const kind = parse(kindField, up.fields.kind, 'body');
    const topic = parse(topicField, up.fields.topic, 'body');
    const file = keep(up.data, up.filename);
    const name = up.filename.slice(0, 200) || 'import';
    const row = await db
      .insertInto('tasks')
      .values({
        kind: 'import',
        status: 'queued',
        title: MSG.importTaskTitle(name, topic),
        params: JSON.stringify({ kind, topic, file, name }),
        created_by: user.id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tasks.kick();
    return reply.status(201).send({ id: row.id, message: MSG.importQueued });
  });

  app.get('/api/v1/tasks', async (req) => {
    requireSuper(req);
    const q = parse(listQuery, req.query, 'query');
    return readPage(db.selectFrom('tasks'), q, (qb) => qb.select(LIST_COLUMNS).orderBy('id', 'desc'), present);
  });

  app.get('/api/v1/tasks/:id', async (req) => {
    requireSuper(req);
    const { id } = parse(idParams, req.params, 'params');
    const t = await load(id);
    return { ...present(t), log: JSON.parse(t.log) as unknown[] };
  });

  app.post('/api/v1/tasks/:id/cancel', async (req) => {
    requireSuper(req);
    const { id } = parse(idParams, req.params, 'params');
    const t = await load(id);
    if (t.status === 'queued') {
      const u = await db
        .updateTable('tasks')
        .set({ status: 'cancelled', finished_at: new Date().toISOString(), error: MSG.taskCancelledMessage })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(u.numUpdatedRows) === 1) return { ok: true, message: MSG.taskCancelled };
    }
    if (t.status === 'running' || t.status === 'queued') {
      if (!tasks.cancel(id)) await db.updateTable('tasks').set({ cancel_requested: 1 }).where('id', '=', id).execute();
      return { ok: true, message: MSG.taskCancelling };
    }
    throw conflict(MSG.taskNotRunning);
  });

  app.post('/api/v1/tasks/:id/retry', async (req) => {
    requireSuper(req);
    const { id } = parse(idParams, req.params, 'params');
    const t = await load(id);
    if (!['failed', 'cancelled', 'interrupted'].includes(t.status)) throw conflict(MSG.taskNotRetryable);
    const params = JSON.parse(t.params) as { file: string };
    if (!fs.existsSync(params.file)) throw conflict(MSG.importFileGone);
    await db
      .updateTable('tasks')
      .set({ status: 'queued', done: 0, total: 0, error: null, result: null, log: '[]', cancel_requested: 0, started_at: null, finished_at: null, owner: null })
      .where('id', '=', id)
      .execute();
    tasks.kick();
    return { ok: true, message: MSG.importQueued };
  });
}
