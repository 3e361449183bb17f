/**
 * Background tasks and imports from the console (issue 11 §3 'Import from the console', §4; decision
 * 267). Super managers only (an import writes a topic's shared data):
 * - POST /api/v1/imports/preview (multipart `file`, `kind`): what the file would import, nothing written.
 * - POST /api/v1/tasks/imports (multipart `file`, `kind`, `topic`): queues an import task → 201 `{ id }`.
 * - POST /api/v1/tasks/reindex: queues a rebuild of the search index of every resource → 201 `{ id }`
 *   (409 while one is queued or running).
 * - GET /api/v1/tasks?page&size: the tasks, newest first, with live progress (rows, rate, time left).
 * - GET /api/v1/tasks/{id}: one task with its log of skipped rows.
 * - POST /api/v1/tasks/{id}/cancel: a queued task is cancelled at once, a running one at its next chunk.
 * - POST /api/v1/tasks/{id}/retry: a failed, cancelled or interrupted task is queued again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { badRequest } from '../../http/errors.js';
import { superAccess } from '../../policies/access.js';
import { receiveUpload } from '../files/service.js';
import { ImportError, previewImport } from '../../import/run.js';
import type { TaskRunner } from '../../tasks/runner.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer, pageOf } from '../../../common/contracts/common.js';
import { importPreviewAnswer, taskAnswer, taskDetailAnswer } from '../../../common/contracts/tasks.js';
import { importKindField, importTopicField, taskIdParams, taskListQuery } from './schema.js';
import { cancelTask, listTasks, queueImport, queueReindex, readTask, retryTask } from './service.js';

/** The largest file an import from the console takes (bytes). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** A file name safe to keep beside the upload (its extension decides how some kinds read it). */
const extOf = (name: string) =>
  path
    .extname(name)
    .toLowerCase()
    .match(/^\.[a-z0-9]{1,8}$/)?.[0] ?? '';

const tags = ['后台任务与导入'];
const queued = z.object({ id: z.number().int(), message: z.string() });
/** A multipart upload: the file and its fields, read by the handler (receiveUpload checks size and content). */
const multipartBody = { consumes: ['multipart/form-data'] };

export default async function taskRoutes(app: FastifyInstance, { db, config, tasks }: AppContext & { tasks: TaskRunner }) {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, fieldSize: 4096 } });
  const dir = path.join(config.dataDir, 'imports');
  const r = declared(app);
  const access = { access: superAccess };

  /** Saves an upload under dataDir/imports with a random name; returns its path. */
  const keep = (data: Buffer, filename: string) => {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${crypto.randomUUID()}${extOf(filename)}`);
    fs.writeFileSync(file, data);
    return file;
  };

  r.post(
    '/api/v1/imports/preview',
    {
      schema: { summary: '预览一个导入文件（不写入）：multipart 字段 file、kind', tags, ...multipartBody, response: { 200: importPreviewAnswer } },
      config: access,
    },
    async (req) => {
      const up = await receiveUpload(req, IMPORT_MAX_BYTES);
      if (up.tooLarge) throw badRequest(MSG.importFileTooLarge);
      const kind = parse(importKindField, up.fields.kind, 'body');
      const file = keep(up.data, up.filename);
      try {
        return await previewImport(kind, file);
      } catch (err) {
        if (err instanceof ImportError) throw badRequest(err.message);
        throw err;
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
  );

  r.post(
    '/api/v1/tasks/imports',
    { schema: { summary: '上传文件并排队导入：multipart 字段 file、kind、topic', tags, ...multipartBody, response: { 201: queued } }, config: access },
    async (req, reply) => {
      const up = await receiveUpload(req, IMPORT_MAX_BYTES);
      if (up.tooLarge) throw badRequest(MSG.importFileTooLarge);
      const kind = parse(importKindField, up.fields.kind, 'body');
      const topic = parse(importTopicField, up.fields.topic, 'body');
      const file = keep(up.data, up.filename);
      const id = await queueImport(db, { kind, topic, file, name: up.filename.slice(0, 200) || 'import' }, currentUser(req).id);
      tasks.kick();
      return reply.status(201).send({ id, message: MSG.importQueued });
    },
  );

  r.post(
    '/api/v1/tasks/reindex',
    { schema: { summary: '排队重建全部资源的检索索引', tags, response: { 201: queued } }, config: access },
    async (req, reply) => {
      const id = await queueReindex(db, currentUser(req).id);
      tasks.kick();
      return reply.status(201).send({ id, message: MSG.importQueued });
    },
  );

  r.get(
    '/api/v1/tasks',
    { schema: { summary: '后台任务列表（新的在前，含进度）', tags, querystring: taskListQuery, response: { 200: pageOf(taskAnswer) } }, config: access },
    async (req) => listTasks(db, tasks, req.query),
  );

  r.get(
    '/api/v1/tasks/:id',
    { schema: { summary: '一个后台任务及其跳过行的记录', tags, params: taskIdParams, response: { 200: taskDetailAnswer } }, config: access },
    async (req) => readTask(db, tasks, req.params.id),
  );

  r.post(
    '/api/v1/tasks/:id/cancel',
    { schema: { summary: '取消后台任务', tags, params: taskIdParams, response: { 200: okAnswer } }, config: access },
    async (req) => ({ ok: true as const, message: await cancelTask(db, tasks, req.params.id) }),
  );

  r.post(
    '/api/v1/tasks/:id/retry',
    { schema: { summary: '重新运行失败、取消或中断的任务', tags, params: taskIdParams, response: { 200: okAnswer } }, config: access },
    async (req) => {
      await retryTask(db, req.params.id);
      tasks.kick();
      return { ok: true as const, message: MSG.importQueued };
    },
  );
}
