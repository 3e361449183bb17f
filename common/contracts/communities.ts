/** Answers of the community calls (issue 29 §5; server/routes/communities; common/communities.ts). */
import { z } from 'zod';
import { COMMUNITY_JOIN_RULES, COMMUNITY_MEMBER_STATES, COMMUNITY_ROLES } from '../communities.js';
import { pageOf, withMessage } from './common.js';

const role = z.enum(COMMUNITY_ROLES).describe('角色：owner 圈主、moderator 管理员、member 成员');

/** The caller's place in a community: none, asked, invited, or a member with a role. */
export const communityMembershipAnswer = z
  .object({
    state: z.enum(COMMUNITY_MEMBER_STATES).nullable().describe('active 已加入、requested 待审核、invited 已受邀；null 未加入'),
    role: role.nullable(),
  })
  .describe('当前用户与社区的关系');

/** A community as a list and its page show it. */
export const communityAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  name: z.string(),
  description: z.string().describe('简介（纯文本）'),
  cover: z.string().nullable().describe('封面图地址，没有时为 null'),
  joinRule: z.enum(COMMUNITY_JOIN_RULES).describe('加入方式：open 公开加入、approval 需审核、invitation 仅邀请'),
  archived: z.boolean().describe('已归档：可读，不能发帖、不能加入'),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  me: communityMembershipAnswer,
  /** what the caller may do here (owner / moderator rights, or staff) */
  canModerate: z.boolean().describe('可审批加入、邀请、置顶、删除帖子'),
  canSetModerators: z.boolean().describe('可设置管理员（圈主或工作人员）'),
  createdAt: z.string(),
});
export type Community = z.infer<typeof communityAnswer>;
export const communityListAnswer = z.object({ content: z.array(communityAnswer) });
export const communitySavedAnswer = withMessage(communityAnswer);

/** A member, a request to join or an invitation. */
export const communityMemberAnswer = z.object({
  userId: z.number().int(),
  name: z.string(),
  role,
  state: z.enum(COMMUNITY_MEMBER_STATES),
  since: z.string(),
});
export type CommunityMember = z.infer<typeof communityMemberAnswer>;
export const communityMemberPageAnswer = pageOf(communityMemberAnswer);

/** A post (title and plain text). */
export const communityPostAnswer = z.object({
  id: z.number().int(),
  communityId: z.number().int(),
  title: z.string(),
  body: z.string().describe('正文（纯文本）'),
  authorName: z.string(),
  mine: z.boolean(),
  pinned: z.boolean(),
  createdAt: z.string(),
});
export type CommunityPost = z.infer<typeof communityPostAnswer>;
export const communityPostPageAnswer = pageOf(communityPostAnswer);
export const communityPostSavedAnswer = withMessage(communityPostAnswer);

/** One of the reader's communities (我的社区). */
export const myCommunityAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  state: z.enum(COMMUNITY_MEMBER_STATES),
  archived: z.boolean(),
});
export type MyCommunity = z.infer<typeof myCommunityAnswer>;
export const myCommunityListAnswer = z.object({ content: z.array(myCommunityAnswer) });
