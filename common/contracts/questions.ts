/** Answers of the reference-question calls (issue 29 item 4; server/routes/questions; common/questions.ts). */
import { z } from 'zod';
import { QUESTION_MESSAGE_KINDS, QUESTION_STATES } from '../questions.js';
import { pageOf, withMessage } from './common.js';

/** One entry of a question's thread. */
export const questionMessageAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_MESSAGE_KINDS).describe('answer 答复（已净化的 HTML）、askback 追问（纯文本）、supplement 读者补充（纯文本）'),
  body: z.string(),
  authorName: z.string().nullable().describe('工作人员的名字；读者的补充为 null'),
  createdAt: z.string(),
});
export type QuestionMessage = z.infer<typeof questionMessageAnswer>;

/** An attachment of a question: its name, type, size and the address to read it (the reader's own or staff's). */
export const questionAttachmentAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('字节'),
  url: z.string(),
});

/** A question as its reader sees it in 我的咨询 (with its thread; no staff-only fields). */
export const myQuestionAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  title: z.string(),
  content: z.string().describe('问题（纯文本）'),
  discipline: z.string(),
  state: z.enum(QUESTION_STATES).describe('unassigned 待分配、processing 处理中、needinfo 待补充、answered 已答复、closed 已关闭'),
  attachments: z.array(questionAttachmentAnswer),
  messages: z.array(questionMessageAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyQuestion = z.infer<typeof myQuestionAnswer>;

/** A question in the console list. */
export const questionRowAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  title: z.string(),
  discipline: z.string(),
  state: z.enum(QUESTION_STATES),
  overdue: z.boolean().describe('已超期：待分配或处理中，且超过本应用设定的答复期限（工作日）'),
  userName: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  faqPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuestionRow = z.infer<typeof questionRowAnswer>;

/** A question as staff see it: the row, the text, thread, attachments and the FAQ wording. */
export const questionAnswer = questionRowAnswer.extend({
  content: z.string(),
  userContact: z.string().nullable(),
  attachments: z.array(questionAttachmentAnswer),
  messages: z.array(questionMessageAnswer),
  faqQuestion: z.string().nullable(),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type Question = z.infer<typeof questionAnswer>;

/** One entry of the public FAQ: the question's wording and the latest answer (sanitised HTML). */
export const faqEntryAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  question: z.string().describe('问题（纯文本）'),
  discipline: z.string(),
  answer: z.string().describe('答复（已净化的 HTML）'),
  publishedAt: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntryAnswer>;

/** A manager the question may be assigned to. */
export const assigneeAnswer = z.object({ id: z.number().int(), name: z.string() });
export type Assignee = z.infer<typeof assigneeAnswer>;

/** The application's question settings. */
export const questionSettingsAnswer = z.object({ dueDays: z.number().int().describe('答复期限（工作日）') });

export const questionPageAnswer = pageOf(questionRowAnswer);
export const faqPageAnswer = pageOf(faqEntryAnswer);
export const myQuestionListAnswer = z.object({ content: z.array(myQuestionAnswer) });
export const myQuestionSavedAnswer = withMessage(myQuestionAnswer);
export const questionSavedAnswer = withMessage(questionAnswer);
export const assigneeListAnswer = z.object({ content: z.array(assigneeAnswer) });
export const questionSettingsSavedAnswer = withMessage(questionSettingsAnswer);
