/**
 * Search and resource details for visitors (issue 4 'Search', 'Visitor pages'):
 * - GET /api/v1/search?q&type&topicId|applicationId&category&subcategory&<field facet>&page&size: ranked,
 *   paged results with facets by type, and for a type its category tree and field facets
 *   (server/search/service.ts, common/searchFacets.ts). An application id reads within its topic.
 * - GET /api/v1/resources/{type}/{id}: one resource for its detail page (/microapp/explore/resources/{type}/{id}).
 * Public: the panels that lead here are public.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { resourceById } from '../../search/service.js';
import { searchRunner } from '../../search/readPool.js';
import { fieldFilterQuery, resourceParams, searchQuery } from './schema.js';

export default async function searchRoutes(app: FastifyInstance, { db, dialect, search }: AppContext) {
  const runner = search ?? searchRunner(db, dialect);
  app.get('/api/v1/search', async (req) => {
    const q = parse(searchQuery, req.query, 'query');
    let topicId = q.topicId ?? null;
    if (q.applicationId != null) {
      const found = await db.selectFrom('applications').select('topic_id').where('id', '=', q.applicationId).executeTakeFirst();
      if (!found) throw notFound(MSG.applicationNotFound);
      topicId = found.topic_id;
    }
    const fieldFilters = parse(fieldFilterQuery, req.query, 'query');
    return runner.search({ q: q.q, type: q.type, topicId, category: q.category, subcategory: q.subcategory, fieldFilters, page: q.page, size: q.size });
  });

  app.get('/api/v1/resources/:type/:id', async (req) => {
    const p = parse(resourceParams, req.params, 'params');
    const item = await resourceById(db, p.id, p.type);
    if (!item) throw notFound(MSG.resourceNotFound);
    return item;
  });
}
