/**
 * Personalisation calls:
 * - POST /api/v1/actions { resourceId, action } — any signed-in user, anonymous ones included; rate-limited per user.
 * - GET /api/v2/recommendations, GET /api/v1/top-recommendations (userId, page, size, type) — signed-in,
 *   non-anonymous users, their own only (spec 1 §6; spec 2 §7 'Content').
 * - POST /api/v1/recommendations/not-interested { resourceId }.
 * - Journal subscriptions (spec 2 §7 'Subscriptions'): POST /api/v2/subscriptions, POST/DELETE /api/v1
 *   and /api/v3 /subscriptions, GET /api/v2/list/subscriptions. The subscriber must be the caller (403).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownRows, readableResources, resourceRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { HttpError, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rateLimit.js';
import { rawFields, selfAccess, sessionAccess, signedInAccess } from '../../policies/access.js';
import { ACTIONS_PER_MINUTE } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import {
  actionAnswer,
  dismissedAnswer,
  recommendationsAnswer,
  subscribedAnswer,
  subscriptionsAnswer,
  unsubscribedAnswer,
  unsubscribedV3Answer,
} from '../../../common/contracts/personal.js';
import {
  actionBody,
  listSubscriptionsQuery,
  notInterestedBody,
  recommendationQuery,
  subscribeBody,
  subscribeManyBody,
  subscribeV3Body,
  unsubscribeBody,
  unsubscribeDeleteBody,
  unsubscribeQuery,
  unsubscribeV3Body,
} from './schema.js';
import { dismiss, listSubscriptions, recommend, recordAction, subscribe, unsubscribe } from './service.js';

/**
 * The caller's own subscriptions: `subscriber` (in the body, else the query: a DELETE names it in
 * either) must be the signed-in caller (403 MSG.subscribeOnlyOwn otherwise).
 */
const ownSubscriptions = { access: selfAccess((req) => rawFields(req.body).subscriber ?? rawFields(req.query).subscriber, 'subscriber', MSG.subscribeOnlyOwn) };

/** The caller's own recommendations, of the records they may read: `userId` of the query must be the signed-in caller (403 MSG.recommendOnlyOwn). */
const ownRecommendations = { access: selfAccess((req) => rawFields(req.query).userId, 'userId', MSG.recommendOnlyOwn), rows: resourceRows };

/**
 * The recommendation calls keep their own 401 for a visitor or an anonymous user, 请先登录（匿名用户不能获取推荐）:
 * a route hook that runs before the declared access (signedIn, which would refuse the same callers with 请先登录).
 */
async function namedUserFirst(req: FastifyRequest): Promise<void> {
  if (!req.user || req.user.anonymous) throw new HttpError(401, 'not_signed_in', MSG.recommendNeedsLogin);
}

const tags = ['个性化'];
const signedIn = { access: signedInAccess, rows: ownRows };

export default async function personalRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.post(
    '/api/v1/actions',
    {
      schema: { summary: '记录用户对资源的一次行为（浏览、收藏等）', tags, body: actionBody, response: { 201: actionAnswer } },
      config: { rows: ownRows, access: sessionAccess },
    },
    async (req, reply) => {
      const user = currentUser(req);
      if (!(await hit(db, `actions:${user.id}`, ACTIONS_PER_MINUTE, 60_000))) throw tooMany(MSG.actionsTooMany);
      return reply.status(201).send(await recordAction(db, user.id, req.body.resourceId, req.body.action));
    },
  );

  for (const url of ['/api/v2/recommendations', '/api/v1/top-recommendations']) {
    r.get(
      url,
      {
        schema: { summary: '本人的推荐', tags, querystring: recommendationQuery, response: { 200: recommendationsAnswer } },
        config: ownRecommendations,
        onRequest: namedUserFirst,
      },
      async (req) => {
        return recommend(db, currentUser(req).id, req.query, readableResources(req));
      },
    );
  }

  r.post(
    '/api/v1/recommendations/not-interested',
    {
      schema: { summary: '标记推荐为不感兴趣', tags, body: notInterestedBody, response: { 200: dismissedAnswer } },
      config: signedIn,
      onRequest: namedUserFirst,
    },
    async (req) => {
      await dismiss(db, currentUser(req).id, req.body.resourceId);
      return { ok: true as const, resourceId: req.body.resourceId, message: MSG.recommendDismissed };
    },
  );

  r.post(
    '/api/v2/subscriptions',
    { schema: { summary: '订阅多种期刊', tags, body: subscribeManyBody, response: { 200: subscribedAnswer } }, config: ownSubscriptions },
    async (req) => {
      const u = currentUser(req);
      return { ...(await subscribe(db, u.id, req.body.resources, req.body.appId ?? 0)), message: MSG.subscribed };
    },
  );
  r.post(
    '/api/v1/subscriptions',
    { schema: { summary: '订阅期刊', tags, body: subscribeBody, response: { 200: subscribedAnswer } }, config: ownSubscriptions },
    async (req) => {
      const u = currentUser(req);
      return { ...(await subscribe(db, u.id, [req.body.journal], 0)), message: MSG.subscribed };
    },
  );
  r.post(
    '/api/v3/subscriptions',
    { schema: { summary: '在应用中订阅期刊', tags, body: subscribeV3Body, response: { 200: subscribedAnswer } }, config: ownSubscriptions },
    async (req) => {
      const u = currentUser(req);
      return { ...(await subscribe(db, u.id, [req.body.journal], req.body.app_id)), message: MSG.subscribed };
    },
  );
  // a DELETE names its subscription in the query or the body (clients send either; the body wins)
  r.delete(
    '/api/v1/subscriptions',
    {
      schema: {
        summary: '取消订阅期刊（各应用的订阅）',
        tags,
        querystring: unsubscribeQuery,
        body: unsubscribeDeleteBody,
        response: { 200: unsubscribedAnswer },
      },
      config: ownSubscriptions,
    },
    async (req) => {
      const body = parse(unsubscribeBody, { ...req.query, ...req.body });
      const u = currentUser(req);
      await unsubscribe(db, u.id, body.resource_id);
      return { ok: true as const, resource_id: body.resource_id, message: MSG.unsubscribed };
    },
  );
  r.delete(
    '/api/v3/subscriptions',
    {
      schema: { summary: '取消在应用中的期刊订阅', tags, querystring: unsubscribeQuery, body: unsubscribeDeleteBody, response: { 200: unsubscribedV3Answer } },
      config: ownSubscriptions,
    },
    async (req) => {
      const body = parse(unsubscribeV3Body, { ...req.query, ...req.body });
      const u = currentUser(req);
      await unsubscribe(db, u.id, body.resource_id, body.app_id);
      return { ok: true as const, resource_id: body.resource_id, app_id: body.app_id, message: MSG.unsubscribed };
    },
  );
  r.get(
    '/api/v2/list/subscriptions',
    { schema: { summary: '本人订阅的期刊', tags, querystring: listSubscriptionsQuery, response: { 200: subscriptionsAnswer } }, config: ownSubscriptions },
    async (req) => listSubscriptions(db, currentUser(req).id, req.query.appId),
  );
}
