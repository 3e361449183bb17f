/**
 * Answers of the personalisation calls (server/routes/personal): actions, recommendations and
 * journal subscriptions (spec 1 §3 'Users, resource types, actions'; spec 2 §7 'Content', 'Subscriptions').
 */
import { z } from 'zod';
import { ACTION_TYPES } from '../constants.js';
import { pageOf, resourceItemAnswer } from './common.js';

/** POST /api/v1/actions: the recorded action. */
export const actionAnswer = z.object({
  userId: z.number().int(),
  resourceId: z.number().int(),
  type: z.string().describe('资源类型'),
  action: z.enum(ACTION_TYPES),
  createdAt: z.string(),
});

/** A recommended resource: the list item with the reason shown to the user. */
export const recommendedItemAnswer = resourceItemAnswer.extend({
  reason: z.string().describe('推荐理由（中文）'),
  score: z.number().describe('推荐分值，越大越靠前'),
});

export type Recommended = z.infer<typeof recommendedItemAnswer>;

/** A page of recommendations. */
export const recommendationsAnswer = pageOf(recommendedItemAnswer);

/** POST /api/v1/recommendations/not-interested. */
export const dismissedAnswer = z.object({ ok: z.literal(true), resourceId: z.number().int(), message: z.string() });

/** The subscribe calls: the journals now subscribed to. */
export const subscribedAnswer = z.object({
  subscriber: z.number().int(),
  resources: z.array(z.number().int()).describe('订阅的期刊（去重）'),
  appId: z.number().int().describe('订阅所属的应用；0 为不限应用'),
  message: z.string(),
});

/** DELETE /api/v1/subscriptions. */
export const unsubscribedAnswer = z.object({ ok: z.literal(true), resource_id: z.number().int(), message: z.string() });

/** DELETE /api/v3/subscriptions. */
export const unsubscribedV3Answer = unsubscribedAnswer.extend({ app_id: z.number().int() });

/** GET /api/v2/list/subscriptions: the subscribed journals, each marked is_subscribed. */
export const subscriptionsAnswer = pageOf(resourceItemAnswer);
