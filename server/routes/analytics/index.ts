/**
 * Usage analytics (issue 13 §1; docs/decisions.md 318-323):
 * - POST /api/v1/analytics/beacon: public; the visitor pages' batched events (app/site/usage.ts) as
 *   sendBeacon sends them (a text/plain or application/json body, at most BEACON_MAX_BYTES and
 *   BEACON_MAX_EVENTS events). The application is the one of the Host, as for the visitor's pages.
 *   A beacon cannot carry headers, so this route alone is exempt from the XSRF echo and the request
 *   signature (route config `beacon`; decision 321); the API's per-address limit applies. Answers 204;
 *   any bad beacon (not JSON, too large, too many events, an unknown kind, a wrong field, an unknown
 *   host) 400 or 404 with a Chinese message, and nothing is counted. A browser that sends `DNT: 1` or
 *   `Sec-GPC: 1` is not counted (the tracker sends nothing then anyway).
 * - GET /api/v1/applications/{id}/analytics?from&to: managers of the application and super managers;
 *   the report of server/routes/analytics/service.ts.
 * Declared contracts (issue 12 §4): the access and the answers are in each route's options; the beacon
 * reads its own body (text/plain or JSON, refused with its own 400s; decision 339).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { XSRF_COOKIE } from '../../http/session.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { applicationByHost, getApplication } from '../../applications/service.js';
import { beaconAnswer, usageReportAnswer } from '../../../common/contracts/analytics.js';
import { MSG } from '../../../common/messages.js';
import { BEACON_MAX_BYTES, BEACON_PATH } from '../../../common/analytics.js';
import { analyticsParams, analyticsQuery, beaconBody } from './schema.js';
import { usageReport } from './service.js';
import type { UsageCollector } from './collector.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the analytics beacon: no XSRF echo and no request signature (sendBeacon sends no headers; decision 321) */
    beacon?: boolean;
  }
  interface FastifyInstance {
    /** the beacon collector (server/app.ts; flushes on close); the benchmark and tests flush it */
    usageCollector: UsageCollector;
  }
}

/** How long a host's application id is remembered, ms (a burst of beacons costs one lookup). */
const HOST_TTL_MS = 10_000;

/** A refusal of the beacon route as its 400 (Fastify's own: body too large, bad JSON, wrong content type). */
function beaconError(err: FastifyError | HttpError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof HttpError) {
    void reply.status(err.status).send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    return;
  }
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) throw err;
  const large = status === 413;
  void reply
    .status(400)
    .send({ error: { code: large ? 'beacon_too_large' : 'bad_beacon', message: large ? MSG.analyticsBeaconTooLarge : MSG.analyticsBeaconInvalid } });
}

/** The beacon's answer: 204 without a body. */
const noContent = (reply: FastifyReply) => reply.status(204).send();

/** Registers the two routes; `collector` counts the beacons (made and closed by server/app.ts). */
export default async function analyticsRoutes(app: FastifyInstance, { db }: AppContext, collector: UsageCollector) {
  const hosts = new Map<string, { id: number | null; at: number }>();
  const applicationOf = async (host: string): Promise<number | null> => {
    const now = Date.now();
    const hit = hosts.get(host);
    if (hit && now - hit.at < HOST_TTL_MS) return hit.id;
    const found = await applicationByHost(db, host);
    if (hosts.size > 1000) hosts.clear();
    hosts.set(host, { id: found?.id ?? null, at: now });
    return found?.id ?? null;
  };

  const r = declared(app);
  const tags = ['使用统计'];

  r.post(
    BEACON_PATH,
    {
      bodyLimit: BEACON_MAX_BYTES,
      // no body schema: sendBeacon may send the JSON as text/plain; the handler parses and checks it
      schema: { summary: '访客页面的使用事件（sendBeacon；无需签名）', tags, response: { 204: beaconAnswer } },
      config: { rows: noRows, beacon: true, access: publicAccess },
      errorHandler: beaconError,
    },
    async (req, reply) => {
      let raw: unknown = req.body;
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw) as unknown;
        } catch {
          throw badRequest(MSG.analyticsBeaconInvalid);
        }
      }
      const body = parse(beaconBody, raw);
      const applicationId = await applicationOf(req.headers.host ?? '');
      if (applicationId === null) throw notFound(MSG.applicationNotFound);
      if (req.headers.dnt === '1' || req.headers['sec-gpc'] === '1') return noContent(reply);
      const visitor = req.user ? `u${req.user.id}` : `x${req.cookies[XSRF_COOKIE] ?? `${req.ip} ${req.headers['user-agent'] ?? ''}`}`;
      collector.add(applicationId, visitor, body.e);
      return noContent(reply);
    },
  );

  r.get(
    '/api/v1/applications/:id/analytics',
    {
      schema: { summary: '应用的使用统计报告', tags, params: analyticsParams, querystring: analyticsQuery, response: { 200: usageReportAnswer } },
      config: { access: managerAccess(applicationInPath) },
    },
    async (req) => usageReport(db, await getApplication(db, req.params.id), req.query),
  );
}
