/**
 * Inputs of the reference-question calls (issue 29 item 4; docs/decisions.md 590-599): a reader's
 * question and supplement, the console list's filters, staff moves, the FAQ's search. Reader texts are
 * plain (no markup is interpreted), trimmed; the staff answer is rich text, sanitised in the service.
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import {
  QUESTION_ATTACHMENTS_MAX,
  QUESTION_DISCIPLINES,
  QUESTION_DUE_DAYS_MAX,
  QUESTION_PAGE_SIZE,
  QUESTION_STATES,
  QUESTION_TEXT_MAX,
  QUESTION_TITLE_MAX,
} from '../../../common/questions.js';
import { applicationRef, recordId } from '../../http/fields.js';

/** A plain text of 1-`max` characters: `required` when empty, `tooLong` past the limit. */
const text = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/v1/questions: the site, title, question, discipline and up to 3 attachments as base64. */
export const askBody = z.object({
  applicationId: applicationRef,
  title: text(QUESTION_TITLE_MAX, MSG.questionTitleRequired, MSG.questionTitleTooLong),
  content: text(QUESTION_TEXT_MAX, MSG.questionContentRequired, MSG.questionContentTooLong),
  discipline: z.enum(QUESTION_DISCIPLINES, { error: MSG.questionDisciplineRequired }),
  attachments: z
    .array(z.object({ name: z.string().max(300), data: z.string().max(7_000_000, MSG.questionAttachmentTooLarge.replace('「{name}」', '')) }))
    .max(QUESTION_ATTACHMENTS_MAX, MSG.questionAttachmentsTooMany)
    .nullish(),
});

/** GET /api/v1/questions/mine: the reader's questions to one site. */
export const mineQuery = z.object({ applicationId: applicationRef });

/** `/api/v1/questions/mine/{id}…` */
export const mineParams = z.object({ id: recordId(MSG.questionNotFound) });
export const mineAttachmentParams = mineParams.extend({ attachmentId: recordId(MSG.questionAttachmentNotFound) });

/** POST /api/v1/questions/mine/{id}/supplement: the reader's answer to an ask-back. */
export const supplementBody = z.object({ text: text(QUESTION_TEXT_MAX, MSG.questionSupplementRequired, MSG.questionContentTooLong) });

/** GET /api/v1/questions/faq: one site's FAQ, searched by a text, 20 a page. */
export const faqQuery = z.object({
  applicationId: applicationRef,
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(QUESTION_PAGE_SIZE),
});

/** `/api/v1/applications/{id}/questions`: the application. */
export const appParams = z.object({ id: recordId(MSG.applicationNotFound) });
/** `/api/v1/applications/{id}/questions/{questionId}…` */
export const questionParams = appParams.extend({ questionId: recordId(MSG.questionNotFound) });
export const questionAttachmentParams = questionParams.extend({ attachmentId: recordId(MSG.questionAttachmentNotFound) });

/** GET /api/v1/applications/{id}/questions: by state, overdue, assigned to me, a text; 20 a page. */
export const listQuery = z.object({
  state: z.enum(QUESTION_STATES, { error: MSG.questionStateInvalid }).optional(),
  overdue: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  mine: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(QUESTION_PAGE_SIZE),
});

export const assignBody = z.object({ assigneeId: z.coerce.number({ error: MSG.questionAssigneeInvalid }).int().min(1, MSG.questionAssigneeInvalid) });
/** The answer's HTML (sanitised in the service; its emptiness is judged after sanitising). */
export const answerBody = z.object({ html: z.string({ error: MSG.questionAnswerRequired }).max(200_000, MSG.questionAnswerTooLong) });
export const askBackBody = z.object({ text: text(QUESTION_TEXT_MAX, MSG.questionAskBackRequired, MSG.questionContentTooLong) });
/** The FAQ wording of the question (plain text; the reader's text when absent). */
export const publishBody = z.object({ question: z.string().trim().max(QUESTION_TEXT_MAX, MSG.questionContentTooLong).nullish() });
export const settingsBody = z.object({
  dueDays: z.coerce
    .number({ error: MSG.questionDueDaysInvalid })
    .int(MSG.questionDueDaysInvalid)
    .min(1, MSG.questionDueDaysInvalid)
    .max(QUESTION_DUE_DAYS_MAX, MSG.questionDueDaysInvalid),
});
