/**
 * Background tasks and imports from the console (decision
 * 267). Super managers only (an import writes a topic's shared data):
 * - POST /api/v1/imports/preview (multipart `file`, `kind`, optional `mapping`): what the file would import
 *   read with the column mapping, and the mapping (each field's column, the file's columns); nothing written.
 * - POST /api/v1/tasks/imports (multipart `file`, `kind`, `topic`, optional `mapping`): queues an import
 *   task → 201 `{ id }`. `mapping` is JSON, field → column or null (不导入); a column the file lacks, an
 *   unknown field or a required field without a column → 400 with `fields['mapping.<field>']`.
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
import { ImportError, MappingError, PREVIEW_BYTES, previewImport, resolveImportMapping } from '../../import/run.js';
import { readImportHead } from '../../import/read.js';
import type { ColumnMapping } from '../../import/types.js';
import type { TaskRunner } from '../../tasks/runner.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer, pageOf } from '../../../common/contracts/common.js';
import { importPreviewAnswer, taskAnswer, taskDetailAnswer } from '../../../common/contracts/tasks.js';
import { importKindField, importMappingSchema, importTopicField, taskIdParams, taskListQuery } from './schema.js';
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

/**
 * How the user's file is named in the task's title, its messages and its log (decision 414): the
 * upload's own name, without any folder a browser may have sent, at most 200 characters.
 */
const displayName = (filename: string) => path.basename(filename.replace(/\\/g, '/')).slice(0, 200) || 'import';

/** The multipart field `mapping` (JSON), or undefined when not sent; 400 with `fields.mapping` when it is not a mapping. */
function mappingOf(raw: string | undefined): ColumnMapping | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(MSG.importMappingInvalid, { mapping: MSG.importMappingInvalid });
  }
  const r = importMappingSchema.safeParse(value);
  if (!r.success) throw badRequest(MSG.importMappingInvalid, { mapping: MSG.importMappingInvalid });
  return r.data;
}

/** An import's file-level failure as a 400: its message, and for a mapping the fields at fault. */
function refusal(err: unknown): unknown {
  if (err instanceof MappingError) return badRequest(err.message, err.fields);
  if (err instanceof ImportError) return badRequest(err.message);
  return err;
}
const queued = z.object({ id: z.number().int(), message: z.string() });
/** A multipart upload: the file and its fields, read by the handler (receiveUpload checks size and content). */
const multipartBody = { consumes: ['multipart/form-data'] };

export default async function taskRoutes(app: FastifyInstance, { db, config, tasks }: AppContext & { tasks: TaskRunner }) {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, fieldSize: 4096 } });
  const dir = path.join(config.dataDir, 'imports');
  const r = declared(app);
  const access = { access: superAccess };

  /** Saves an upload under dataDir/imports with a random name (written asynchronously: a 100 MB file does not hold the event loop); returns its path. */
  const keep = async (data: Buffer, filename: string) => {
    await fs.promises.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${crypto.randomUUID()}${extOf(filename)}`);
    await fs.promises.writeFile(file, data);
    return file;
  };

  r.post(
    '/api/v1/imports/preview',
    {
      schema: {
        summary: '预览一个导入文件（不写入）：multipart 字段 file、kind、mapping（可选，列对应 JSON）',
        tags,
        ...multipartBody,
        response: { 200: importPreviewAnswer },
      },
      config: access,
    },
    async (req) => {
      const up = await receiveUpload(req, IMPORT_MAX_BYTES);
      if (up.tooLarge) throw badRequest(MSG.importFileTooLarge);
      const kind = parse(importKindField, up.fields.kind, 'body');
      const mapping = mappingOf(up.fields.mapping);
      const file = await keep(up.data, up.filename);
      try {
        // the first rows only (decision 413); messages name the upload by its own name (decision 414)
        return await previewImport(kind, file, 10, mapping, displayName(up.filename));
      } catch (err) {
        throw refusal(err);
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
  );

  r.post(
    '/api/v1/tasks/imports',
    {
      schema: {
        summary: '上传文件并排队导入：multipart 字段 file、kind、topic、mapping（可选，列对应 JSON）',
        tags,
        ...multipartBody,
        response: { 201: queued },
      },
      config: access,
    },
    async (req, reply) => {
      const up = await receiveUpload(req, IMPORT_MAX_BYTES);
      if (up.tooLarge) throw badRequest(MSG.importFileTooLarge);
      const kind = parse(importKindField, up.fields.kind, 'body');
      const topic = parse(importTopicField, up.fields.topic, 'body');
      const asked = mappingOf(up.fields.mapping);
      const file = await keep(up.data, up.filename);
      // a mapping is checked against the file's columns now (a column it lacks, a required field without
      // one: 400), read from its first bytes as the preview read them (decision 413), and kept whole
      // (every field's column) with the task
      let mapping: Record<string, string | null> | undefined;
      if (asked) {
        try {
          mapping = resolveImportMapping(kind, (await readImportHead(file, PREVIEW_BYTES.first, displayName(up.filename))).text, asked).mapping;
        } catch (err) {
          fs.rmSync(file, { force: true });
          throw refusal(err);
        }
      }
      const id = await queueImport(db, { kind, topic, file, name: displayName(up.filename), ...(mapping ? { mapping } : {}) }, currentUser(req).id);
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
