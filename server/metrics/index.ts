/**
 * Prometheus metrics (decision 279), with prom-client on a registry of our own:
 * - `http_request_duration_seconds{method,route,status_code}`: every answer, by route pattern
 *   (`/api/v1/notices/:id`, never the raw URL); static files count as `(static)`, unknown paths as
 *   `(unmatched)`;
 * - `atrium_search_duration_seconds{outcome}`: searches as the API waits for them (worker queue included);
 * - `atrium_panel_read_duration_seconds{source,outcome}`: panel reads of server/reads/;
 * - `atrium_pool_size{pool,state}`: connection and thread pools registered with {@link watchPool}
 *   (PostgreSQL's total/idle/waiting clients, the SQLite search workers);
 * - Node's process metrics (CPU, memory, event-loop delay, GC) once /metrics is enabled.
 * Observing is cheap and always on; `GET /metrics` exists only with ATRIUM_METRICS=1 (see
 * {@link registerMetrics} for who may read it).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError, notFound } from '../http/errors.js';
import type { SearchRunner } from '../search/readPool.js';
import { MSG } from '../../common/messages.js';

/** The registry /metrics serves. */
export const metricsRegistry = new Registry();

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Answer times of the HTTP server, seconds, by method, route pattern and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP answer time in seconds, by route pattern',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: BUCKETS,
  registers: [metricsRegistry],
});

/** Search times (server/search), seconds, as the route waits for them. */
export const searchDuration = new Histogram({
  name: 'atrium_search_duration_seconds',
  help: 'Search time in seconds (worker queue included)',
  labelNames: ['outcome'] as const,
  buckets: BUCKETS,
  registers: [metricsRegistry],
});

/** Panel read times (server/reads), seconds, by read source. */
export const panelReadDuration = new Histogram({
  name: 'atrium_panel_read_duration_seconds',
  help: 'Panel read time in seconds, by read source',
  labelNames: ['source', 'outcome'] as const,
  buckets: BUCKETS,
  registers: [metricsRegistry],
});

/** What a watched pool reports: its members by state (e.g. total, idle, waiting). */
export type PoolReading = Record<string, number>;
const pools = new Map<string, () => PoolReading>();

new Gauge({
  name: 'atrium_pool_size',
  help: 'Members of a connection or thread pool, by state',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [pool, read] of pools) for (const [state, n] of Object.entries(read())) this.set({ pool, state }, n);
  },
});

/**
 * Reports a pool's sizes on /metrics under `atrium_pool_size{pool=name,state}`; `read` is called at each
 * scrape. Returns a function that stops reporting it. A second pool of the same name replaces the first.
 */
export function watchPool(name: string, read: () => PoolReading): () => void {
  pools.set(name, read);
  return () => {
    if (pools.get(name) === read) pools.delete(name);
  };
}

/**
 * Runs `fn` and observes its duration in seconds on `histogram` with `labels` plus `outcome` ('ok' or
 * 'error'). Returns or rejects exactly as `fn` does.
 */
export async function timed<T, L extends string>(histogram: Histogram<L | 'outcome'>, labels: Partial<Record<L, string>>, fn: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer(labels as Partial<Record<L | 'outcome', string>>);
  try {
    const result = await fn();
    end({ outcome: 'ok' } as Partial<Record<L | 'outcome', string>>);
    return result;
  } catch (err) {
    end({ outcome: 'error' } as Partial<Record<L | 'outcome', string>>);
    throw err;
  }
}

/**
 * The same runner with each search timed on {@link searchDuration} (server/app.ts wraps the runner the
 * search routes use). Searches answer and fail exactly as the runner's do.
 */
export function timedSearch(runner: SearchRunner): SearchRunner {
  return {
    search: (query) => timed(searchDuration, {}, () => runner.search(query)),
    read: (name, arg) => runner.read(name, arg),
    close: () => runner.close(),
    get workers() {
      return runner.workers;
    },
  };
}

/** The route label of a request: its pattern, `(static)` for a file route, `(unmatched)` without a route. */
export function routeLabel(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (!url) return '(unmatched)';
  // @fastify/static registers one route per built file (wildcard: false): one label for them all
  if (!url.includes(':') && !url.includes('*') && /\.[a-z0-9]+$/i.test(url)) return '(static)';
  return url;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: a request that comes straight from this machine (its socket's address is
 * loopback and it carries no X-Forwarded-For, Forwarded or X-Real-IP, so nginx on the same host does not
 * open it to the world), or any request with `Authorization: Bearer <token>` when a token is set.
 */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = crypto.createHash('sha256').update(auth.slice(7).trim()).digest();
    const wanted = crypto.createHash('sha256').update(token).digest();
    if (crypto.timingSafeEqual(given, wanted)) return true;
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  return !proxied && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

let processMetrics = false;

/**
 * Turns the metrics on for `app` (ATRIUM_METRICS=1): times every answer by route, starts Node's process
 * metrics (once per process), and serves `GET /metrics` in Prometheus' text format to the callers of
 * {@link metricsAllowed}; anyone else gets 403 with a Chinese message. Off, see {@link registerMetricsOff}.
 */
export function registerMetrics(app: FastifyInstance, opts: { token?: string }): void {
  if (!processMetrics) {
    processMetrics = true;
    collectDefaultMetrics({ register: metricsRegistry });
  }
  app.addHook('onResponse', async (req, reply) => {
    httpRequestDuration.observe({ method: req.method, route: routeLabel(req), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(req, opts.token)) throw new HttpError(403, 'forbidden', MSG.metricsForbidden);
    const text = await metricsRegistry.metrics();
    return reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store').send(text);
  });
}

/**
 * ATRIUM_METRICS off: `GET /metrics` answers 404 like an unknown API path, not the visitor site's
 * not-found page (a 302 to /block/404), so that a scraper sees at once that nothing is there.
 */
export function registerMetricsOff(app: FastifyInstance): void {
  app.get('/metrics', async () => {
    throw notFound();
  });
}
