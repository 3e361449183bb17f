/**
 * Feedback and contact (issue 29 item 3; spec 1 §2 `/temp/contact`, `/console/fb/feedback`;
 * docs/decisions.md 570-579): the categories a reader picks, the states staff move a feedback through
 * and their Chinese labels, the limits of the text and screenshot, shared by the server
 * (server/routes/feedback) and the pages (app/pages/contact, app/console/feedback). No zod, no React.
 */

/** What a feedback is about; the keys are stored in `feedback.category`. */
export const FEEDBACK_CATEGORIES = ['correction', 'suggestion', 'access', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  correction: '内容纠错',
  suggestion: '功能建议',
  access: '访问问题',
  other: '其他',
};

/**
 * The states, in their order: 待处理 → 处理中 → 已回复 → 已关闭 (decision 571). Staff may reply to a
 * pending feedback at once, and close one in any state but closed.
 */
export const FEEDBACK_STATES = ['pending', 'processing', 'replied', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const FEEDBACK_STATE_LABELS: Record<FeedbackState, string> = {
  pending: '待处理',
  processing: '处理中',
  replied: '已回复',
  closed: '已关闭',
};

/** The longest feedback text and staff reply, in characters (after trimming). */
export const FEEDBACK_TEXT_MAX = 2000;
/** The largest screenshot, in bytes (2 MB); PNG, JPEG or WebP by content. */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** How many feedbacks one account may send in an hour (decision 574). */
export const FEEDBACK_PER_HOUR = 10;
/** Feedback items on one page of the console list. */
export const FEEDBACK_PAGE_SIZE = 20;
/** The visitor page of the contact details and the form. */
export const CONTACT_HREF = '/temp/contact';

/** `/temp/contact?from=<path>`: the footer's 意见反馈 link from the page `from` (left out on the contact page itself). */
export function contactHref(from: string): string {
  return from && !from.startsWith(CONTACT_HREF) ? `${CONTACT_HREF}?from=${encodeURIComponent(from)}` : CONTACT_HREF;
}

export const isFeedbackCategory = (v: unknown): v is FeedbackCategory => typeof v === 'string' && (FEEDBACK_CATEGORIES as readonly string[]).includes(v);
export const isFeedbackState = (v: unknown): v is FeedbackState => typeof v === 'string' && (FEEDBACK_STATES as readonly string[]).includes(v);
