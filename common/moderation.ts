/**
 * The moderation engine's shared words (docs/decisions.md 550-556): the states of a submission, the
 * transitions between them, why a submission waits for a reviewer, the kinds registered so far and the
 * console list's page size. Shared by the server (server/moderation) and the console
 * (app/console/moderation). No React, no Node APIs.
 */

/** The states of a submission: 待审核 → 已通过 / 已驳回; 已撤回 by its author; reopened (待审核) by staff. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

/** What a reviewer does to submissions (the author's 撤回 is not one of them). */
export const REVIEW_ACTIONS = ['approve', 'reject', 'reopen'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_ACTION_LABELS: Record<ReviewAction, string> = { approve: '通过', reject: '驳回', reopen: '重新审核' };

/** Every transition: action → (states it starts from, state it leads to). */
export const TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending', 'approved'], to: 'rejected' },
  reopen: { from: ['approved', 'rejected'], to: 'pending' },
  withdraw: { from: ['pending', 'approved', 'rejected'], to: 'withdrawn' },
} as const satisfies Record<string, { from: readonly SubmissionStatus[]; to: SubmissionStatus }>;
export type TransitionAction = keyof typeof TRANSITIONS;

/** Why a submission waits for a reviewer before it is shown (the queue rules of comments, decision 560). */
export const QUEUE_FLAGS = ['premoderation', 'sensitive', 'firstComment', 'links', 'reported'] as const;
export type QueueFlag = (typeof QUEUE_FLAGS)[number];
export const QUEUE_FLAG_LABELS: Record<QueueFlag, string> = {
  premoderation: '先审后发',
  sensitive: '含敏感词',
  firstComment: '新用户首条评论',
  links: '链接过多',
  reported: '多次被举报',
};

/** The kinds of submission registered so far (server/moderation/kinds.ts), with their console names and paths. */
export const SUBMISSION_KINDS = ['comment', 'resource_verify', 'auditUser', 'user_examine', 'fruit_appeal'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export const SUBMISSION_KIND_LABELS: Record<SubmissionKind, string> = {
  comment: '评论',
  resource_verify: '资源推荐',
  auditUser: '新用户',
  user_examine: '学者认证',
  fruit_appeal: '成果认领',
};
/** The console page of each kind's queue (spec 1 §2). */
export const SUBMISSION_KIND_PATHS: Record<SubmissionKind, string> = {
  comment: '/console/cc/comment',
  resource_verify: '/console/rc/resource_verify',
  auditUser: '/console/uc/auditUser',
  user_examine: '/console/ue/user_examine',
  fruit_appeal: '/console/fa/fruit_appeal',
};
/** The kinds a reader sees in 我的提交 (app/pages/submissions/MySubmissionsSection.tsx; decision 610): the review queues of issue 29 §6. */
export const READER_QUEUE_KINDS = ['resource_verify', 'user_examine', 'fruit_appeal'] as const satisfies readonly SubmissionKind[];
/** The review queues of the console's 栏目内容 menu, each with its pending badge: the readers' kinds and 新用户审核 (decision 662). */
export const CONSOLE_QUEUE_KINDS = [...READER_QUEUE_KINDS, 'auditUser'] as const satisfies readonly SubmissionKind[];

/** Rows per page of the console list (and the most one bulk action takes). */
export const MODERATION_PAGE_SIZE = 20;
/** The longest rejection reason. */
export const REJECT_REASON_MAX = 200;
