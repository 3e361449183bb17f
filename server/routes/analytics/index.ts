/**
 * Usage analytics (docs/decisions.md 318-323, 405-407):
 * - POST /api/v1/analytics/beacon: public; the visitor pages' batched events (app/site/usage.ts) as
 *   sendBeacon sends them (a text/plain or application/json body, at most BEACON_MAX_BYTES and
 *   BEACON_MAX_EVENTS events). The application is the released one of the Host, as for the visitor's
 *   pages. A beacon cannot carry headers, so this route alone is exempt from the XSRF echo and the
 *   request signature (route config `beacon`; decision 321); the API's per-address limit applies.
 *   Answers 204; any bad beacon (not JSON, too large, too many events, an unknown kind, a wrong field)
 *   400 with a Chinese message, and nothing is counted. A beacon to a draft's host or to a host of no
 *   application is answered exactly as one to a released site, 204, and counts nowhere (decision 407).
 *   A browser that sends `DNT: 1` or `Sec-GPC: 1` is not counted (the tracker sends nothing then
 *   anyway). The visitor is the signed-in user or the server-issued visitor id (./visitors.ts,
 *   decision 406); what a site gains a day is bounded (./collector.ts, decision 405).
 * - GET /api/v1/applications/{id}/analytics?from&to: managers of the application and super managers;
 *   the report of server/routes/analytics/service.ts, its reads in the read pool (decision 408).
 * Declared contracts: the access and the answers are in each route's options; the beacon
 * reads its own body (text/plain or JSON, refused with its own 400s; decision 339).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { HttpError, badRequest } from '../../http/errors.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { applicationByHost, getApplication } from '../../applications/service.js';
import { beaconAnswer, usageReportAnswer } from '../../../common/contracts/analytics.js';
import { MSG } from '../../../common/messages.js';
import { BEACON_MAX_BYTES, BEACON_PATH } from '../../../common/analytics.js';
import { analyticsParams, analyticsQuery, beaconBody } from './schema.js';
import { usageReport } from './service.js';
import type { UsageCollector } from './collector.js';
import { VisitorIds } from './visitors.js';

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

/** How long a host's released application id is remembered, ms (a burst of beacons costs one lookup). */
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
export default async function analyticsRoutes(app: FastifyInstance, { db, config, search }: AppContext, collector: UsageCollector) {
  const visitors = new VisitorIds(config.secret, config.secureCookies);
  const hosts = new Map<string, { id: number | null; at: number }>();
  /** The released application of the host, else null: a draft's host is no site to count (decision 407). */
  const applicationOf = async (host: string): Promise<number | null> => {
    const now = Date.now();
    const hit = hosts.get(host);
    if (hit && now - hit.at < HOST_TTL_MS) return hit.id;
    const found = await applicationByHost(db, host);
    const id = found?.status === 'released' ? found.id : null;
    if (hosts.size > 1000) hosts.clear();
    hosts.set(host, { id, at: now });
    return id;
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
      if (req.headers.dnt === '1' || req.headers['sec-gpc'] === '1') return noContent(reply);
      // the visitor (and its cookie) before the host: a draft's or an unknown host's answer is the same (decision 407)
      const visitor = visitors.visitorOf(req, reply);
      const applicationId = await applicationOf(req.headers.host ?? '');
      if (applicationId !== null) collector.add(applicationId, visitor, body.e);
      return noContent(reply);
    },
  );

  r.get(
    '/api/v1/applications/:id/analytics',
    {
      schema: { summary: '应用的使用统计报告', tags, params: analyticsParams, querystring: analyticsQuery, response: { 200: usageReportAnswer } },
      config: { access: managerAccess(applicationInPath) },
    },
    // the report's reads in the read pool when there is one (a worker thread on a SQLite file; decision 408)
    async (req) => usageReport(db, await getApplication(db, req.params.id), req.query, search ? (arg) => search.read('usageReadings', arg) : undefined),
  );
}
