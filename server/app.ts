/**
 * Builds the Fastify server: error handling, sessions, the API of spec 2 §7 and the browser app
 * (docs/architecture.md §Server). Bad input answers 4xx with `{ error: { code, message, fields? } }`; only a
 * fault of ours answers 500, and its details go to the log, never to the client.
 */
import path from 'node:path';
import { registerInputGuard } from './http/input.js';
import { noRows } from './policies/rows.js';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { ZodError, z } from 'zod';
import type { AppContext } from './context.js';
import { BUSY_RETRY_AFTER_SECONDS, HttpError, busyDatabase, fromZod } from './http/errors.js';
import { registerSessionHooks } from './http/session.js';
import { registerRequestSigning, registerSigningKeyRoute } from './http/signing.js';
import { loggerOptions } from './http/logging.js';
import { registerApiRateLimit } from './http/apiRateLimit.js';
import { registerMetrics, registerMetricsOff, timedSearch } from './metrics/index.js';
import { searchRunner } from './search/readPool.js';
import { MSG } from '../common/messages.js';
import authRoutes from './routes/auth/index.js';
import applicationRoutes from './routes/applications/index.js';
import siteConfigRoutes from './routes/applications/siteConfig.js';
import moduleRoutes from './routes/modules/index.js';
import topicRoutes from './routes/topics/index.js';
import searchRoutes from './routes/search/index.js';
import fileRoutes from './routes/files/index.js';
import toolRoutes from './routes/tools/index.js';
import wechatRoutes from './routes/wechats/index.js';
import noticeRoutes from './routes/notices/index.js';
import linkRoutes from './routes/links/index.js';
import resourceRoutes from './routes/resources/index.js';
import xmoduleRoutes from './routes/xmodules/index.js';
import institutionRoutes from './routes/institutions/index.js';
import mapRoutes from './routes/map/index.js';
import revisionRoutes from './routes/revisions/index.js';
import pageRoutes from './routes/pages/index.js';
import roleRoutes from './routes/roles/index.js';
import signinRoutes from './routes/signin/index.js';
import personalRoutes from './routes/personal/index.js';
import accountRoutes from './routes/account/index.js';
import userLinkRoutes from './routes/userLinks/index.js';
import exportRoutes from './routes/export/index.js';
import savedSearchRoutes from './routes/savedSearches/index.js';
import taskRoutes from './routes/tasks/index.js';
import { TaskRunner } from './tasks/runner.js';
import { monitorTasks } from './monitors/tasks.js';
import { sendDueSearchAlerts } from './search/saved.js';
import { DEFAULT_LIMITS } from './monitors/fetch.js';
import citationRoutes from './routes/citations/index.js';
import reportRoutes from './routes/reports/index.js';
import analyticsRoutes from './routes/analytics/index.js';
import { UsageCollector } from './routes/analytics/collector.js';
import bannerRoutes from './routes/banners/index.js';
import headlineRoutes from './routes/headline/index.js';
import auditLogRoutes from './routes/auditLogs/index.js';
import moderationRoutes from './routes/moderation/index.js';
import commentRoutes from './routes/comments/index.js';
import submissionRoutes from './routes/submissions/index.js';
import scholarClaimRoutes from './routes/scholarClaims/index.js';
import feedbackRoutes from './routes/feedback/index.js';
import publicApiRoutes from './routes/publicApi/index.js';
import apiKeyRoutes from './routes/apiKeys/index.js';
import monitorRoutes from './routes/monitors/index.js';
import questionRoutes from './routes/questions/index.js';
import communityRoutes from './routes/communities/index.js';
import notificationRoutes from './routes/notifications/index.js';
import helixRoutes from './routes/helix/index.js';
import { startNotificationMail } from './notifications/mail.js';
import { mailProviderFrom } from './notify/mail.js';
import ddsRoutes from './routes/dds/index.js';
import { registerAudit } from './audit/record.js';
import feedRoutes from './feeds/index.js';
import webRoutes from './web/index.js';
import oaiRoutes from './oai/index.js';
import { SharedCache } from './cache/sharedCache.js';
import { registerCacheInvalidation } from './cache/writes.js';
import { registerResponseHeaders } from './http/headers.js';
import { registerRequestId, requestIdOptions } from './http/requestId.js';
import { declared, registerContracts } from './http/contract.js';
import { publicAccess } from './policies/access.js';
import { registerOpenApi } from './http/openapi.js';
import type { AccessKind } from './policies/access.js';
import type { RowRuleKind } from './policies/rows.js';
import { registerRequestScope } from './policies/scope.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered (method, url pattern), for the bad-input test */
    /** every route as registered, with the kind of access it declares (server/policies/access.ts) */
    atriumRoutes: Array<{ method: string; url: string; access?: AccessKind; rows?: RowRuleKind }>;
    /** what every visitor shares: rendered home pages, panels' first pages (server/cache/sharedCache.ts) */
    visitorCache: SharedCache;
  }
}

export interface BuildOptions {
  /** pino logger options, or false for none (tests); default server/http/logging.ts loggerOptions */
  logger?: boolean | object;
  /** serve the built browser app (off in API tests) */
  web?: boolean;
}

/** Creates the server with every route registered; call `listen` or `inject` on it. */
export async function buildServer(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? (await loggerOptions(ctx.config)),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy ?? false,
    ...requestIdOptions,
  });
  registerRequestId(app);
  await app.register(cookie);
  await registerResponseHeaders(app, { hsts: ctx.config.hsts, styleHosts: ctx.config.themeHosts });
  // operable server: timings for /metrics, then the global per-address limit of the API,
  // ahead of every hook that reads the database
  if (ctx.config.metrics) registerMetrics(app, { token: ctx.config.metricsToken });
  else registerMetricsOff(app);
  await registerApiRateLimit(app, { perMinute: ctx.config.rateLimitPerMinute ?? 0, redisUrl: ctx.config.redisUrl });
  const routes: FastifyInstance['atriumRoutes'] = [];
  app.decorate('atriumRoutes', routes);
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: r.url, access: r.config?.access?.kind, rows: r.config?.rows?.kind });
  });

  app.setErrorHandler((err, req, reply) => {
    // a database busy past its wait: 503 with Retry-After, never 500 (docs/decisions.md 412)
    const busy = busyDatabase(err);
    if (busy)
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ error: { code: busy.code, message: busy.message } });
    if (err instanceof HttpError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (err instanceof ZodError) {
      const e = fromZod(err);
      return reply.status(400).send({ error: { code: e.code, message: e.message, fields: e.fields } });
    }
    const fe = err as { statusCode?: number; code?: string; message?: string };
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? MSG.badJson
          : status === 413
            ? MSG.payloadTooLarge
            : status === 415
              ? MSG.badRequest
              : status === 404
                ? MSG.notFound
                : MSG.badRequest;
      return reply.status(status).send({ error: { code: fe.code ?? 'bad_request', message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'server_error', message: MSG.serverError } });
  });

  const cache = new SharedCache(ctx.db, ctx.dialect);
  await cache.start(ctx.config.databaseUrl);
  app.decorate('visitorCache', cache);
  app.addHook('onClose', async () => {
    await cache.close();
  });
  registerCacheInvalidation(app, cache);

  registerInputGuard(app);
  registerSessionHooks(app, ctx.db, { secureCookies: ctx.config.secureCookies });
  // who asks and what they may read, looked up once per request (server/policies/scope.ts)
  registerRequestScope(app, ctx.db, cache);
  registerRequestSigning(app, ctx.db, { secret: ctx.config.secret, xsrfOf: (req) => req.xsrfToken });
  // declared routes: validated by their zod schemas, access enforced in one place, described in /api/openapi.json
  registerContracts(app, ctx.db);
  // the API documents: anyone in development, super managers only in production (decision 419)
  await registerOpenApi(app, { superOnly: ctx.config.production });
  registerSigningKeyRoute(app, { secret: ctx.config.secret, xsrfOf: (req) => req.xsrfToken });
  // the audit log of console writes: after the session and signing hooks
  registerAudit(app, ctx.db);

  // liveness and readiness for a load balancer or an orchestrator (docs/operations.md)
  const probe = { tags: ['运维'], response: { 200: z.object({ ok: z.literal(true) }), 503: z.object({ ok: z.literal(false) }) } };
  declared(app).get('/healthz', { schema: { summary: '进程在运行', ...probe }, config: { rows: noRows, access: publicAccess } }, async () => ({
    ok: true as const,
  }));
  declared(app).get(
    '/readyz',
    { schema: { summary: '可以接待请求（数据库可读）', ...probe }, config: { rows: noRows, access: publicAccess } },
    async (_req, reply) => {
      try {
        await ctx.db.selectFrom('topics').select('id').limit(1).execute();
        return { ok: true as const };
      } catch {
        return reply.status(503).send({ ok: false as const });
      }
    },
  );

  await app.register(async (a) => authRoutes(a, ctx));
  await app.register(async (a) => applicationRoutes(a, ctx));
  await app.register(async (a) => siteConfigRoutes(a, ctx));
  await app.register(async (a) => moduleRoutes(a, ctx));
  // one pool for the long reads: the search, a page of a topic's data (decision 385)
  const reads = ctx.search ?? searchRunner(ctx.db, ctx.dialect);
  await app.register(async (a) => topicRoutes(a, { ...ctx, search: reads }));
  await app.register(async (a) => searchRoutes(a, { ...ctx, search: timedSearch(reads) }));
  await app.register(async (a) => fileRoutes(a, ctx));
  await app.register(async (a) => toolRoutes(a, ctx));
  await app.register(async (a) => wechatRoutes(a, ctx));
  await app.register(async (a) => noticeRoutes(a, ctx));
  await app.register(async (a) => linkRoutes(a, ctx));
  await app.register(async (a) => resourceRoutes(a, ctx));
  await app.register(async (a) => reportRoutes(a, ctx));
  await app.register(async (a) => xmoduleRoutes(a, ctx));
  await app.register(async (a) => institutionRoutes(a, ctx));
  await app.register(async (a) => mapRoutes(a, ctx));
  await app.register(async (a) => revisionRoutes(a, ctx));
  await app.register(async (a) => pageRoutes(a, ctx));
  await app.register(async (a) => roleRoutes(a, ctx));
  await app.register(async (a) => bannerRoutes(a, ctx));
  await app.register(async (a) => headlineRoutes(a, ctx));
  await app.register(async (a) => signinRoutes(a, ctx));
  await app.register(async (a) => personalRoutes(a, ctx));
  await app.register(async (a) => accountRoutes(a, ctx));
  await app.register(async (a) => userLinkRoutes(a, ctx));
  await app.register(async (a) => exportRoutes(a, ctx));
  await app.register(async (a) => savedSearchRoutes(a, ctx));
  // background tasks: this process works through the queue (server/tasks/runner.ts)
  const tasks = new TaskRunner(ctx.db, ctx.dialect, ctx.file, 1000, () => cache.invalidate(), {
    databaseUrl: ctx.config.databaseUrl,
    // the saved searches' daily look for new results (decision 684): a minute apart is soon enough for a daily alert
    periodic: [{ everyMs: 60_000, look: () => sendDueSearchAlerts(ctx.db, ctx.dialect) }],
    monitors: monitorTasks(
      ctx.db,
      {
        dropRoot: path.join(ctx.config.dataDir, 'monitor-drops'),
        limits: { ...DEFAULT_LIMITS, allowPrivateHosts: ctx.config.monitorPrivateHosts === true },
      },
      // a run in a worker thread with its own connection (decision 717), where the database opens twice
      ctx.dialect === 'postgres' ? ctx.config.databaseUrl : ctx.file && ctx.file !== ':memory:' ? ctx.file : undefined,
    ),
  });
  await tasks.start();
  app.addHook('onClose', async () => {
    await tasks.stop();
  });
  await app.register(async (a) => taskRoutes(a, { ...ctx, tasks }));
  await app.register(async (a) => citationRoutes(a, ctx));
  await app.register(async (a) => auditLogRoutes(a, ctx));
  await app.register(async (a) => moderationRoutes(a, ctx));
  await app.register(async (a) => commentRoutes(a, ctx));
  await app.register(async (a) => submissionRoutes(a, ctx));
  await app.register(async (a) => scholarClaimRoutes(a, ctx));
  await app.register(async (a) => feedbackRoutes(a, ctx));
  await app.register(async (a) => questionRoutes(a, ctx));
  await app.register(async (a) => communityRoutes(a, ctx));
  await app.register(async (a) => notificationRoutes(a, ctx));
  await app.register(async (a) => helixRoutes(a, ctx));
  // the notifications' e-mail, sent after the change committed (server/notifications/mail.ts; decision 581)
  if (ctx.config.mailProvider !== 'off') {
    const mailer = startNotificationMail(ctx.db, mailProviderFrom(ctx.config), app.log);
    app.addHook('onClose', async () => {
      await mailer.stop();
    });
  }
  await app.register(async (a) => ddsRoutes(a, ctx));
  // usage analytics: beacons counted in memory, flushed as daily aggregates, and on close
  const usage = new UsageCollector(ctx.db, ctx.config.secret);
  usage.start();
  app.decorate('usageCollector', usage);
  app.addHook('onClose', async () => {
    await usage.stop().catch((err: unknown) => app.log.error({ err }, '访问统计写入失败'));
  });
  await app.register(async (a) => analyticsRoutes(a, ctx, usage));
  // feeds, sitemaps and robots.txt of each released site (server/feeds)
  await app.register(async (a) => feedRoutes(a, ctx));
  // the OAI-PMH data provider of each released site (server/oai)
  await app.register(async (a) => oaiRoutes(a, { ...ctx, search: reads }));
  // the public read API of each released site and its keys (server/publicApi)
  await app.register(async (a) => apiKeyRoutes(a, ctx));
  await app.register(async (a) => monitorRoutes(a, ctx));
  await app.register(async (a) => publicApiRoutes(a, ctx));

  if (opts.web !== false) {
    await app.register(async (a) => webRoutes(a, ctx));
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: { code: 'not_found', message: MSG.routeNotFound } }));
  }
  return app;
}
