/**
 * Personalisation calls (issue 5):
 * - POST /api/v1/actions { resourceId, action } — any signed-in user, anonymous ones included; rate-limited per user.
 * - GET /api/v2/recommendations, GET /api/v1/top-recommendations (userId, page, size, type) — signed-in,
 *   non-anonymous users, their own only (spec 1 §6; spec 2 §7 'Content').
 * - POST /api/v1/recommendations/not-interested { resourceId }.
 * - Journal subscriptions (spec 2 §7 'Subscriptions'): POST /api/v2/subscriptions, POST/DELETE /api/v1
 *   and /api/v3 /subscriptions, GET /api/v2/list/subscriptions. The subscriber must be the caller (403).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { User } from '../../db/schema.js';
import { parse } from '../../http/parse.js';
import { HttpError, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rateLimit.js';
import { requireUser } from '../../http/session.js';
import { ACTIONS_PER_MINUTE } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import {
  actionBody,
  listSubscriptionsQuery,
  notInterestedBody,
  recommendationQuery,
  subscribeBody,
  subscribeManyBody,
  subscribeV3Body,
  unsubscribeBody,
  unsubscribeV3Body,
} from './schema.js';
import { dismiss, listSubscriptions, recommend, recordAction, subscribe, unsubscribe } from './service.js';

/** A signed-in, non-anonymous user for recommendations, or 401 with MSG.recommendNeedsLogin. */
function requireNamedUser(req: FastifyRequest): User {
  if (!req.user || req.user.anonymous) throw new HttpError(401, 'not_signed_in', MSG.recommendNeedsLogin);
  return req.user;
}

/** The caller when `subscriber` is the caller's id, else 403 (MSG.subscribeOnlyOwn). */
function requireSubscriber(req: FastifyRequest, subscriber: number): User {
  const u = requireUser(req);
  if (u.id !== subscriber) throw new HttpError(403, 'forbidden', MSG.subscribeOnlyOwn);
  return u;
}

/** The body of a DELETE, merged over its query (clients send either). */
const deleteInput = (req: FastifyRequest) => ({ ...((req.query as object) ?? {}), ...(req.body && typeof req.body === 'object' ? req.body : {}) });

export default async function personalRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post('/api/v1/actions', async (req, reply) => {
    if (!req.user) throw new HttpError(401, 'not_signed_in', MSG.notSignedIn);
    const body = parse(actionBody, req.body);
    if (!(await hit(db, `actions:${req.user.id}`, ACTIONS_PER_MINUTE, 60_000))) throw tooMany(MSG.actionsTooMany);
    return reply.status(201).send(await recordAction(db, req.user.id, body.resourceId, body.action));
  });

  const recommendations = async (req: FastifyRequest) => {
    const u = requireNamedUser(req);
    const q = parse(recommendationQuery, req.query, 'query');
    if (q.userId != null && q.userId !== u.id) throw new HttpError(403, 'forbidden', MSG.recommendOnlyOwn);
    return recommend(db, u.id, q);
  };
  app.get('/api/v2/recommendations', recommendations);
  app.get('/api/v1/top-recommendations', recommendations);

  app.post('/api/v1/recommendations/not-interested', async (req) => {
    const u = requireNamedUser(req);
    const body = parse(notInterestedBody, req.body);
    await dismiss(db, u.id, body.resourceId);
    return { ok: true, resourceId: body.resourceId, message: MSG.recommendDismissed };
  });

  app.post('/api/v2/subscriptions', async (req) => {
    const body = parse(subscribeManyBody, req.body);
    const u = requireSubscriber(req, body.subscriber);
    return { ...(await subscribe(db, u.id, body.resources, body.appId ?? 0)), message: MSG.subscribed };
  });
  app.post('/api/v1/subscriptions', async (req) => {
    const body = parse(subscribeBody, req.body);
    const u = requireSubscriber(req, body.subscriber);
    return { ...(await subscribe(db, u.id, [body.journal], 0)), message: MSG.subscribed };
  });
  app.post('/api/v3/subscriptions', async (req) => {
    const body = parse(subscribeV3Body, req.body);
    const u = requireSubscriber(req, body.subscriber);
    return { ...(await subscribe(db, u.id, [body.journal], body.app_id)), message: MSG.subscribed };
  });
  app.delete('/api/v1/subscriptions', async (req) => {
    const body = parse(unsubscribeBody, deleteInput(req));
    const u = requireSubscriber(req, body.subscriber);
    await unsubscribe(db, u.id, body.resource_id);
    return { ok: true, resource_id: body.resource_id, message: MSG.unsubscribed };
  });
  app.delete('/api/v3/subscriptions', async (req) => {
    const body = parse(unsubscribeV3Body, deleteInput(req));
    const u = requireSubscriber(req, body.subscriber);
    await unsubscribe(db, u.id, body.resource_id, body.app_id);
    return { ok: true, resource_id: body.resource_id, app_id: body.app_id, message: MSG.unsubscribed };
  });
  app.get('/api/v2/list/subscriptions', async (req) => {
    const q = parse(listSubscriptionsQuery, req.query, 'query');
    const u = requireSubscriber(req, q.subscriber);
    return listSubscriptions(db, u.id, q.appId);
  });
}
