/** Answers of the submission calls of the review queues (issue 29 §6; docs/decisions.md 610-619; server/routes/submissions). */
import { z } from 'zod';
import { pageOf } from './common.js';

/** One of the reader's own submissions (我的提交). */
export const mySubmissionAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  kind: z.string().describe('审核类型：resource_verify 等'),
  kindLabel: z.string().describe('审核类型的中文名'),
  summary: z.string().describe('内容摘要（纯文本）'),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']).describe('pending 待审核，approved 已通过，rejected 已驳回，withdrawn 已撤回'),
  reason: z.string().nullable().describe('驳回理由'),
  link: z.string().nullable().describe('通过后可查看的页面'),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type MySubmission = z.infer<typeof mySubmissionAnswer>;
export const mySubmissionPageAnswer = pageOf(mySubmissionAnswer);

/** A recommendation sent. */
export const recommendedAnswer = z.object({
  ok: z.literal(true),
  id: z.number().int().describe('推荐编号'),
  submissionId: z.number().int().describe('审核项编号'),
  message: z.string(),
});
