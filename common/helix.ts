/**
 * The personal centre and the notifications (issue 29 §8-§9; docs/decisions.md 580-589), shared by the
 * server (server/notifications, server/routes/notifications, server/routes/helix) and the pages
 * (app/pages/helix, app/console/helix): the sections, the notification groups a reader turns e-mail on
 * or off for, the kinds of item a reader keeps, the limits. No zod, no React.
 */
import { COMMENT_TARGETS, COMMENT_TARGET_LABELS, type CommentTarget } from './comments.js';

/**
 * The personal centre's sections, in the menu's order (decision 584). `questions`, `submissions`,
 * `claims` (scholar verification and output claims, decisions 650-656), `communities` and `dds` are
 * their areas' components, registered in app/pages/helix/sections.ts.
 */
export const HELIX_SECTIONS = [
  'messages',
  'favorites',
  'history',
  'comments',
  'feedback',
  'subscriptions',
  'questions',
  'submissions',
  'claims',
  'communities',
  'dds',
  'settings',
] as const;
export type HelixSection = (typeof HELIX_SECTIONS)[number];
/** The sections with no component yet (hidden from readers; the console marks them 尚未上线). */
export const HELIX_SECTIONS_NOT_BUILT: readonly HelixSection[] = [];
export const HELIX_SECTION_LABELS: Record<HelixSection, string> = {
  messages: '消息',
  favorites: '我的收藏',
  history: '浏览历史',
  comments: '我的评论',
  feedback: '我的反馈',
  subscriptions: '订阅',
  questions: '我的咨询',
  submissions: '我的提交',
  claims: '学者认证与成果认领',
  communities: '我的社区',
  dds: '文献传递',
  settings: '设置',
};
/** Sections a site cannot turn off: the reader's messages and settings (decision 585). */
export const HELIX_FIXED_SECTIONS: readonly HelixSection[] = ['messages', 'settings'];

/**
 * The groups of notifications a reader turns e-mail on or off for (decision 582), by the part of the
 * notification's kind before the dot (`feedback.reply` → `feedback`); a kind of no listed group is `other`.
 */
export const NOTIFY_GROUPS = ['submission', 'feedback', 'question', 'delivery', 'community', 'other'] as const;
export type NotifyGroup = (typeof NOTIFY_GROUPS)[number];
export const NOTIFY_GROUP_LABELS: Record<NotifyGroup, string> = {
  submission: '审核结果（评论、推荐、认证等）',
  feedback: '意见反馈的回复',
  question: '参考咨询的回答',
  delivery: '文献传递',
  community: '社区',
  other: '其他通知',
};

/** The group of a notification kind. */
export function notifyGroupOf(kind: string): NotifyGroup {
  const head = kind.split('.')[0] ?? '';
  return (NOTIFY_GROUPS as readonly string[]).includes(head) ? (head as NotifyGroup) : 'other';
}

/** What a reader keeps in 我的收藏 and 浏览历史: the detail pages that carry the 收藏 button (the pages open to comments). */
export const READER_ITEM_TYPES = COMMENT_TARGETS;
export type ReaderItemType = CommentTarget;
export const READER_ITEM_TYPE_LABELS: Record<ReaderItemType, string> = COMMENT_TARGET_LABELS;

/** Items a page of 消息, 我的收藏, 浏览历史 and 我的评论 shows. */
export const HELIX_PAGE_SIZE = 20;
/** The most favourites a reader keeps per site (decision 583). */
export const FAVORITES_MAX = 1000;
/** Browsing history older than this many days is removed by the purge (decision 586). */
export const HISTORY_KEEP_DAYS = 180;
/** Attempts at sending one notification e-mail before it is marked failed (decision 581). */
export const MAIL_ATTEMPTS = 3;

/** The states of a notification's e-mail as the reader sees them. */
export const MAIL_STATE_LABELS: Record<string, string> = { pending: '邮件待发送', sent: '邮件已发送', failed: '邮件发送失败' };
