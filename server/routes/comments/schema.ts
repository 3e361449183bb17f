/** Inputs of the comment calls (docs/decisions.md 557-566): Chinese messages for every refusal. */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { applicationRef, recordId } from '../../http/fields.js';
import { COMMENT_MAX, COMMENT_MODES, COMMENT_PAGE_SIZE, COMMENT_TARGETS, SENSITIVE_WORDS_MAX } from '../../../common/comments.js';

const targetType = z.enum(COMMENT_TARGETS, { error: MSG.commentTargetInvalid });
const targetId = z
  .string({ error: MSG.commentTargetInvalid })
  .trim()
  .regex(/^[1-9]\d{0,9}$/, MSG.commentTargetInvalid);

/** GET /api/v1/comments: one target's comments, newest first. */
export const commentListQuery = z.object({
  applicationId: applicationRef,
  targetType,
  targetId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(COMMENT_PAGE_SIZE).default(COMMENT_PAGE_SIZE),
});

/** The text of a comment: 1-1,000 characters of plain text (markup refused, decision 557). */
export const commentText = z
  .string({ error: MSG.commentRequired })
  .trim()
  .min(1, MSG.commentRequired)
  .max(COMMENT_MAX, MSG.commentTooLong)
  .refine((s) => !/<\s*\/?\s*[a-zA-Z!]/.test(s), { message: MSG.noMarkup });

/** POST /api/v1/comments */
export const createCommentBody = z.object({
  applicationId: applicationRef,
  targetType,
  targetId: z.coerce.string({ error: MSG.commentTargetInvalid }).pipe(targetId),
  parentId: recordId(MSG.commentParentInvalid).nullish(),
  body: commentText,
});

export const commentIdParams = z.object({ id: recordId(MSG.commentNotFound) });

/** POST /api/v1/comments/{id}/report */
export const reportCommentBody = z.object({ reason: z.string().trim().max(200, MSG.commentReportReasonTooLong).default('') }).default({ reason: '' });

/** PUT /api/v1/applications/{id}/comment-settings */
export const commentSettingsBody = z.object({
  mode: z.enum(COMMENT_MODES, { error: MSG.commentModeInvalid }),
  targets: z.array(targetType).max(COMMENT_TARGETS.length),
});

/** PUT /api/v1/applications/{id}/sensitive-words: the list as text, one word a line (typed or imported). */
export const sensitiveWordsBody = z.object({ text: z.string().max(SENSITIVE_WORDS_MAX * 52, MSG.sensitiveWordsTooMany) });
