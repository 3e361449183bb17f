/**
 * The public read API of a released site (docs/decisions.md 630-635), per Host header like its feeds:
 * - GET /open/v1/search?q&type&page&size                      (group search)
 * - GET /open/v1/resources/{type}, /open/v1/resources/{type}/{id} (group resources; a report, scholar or
 *   institution belongs to its own group, as on the three paths below)
 * - GET /open/v1/notices, /open/v1/notices/{id}                (group notices)
 * - GET /open/v1/reports, /scholars, /institutions, and /{id}  (groups reports, scholars, institutions)
 * Only what a visitor who is nobody may read (server/publicApi/read.ts); a draft site answers 404. The
 * gate (server/publicApi/gate.ts) takes the key, the rate limits and the count. Answers are kept in the
 * shared visitor cache per site and address (made again after any write that changes what visitors see).
 * Beside them, ungated (counted in the API's per-address limit like the feeds):
 * - GET /open/v1: the developer page's facts (groups, types, feeds, the OAI-PMH base address);
 * - GET /open/v1/openapi.json: the public part of the OpenAPI document (only these operations).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { HttpError, notFound } from '../../http/errors.js';
import { publicAccess } from '../../policies/access.js';
import { siteRows } from '../../policies/rows.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { resourceItemAnswer } from '../../../common/contracts/common.js';
import { searchResultAnswer } from '../../../common/contracts/search.js';
import { resourceTypeOf } from '../../../common/resourceTypes.js';
import type { ResourceType } from '../../../common/constants.js';
import {
  ANONYMOUS_PER_MINUTE,
  PUBLIC_API_BASE,
  PUBLIC_API_SCOPES,
  PUBLIC_API_SCOPE_LABELS,
  SCOPE_TYPES,
  type PublicApiScope,
} from '../../../common/publicApi.js';
import { searchRunner } from '../../search/readPool.js';
import { isListedType, typeCounts, visitorSite, type VisitorSite } from '../../feeds/read.js';
import { NOTICES_FEED, feedPath, topicFeed, typeFeed, typeFeedTitle } from '../../feeds/urls.js';
import { originOf } from '../../feeds/index.js';
import { openGate } from '../../publicApi/gate.js';
import { noticeList, noticeOne, searchSite, typeList, typeOne } from '../../publicApi/read.js';
import { publicDocument } from '../../publicApi/document.js';
import {
  idParams,
  noticeIdParams,
  noticePage,
  openInfoAnswer,
  openSearchQuery,
  pageQuery,
  publicNotice,
  resourcePage,
  typeIdParams,
  typeParams,
} from './schema.js';
import { z } from 'zod';

const tags = [MSG.openApiTag];
const B = PUBLIC_API_BASE;

/** The read group of a resource type: its own group for reports, scholars and institutions, else resources. */
export function scopeOfType(type: string): PublicApiScope {
  const own = (Object.keys(SCOPE_TYPES) as Array<keyof typeof SCOPE_TYPES>).find((g) => SCOPE_TYPES[g] === type);
  return own ?? 'resources';
}

/** The site the gate resolved (it always sets it before a handler runs). */
const siteOf = (req: FastifyRequest): VisitorSite => req.openSite!;

/** Refuses one record of a site with 详情页需登录 on: a visitor who is nobody may not read it (decision 634). */
function checkDetail(site: VisitorSite) {
  if (site.app.detail_signin === 1) throw new HttpError(403, 'forbidden', MSG.openDetailSignin);
}

/** A listed type of the path, or 404. */
function listedType(type: string): ResourceType {
  if (!isListedType(type)) throw notFound(MSG.unknownResourceType);
  return type;
}

/** Registers the routes (see the file comment). */
export default async function publicApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, dialect, search } = ctx;
  const runner = search ?? searchRunner(db, dialect);
  const cache = app.visitorCache;
  /** the answer of `make` for this site and address, from the shared visitor cache */
  const cached = <T>(req: FastifyRequest, make: () => Promise<T>): Promise<T> => cache.getOrMake(`open|${siteOf(req).app.id}|${req.url}`, make);

  // the gated reads, in a scope of their own so the gate runs on them only
  await app.register(async (a) => {
    a.addHook('onRequest', openGate(db, cache, { anonymousPerMinute: ctx.config.openApiAnonymousPerMinute ?? ANONYMOUS_PER_MINUTE }));
    const r = declared(a);
    const config = (openScope: PublicApiScope | ((p: Record<string, string>) => PublicApiScope)) => ({ rows: siteRows, access: publicAccess, openScope });

    r.get(
      `${B}/search`,
      { schema: { summary: '检索本站资源（开放接口）', tags, querystring: openSearchQuery, response: { 200: searchResultAnswer } }, config: config('search') },
      async (req) => cached(req, () => searchSite(runner, siteOf(req), req.query)),
    );
    r.get(
      `${B}/resources/:type`,
      {
        schema: { summary: '本站某一类型的资源列表（开放接口，最新在前）', tags, params: typeParams, querystring: pageQuery, response: { 200: resourcePage } },
        config: config((p) => scopeOfType(p.type)),
      },
      async (req) => {
        const type = listedType(req.params.type);
        return cached(req, () => typeList(db, siteOf(req), type, req.query.page, req.query.size));
      },
    );
    r.get(
      `${B}/resources/:type/:id`,
      {
        schema: { summary: '本站的一条资源（开放接口）', tags, params: typeIdParams, response: { 200: resourceItemAnswer } },
        config: config((p) => scopeOfType(p.type)),
      },
      async (req) => {
        const type = listedType(req.params.type);
        checkDetail(siteOf(req));
        const item = await cached(req, async () => (await typeOne(db, siteOf(req), type, req.params.id)) ?? null);
        if (!item) throw notFound(MSG.resourceNotFound);
        return item;
      },
    );
    r.get(
      `${B}/notices`,
      {
        schema: { summary: '本站的通知公告（开放接口，最新发布在前）', tags, querystring: pageQuery, response: { 200: noticePage } },
        config: config('notices'),
      },
      async (req) => cached(req, () => noticeList(db, cache, siteOf(req), req.query.page, req.query.size)),
    );
    r.get(
      `${B}/notices/:id`,
      { schema: { summary: '本站的一条通知公告（开放接口）', tags, params: noticeIdParams, response: { 200: publicNotice } }, config: config('notices') },
      async (req) => {
        const n = await cached(req, async () => (await noticeOne(db, cache, siteOf(req), req.params.id)) ?? null);
        if (!n) throw notFound(MSG.noticeNotFound);
        return n;
      },
    );
    for (const group of Object.keys(SCOPE_TYPES) as Array<keyof typeof SCOPE_TYPES>) {
      const type = SCOPE_TYPES[group];
      const label = PUBLIC_API_SCOPE_LABELS[group];
      r.get(
        `${B}/${group}`,
        { schema: { summary: `本站的${label}列表（开放接口）`, tags, querystring: pageQuery, response: { 200: resourcePage } }, config: config(group) },
        async (req) => cached(req, () => typeList(db, siteOf(req), type, req.query.page, req.query.size)),
      );
      r.get(
        `${B}/${group}/:id`,
        { schema: { summary: `本站的一条${label}（开放接口）`, tags, params: idParams, response: { 200: resourceItemAnswer } }, config: config(group) },
        async (req) => {
          checkDetail(siteOf(req));
          const item = await cached(req, async () => (await typeOne(db, siteOf(req), type, req.params.id)) ?? null);
          if (!item) throw notFound(MSG.resourceNotFound);
          return item;
        },
      );
    }
  });

  // ungated: what the developer page shows, and the public document
  const r = declared(app);
  const ungated = { rows: siteRows, access: publicAccess, rateLimited: true };
  const released = async (req: FastifyRequest) => {
    const site = await visitorSite(db, cache, req.headers.host ?? '');
    if (!site) throw notFound(MSG.openSiteNotFound);
    return site;
  };

  r.get(
    B,
    { schema: { summary: '开放接口说明：可读内容、订阅源与 OAI-PMH 地址（开发者页用）', tags, response: { 200: openInfoAnswer } }, config: ungated },
    async (req) => {
      const site = await released(req);
      const origin = originOf(req);
      return cache.getOrMake(`open-info|${origin}`, async () => {
        const counts = await typeCounts(db, site);
        const feed = (title: string, base: string) => ({ title, rss: `${origin}${feedPath(base, 'rss')}`, atom: `${origin}${feedPath(base, 'atom')}` });
        const feeds = [feed(fillMsg(MSG.feedNoticesTitle, { site: site.app.name }), NOTICES_FEED)];
        if (site.topic) feeds.push(feed(fillMsg(MSG.feedTopicTitle, { site: site.app.name, topic: site.topic.title }), topicFeed(site.topic.id)));
        for (const c of counts) feeds.push(feed(typeFeedTitle({ name: site.app.name, topic: site.topic }, resourceTypeOf(c.type)!.label), typeFeed(c.type)));
        const paths: Record<PublicApiScope, string[]> = {
          search: [`${B}/search?q={检索词}&type={类型}`],
          resources: [`${B}/resources/{类型}`, `${B}/resources/{类型}/{编号}`],
          notices: [`${B}/notices`, `${B}/notices/{编号}`],
          reports: [`${B}/reports`, `${B}/reports/{编号}`],
          scholars: [`${B}/scholars`, `${B}/scholars/{编号}`],
          institutions: [`${B}/institutions`, `${B}/institutions/{编号}`],
        };
        return {
          site: site.app.name,
          origin,
          base: `${origin}${B}`,
          oai: `${origin}/oai`,
          docs: `${origin}/microapp/open/docs`,
          openapi: `${origin}${B}/openapi.json`,
          anonymousPerMinute: ctx.config.openApiAnonymousPerMinute ?? ANONYMOUS_PER_MINUTE,
          groups: PUBLIC_API_SCOPES.map((scope) => ({ scope, label: PUBLIC_API_SCOPE_LABELS[scope], paths: paths[scope] })),
          types: counts.map((c) => ({ type: c.type, label: resourceTypeOf(c.type)!.label, count: c.n })),
          feeds,
        };
      });
    },
  );

  r.get(
    `${B}/openapi.json`,
    {
      schema: {
        summary: '开放接口的 OpenAPI 3.1 文档（只含开放接口的操作）',
        tags,
        response: { 200: z.looseObject({ openapi: z.string() }).describe('OpenAPI 3.1 文档') },
      },
      config: ungated,
    },
    async (req) => {
      await released(req);
      return publicDocument(app.swagger() as unknown as Record<string, unknown>, originOf(req));
    },
  );
}
