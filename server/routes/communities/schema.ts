/** Inputs of the community calls (issue 29 §5; docs/decisions.md 620-629): Chinese messages for every refusal. */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { recordId } from '../../http/fields.js';
import {
  COMMUNITY_COVER_MAX_BYTES,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_JOIN_RULES,
  COMMUNITY_MEMBER_PAGE_SIZE,
  COMMUNITY_NAME_MAX,
  COMMUNITY_POST_BODY_MAX,
  COMMUNITY_POST_PAGE_SIZE,
  COMMUNITY_POST_TITLE_MAX,
} from '../../../common/communities.js';

const noMarkup = (s: string) => !/<\s*\/?\s*[a-zA-Z!]/.test(s);

/** /api/v1/applications/{id}/communities */
export const appParams = z.object({ id: recordId(MSG.applicationNotFound) });
/** …/communities/{communityId} */
export const communityParams = appParams.extend({ communityId: recordId(MSG.communityNotFound) });
/** …/{communityId}/requests/{userId}, …/members/{userId} */
export const memberParams = communityParams.extend({ userId: recordId(MSG.communityMemberNotFound) });
/** …/{communityId}/posts/{postId} */
export const postParams = communityParams.extend({ postId: recordId(MSG.communityPostNotFound) });

const name = z
  .string({ error: MSG.communityNameRequired })
  .trim()
  .min(1, MSG.communityNameRequired)
  .max(COMMUNITY_NAME_MAX, MSG.communityNameTooLong)
  .refine(noMarkup, { message: MSG.noMarkup });
const description = z.string().trim().max(COMMUNITY_DESCRIPTION_MAX, MSG.communityDescriptionTooLong).refine(noMarkup, { message: MSG.noMarkup });
const joinRule = z.enum(COMMUNITY_JOIN_RULES, { error: MSG.communityJoinRuleInvalid });
/** base64 of a PNG, JPEG or WebP image (about 4/3 of the bytes); null clears the cover */
const cover = z
  .string()
  .max(Math.ceil((COMMUNITY_COVER_MAX_BYTES * 4) / 3) + 100, MSG.communityCoverTooLarge)
  .nullish();
const phone = z
  .string({ error: MSG.communityPhoneInvalid })
  .trim()
  .regex(/^1\d{10}$/, MSG.communityPhoneInvalid);

/** POST /api/v1/applications/{id}/communities (staff) */
export const createCommunityBody = z.object({
  name,
  description: description.default(''),
  joinRule,
  cover,
  /** the 圈主's phone (an existing account); empty or absent: no owner yet (decision 623) */
  ownerPhone: z
    .string({ error: MSG.communityPhoneInvalid })
    .trim()
    .refine((s) => s === '' || /^1\d{10}$/.test(s), { message: MSG.communityPhoneInvalid })
    .nullish(),
});

/** PUT …/communities/{communityId} (staff): each field optional */
export const updateCommunityBody = z.object({ name: name.optional(), description: description.optional(), joinRule: joinRule.optional(), cover });

/** POST …/{communityId}/archive */
export const archiveBody = z.object({ archived: z.boolean({ error: MSG.communityArchivedFlag }) });

/** GET …/{communityId}/members, …/requests */
export const membersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(COMMUNITY_MEMBER_PAGE_SIZE).default(COMMUNITY_MEMBER_PAGE_SIZE),
});
export const requestsQuery = membersQuery.extend({ state: z.enum(['requested', 'invited'], { error: MSG.communityStateInvalid }).default('requested') });

/** POST …/{communityId}/invitations */
export const inviteBody = z.object({ phone });

/** PUT …/{communityId}/members/{userId}/role */
export const roleBody = z.object({ role: z.enum(['moderator', 'member'], { error: MSG.communityRoleInvalid }) });

/** GET …/{communityId}/posts */
export const postsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(COMMUNITY_POST_PAGE_SIZE).default(COMMUNITY_POST_PAGE_SIZE),
});

/** POST …/{communityId}/posts: a title and plain text (decision 625: no markup) */
export const createPostBody = z.object({
  title: z
    .string({ error: MSG.communityPostTitleRequired })
    .trim()
    .min(1, MSG.communityPostTitleRequired)
    .max(COMMUNITY_POST_TITLE_MAX, MSG.communityPostTitleTooLong)
    .refine(noMarkup, { message: MSG.noMarkup }),
  body: z
    .string({ error: MSG.communityPostBodyRequired })
    .trim()
    .min(1, MSG.communityPostBodyRequired)
    .max(COMMUNITY_POST_BODY_MAX, MSG.communityPostBodyTooLong)
    .refine(noMarkup, { message: MSG.noMarkup }),
});

/** POST …/posts/{postId}/pin */
export const pinBody = z.object({ pinned: z.boolean({ error: MSG.communityPinnedFlag }) });

/** POST …/posts/{postId}/remove */
export const removeBody = z.object({ reason: z.string().trim().max(200, MSG.communityReasonTooLong).default('') }).default({ reason: '' });
