/**
 * Search and resource details for visitors:
 * - GET /api/v1/search?q&type&topicId|applicationId&category&subcategory&<field facet>&page&size: ranked,
 *   paged results with facets by type, and for a type its category tree and field facets
 *   (server/search/service.ts, common/searchFacets.ts). An application id reads within its topic.
 * - GET /api/v1/resources/{type}/{id}: one resource for its detail page (/microapp/explore/resources/{type}/{id}).
 * Public: the panels that lead here are public; a resource's detail only to signed-in callers on a site
 * with 详情页需登录 on.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { publicAccess } from '../../policies/access.js';
import { checkTopic, readableResources, resourceRows } from '../../policies/rows.js';
import { detailReadAccess } from '../../policies/detailSignin.js';
import { MSG } from '../../../common/messages.js';
import { resourceItemAnswer, searchResultAnswer } from '../../../common/contracts/search.js';
import { resourceById } from '../../search/service.js';
import { searchRunner } from '../../search/readPool.js';
import { fieldFilters, resourceParams, searchRequest } from './schema.js';
import { readableApplication } from '../../policies/visibility.js';

const tags = ['检索'];

export default async function searchRoutes(app: FastifyInstance, { db, dialect, search }: AppContext) {
  const runner = search ?? searchRunner(db, dialect);
  const r = declared(app);

  r.get(
    '/api/v1/search',
    {
      schema: { summary: '检索资源（分页，附分面）', tags, querystring: searchRequest, response: { 200: searchResultAnswer } },
      config: { access: publicAccess, rows: resourceRows },
    },
    async (req) => {
      const q = req.query;
      const rows = readableResources(req);
      // an application's search reads its topic (a draft's only for its managers); a topic must be readable
      const topicId = q.applicationId != null ? (await readableApplication(req.scope, q.applicationId)).topic_id : (q.topicId ?? null);
      if (q.applicationId == null && topicId != null) checkTopic(rows, topicId);
      return runner.search({
        rows,
        q: q.q,
        type: q.type,
        topicId,
        category: q.category,
        subcategory: q.subcategory,
        fieldFilters: fieldFilters(q),
        page: q.page,
        size: q.size,
      });
    },
  );

  r.get(
    '/api/v1/resources/:type/:id',
    {
      schema: { summary: '读取一个资源（详情页）', tags, params: resourceParams, response: { 200: resourceItemAnswer } },
      // 401 for a visitor not signed in on a site with 详情页需登录 on
      config: { access: detailReadAccess(), rows: resourceRows },
    },
    async (req) => {
      const item = await resourceById(db, req.params.id, req.params.type, readableResources(req));
      if (!item) throw notFound(MSG.resourceNotFound);
      return item;
    },
  );
}
