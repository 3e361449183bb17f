/**
 * Panel reads: POST /api/v3|v4/modules/top-{kind} (one handler for both versions; books also as
 * POST /api/v1|v2/modules/top-monographs),
 * GET /api/v1/modules/top-notice and top-link (spec 2 §7 'Content'), and the one read the browser's
 * panels make, GET /api/v1/modules/panel-read (decision 241): any panel read of modules/types.ts
 * `PanelRead`, through the server registry (server/reads) and the shared cache. Public: visitors read
 * them; a visitor's panel-read answer carries an ETag and answers 304 to If-None-Match.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { publicAccess } from '../../policies/access.js';
import { checkTopic, readableResources, resourceRows, siteRows, type ResourceRows } from '../../policies/rows.js';
import { TOP_KINDS, type TopKind } from '../../../modules/types.js';
import { appItemsQuery, bulletinQuery, jobQuery, panelReadQuery, scholarSuggestQuery, topKindParams, topRequestBody, wechatArticleQuery } from './schema.js';
import { suggestTitles } from '../../resources/suggest.js';
import { readBulletins, readJobs, readWechatArticles } from '../../reads/feeds.js';
import { readTop, readTopLinks, readTopNotices } from '../../reads/top.js';
import { markSubscribed } from '../../reads/subscribed.js';
import { readScope, servePanelRead } from './panelRead.js';
import { topicIdByTitle } from './service.js';
import { MSG } from '../../../common/messages.js';
import { pageOf } from '../../../common/contracts/common.js';
import {
  bulletinEntryAnswer,
  jobsAnswer,
  panelReadAnswer,
  titleSuggestionAnswer,
  topLinkAnswer,
  topNoticeAnswer,
  topPageAnswer,
  wechatArticlesAnswer,
} from '../../../common/contracts/modules.js';
import { moduleReadScope, readableApplication } from '../../policies/visibility.js';
import { resourceTypeOf } from '../../../common/resourceTypes.js';

type TopPage = z.infer<typeof topPageAnswer>;
type TopBody = z.infer<typeof topRequestBody>;

const tags = ['首页模块'];
/** reads of one application's content (notices, links, panels): the row rule `site` */
const config = { access: publicAccess, rows: siteRows };
/** reads of the catalogue by topic, by account or across topics: the row rule `resources` */
const resources = { access: publicAccess, rows: resourceRows };

export default async function moduleRoutes(app: FastifyInstance, { db, dialect }: AppContext) {
  /**
   * A top-{kind} read. The page is the same for every viewer (a topic's resources), so it is kept in the
   * shared cache with its JSON until a write (decision 256) and sent as that JSON; a signed-in user's
   * journal marks are added on top of a copy.
   */
  const top = async (kindParam: string, given: TopBody, rows: ResourceRows, userId?: number | null, version?: string): Promise<string | TopPage> => {
    const kind = TOP_KINDS.find((k): k is TopKind => k === kindParam);
    if (!kind) throw notFound(MSG.routeNotFound);
    const b: Partial<NonNullable<TopBody>> = given ?? {};
    // spec 2 §7 'Subscriptions': POST /api/v4/modules/top-journal counts 51 when no count is given (decision 152)
    const count = b.count ?? (version === 'v4' ? resourceTypeOf(kind)?.topV4Count : undefined) ?? 8; // 8: topBody's default
    const body = {
      offset: b.offset ?? 0,
      count,
      topicId: b.topicId,
      topicName: b.topicName,
      categoryLevelOne: b.categoryLevelOne,
      categoryLevelTwo: b.categoryLevelTwo,
    };
    // a topic (by id or title) the viewer may not read answers as a missing one (decision 394); a read
    // within a topic is the same for every viewer who may read it, one outside a topic differs by rows
    let topicId = body.topicId ?? null;
    if (topicId == null && body.topicName) topicId = await topicIdByTitle(db, body.topicName);
    if (topicId != null) checkTopic(rows, topicId);
    const key = `top|${kind}|${JSON.stringify(body)}${topicId == null ? `|${JSON.stringify(rows)}` : ''}`;
    const { page, json } = await app.visitorCache.getOrMake(key, async () => {
      const read = await readTop(db, {
        kind,
        rows,
        offset: body.offset,
        count: body.count,
        topicId,
        categoryLevelOne: body.categoryLevelOne,
        categoryLevelTwo: body.categoryLevelTwo,
      });
      return { page: read, json: JSON.stringify(read) };
    });
    // journals carry is_subscribed for the signed-in user (spec 1 §3 'Journal')
    if (resourceTypeOf(kind)?.subscribable && userId != null) return { ...page, content: await markSubscribed(db, userId, page.content) };
    return json;
  };
  /** Sends a top read: its cached JSON as is, or the page (marked journals) for Fastify to serialise. */
  const sendTop = (reply: FastifyReply, answer: string | TopPage) =>
    typeof answer === 'string' ? reply.type('application/json; charset=utf-8').send(answer) : answer;
  const r = declared(app);
  const topSchema = (summary: string, params?: typeof topKindParams) => ({
    summary,
    tags,
    ...(params ? { params } : {}),
    body: topRequestBody,
    response: { 200: topPageAnswer },
  });
  for (const v of ['v3', 'v4']) {
    r.post(
      `/api/${v}/modules/top-:kind`,
      {
        schema: { ...topSchema('专题中一种资源的前几条（kind：scholar、journal、book……）'), params: topKindParams },
        config: { ...resources, signedRead: true },
      },
      async (req, reply) => sendTop(reply, await top(req.params.kind, req.body, readableResources(req), req.user?.id, v)),
    );
  }
  // books: spec 2 §7 'POST /api/v1 and /api/v2 /modules/top-monographs', aliases of the 'book' read
  for (const v of ['v1', 'v2']) {
    r.post(`/api/${v}/modules/top-monographs`, { schema: topSchema('专题中的前几本专著'), config: { ...resources, signedRead: true } }, async (req, reply) =>
      sendTop(reply, await top('book', req.body, readableResources(req))),
    );
  }
  // a 仅登录可见 module's items: 403 for a viewer without `panels`; without moduleId they are left out (decision 212)
  /**
   * GET /api/v1/modules/top-scholar/suggestions?q= (spec 2 §7; decision 296): up to 10 scholars whose
   * name starts with the text, in name order: [{ id, title, detail }] (detail: institution). Public.
   */
  r.get(
    '/api/v1/modules/top-scholar/suggestions',
    {
      schema: { summary: '按姓名开头联想学者（至多 10 个）', tags, querystring: scholarSuggestQuery, response: { 200: z.array(titleSuggestionAnswer) } },
      config: resources,
    },
    async (req) => suggestTitles(db, dialect, 'scholar', req.query.q, readableResources(req)),
  );

  r.get(
    '/api/v1/modules/top-notice',
    { schema: { summary: '应用的已发布通知（置顶在前）', tags, querystring: appItemsQuery, response: { 200: pageOf(topNoticeAnswer) } }, config },
    async (req) => {
      const q = req.query;
      await readableApplication(req.scope, q.applicationId);
      const { hidden } = await moduleReadScope(req.scope, q.applicationId, q.moduleId);
      return readTopNotices(db, { ...q, hidden });
    },
  );
  r.get(
    '/api/v1/modules/top-link',
    { schema: { summary: '应用的已发布资源链接', tags, querystring: appItemsQuery, response: { 200: pageOf(topLinkAnswer) } }, config },
    async (req) => {
      const q = req.query;
      await readableApplication(req.scope, q.applicationId);
      const { hidden } = await moduleReadScope(req.scope, q.applicationId, q.moduleId);
      return readTopLinks(db, { ...q, hidden });
    },
  );

  // the browser's one panel read (decision 241)
  r.get(
    '/api/v1/modules/panel-read',
    {
      schema: {
        summary: '首页模块的一次读取（read 为 JSON；访客的答复带 ETag，If-None-Match 相同时 304）',
        tags,
        querystring: panelReadQuery,
        response: { 200: panelReadAnswer, 304: z.null().describe('未修改') },
      },
      config,
    },
    async (req, reply) => {
      const q = req.query;
      const moduleId = 'moduleId' in q.read ? q.read.moduleId : undefined;
      const scope = await readScope(db, app.visitorCache, q.applicationId, moduleId, req.scope);
      const served = await servePanelRead(db, app.visitorCache, scope, q.read, req.user && !req.user.anonymous ? req.user.id : null);
      if (scope.visitor) {
        reply.header('cache-control', 'no-cache').header('vary', 'Cookie').header('etag', served.etag);
        if (req.headers['if-none-match'] === served.etag) return reply.status(304).send(null);
      } else {
        reply.header('cache-control', 'private, no-store');
      }
      return served.page;
    },
  );

  // feed modules (docs/decisions.md #31): the answers the spec's panels read
  r.get(
    '/api/v1/modules/top-wechat-article',
    { schema: { summary: '公众号文章（可多个 wechatId）', tags, querystring: wechatArticleQuery, response: { 200: wechatArticlesAnswer } }, config: resources },
    async (req) => {
      const q = req.query;
      const r = await readWechatArticles(db, { ...q, rows: readableResources(req) });
      return { records: r.items, total: r.total, current: q.page, size: q.pageSize, pages: Math.ceil(r.total / q.pageSize) };
    },
  );
  r.get(
    '/api/v1/modules/top-job',
    { schema: { summary: '招聘信息', tags, querystring: jobQuery, response: { 200: jobsAnswer } }, config: resources },
    async (req) => {
      const rows = readableResources(req);
      if (req.query.topicId != null) checkTopic(rows, req.query.topicId);
      const found = await readJobs(db, { ...req.query, rows });
      return { hits: found.items, total: found.total };
    },
  );
  r.get(
    '/api/v1/modules/top-bulletin',
    { schema: { summary: '快报、研究报告、快讯', tags, querystring: bulletinQuery, response: { 200: z.array(bulletinEntryAnswer) } }, config: resources },
    async (req) => {
      const q = req.query;
      const rows = readableResources(req);
      if (q.topicId != null) checkTopic(rows, q.topicId);
      return (await readBulletins(db, { topicId: q.topicId, rows, types: q.type ?? [], size: q.size, offset: q.offset })).items;
    },
  );
}
