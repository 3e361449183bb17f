/**
 * Inputs of the personalisation calls: actions (spec 1 §3 'Users, resource types, actions'),
 * recommendations and journal subscriptions (spec 2 §7 'Content', 'Subscriptions').
 */
import { z } from 'zod';
import { ACTION_TYPES } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';

const id = (msg: string = MSG.badRequest) => z.coerce.number({ error: msg }).int(msg).min(1, msg).max(2_147_483_647, msg);

/** POST /api/v1/actions { resourceId, action } */
export const actionBody = z.object({
  resourceId: id(MSG.resourceNotFound),
  action: z.enum(ACTION_TYPES, { error: MSG.actionInvalid }),
});

/** GET /api/v2/recommendations and /api/v1/top-recommendations: userId, page (from 1), size, type */
export const recommendationQuery = z.object({
  userId: id(MSG.recommendOnlyOwn).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
  type: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,30}$/, MSG.badRequest)
    .optional(),
});

/** POST /api/v1/recommendations/not-interested { resourceId } */
export const notInterestedBody = z.object({ resourceId: id(MSG.resourceNotFound) });

/** POST /api/v1/subscriptions { journal, subscriber }; v3 adds app_id. */
export const subscribeBody = z.object({ journal: id(MSG.resourceNotFound), subscriber: id(MSG.subscribeOnlyOwn), app_id: id().optional() });
export const subscribeV3Body = subscribeBody.extend({ app_id: id() });

/** DELETE /api/v1/subscriptions { subscriber, resource_id }; v3 adds app_id. */
export const unsubscribeBody = z.object({ resource_id: id(MSG.resourceNotFound), subscriber: id(MSG.subscribeOnlyOwn), app_id: id().optional() });
export const unsubscribeV3Body = unsubscribeBody.extend({ app_id: id() });
/** As declared: a DELETE names them in its query or its body (the body wins; checked together with the schemas above). */
export const unsubscribeQuery = unsubscribeV3Body.partial();
export const unsubscribeDeleteBody = unsubscribeV3Body.partial().optional();

/** POST /api/v2/subscriptions { subscriber, resourceType, resources } */
export const subscribeManyBody = z.object({
  subscriber: id(MSG.subscribeOnlyOwn),
  resourceType: z.literal('journal', { error: MSG.subscribeNotJournal }),
  resources: z.array(id(MSG.resourceNotFound)).min(1).max(200),
  appId: id().optional(),
});

/** GET /api/v2/list/subscriptions: subscriber, appId */
export const listSubscriptionsQuery = z.object({ subscriber: id(MSG.subscribeOnlyOwn), appId: id().optional() });
