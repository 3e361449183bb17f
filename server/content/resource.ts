/**
 * The base of the application's content resources, notices and resource links (spec 1 §3 'Notice',
 * 'Link'; spec 2 §7 'Content'): their five calls, declared once and configured by each resource
 * (server/routes/notices, server/routes/links):
 * - GET {path}: a page of the application's items; visitors see published ones only, and never those of
 *   a 仅登录可见 module they may not see (contentListScope, decision 212);
 * - GET {path}/{id}: one item; an unpublished one for its managers only (404 else), one of a 仅登录可见
 *   module 403 for a viewer without `panels`;
 * - POST {path} (201), PUT {path}/{id}, DELETE {path}/{id}: the application's managers (right `content`).
 * Every answer of a write carries the resource's Chinese message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { siteRows } from '../policies/rows.js';
import type { Db } from '../db/index.js';
import { currentUser, declared } from '../http/contract.js';
import { parse } from '../http/parse.js';
import { managerAccess, publicAccess } from '../policies/access.js';
import { applicationInBody } from '../policies/applications.js';
import { deletedAnswer, pageOf, withMessage } from '../../common/contracts/common.js';
import { checkReadableContent, contentListScope } from '../policies/visibility.js';

/** A stored content row: what the base reads of it. */
interface ContentRow {
  application_id: number;
  active: number;
  module_id: string | null;
}

/** A content resource's declaration; see `contentRoutes`. */
export interface ContentResource<Row extends ContentRow> {
  /** the collection's path, e.g. '/api/v1/notices' */
  path: string;
  /** the name of the id in the path ('id', 'linkId') and in the delete answer ('noticeId', 'linkId') */
  idParam: string;
  deletedKey: string;
  /** the OpenAPI tag and the summaries of the five calls (Chinese) */
  tag: string;
  summaries: { list: string; read: string; create: string; update: string; delete: string };
  schemas: {
    listQuery: z.ZodType;
    idParams: z.ZodObject;
    createBody: z.ZodObject;
    updateBody: z.ZodObject;
    /** an item as lists and writes answer it */
    answer: z.ZodObject;
    /** GET one's answer; `answer` when absent */
    readAnswer?: z.ZodType;
  };
  /** the messages: not found (404), created, saved, deleted */
  messages: { notFound: string; created: string; saved: string; deleted: string };
  /** the service: read one (404 messages.notFound), a page, create, change, delete */
  get(db: Db, id: number): Promise<Row>;
  list(db: Db, filter: never): Promise<unknown>;
  create(db: Db, applicationId: number, userId: number, body: never): Promise<Row>;
  update(db: Db, id: number, body: never): Promise<Row>;
  remove(db: Db, id: number): Promise<void>;
  /** a row as answered */
  present(row: Row): object;
  /** GET one's answer of a readable row (the notice adds whether the reader may download); `present` when absent */
  read?(req: FastifyRequest, row: Row): Promise<object>;
}

/**
 * Registers the five calls of a content resource (see the file comment) with their declared schemas and
 * access; the route options are the same as each resource wrote them before (contracts).
 */
export function contentRoutes<Row extends ContentRow>(app: FastifyInstance, db: Db, res: ContentResource<Row>): void {
  const r = declared(app);
  const { path, idParam, schemas, summaries, messages } = res;
  const tags = [res.tag];
  const idOf = (req: FastifyRequest): number => (parse(schemas.idParams, req.params, 'params') as Record<string, number>)[idParam];
  /** The application of the item in the path (404 messages.notFound when there is none). */
  const itemApplication = async (database: Db, req: FastifyRequest) => (await res.get(database, idOf(req))).application_id;
  const writer = { access: managerAccess(itemApplication, 'content') };
  const one = `${path}/:${idParam}`;

  r.get(
    path,
    {
      schema: { summary: summaries.list, tags, querystring: schemas.listQuery, response: { 200: pageOf(schemas.answer) } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      const query = req.query as Parameters<typeof contentListScope>[1];
      return (await res.list(db, { ...query, ...(await contentListScope(req, query)) } as never)) as never;
    },
  );

  r.get(
    one,
    {
      schema: { summary: summaries.read, tags, params: schemas.idParams, response: { 200: schemas.readAnswer ?? schemas.answer } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      const row = await res.get(db, idOf(req));
      // unpublished: its managers only; an item of a 仅登录可见 module: 403 for a viewer without `panels` (decision 212)
      await checkReadableContent(req, row, messages.notFound);
      return res.read ? res.read(req, row) : res.present(row);
    },
  );

  r.post(
    path,
    {
      schema: { summary: summaries.create, tags, body: schemas.createBody, response: { 201: withMessage(schemas.answer) } },
      config: { access: managerAccess(applicationInBody, 'content') },
    },
    async (req, reply: FastifyReply) => {
      const body = req.body as { applicationId: number };
      const row = await res.create(db, body.applicationId, currentUser(req).id, body as never);
      return reply.status(201).send({ ...res.present(row), message: messages.created });
    },
  );

  r.put(
    one,
    {
      schema: { summary: summaries.update, tags, params: schemas.idParams, body: schemas.updateBody, response: { 200: withMessage(schemas.answer) } },
      config: writer,
    },
    async (req) => ({ ...res.present(await res.update(db, idOf(req), req.body as never)), message: messages.saved }),
  );

  r.delete(
    one,
    {
      schema: { summary: summaries.delete, tags, params: schemas.idParams, response: { 200: deletedAnswer(res.deletedKey) } },
      config: writer,
    },
    async (req) => {
      const id = idOf(req);
      await res.remove(db, id);
      // the answer's id key is the resource's (deletedAnswer(deletedKey))
      return { ok: true as const, [res.deletedKey]: id, message: messages.deleted } as never;
    },
  );
}
