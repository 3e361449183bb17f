/**
 * The global per-address limit of the API (decision 278), on top of the per-target code
 * limits of server/http/rateLimit.ts: at most `perMinute` requests a minute from one client address
 * (IPv6 by /64) to /api/** and /toolsApi/** and the routes whose config says `rateLimited` (feeds, sitemaps, robots.txt), counted by @fastify/rate-limit in memory or, with REDIS_URL,
 * in Redis shared by every process. Pages, static files, /files/*, /healthz, /readyz, /metrics and the
 * WeChat callback are not limited. A refusal is 429 with `{ error: { code: 'too_many_requests', message } }`
 * (the API's error shape), a Chinese message naming the wait, and Retry-After. When Redis cannot be
 * reached the request is let through (the limit is a guard rail, not a gate). The analytics beacon is
 * limited too, but counted apart from the address's other calls (decision 344).
 */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from './errors.js';
import { MSG, fillMsg } from '../../common/messages.js';

/** The paths the limit applies to: the API of spec 2 §7 (every version), the tools API and the OAI-PMH provider (decision 519). */
export const LIMITED_PATH = /^\/(api|toolsApi|oai)(\/|\?|$)/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a public route outside /api counted in the same per-address limit (the feeds, sitemaps and robots.txt of server/feeds) */
    rateLimited?: boolean;
  }
}

/** Options of {@link registerApiRateLimit}. */
export interface ApiRateLimitOptions {
  /** requests a minute per address; 0 (or less) turns the limit off */
  perMinute: number;
  /** redis:// or rediss:// URL of a Redis shared by the processes; absent: an in-memory count per process */
  redisUrl?: string;
}

/**
 * Adds the limit to `app` as an onRequest hook (register it before hooks that read the database, so a
 * refused request costs nothing). Does nothing when `perMinute` is 0. With `redisUrl`, connects through
 * ioredis (closed with the app). Rejects only when the plugin cannot be registered.
 */
export async function registerApiRateLimit(app: FastifyInstance, opts: ApiRateLimitOptions): Promise<void> {
  if (!(opts.perMinute > 0)) return;
  let redis: import('ioredis').Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    // fail fast: a request never waits long on an unreachable Redis (then it passes, skipOnError)
    redis = new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis（全局限流）连接出错'));
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    max: opts.perMinute,
    timeWindow: 60_000,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'atrium-api-rl-' } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, 'too_many_requests', fillMsg(MSG.apiRateLimited, { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) })),
  });
  const limit = app.rateLimit();
  // the analytics beacon (route config `beacon`) has the same limit in a count of its own (decision 344):
  // a page's beacons never use up its address's calls, nor the calls its beacons (an options object
  // gives the limiter a store of its own: in memory a separate count, in Redis its own key prefix)
  const beaconLimit = app.rateLimit({});
  app.addHook('onRequest', async (req, reply) => {
    if (!LIMITED_PATH.test(req.url) && !req.routeOptions.config.rateLimited) return;
    await (req.routeOptions.config.beacon ? beaconLimit : limit).call(app, req, reply);
  });
}
