/** Answers of the moderation calls (docs/decisions.md 550-556; server/routes/moderation). */
import { z } from 'zod';
import { okAnswer, pageOf } from './common.js';

/** One submission as the console list shows it. */
export const submissionAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  kind: z.string().describe('审核类型，如 comment'),
  refId: z.number().int().describe('被审核的内容的编号（评论编号等）'),
  summary: z.string().describe('内容摘要（纯文本）'),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']).describe('pending 待审核，approved 已通过，rejected 已驳回，withdrawn 已撤回'),
  flags: z.array(z.string()).describe('进入审核队列的原因：premoderation、sensitive、firstComment、links、reported'),
  marks: z.array(z.string()).describe('命中的敏感词，供审核人标出'),
  reason: z.string().nullable().describe('驳回理由（作者可见）'),
  authorId: z.number().int(),
  authorName: z.string(),
  reviewerName: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  fields: z.record(z.string(), z.string()).describe('该类型声明的字段'),
  link: z.string().nullable().describe('访客页面上的位置'),
});
export type Submission = z.infer<typeof submissionAnswer>;

export const submissionPageAnswer = pageOf(submissionAnswer);

/** The pending counts of the applications the caller reviews, for the console's badge. */
export const pendingCountAnswer = z.object({
  total: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
});
export type PendingCount = z.infer<typeof pendingCountAnswer>;

/** The answer of a review action: how many moved. */
export const reviewAnswer = okAnswer.extend({ count: z.number().int() });
