/**
 * Console resource manager routes (issue 3; list answers of DESIGN.md 'Server'):
 * GET/POST /api/v1/applications/{id}/resources, PUT/DELETE /api/v1/applications/{id}/resources/{resourceId}.
 * Managers of the application or super managers; an application without a topic answers 409.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { parse } from '../../http/parse.js';
import { requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { appParams, createEnvelope, listQuery, resourceParams, updateEnvelope } from './schema.js';
import { changeResource, createResource, deleteResource, listResources, parseResourceBody, topicOfApplication } from './service.js';

/** Signed in (401), the application exists (404), the user manages it (403), it has a topic (409). */
async function guard(db: Db, req: FastifyRequest, applicationId: number): Promise<number> {
  requireUser(req);
  const exists = await db.selectFrom('applications').select('id').where('id', '=', applicationId).executeTakeFirst();
  if (exists) await requireManager(db, req, applicationId, 'content');
  return topicOfApplication(db, applicationId);
}

export default async function resourceRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/applications/:id/resources', async (req) => {
    const { id } = parse(appParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    const q = parse(listQuery, req.query, 'query');
    return listResources(db, topicId, q);
  });

  app.post('/api/v1/applications/:id/resources', async (req, reply) => {
    const { id } = parse(appParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    const { type, published, ...rest } = parse(createEnvelope, req.body);
    const body = parseResourceBody(type, rest);
    const created = await createResource(db, topicId, type, body, { published });
    return reply.status(201).send({ ...created, message: MSG.resourceCreated });
  });

  app.put('/api/v1/applications/:id/resources/:resourceId', async (req) => {
    const { id, resourceId } = parse(resourceParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    const { type, ...rest } = parse(updateEnvelope, req.body);
    const saved = await changeResource(db, topicId, resourceId, type, rest);
    return { ...saved, message: MSG.resourceSaved };
  });

  app.delete('/api/v1/applications/:id/resources/:resourceId', async (req) => {
    const { id, resourceId } = parse(resourceParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    await deleteResource(db, topicId, resourceId);
    return { ok: true, message: MSG.resourceDeleted };
  });
}
