/**
 * The routes of a site's feeds, sitemaps and robots.txt (docs/architecture.md §Feeds, sitemaps and
 * robots; decisions 530-536): anonymous, per site (the Host header names it), limited by the API's
 * per-address limit (route config `rateLimited`), described in the OpenAPI document.
 *
 * - GET /feeds/notices.{rss,atom}, /feeds/resources/{type}.{rss,atom}, /feeds/topics/{topicId}.{rss,atom}
 * - GET /sitemap.xml, /sitemaps/{pages|notices|type}-{n}.xml
 * - GET /robots.txt
 *
 * Every answer is the same for every caller (the visitor read rules of a viewer who is nobody), so it is
 * kept in the shared visitor cache (server/cache/sharedCache.ts) under the origin and path, and made
 * again after any write that changes what visitors see. Conditional GET: each answer carries an ETag
 * (a hash of its bytes) and a Last-Modified (the newest record it lists); If-None-Match, else
 * If-Modified-Since, answers 304 (decision 536). A draft site, a host no site has, an unknown type or
 * topic, an unknown format: 404 with a Chinese message (robots.txt of a draft: 200, disallow all).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { declared } from '../http/contract.js';
import { publicAccess } from '../policies/access.js';
import { noRows, siteRows } from '../policies/rows.js';
import { notFound } from '../http/errors.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { isDetailSigninPath } from '../../common/detailSignin.js';
import { resourceDetailHref, resourceTypeOf } from '../../common/resourceTypes.js';
import type { Db } from '../db/index.js';
import type { SharedCache } from '../cache/sharedCache.js';
import { isListedType, noticeEntries, noticePage, storedTime, topicEntries, typeCounts, typeEntries, typePage, visitorSite, type VisitorSite } from './read.js';
import { feedDocument, newest, robotsTxt, sitemap, sitemapIndex, type FeedDocument } from './documents.js';
import { NOTICES_FEED, parseFeedFile, topicFeed, typeFeed, typeFeedTitle } from './urls.js';

/** Most addresses of one sitemap (sitemaps.org protocol: 50,000). */
export const SITEMAP_LIMIT = 50_000;

/** The visitor pages every released site has, listed in its pages sitemap (decision 534). */
export const STATIC_PAGES = ['/', '/microapp/explore', '/microapp/report', '/microapp/jobs'];

/** A document with its ETag, as the cache keeps it. */
interface Cached extends FeedDocument {
  etag: string;
}

const tags = [MSG.feedsTag];
const feedParams = z.object({ file: z.string().max(100).describe('`{名称}.rss` 或 `{名称}.atom`') });
const sitemapParams = z.object({ file: z.string().max(100).describe('`{pages|notices|资源类型}-{页码}.xml`') });
const xmlAnswer = (description: string, media: string) => ({ description, content: { [media]: { schema: z.string().describe(description) } } });
const feedAnswer = {
  description: 'RSS 2.0 或 Atom 1.0 文档；带 ETag 与 Last-Modified，条件请求未变时答 304',
  content: { 'application/rss+xml': { schema: z.string() }, 'application/atom+xml': { schema: z.string() } },
};
const config = { rows: siteRows, access: publicAccess, rateLimited: true };

/** The request's origin: its scheme (behind a trusted proxy, the forwarded one) and its Host. */
export const originOf = (req: FastifyRequest): string => `${req.protocol}://${(req.headers.host ?? 'localhost').toLowerCase()}`;

/** Whether a conditional request's validators match the document (RFC 9110 §13.2.2: If-None-Match first). */
export function notModified(headers: FastifyRequest['headers'], doc: { etag: string; lastModified: Date | null }): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string' && inm.trim()) {
    return inm.split(',').some((t) => {
      const tag = t.trim();
      return tag === '*' || tag.replace(/^W\//, '') === doc.etag;
    });
  }
  const ims = headers['if-modified-since'];
  if (typeof ims === 'string' && doc.lastModified) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(doc.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

/** Sends a cached document, or 304 when the request's validators match it. */
function sendDocument(req: FastifyRequest, reply: FastifyReply, doc: Cached) {
  void reply.header('etag', doc.etag).header('cache-control', 'public, max-age=300');
  if (doc.lastModified) void reply.header('last-modified', doc.lastModified.toUTCString());
  if (notModified(req.headers, doc)) return reply.status(304).send();
  return reply.type(doc.type).send(doc.body);
}

/** The document of `key` for the request's origin and path, from the shared cache or made by `make`. */
async function cached(cache: SharedCache, req: FastifyRequest, make: () => Promise<FeedDocument>): Promise<Cached> {
  const path = req.url.split('?')[0];
  return cache.getOrMake(`feeds|${originOf(req)}|${path}`, async () => {
    const doc = await make();
    return { ...doc, etag: `"${createHash('sha256').update(doc.body).digest('base64url').slice(0, 32)}"` };
  });
}

/** The released site of the request's host, or 404 (a draft and an unknown host alike). */
async function siteOf(db: Db, cache: SharedCache, req: FastifyRequest, message: string): Promise<VisitorSite> {
  const site = await visitorSite(db, cache, req.headers.host ?? '');
  if (!site) throw notFound(message);
  return site;
}

const siteUpdated = (site: VisitorSite) => storedTime(site.app.updated_at);

/** Whether the site's sitemaps may list `path`: under 详情页需登录 the pages behind sign-in are left out (decision 534). */
const listable = (site: VisitorSite, path: string) => site.app.detail_signin !== 1 || !isDetailSigninPath(path);

/**
 * The sitemap index of a site: its pages sitemap, its notices' and each listed type's sitemaps of at
 * most `limit` addresses each (`{name}-{n}.xml`).
 */
export async function sitemapIndexOf(db: Db, cache: SharedCache, site: VisitorSite, origin: string, limit = SITEMAP_LIMIT): Promise<FeedDocument> {
  const maps: Array<{ loc: string; lastmod: Date | null }> = [{ loc: `${origin}/sitemaps/pages-1.xml`, lastmod: siteUpdated(site) }];
  const notices = await noticePage(db, cache, site, 1, 1);
  for (let n = 1; n <= Math.ceil(notices.total / limit); n++)
    maps.push({ loc: `${origin}/sitemaps/notices-${n}.xml`, lastmod: n === 1 ? (notices.rows[0]?.updated ?? null) : null });
  for (const t of await typeCounts(db, site)) {
    if (!listable(site, resourceDetailHref(t.type, 1))) continue;
    for (let n = 1; n <= Math.ceil(t.n / limit); n++) maps.push({ loc: `${origin}/sitemaps/${t.type}-${n}.xml`, lastmod: t.lastmod });
  }
  return sitemapIndex(maps);
}

/** One sitemap of a site (`name` pages, notices or a listed type; page `n` of `limit` addresses), or null when it has none. */
export async function sitemapOf(
  db: Db,
  cache: SharedCache,
  site: VisitorSite,
  origin: string,
  name: string,
  n: number,
  limit = SITEMAP_LIMIT,
): Promise<FeedDocument | null> {
  if (name === 'pages') {
    if (n !== 1) return null;
    const lastmod = siteUpdated(site);
    // the site's published composed pages (/xrender/{pageId}, decision 707)
    const composed = await db
      .selectFrom('pages')
      .select(['page_id', 'updated_at'])
      .where('application_id', '=', site.app.id)
      .where('state', '=', 'published')
      .orderBy('page_id')
      .execute();
    return sitemap([
      ...STATIC_PAGES.filter((p) => listable(site, p)).map((p) => ({ loc: `${origin}${p}`, lastmod })),
      ...composed.map((p) => ({ loc: `${origin}/xrender/${encodeURIComponent(p.page_id)}`, lastmod: storedTime(p.updated_at) })),
    ]);
  }
  if (name === 'notices') {
    const page = await noticePage(db, cache, site, n, limit);
    return page.rows.length ? sitemap(page.rows.map((r) => ({ loc: `${origin}/resources/notices/${r.id}`, lastmod: r.updated }))) : null;
  }
  if (!isListedType(name) || !listable(site, resourceDetailHref(name, 1))) return null;
  const rows = await typePage(db, site, name, n, limit);
  return rows.length ? sitemap(rows.map((r) => ({ loc: `${origin}${resourceDetailHref(name, r.id)}`, lastmod: r.updated }))) : null;
}

/** Registers the routes (see the file comment). */
export default async function feedRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const cache = app.visitorCache;

  r.get(
    '/feeds/:file',
    {
      schema: { summary: '站点的通知公告订阅源（notices.rss、notices.atom）', tags, params: feedParams, response: { 200: feedAnswer } },
      config,
    },
    async (req, reply) => {
      const f = parseFeedFile(req.params.file);
      if (!f || f.name !== 'notices') throw notFound(MSG.feedNotFound);
      const site = await siteOf(db, cache, req, MSG.feedNotFound);
      const doc = await cached(cache, req, async () =>
        feedDocument({
          origin: originOf(req),
          base: NOTICES_FEED,
          title: fillMsg(MSG.feedNoticesTitle, { site: site.app.name }),
          format: f.format,
          entries: await noticeEntries(db, cache, site),
          siteUpdated: siteUpdated(site),
        }),
      );
      return sendDocument(req, reply, doc);
    },
  );

  r.get(
    '/feeds/resources/:file',
    {
      schema: {
        summary: '站点专题中某一资源类型的最新记录订阅源（{类型}.rss、{类型}.atom；报告 report、招聘 job 亦同）',
        tags,
        params: feedParams,
        response: { 200: feedAnswer },
      },
      config,
    },
    async (req, reply) => {
      const f = parseFeedFile(req.params.file);
      if (!f || !isListedType(f.name)) throw notFound(MSG.feedNotFound);
      const type = f.name;
      const site = await siteOf(db, cache, req, MSG.feedNotFound);
      const doc = await cached(cache, req, async () =>
        feedDocument({
          origin: originOf(req),
          base: typeFeed(type),
          title: typeFeedTitle({ name: site.app.name, topic: site.topic }, resourceTypeOf(type)!.label),
          format: f.format,
          entries: await typeEntries(db, site, type),
          siteUpdated: siteUpdated(site),
        }),
      );
      return sendDocument(req, reply, doc);
    },
  );

  r.get(
    '/feeds/topics/:file',
    {
      schema: {
        summary: '站点专题的最新记录订阅源（{专题编号}.rss、{专题编号}.atom；只有本站的专题）',
        tags,
        params: feedParams,
        response: { 200: feedAnswer },
      },
      config,
    },
    async (req, reply) => {
      const f = parseFeedFile(req.params.file);
      const site = await siteOf(db, cache, req, MSG.feedNotFound);
      const topic = site.topic;
      if (!f || !topic || f.name !== String(topic.id)) throw notFound(MSG.feedNotFound);
      const doc = await cached(cache, req, async () =>
        feedDocument({
          origin: originOf(req),
          base: topicFeed(topic.id),
          title: fillMsg(MSG.feedTopicTitle, { site: site.app.name, topic: topic.title }),
          format: f.format,
          entries: await topicEntries(db, site),
          siteUpdated: siteUpdated(site),
        }),
      );
      return sendDocument(req, reply, doc);
    },
  );

  r.get(
    '/sitemap.xml',
    {
      schema: {
        summary: '站点地图索引：静态页面、通知公告与各资源类型的分片站点地图',
        tags,
        response: { 200: xmlAnswer('站点地图索引（sitemaps.org 0.9）', 'application/xml') },
      },
      config,
    },
    async (req, reply) => {
      const site = await siteOf(db, cache, req, MSG.sitemapNotFound);
      return sendDocument(req, reply, await cached(cache, req, () => sitemapIndexOf(db, cache, site, originOf(req))));
    },
  );

  r.get(
    '/sitemaps/:file',
    {
      schema: {
        summary: '一个分片站点地图（至多 50,000 个地址）',
        tags,
        params: sitemapParams,
        response: { 200: xmlAnswer('站点地图（sitemaps.org 0.9）', 'application/xml') },
      },
      config,
    },
    async (req, reply) => {
      const m = /^([a-z_]{1,40})-([1-9]\d{0,5})\.xml$/.exec(req.params.file);
      if (!m) throw notFound(MSG.sitemapNotFound);
      const site = await siteOf(db, cache, req, MSG.sitemapNotFound);
      const doc = await cached(cache, req, async () => {
        const d = await sitemapOf(db, cache, site, originOf(req), m[1], Number(m[2]));
        // an empty answer is cached too (a sitemap past the last page stays 404 until a write)
        return d ?? { body: '', type: '', lastModified: null };
      });
      if (!doc.body) throw notFound(MSG.sitemapNotFound);
      return sendDocument(req, reply, doc);
    },
  );

  r.get(
    '/robots.txt',
    {
      schema: {
        summary: '站点的 robots.txt：已发布站点允许抓取（后台、接口与登录除外）并给出站点地图；草稿站点禁止一切抓取',
        tags,
        response: { 200: xmlAnswer('robots.txt', 'text/plain') },
      },
      // reads no content: the site's state only, and a draft answers as a host no site has
      config: { rows: noRows, access: publicAccess, rateLimited: true },
    },
    async (req, reply) => {
      const doc = await cached(cache, req, async () => {
        const site = await visitorSite(db, cache, req.headers.host ?? '');
        return robotsTxt(site ? originOf(req) : null, site ? newest([siteUpdated(site)]) : null);
      });
      return sendDocument(req, reply, doc);
    },
  );
}
