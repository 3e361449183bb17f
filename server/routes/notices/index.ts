/**
 * Notice calls (spec 2 §7 'Content'): GET/POST /api/v1/notices, GET/PUT/DELETE /api/v1/notices/{id}.
 * Managers of the application (and super managers) write and see unpublished notices; anyone else
 * reads published ones only (the list's active filter is forced to 1; an unpublished one answers 404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { canManage, requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { getApplication } from '../applications/service.js';
import { createNoticeBody, noticeIdParams, noticeListQuery, updateNoticeBody } from './schema.js';
import { createNotice, getNotice, listNotices, presentNotice, updateNotice } from './service.js';

/** Whether the request comes from a manager of the application (signed in, not anonymous). */
export async function isManagerOf(db: Db, req: FastifyRequest, applicationId: number): Promise<boolean> {
  return !!req.user && !req.user.anonymous && canManage(db, req.user, applicationId);
}

export default async function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/notices', async (req) => {
    const q = parse(noticeListQuery, req.query, 'query');
    await getApplication(db, q.applicationId);
    const manager = await isManagerOf(db, req, q.applicationId);
    return listNotices(db, { ...q, active: manager ? q.active : 1 });
  });

  app.get('/api/v1/notices/:id', async (req) => {
    const { id } = parse(noticeIdParams, req.params, 'params');
    const row = await getNotice(db, id);
    if (row.active !== 1 && !(await isManagerOf(db, req, row.application_id))) throw notFound(MSG.noticeNotFound);
    return presentNotice(row);
  });

  app.post('/api/v1/notices', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(createNoticeBody, req.body);
    await getApplication(db, body.applicationId);
    await requireManager(db, req, body.applicationId, 'content');
    const row = await createNotice(db, body.applicationId, user.id, body);
    return reply.status(201).send({ ...presentNotice(row), message: MSG.noticeCreated });
  });

  app.put('/api/v1/notices/:id', async (req) => {
    const { id } = parse(noticeIdParams, req.params, 'params');
    requireUser(req);
    const existing = await getNotice(db, id);
    await requireManager(db, req, existing.application_id, 'content');
    const body = parse(updateNoticeBody, req.body);
    const row = await updateNotice(db, id, body);
    return { ...presentNotice(row), message: MSG.noticeSaved };
  });

  app.delete('/api/v1/notices/:id', async (req) => {
    const { id } = parse(noticeIdParams, req.params, 'params');
    requireUser(req);
    const existing = await getNotice(db, id);
    await requireManager(db, req, existing.application_id, 'content');
    await db.deleteFrom('notices').where('id', '=', id).execute();
    return { ok: true, noticeId: id, message: MSG.noticeDeleted };
  });
}
