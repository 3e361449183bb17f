/**
 * Home config revisions: list, read one, restore one. Managers of the
 * application and super managers only (401 / 403); an unknown application or revision answers 404.
 * - GET  /api/v1/applications/:id/home-config/revisions?page&size   the list, newest first, without configs
 * - GET  /api/v1/applications/:id/home-config/revisions/:revisionId one revision with its homeConfig
 * - POST /api/v1/applications/:id/home-config/revisions/:revisionId/restore  saves that config as the
 *   current one and as a new revision 恢复到 <time> 的版本 (right `home`); answers `{ homeConfig, revisionId, message }`.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { managerAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { pageOf } from '../../../common/contracts/common.js';
import { revisionAnswer, revisionListItemAnswer, revisionRestoredAnswer } from '../../../common/contracts/revisions.js';
import { validateHomeConfig } from '../../applications/service.js';
import { appParams, revisionListQuery, revisionParams } from './schema.js';
import { getRevision, listRevisions, restoreSummary, saveHomeConfig } from './service.js';

const tags = ['历史版本'];

export default async function revisionRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const reader = { access: managerAccess(applicationInPath) };

  r.get(
    '/api/v1/applications/:id/home-config/revisions',
    {
      schema: {
        summary: '首页配置的历史版本列表（新的在前）',
        tags,
        params: appParams,
        querystring: revisionListQuery,
        response: { 200: pageOf(revisionListItemAnswer) },
      },
      config: reader,
    },
    async (req) => listRevisions(db, req.params.id, req.query.page, req.query.size),
  );

  r.get(
    '/api/v1/applications/:id/home-config/revisions/:revisionId',
    {
      schema: { summary: '读取一个历史版本及其首页配置', tags, params: revisionParams, response: { 200: revisionAnswer } },
      config: reader,
    },
    async (req) => getRevision(db, req.params.id, req.params.revisionId),
  );

  r.post(
    '/api/v1/applications/:id/home-config/revisions/:revisionId/restore',
    {
      schema: { summary: '恢复到一个历史版本', tags, params: revisionParams, response: { 200: revisionRestoredAnswer } },
      config: { access: managerAccess(applicationInPath, 'home') },
    },
    async (req) => {
      const { id, revisionId } = req.params;
      const rev = await getRevision(db, id, revisionId);
      // the stored config is checked again: a module type's schema may have changed since it was saved
      const homeConfig = validateHomeConfig(rev.homeConfig);
      const newId = await saveHomeConfig(db, id, homeConfig, currentUser(req), restoreSummary(rev.createdAt));
      return { homeConfig, revisionId: newId, message: MSG.revisionRestored };
    },
  );
}
