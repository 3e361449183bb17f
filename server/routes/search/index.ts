/**
 * Search and resource details for visitors:
 * - GET /api/v1/search?q&type&topicId|applicationId&category&subcategory&<field facet>&page&size: ranked,
 *   paged results with facets by type, and for a type its category tree and field facets
 *   (server/search/service.ts, common/searchFacets.ts). An application id reads within its topic.
 * - GET /api/v1/literature?<the search's filters>: the literature analysis of the records the search
 *   matches (server/search/literature.ts, /LiteratureMiner; decision 710), cached in the visitor cache and
 *   stored for every server process (server/search/analysisStore.ts); answered 'pending' when it takes
 *   longer than the budget, computed on in the background meanwhile, once across the processes.
 * - GET /api/v1/search/advanced?c=OP.field.value&…&from&to&sort&<the search's filters>&page&size: the advanced
 *   search of /exploreV3 (server/search/advanced.ts, common/advancedSearch.ts; decision 680); a plain `q`
 *   is one 任意字段 row, so the explore page's query opens the same results. A signed-in reader's first
 *   page of a search within a site is noted in their search history (server/search/saved.ts).
 * - GET /api/v1/resources/{type}/{id}: one resource for its detail page (/microapp/explore/resources/{type}/{id}).
 * Public: the panels that lead here are public; a resource's detail only to signed-in callers on a site
 * with 详情页需登录 on.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { badRequest, notFound } from '../../http/errors.js';
import { publicAccess } from '../../policies/access.js';
import { checkTopic, readableResources, resourceRows } from '../../policies/rows.js';
import { detailReadAccess } from '../../policies/detailSignin.js';
import { MSG } from '../../../common/messages.js';
import { advancedResultAnswer, literatureAnswer, resourceItemAnswer, searchResultAnswer, type LiteratureAnswer } from '../../../common/contracts/search.js';
import { conditionParam, conditionProblem, parseCondition, yearsProblem, type AdvancedCondition } from '../../../common/advancedSearch.js';
import { recordSearch } from '../../search/saved.js';
import { sharedAnalysis } from '../../search/analysisStore.js';
import { resourceById } from '../../search/service.js';
import { searchRunner } from '../../search/readPool.js';
import { advancedRequest, fieldFilters, literatureRequest, resourceParams, searchRequest } from './schema.js';
import type { AnalysisQuery, LiteratureAnalysis } from '../../search/literature.js';
import { readableApplication } from '../../policies/visibility.js';
import { isInternal } from '../../http/internal.js';

const tags = ['检索'];
/** Longest wait for an analysis while a page is rendered on the server, ms (decision 710). */
const RENDER_BUDGET_MS = 400;

/** The answer of `made` if it settles within `ms`, else null (it goes on; a later rejection is dropped). */
async function within<T>(made: Promise<T>, ms: number): Promise<T | null> {
  made.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([made, late]);
  } finally {
    clearTimeout(timer);
  }
}

export default async function searchRoutes(app: FastifyInstance, { db, dialect, search, config }: AppContext) {
  const runner = search ?? searchRunner(db, dialect);
  const r = declared(app);
  const budget = config.literatureBudgetMs ?? 2000;

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
    '/api/v1/search/advanced',
    {
      schema: {
        summary: '高级检索（字段条件以并且、或者、不含组合，附分面与年度分布）',
        tags,
        querystring: advancedRequest,
        response: { 200: advancedResultAnswer },
      },
      config: { access: publicAccess, rows: resourceRows },
    },
    async (req) => {
      const q = req.query;
      const params = q.c === undefined ? [] : Array.isArray(q.c) ? q.c : [q.c];
      const parsed = params.map(parseCondition);
      if (parsed.some((c) => c === null)) throw badRequest(MSG.advancedConditionInvalid, { c: MSG.advancedConditionInvalid });
      let conditions = parsed as AdvancedCondition[];
      if (!conditions.length && q.q?.trim()) conditions = [{ op: 'AND', field: 'any', value: q.q.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() }];
      const problem = conditionProblem(conditions) ?? yearsProblem(q.from ?? null, q.to ?? null);
      if (problem) throw badRequest(problem, { c: problem });
      const rows = readableResources(req);
      const topicId = q.applicationId != null ? (await readableApplication(req.scope, q.applicationId)).topic_id : (q.topicId ?? null);
      if (q.applicationId == null && topicId != null) checkTopic(rows, topicId);
      const result = await runner.read('advanced', {
        rows,
        conditions,
        yearFrom: q.from ?? null,
        yearTo: q.to ?? null,
        type: q.type,
        topicId,
        category: q.category,
        subcategory: q.subcategory,
        fieldFilters: fieldFilters(q),
        sort: q.sort,
        page: q.page,
        size: q.size,
      });
      // a signed-in reader's search history on the site (decision 685): the first page of each search
      if (req.user && q.applicationId != null && q.page === 1) {
        const asked = new URLSearchParams();
        for (const c of conditions) asked.append('c', conditionParam(c));
        for (const [k, v] of Object.entries({
          from: q.from,
          to: q.to,
          sort: q.sort,
          type: q.type,
          category: q.category,
          subcategory: q.subcategory,
          ...fieldFilters(q),
        }))
          if (v !== undefined && v !== null && v !== '') asked.set(k, String(v));
        await recordSearch(db, req.user.id, q.applicationId, asked, result.totalElements);
      }
      return result;
    },
  );

  r.get(
    '/api/v1/literature',
    {
      schema: { summary: '检索结果的文献分析（年度发文、前 20 名、共现网络）', tags, querystring: literatureRequest, response: { 200: literatureAnswer } },
      config: { access: publicAccess, rows: resourceRows },
    },
    async (req): Promise<LiteratureAnswer> => {
      const q = req.query;
      if (!q.q.trim() && !q.type) throw badRequest(MSG.minerNeedsQuery, { q: MSG.minerNeedsQuery });
      const rows = readableResources(req);
      const topicId = q.applicationId != null ? (await readableApplication(req.scope, q.applicationId)).topic_id : (q.topicId ?? null);
      if (q.applicationId == null && topicId != null) checkTopic(rows, topicId);
      const query: AnalysisQuery = {
        rows,
        q: q.q,
        type: q.type,
        topicId,
        category: q.category,
        subcategory: q.subcategory,
        fieldFilters: fieldFilters(q),
      };
      // one entry per viewer's rows and filters, shared by every visitor who reads the same rows
      const key = `literature|${crypto.createHash('sha256').update(JSON.stringify(query)).digest('base64url')}`;
      // computed once across the server processes and kept for them all (server/search/analysisStore.ts)
      const made = app.visitorCache.getOrMake<LiteratureAnalysis>(key, () =>
        sharedAnalysis(db, key, app.visitorCache.generation, () => runner.read('literature', query)),
      );
      // the page's own render waits less: its first byte comes at once and the browser asks again
      const result = await within(made, isInternal(req) ? Math.min(budget, RENDER_BUDGET_MS) : budget);
      return result ? { status: 'ready', result } : { status: 'pending', result: null };
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
