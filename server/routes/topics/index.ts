/**
 * Topics and their data (spec 2 §7: GET /api/v1/topics, /api/v1/topics/{id}/categories;
 * the console's `/console/topics/**`, decision 265):
 * - GET /api/v1/topics: managers of some application and super managers (decision 418); every topic
 *   (the catalogues a site's settings choose among) with its counts, the applications using it that the
 *   caller may see (released ones and their own; every one for a super manager), and whether the caller
 *   may open its data.
 * - POST /api/v1/topics, PUT/DELETE /api/v1/topics/{id}: super managers (409 while an application uses it).
 * - GET /api/v1/topics/{id}/categories: public (the explore page's tree). `{ label, value, children }`.
 * - PUT /api/v1/topics/{id}/categories: rename, merge or move a category (the data page's tree), as
 *   the data routes below; a move names the resource types it moves (decision 540).
 * - GET /api/v1/topics/{id}/categories/usage: how many records of each type a category holds (what a
 *   move would change), as the data routes below.
 * - GET /api/v1/topics/{id}/stats, GET …/resources, POST …/resources/bulk, and POST …/resources,
 *   PUT/DELETE …/resources/{resourceId} (every resource type, with the fields of common/resourceFields.ts;
 *   a new one optionally filed under a category): super managers, and managers with the content right of
 *   an application using the topic.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkTopic, managedRows, readableResources, resourceRows } from '../../policies/rows.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { anyManagerAccess, managerAccess, publicAccess, superAccess } from '../../policies/access.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer, pageOf, withMessage } from '../../../common/contracts/common.js';
import {
  bulkAnswer,
  categoriesChangedAnswer,
  categoryTreeAnswer,
  categoryUsageAnswer,
  consoleResourceAnswer,
  topicCreatedAnswer,
  topicResourceAnswer,
  topicStatsAnswer,
  topicSummaryAnswer,
} from '../../../common/contracts/topics.js';
import { listTopicResources } from '../../resources/topicData.js';
import {
  bulkBody,
  categoryChange,
  categoryUsageQuery,
  topicBody,
  topicParams,
  topicResourceCreateEnvelope,
  topicResourceParams,
  topicResourcesQuery,
} from './schema.js';
import { updateEnvelope } from '../resources/schema.js';
import { changeResource, createResource, deleteResource, parseResourceBody } from '../resources/service.js';
import {
  bulkTopicResources,
  categoryTree,
  categoryUsage,
  changeCategories,
  createTopic,
  deleteTopic,
  getTopic,
  listTopics,
  topicApplicationFor,
  topicTypeCounts,
  updateTopic,
} from './service.js';

/** The application through which the caller reaches the topic in the path (404 专题不存在; see topicApplicationFor). */
const topicApplication = async (db: Db, req: FastifyRequest) => topicApplicationFor(db, req.scope, parse(topicParams, req.params, 'params').topicId);

/** The explore page's read: any positive topic id (its 400 is the generic one, as before). */
const categoriesParams = z.object({ topicId: z.coerce.number().int().min(1) });

const tags = ['专题'];

export default async function topicRoutes(app: FastifyInstance, { db, search }: AppContext) {
  const r = declared(app);
  const superOnly = { access: superAccess };
  const dataManager = { access: managerAccess(topicApplication, 'content') };

  r.get(
    '/api/v1/topics',
    {
      schema: { summary: '全部专题（含资源数、使用它的应用：已发布的与自己管理的）', tags, response: { 200: z.array(topicSummaryAnswer) } },
      config: { rows: managedRows, access: anyManagerAccess },
    },
    async (req) => listTopics(db, req.scope),
  );

  r.post(
    '/api/v1/topics',
    { schema: { summary: '新建专题', tags, body: topicBody, response: { 201: topicCreatedAnswer } }, config: superOnly },
    async (req, reply) => reply.status(201).send({ id: await createTopic(db, req.body), message: MSG.topicCreated }),
  );

  r.put(
    '/api/v1/topics/:topicId',
    { schema: { summary: '修改专题', tags, params: topicParams, body: topicBody, response: { 200: okAnswer } }, config: superOnly },
    async (req) => {
      await updateTopic(db, req.params.topicId, req.body);
      return { ok: true as const, message: MSG.topicSaved };
    },
  );

  r.delete(
    '/api/v1/topics/:topicId',
    { schema: { summary: '删除专题（有应用使用时 409）', tags, params: topicParams, response: { 200: okAnswer } }, config: superOnly },
    async (req) => {
      await deleteTopic(db, req.params.topicId);
      return { ok: true as const, message: MSG.topicDeleted };
    },
  );

  r.get(
    '/api/v1/topics/:topicId/categories',
    {
      schema: { summary: '专题的两级分类树', tags, params: categoriesParams, response: { 200: categoryTreeAnswer } },
      config: { rows: resourceRows, access: publicAccess },
    },
    async (req) => {
      await getTopic(db, req.params.topicId);
      // a draft's own topic answers as a missing one (decision 394)
      checkTopic(readableResources(req), req.params.topicId);
      return categoryTree(db, req.params.topicId);
    },
  );

  r.put(
    '/api/v1/topics/:topicId/categories',
    {
      schema: { summary: '重命名、合并或移动专题的分类', tags, params: topicParams, body: categoryChange, response: { 200: categoriesChangedAnswer } },
      config: dataManager,
    },
    async (req) => {
      const { topicId } = req.params;
      const message = await changeCategories(db, topicId, req.body);
      return { ok: true as const, tree: await categoryTree(db, topicId), message };
    },
  );

  r.get(
    '/api/v1/topics/:topicId/categories/usage',
    {
      schema: {
        summary: '分类下各类型的资源数（移动分类前确认影响范围）',
        tags,
        params: topicParams,
        querystring: categoryUsageQuery,
        response: { 200: categoryUsageAnswer },
      },
      config: dataManager,
    },
    async (req) => {
      const { category, subcategory } = req.query;
      return categoryUsage(db, req.params.topicId, subcategory ? [category, subcategory] : [category]);
    },
  );

  r.get(
    '/api/v1/topics/:topicId/stats',
    { schema: { summary: '专题各类型的资源数', tags, params: topicParams, response: { 200: topicStatsAnswer } }, config: dataManager },
    async (req) => {
      const topic = await getTopic(db, req.params.topicId);
      return { id: topic.id, title: topic.title, types: await topicTypeCounts(db, topic.id) };
    },
  );

  r.get(
    '/api/v1/topics/:topicId/resources',
    {
      schema: {
        summary: '专题中一种类型的资源（每页 20 条）',
        tags,
        params: topicParams,
        querystring: topicResourcesQuery,
        response: { 200: pageOf(topicResourceAnswer) },
      },
      config: dataManager,
    },
    // in the read pool: counting a frequent word at 1M takes 0.7 s on a SQLite file (decision 385)
    async (req) =>
      search ? search.read('topicResources', { topicId: req.params.topicId, query: req.query }) : listTopicResources(db, req.params.topicId, req.query),
  );

  r.post(
    '/api/v1/topics/:topicId/resources',
    {
      schema: {
        summary: '在专题中新建资源（任一类型，可选分类）',
        tags,
        params: topicParams,
        body: topicResourceCreateEnvelope,
        response: { 201: withMessage(consoleResourceAnswer) },
      },
      config: dataManager,
    },
    async (req, reply) => {
      const { type, published, category, subcategory, ...rest } = req.body;
      const created = await createResource(db, req.params.topicId, type, parseResourceBody(type, rest), { published, category, subcategory });
      return reply.status(201).send({ ...created, message: MSG.resourceCreated });
    },
  );

  r.put(
    '/api/v1/topics/:topicId/resources/:resourceId',
    {
      schema: { summary: '修改专题中的资源', tags, params: topicResourceParams, body: updateEnvelope, response: { 200: withMessage(consoleResourceAnswer) } },
      config: dataManager,
    },
    async (req) => {
      const { type, ...rest } = req.body;
      return { ...(await changeResource(db, req.params.topicId, req.params.resourceId, type, rest)), message: MSG.resourceSaved };
    },
  );

  r.delete(
    '/api/v1/topics/:topicId/resources/:resourceId',
    { schema: { summary: '删除专题中的资源', tags, params: topicResourceParams, response: { 200: okAnswer } }, config: dataManager },
    async (req) => {
      await deleteResource(db, req.params.topicId, req.params.resourceId);
      return { ok: true as const, message: MSG.resourceDeleted };
    },
  );

  r.post(
    '/api/v1/topics/:topicId/resources/bulk',
    {
      schema: { summary: '批量删除、发布、撤回或改分类（至多 500 条）', tags, params: topicParams, body: bulkBody, response: { 200: bulkAnswer } },
      config: dataManager,
    },
    async (req) => {
      const body = req.body;
      const n = await bulkTopicResources(db, req.params.topicId, body);
      const message =
        body.action === 'delete'
          ? MSG.bulkDeleted(n)
          : body.action === 'publish'
            ? MSG.bulkPublished(n)
            : body.action === 'withdraw'
              ? MSG.bulkWithdrawn(n)
              : MSG.bulkCategorised(n);
      return { ok: true as const, changed: n, message };
    },
  );
}
