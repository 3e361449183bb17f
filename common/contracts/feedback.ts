/** Answers of the feedback calls (issue 29 item 3; server/routes/feedback; common/feedback.ts). */
import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATES } from '../feedback.js';
import { pageOf, withMessage } from './common.js';

/** One feedback as its reader sees it in 我的反馈 (no staff names). */
export const myFeedbackAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES).describe('类别：correction 内容纠错、suggestion 功能建议、access 访问问题、other 其他'),
  content: z.string().describe('反馈内容（纯文本）'),
  page: z.string().nullable().describe('来源页面（本站路径），没有时为 null'),
  screenshot: z.string().nullable().describe('截图地址（仅本人与处理人员可读），没有时为 null'),
  state: z.enum(FEEDBACK_STATES).describe('状态：pending 待处理、processing 处理中、replied 已回复、closed 已关闭'),
  reply: z.string().nullable().describe('工作人员的回复（纯文本）'),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyFeedback = z.infer<typeof myFeedbackAnswer>;

/** One feedback as staff see it: the reader and who handled it, besides what the reader sees. */
export const feedbackAnswer = myFeedbackAnswer.extend({
  userId: z.number().int(),
  userName: z.string().describe('反馈人'),
  userContact: z.string().nullable().describe('反馈人的手机号或邮箱（部分隐藏）'),
  handlerName: z.string().nullable().describe('最近处理的工作人员'),
  closedAt: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackAnswer>;

export const feedbackPageAnswer = pageOf(feedbackAnswer);
export const myFeedbackListAnswer = z.object({ content: z.array(myFeedbackAnswer) });
export const feedbackSubmittedAnswer = withMessage(myFeedbackAnswer);
export const feedbackSavedAnswer = withMessage(feedbackAnswer);
