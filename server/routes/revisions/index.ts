/**
 * Home config revisions (issue 3 'Beyond the original'): list, read one, restore one. Managers of the
 * application and super managers only (401 / 403); an unknown application or revision answers 404.
 * - GET  /api/v1/applications/:id/home-config/revisions?page&size   the list, newest first, without configs
 * - GET  /api/v1/applications/:id/home-config/revisions/:revisionId one revision with its homeConfig
 * - POST /api/v1/applications/:id/home-config/revisions/:revisionId/restore  saves that config as the
 *   current one and as a new revision 恢复到 <time> 的版本; answers `{ homeConfig, revisionId, message }`.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { getApplication, validateHomeConfig } from '../../applications/service.js';
import { appParams, revisionListQuery, revisionParams } from './schema.js';
import { getRevision, listRevisions, restoreSummary, saveHomeConfig } from './service.js';

export default async function revisionRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/applications/:id/home-config/revisions', async (req) => {
    const { id } = parse(appParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    await requireManager(db, req, id);
    const q = parse(revisionListQuery, req.query, 'query');
    return listRevisions(db, id, q.page, q.size);
  });

  app.get('/api/v1/applications/:id/home-config/revisions/:revisionId', async (req) => {
    const { id, revisionId } = parse(revisionParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    await requireManager(db, req, id);
    return getRevision(db, id, revisionId);
  });

  app.post('/api/v1/applications/:id/home-config/revisions/:revisionId/restore', async (req) => {
    const { id, revisionId } = parse(revisionParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    const user = await requireManager(db, req, id, 'home');
    const rev = await getRevision(db, id, revisionId);
    // the stored config is checked again: a module type's schema may have changed since it was saved
    const homeConfig = validateHomeConfig(rev.homeConfig);
    const newId = await saveHomeConfig(db, id, homeConfig, user, restoreSummary(rev.createdAt));
    return { homeConfig, revisionId: newId, message: MSG.revisionRestored };
  });
}
