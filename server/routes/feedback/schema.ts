/**
 * Inputs of the feedback calls (issue 29 item 3; docs/decisions.md 570-579): a reader's feedback, the
 * console list's filters, a staff reply. Texts are plain (no markup), trimmed, 1-2,000 characters.
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { FEEDBACK_CATEGORIES, FEEDBACK_PAGE_SIZE, FEEDBACK_STATES, FEEDBACK_TEXT_MAX } from '../../../common/feedback.js';
import { applicationRef, recordId } from '../../http/fields.js';

/** A plain text of 1-`FEEDBACK_TEXT_MAX` characters: `required` when empty, `tooLong` past the limit. */
const text = (required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(FEEDBACK_TEXT_MAX, tooLong);

/**
 * POST /api/v1/feedback: the site (`applicationId`), category, text, the page it came from (kept only
 * when it is a path of this site: the service drops anything else) and an optional screenshot as
 * base64 (a `data:image/…;base64,` prefix allowed; checked by content in the service).
 */
export const submitFeedbackBody = z.object({
  applicationId: applicationRef,
  category: z.enum(FEEDBACK_CATEGORIES, { error: MSG.feedbackCategoryRequired }),
  content: text(MSG.feedbackContentRequired, MSG.feedbackContentTooLong),
  page: z.string().max(2000).nullish(),
  // 2 MB of bytes is at most 2,796,204 base64 characters; a longer text is refused as too large
  screenshot: z.string().max(3_000_000, MSG.feedbackScreenshotTooLarge).nullish(),
});
export type SubmitFeedback = z.infer<typeof submitFeedbackBody>;

/** GET /api/v1/feedback/mine: the reader's feedback to one site. */
export const mineQuery = z.object({ applicationId: applicationRef });

/** GET /api/v1/feedback: one application's feedback, by state and category, 20 a page (newest first). */
export const feedbackListQuery = z.object({
  applicationId: applicationRef,
  state: z.enum(FEEDBACK_STATES, { error: MSG.feedbackStateInvalid }).optional(),
  category: z.enum(FEEDBACK_CATEGORIES, { error: MSG.feedbackCategoryRequired }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(FEEDBACK_PAGE_SIZE),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;

/** `/api/v1/feedback/{id}…`: a feedback id (anything else is 404 反馈不存在). */
export const feedbackParams = z.object({ id: recordId(MSG.feedbackNotFound) });

/** POST /api/v1/feedback/{id}/reply: the reply, plain text. */
export const replyBody = z.object({ reply: text(MSG.feedbackReplyRequired, MSG.feedbackReplyTooLong) });
