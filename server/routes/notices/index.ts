/**
 * Notice calls (spec 2 §7 'Content'): GET/POST /api/v1/notices, GET/PUT/DELETE /api/v1/notices/{id}.
 * Managers of the application (and super managers) write and see unpublished notices; anyone else
 * reads published ones only (the list's active filter is forced to 1; an unpublished one answers 404).
 * Notices of a 仅登录可见 module are for viewers holding `panels` only (docs/decisions.md 212): listed by
 * its moduleId or read one by one they answer 403, and lists without a moduleId leave them out. A notice
 * marked restrictDownload tells the reader whether they may download its attachments (`canDownload`,
 * decision 214); GET /files/{key} enforces it (server/routes/files).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { isManagerOf, requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { getApplication } from '../../applications/service.js';
import { moduleReadScope, readableApplication } from '../applications/visibility.js';
import { viewerRights } from '../roles/userRights.js';
import { createNoticeBody, noticeIdParams, noticeListQuery, updateNoticeBody } from './schema.js';
import { createNotice, getNotice, listNotices, presentNotice, updateNotice } from './service.js';

export default async function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/notices', async (req) => {
    const q = parse(noticeListQuery, req.query, 'query');
    await readableApplication(db, q.applicationId, req.user);
    const manager = await isManagerOf(db, req, q.applicationId);
    const { hidden } = await moduleReadScope(db, q.applicationId, q.moduleId, req.user);
    return listNotices(db, { ...q, active: manager ? q.active : 1, hidden });
  });

  app.get('/api/v1/notices/:id', async (req) => {
    const { id } = parse(noticeIdParams, req.params, 'params');
    const row = await getNotice(db, id);
    if (row.active !== 1 && !(await isManagerOf(db, req, row.application_id))) throw notFound(MSG.noticeNotFound);
    await readableApplication(db, row.application_id, req.user, MSG.noticeNotFound);
    // a notice of a 仅登录可见 module: 403 for a viewer without `panels` (decision 212)
    if (row.module_id) await moduleReadScope(db, row.application_id, row.module_id, req.user);
    // whether this reader may download the attachments (decision 214): the page shows 登录后下载 ('signIn')
    // or 无下载权限 ('right') in place of the links otherwise
    let downloadBlocked: 'signIn' | 'right' | null = null;
    if (row.restrict_download === 1) {
      const held = await viewerRights(db, await getApplication(db, row.application_id), req.user);
      if (!held.rights.includes('download')) downloadBlocked = held.signedIn ? 'right' : 'signIn';
    }
    return { ...presentNotice(row), canDownload: downloadBlocked === null, downloadBlocked };
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
