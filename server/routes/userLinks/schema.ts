/** Queries and bodies of the personal topic link calls (spec 1 §1, spec 2 §7 'Application and account'). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { isSiteLink } from '../../../common/safePath.js';

/** An optional `userId` that, when given, must be a positive integer (the route checks it is the caller). */
export const userIdQuery = z.object({
  userId: z.coerce.number({ error: MSG.userIdRequired }).int(MSG.userIdRequired).positive(MSG.userIdRequired).optional(),
});

/** The object a topic link keeps: `{ id, title, url, cover }` (spec 2 §7 'Saving user links'). */
export const resourceObjectSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1).max(100),
  // http(s) or a path on this site (common/safePath.ts; never '//host' or '/\\host')
  url: z.string().trim().max(500).refine(isSiteLink),
  cover: z.string().trim().max(500).refine(isSiteLink).nullable().optional(),
});

/** POST /api/v1/users/links: up to 50 links, each `{ resourceId, resourceObject }` with the object serialised. */
export const saveLinksBody = z.object({
  userId: z.number({ error: MSG.userIdRequired }).int(MSG.userIdRequired).positive(MSG.userIdRequired),
  kind: z.literal('link', { error: MSG.topicLinkKindInvalid }),
  links: z
    .array(
      z.object({
        resourceId: z.number({ error: MSG.topicLinkObjectInvalid }).int(MSG.topicLinkObjectInvalid).positive(MSG.topicLinkObjectInvalid),
        resourceObject: z.string({ error: MSG.topicLinkObjectInvalid }).max(2000, MSG.topicLinkObjectInvalid),
      }),
      { error: MSG.topicLinkObjectInvalid },
    )
    .max(50, MSG.topicLinksTooMany),
});
