/**
 * Resource-link calls (spec 2 §7 'Content'): GET/POST /api/v1/links, GET/PUT/DELETE /api/v1/links/{linkId}.
 * Managers of the application (and super managers) write and see unpublished links; anyone else lists
 * published ones only (active forced to 1). Links of a 仅登录可见 module are for viewers holding `panels`
 * only (docs/decisions.md 212): listed by its moduleId or read one by one they answer 403, and lists
 * without a moduleId leave them out.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { isManagerOf, requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { getApplication } from '../../applications/service.js';
import { moduleReadScope, readableApplication } from '../applications/visibility.js';
import { createLinkBody, linkIdParams, linkListQuery, updateLinkBody } from './schema.js';
import { createLink, getLink, listLinks, presentLink, updateLink } from './service.js';

export default async function linkRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/links', async (req) => {
    const q = parse(linkListQuery, req.query, 'query');
    await readableApplication(db, q.applicationId, req.user);
    const manager = await isManagerOf(db, req, q.applicationId);
    const { hidden } = await moduleReadScope(db, q.applicationId, q.moduleId, req.user);
    return listLinks(db, { ...q, active: manager ? q.active : 1, hidden });
  });

  /**
   * GET /api/v1/links/{linkId}: one link for its page /resources/material/{id} (docs/decisions.md 105):
   * a published link for everyone, an unpublished one only for the application's managers (404 else).
   */
  app.get('/api/v1/links/:linkId', async (req) => {
    const { linkId } = parse(linkIdParams, req.params, 'params');
    const row = await getLink(db, linkId);
    if (row.active !== 1 && !(await isManagerOf(db, req, row.application_id))) throw notFound(MSG.linkNotFound);
    await readableApplication(db, row.application_id, req.user, MSG.linkNotFound);
    // a link of a 仅登录可见 module: 403 for a viewer without `panels` (decision 212)
    if (row.module_id) await moduleReadScope(db, row.application_id, row.module_id, req.user);
    return presentLink(row);
  });

  app.post('/api/v1/links', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(createLinkBody, req.body);
    await getApplication(db, body.applicationId);
    await requireManager(db, req, body.applicationId, 'content');
    const row = await createLink(db, body.applicationId, user.id, body);
    return reply.status(201).send({ ...presentLink(row), message: MSG.linkCreated });
  });

  app.put('/api/v1/links/:linkId', async (req) => {
    const { linkId } = parse(linkIdParams, req.params, 'params');
    requireUser(req);
    const existing = await getLink(db, linkId);
    await requireManager(db, req, existing.application_id, 'content');
    const row = await updateLink(db, linkId, parse(updateLinkBody, req.body));
    return { ...presentLink(row), message: MSG.linkSaved };
  });

  app.delete('/api/v1/links/:linkId', async (req) => {
    const { linkId } = parse(linkIdParams, req.params, 'params');
    requireUser(req);
    const existing = await getLink(db, linkId);
    await requireManager(db, req, existing.application_id, 'content');
    await db.deleteFrom('links').where('id', '=', linkId).execute();
    return { ok: true, linkId, message: MSG.linkDeleted };
  });
}
