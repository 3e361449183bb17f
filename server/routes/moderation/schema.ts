/** Inputs of the moderation calls (docs/decisions.md 550-556). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { applicationRef } from '../../http/fields.js';
import { MODERATION_PAGE_SIZE, REJECT_REASON_MAX, REVIEW_ACTIONS, SUBMISSION_KINDS, SUBMISSION_STATUSES } from '../../../common/moderation.js';

const kind = z.enum(SUBMISSION_KINDS, { error: MSG.moderationKindInvalid });
/** An optional query field where an empty value (`?status=`) means absent. */
const emptyAsAbsent = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

/** GET /api/v1/moderation/submissions: one application's queue of a kind, 20 a page. */
export const queueQuery = z.object({
  applicationId: applicationRef,
  kind: kind.default('comment'),
  status: emptyAsAbsent(z.enum(SUBMISSION_STATUSES, { error: MSG.moderationStatusInvalid })),
  q: emptyAsAbsent(z.string().trim().max(100)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MODERATION_PAGE_SIZE).default(MODERATION_PAGE_SIZE),
});

/** POST /api/v1/moderation/review: approve, reject (one reason for all) or reopen up to 20 submissions. */
export const reviewBody = z
  .object({
    applicationId: applicationRef,
    ids: z
      .array(
        z.coerce
          .number()
          .int()
          .min(1)
          .max(2 ** 31 - 1),
        { error: MSG.moderationIdsRequired },
      )
      .min(1, MSG.moderationIdsRequired)
      .max(MODERATION_PAGE_SIZE, MSG.moderationTooMany),
    action: z.enum(REVIEW_ACTIONS, { error: MSG.moderationActionInvalid }),
    reason: z.string().trim().max(REJECT_REASON_MAX, MSG.moderationReasonTooLong).optional(),
  })
  .refine((b) => b.action !== 'reject' || !!b.reason, { message: MSG.moderationReasonRequired, path: ['reason'] });
