/**
 * Communities (社区, issue 29 §5; docs/decisions.md 620-629), shared by the server
 * (server/communities, server/routes/communities) and the pages (app/pages/communities,
 * app/console/communities): join rules, roles, member states, lengths. No React, no Node APIs.
 */

/** 公开加入 (joined at once), 需审核 (a request an owner, moderator or staff approves), 仅邀请 (invited only). */
export const COMMUNITY_JOIN_RULES = ['open', 'approval', 'invitation'] as const;
export type CommunityJoinRule = (typeof COMMUNITY_JOIN_RULES)[number];
export const COMMUNITY_JOIN_RULE_LABELS: Record<CommunityJoinRule, string> = { open: '公开加入', approval: '需审核', invitation: '仅邀请' };

/** 圈主, 管理员, 成员: each role may do what the ones after it may. */
export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const COMMUNITY_ROLE_LABELS: Record<CommunityRole, string> = { owner: '圈主', moderator: '管理员', member: '成员' };

/** Whether `role` holds at least the rights of `needed` (owner ⊇ moderator ⊇ member). */
export function roleAtLeast(role: CommunityRole | null | undefined, needed: CommunityRole): boolean {
  if (!role) return false;
  return COMMUNITY_ROLES.indexOf(role) <= COMMUNITY_ROLES.indexOf(needed);
}

/** A membership row: a member (`active`), a request to join (`requested`), an invitation (`invited`). */
export const COMMUNITY_MEMBER_STATES = ['active', 'requested', 'invited'] as const;
export type CommunityMemberState = (typeof COMMUNITY_MEMBER_STATES)[number];

export const COMMUNITY_NAME_MAX = 50;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const COMMUNITY_POST_TITLE_MAX = 100;
export const COMMUNITY_POST_BODY_MAX = 10_000;
/** Posts per page; members per page. */
export const COMMUNITY_POST_PAGE_SIZE = 20;
export const COMMUNITY_MEMBER_PAGE_SIZE = 50;
/** The largest cover image, bytes (2 MB). */
export const COMMUNITY_COVER_MAX_BYTES = 2 * 1024 * 1024;

/** The visitor page of a community. */
export const communityHref = (id: number | string) => `/microapp/helix/communities/${id}`;
