/**
 * Topics and their data (spec 2 §7: GET /api/v1/topics, /api/v1/topics/{id}/categories; issue 11 §3
 * the console's `/console/topics/**`, decision 265):
 * - GET /api/v1/topics: signed in; every topic with its counts, the applications using it, and whether
 *   the user may open its data.
 * - POST /api/v1/topics, PUT/DELETE /api/v1/topics/{id}: super managers (409 while an application uses it).
 * - GET /api/v1/topics/{id}/categories: public (the explore page's tree). `{ label, value, children }`.
 * - PUT /api/v1/topics/{id}/categories: rename, merge or move a category (the data page's tree), as
 *   the data routes below.
 * - GET /api/v1/topics/{id}/stats, GET …/resources, POST …/resources/bulk, and POST …/resources,
 *   PUT/DELETE …/resources/{resourceId} (the console-editable types, as the application resource
 *   manager): super managers, and managers with the content right of an application using the topic.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { requireSuper, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import type { CategoryNode } from '../../../common/topics.js';
import { bulkBody, categoryChange, topicBody, topicParams, topicResourceParams, topicResourcesQuery } from './schema.js';
import { createEnvelope, updateEnvelope } from '../resources/schema.js';
import { changeResource, createResource, deleteResource, parseResourceBody } from '../resources/service.js';
import {
  bulkTopicResources,
  changeCategories,
  createTopic,
  deleteTopic,
  listTopicResources,
  listTopics,
  requireTopic,
  topicTypeCounts,
  updateTopic,
} from './service.js';

/** The category tree of a topic, levels sorted by label. */
export async function categoryTree(db: Db, topicId: number): Promise<CategoryNode[]> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'label']).where('topic_id', '=', topicId).orderBy('label').execute();
  const top = rows.filter((r) => r.parent_id === null);
  return top.map((t) => {
    const children = rows.filter((r) => r.parent_id === t.id).map((c) => ({ label: c.label, value: c.label }));
    return { label: t.label, value: t.label, ...(children.length ? { children } : {}) };
  });
}

export default async function topicRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/topics', async (req) => listTopics(db, requireUser(req)));

  app.post('/api/v1/topics', async (req, reply) => {
    requireSuper(req);
    const body = parse(topicBody, req.body);
    const id = await createTopic(db, body);
    return reply.status(201).send({ id, message: MSG.topicCreated });
  });

  app.put('/api/v1/topics/:topicId', async (req) => {
    requireSuper(req);
    const { topicId } = parse(topicParams, req.params, 'params');
    await updateTopic(db, topicId, parse(topicBody, req.body));
    return { ok: true, message: MSG.topicSaved };
  });

  app.delete('/api/v1/topics/:topicId', async (req) => {
    requireSuper(req);
    const { topicId } = parse(topicParams, req.params, 'params');
    await deleteTopic(db, topicId);
    return { ok: true, message: MSG.topicDeleted };
  });

  app.get('/api/v1/topics/:topicId/categories', async (req) => {
    const { topicId } = parse(z.object({ topicId: z.coerce.number().int().min(1) }), req.params, 'params');
    const t = await db.selectFrom('topics').select('id').where('id', '=', topicId).executeTakeFirst();
    if (!t) throw notFound(MSG.topicNotFound);
    return categoryTree(db, topicId);
  });

  app.put('/api/v1/topics/:topicId/categories', async (req) => {
    const { topicId } = parse(topicParams, req.params, 'params');
    await requireTopic(db, requireUser(req), topicId);
    const message = await changeCategories(db, topicId, parse(categoryChange, req.body));
    return { ok: true, tree: await categoryTree(db, topicId), message };
  });

  app.get('/api/v1/topics/:topicId/stats', async (req) => {
    const { topicId } = parse(topicParams, req.params, 'params');
    const topic = await requireTopic(db, requireUser(req), topicId);
    return { id: topic.id, title: topic.title, types: await topicTypeCounts(db, topicId) };
  });

  app.get('/api/v1/topics/:topicId/resources', async (req) => {
    const { topicId } = parse(topicParams, req.params, 'params');
    await requireTopic(db, requireUser(req), topicId);
    return listTopicResources(db, topicId, parse(topicResourcesQuery, req.query, 'query'));
  });

  app.post('/api/v1/topics/:topicId/resources', async (req, reply) => {
    const { topicId } = parse(topicParams, req.params, 'params');
    await requireTopic(db, requireUser(req), topicId);
    const { type, published, ...rest } = parse(createEnvelope, req.body);
    const created = await createResource(db, topicId, type, parseResourceBody(type, rest), { published });
    return reply.status(201).send({ ...created, message: MSG.resourceCreated });
  });

  app.put('/api/v1/topics/:topicId/resources/:resourceId', async (req) => {
    const { topicId, resourceId } = parse(topicResourceParams, req.params, 'params');
    await requireTopic(db, requireUser(req), topicId);
    const { type, ...rest } = parse(updateEnvelope, req.body);
    return { ...(await changeResource(db, topicId, resourceId, type, rest)), message: MSG.resourceSaved };
  });

  app.delete('/api/v1/topics/:topicId/resources/:resourceId', async (req) => {
    const { topicId, resourceId } = parse(topicResourceParams, req.params, 'params');
    await requireTopic(db, requireUser(req), topicId);
    await deleteResource(db, topicId, resourceId);
    return { ok: true, message: MSG.resourceDeleted };
  });

  app.post('/api/v1/topics/:topicId/resources/bulk', async (req) => {
    const { topicId } = parse(topicParams, req.params, 'params');
    await requireTopic(db, requireUser(req), topicId);
    const body = parse(bulkBody, req.body);
    const n = await bulkTopicResources(db, topicId, body);
    const message =
      body.action === 'delete'
        ? MSG.bulkDeleted(n)
        : body.action === 'publish'
          ? MSG.bulkPublished(n)
          : body.action === 'withdraw'
            ? MSG.bulkWithdrawn(n)
            : MSG.bulkCategorised(n);
    return { ok: true, changed: n, message };
  });
}
