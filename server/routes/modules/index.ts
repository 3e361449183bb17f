/**
 * Panel reads: POST /api/v3|v4/modules/top-{kind} (one handler for both versions; books also as
 * POST /api/v1|v2/modules/top-monographs),
 * GET /api/v1/modules/top-notice and top-link (spec 2 §7 'Content'), and the one read the browser's
 * panels make, GET /api/v1/modules/panel-read (decision 241): any panel read of modules/types.ts
 * `PanelRead`, through the server registry (server/reads) and the shared cache. Public: visitors read
 * them; a visitor's panel-read answer carries an ETag and answers 304 to If-None-Match.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { TOP_KINDS, type TopKind } from '../../../modules/types.js';
import { appItemsQuery, bulletinQuery, jobQuery, panelReadQuery, scholarSuggestQuery, topBody, wechatArticleQuery } from './schema.js';
import { suggestTitles } from '../../resources/suggest.js';
import { readBulletins, readJobs, readWechatArticles } from '../../reads/feeds.js';
import { readTop, readTopLinks, readTopNotices } from '../../reads/top.js';
import { markSubscribed } from '../../reads/subscribed.js';
import { readScope, servePanelRead } from './panelRead.js';
import { MSG } from '../../../common/messages.js';
import { TOP_JOURNAL_DEFAULT_COUNT } from '../../../common/constants.js';
import { moduleReadScope, readableApplication } from '../applications/visibility.js';

export default async function moduleRoutes(app: FastifyInstance, { db, dialect }: AppContext) {
  /**
   * A top-{kind} read. The page is the same for every viewer (a topic's resources), so it is kept in the
   * shared cache with its JSON until a write (decision 256) and sent as that JSON; a signed-in user's
   * journal marks are added on top of a copy.
   */
  const top = async (kindParam: string, rawBody: unknown, userId?: number | null, version?: string): Promise<string | object> => {
    const kind = kindParam as TopKind;
    if (!TOP_KINDS.includes(kind)) throw notFound(MSG.routeNotFound);
    const body = parse(topBody, rawBody ?? {});
    // spec 2 §7 'Subscriptions': POST /api/v4/modules/top-journal counts 51 when no count is given (decision 152)
    const countGiven = !!rawBody && typeof rawBody === 'object' && (rawBody as { count?: unknown }).count != null;
    if (kind === 'journal' && version === 'v4' && !countGiven) body.count = TOP_JOURNAL_DEFAULT_COUNT;
    const { page, json } = await app.visitorCache.getOrMake(`top|${kind}|${JSON.stringify(body)}`, async () => {
      let topicId = body.topicId ?? null;
      if (topicId == null && body.topicName) {
        const t = await db.selectFrom('topics').select('id').where('title', '=', body.topicName).executeTakeFirst();
        if (!t) throw notFound(MSG.topicNotFound);
        topicId = t.id;
      }
      const read = await readTop(db, {
        kind,
        offset: body.offset,
        count: body.count,
        topicId,
        categoryLevelOne: body.categoryLevelOne,
        categoryLevelTwo: body.categoryLevelTwo,
      });
      return { page: read, json: JSON.stringify(read) };
    });
    // journals carry is_subscribed for the signed-in user (spec 1 §3 'Journal'; issue 5)
    if (kind === 'journal' && userId != null) return { ...page, content: await markSubscribed(db, userId, page.content) };
    return json;
  };
  /** Sends a top read: its cached JSON as is, or an object (marked journals) for Fastify to serialise. */
  const sendTop = (reply: FastifyReply, answer: string | object) =>
    typeof answer === 'string' ? reply.type('application/json; charset=utf-8').send(answer) : answer;
  for (const v of ['v3', 'v4']) {
    app.post<{ Params: { kind: string } }>(`/api/${v}/modules/top-:kind`, { config: { signedRead: true } }, async (req, reply) =>
      sendTop(reply, await top(req.params.kind, req.body, req.user?.id, v)),
    );
  }
  // books: spec 2 §7 'POST /api/v1 and /api/v2 /modules/top-monographs', aliases of the 'book' read
  for (const v of ['v1', 'v2']) {
    app.post(`/api/${v}/modules/top-monographs`, { config: { signedRead: true } }, async (req, reply) => sendTop(reply, await top('book', req.body)));
  }
  // a 仅登录可见 module's items: 403 for a viewer without `panels`; without moduleId they are left out (decision 212)
  /**
   * GET /api/v1/modules/top-scholar/suggestions?q= (spec 2 §7; decision 296): up to 10 scholars whose
   * name starts with the text, in name order: [{ id, title, detail }] (detail: institution). Public.
   */
  app.get('/api/v1/modules/top-scholar/suggestions', async (req) => {
    const { q } = parse(scholarSuggestQuery, req.query, 'query');
    return suggestTitles(db, dialect, 'scholar', q);
  });

  app.get('/api/v1/modules/top-notice', async (req) => {
    const q = parse(appItemsQuery, req.query, 'query');
    await readableApplication(db, q.applicationId, req.user);
    const { hidden } = await moduleReadScope(db, q.applicationId, q.moduleId, req.user);
    return readTopNotices(db, { ...q, hidden });
  });
  app.get('/api/v1/modules/top-link', async (req) => {
    const q = parse(appItemsQuery, req.query, 'query');
    await readableApplication(db, q.applicationId, req.user);
    const { hidden } = await moduleReadScope(db, q.applicationId, q.moduleId, req.user);
    return readTopLinks(db, { ...q, hidden });
  });

  // the browser's one panel read (decision 241)
  app.get('/api/v1/modules/panel-read', async (req, reply) => {
    const q = parse(panelReadQuery, req.query, 'query');
    const moduleId = 'moduleId' in q.read ? q.read.moduleId : undefined;
    const scope = await readScope(db, app.visitorCache, q.applicationId, moduleId, req.user);
    const served = await servePanelRead(db, app.visitorCache, scope, q.read, req.user && !req.user.anonymous ? req.user.id : null);
    if (scope.visitor) {
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie').header('etag', served.etag);
      if (req.headers['if-none-match'] === served.etag) return reply.status(304).send();
    } else {
      reply.header('cache-control', 'private, no-store');
    }
    return served.page;
  });

  // feed modules (docs/decisions.md #31): the answers the spec's panels read
  app.get('/api/v1/modules/top-wechat-article', async (req) => {
    const q = parse(wechatArticleQuery, req.query, 'query');
    const r = await readWechatArticles(db, q);
    return { records: r.items, total: r.total, current: q.page, size: q.pageSize, pages: Math.ceil(r.total / q.pageSize) };
  });
  app.get('/api/v1/modules/top-job', async (req) => {
    const q = parse(jobQuery, req.query, 'query');
    const r = await readJobs(db, q);
    return { hits: r.items, total: r.total };
  });
  app.get('/api/v1/modules/top-bulletin', async (req) => {
    const q = parse(bulletinQuery, req.query, 'query');
    return (await readBulletins(db, { topicId: q.topicId, types: q.type, size: q.size, offset: q.offset })).items;
  });
}
