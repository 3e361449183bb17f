/** Inputs of the submission calls of the review queues (issue 29 §6; docs/decisions.md 610-619). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { applicationRef, recordId } from '../../http/fields.js';
import { CATEGORY_NAME_MAX, CITATION_FORMATS, CITATION_TEXT_MAX, RECOMMEND_RECORD_TYPES } from '../../../common/submissions.js';

const category = z.string().trim().max(CATEGORY_NAME_MAX, MSG.recommendCategoryTooLong).nullish();
const placement = { category, subcategory: category };

/**
 * POST /api/v1/submissions/recommendations: a link, a record of a catalogue type (its fields checked by
 * the type's schema in the service), or one BibTeX / RIS entry; with the suggested category.
 */
export const recommendBody = z.discriminatedUnion(
  'mode',
  [
    z.object({
      applicationId: applicationRef,
      mode: z.literal('url'),
      title: z.string().trim().min(1, MSG.recommendTitleRequired).max(500, MSG.recommendTitleTooLong),
      url: z.string().trim().min(1, MSG.recommendUrlInvalid),
      summary: z.string().trim().max(1000, MSG.recommendSummaryTooLong).optional(),
      ...placement,
    }),
    z.object({
      applicationId: applicationRef,
      mode: z.literal('record'),
      type: z.enum(RECOMMEND_RECORD_TYPES, { error: MSG.recommendTypeInvalid }),
      title: z.string(),
      date: z.string().nullish(),
      fields: z.record(z.string(), z.unknown()).optional(),
      ...placement,
    }),
    z.object({
      applicationId: applicationRef,
      mode: z.literal('citation'),
      format: z.enum(CITATION_FORMATS, { error: MSG.recommendFormatInvalid }),
      text: z.string().trim().min(1, MSG.recommendCitationUnreadable).max(CITATION_TEXT_MAX, MSG.recommendCitationTooLong),
      ...placement,
    }),
  ],
  { error: MSG.recommendModeInvalid },
);

/** PUT /api/v1/submissions/recommendations/{id}/placement: the category the reviewer picks. */
export const placementBody = z.object(placement);

/** A recommendation's or a submission's id in the path. */
export const recommendationParams = z.object({ id: recordId(MSG.recommendNotFound) });
export const submissionParams = z.object({ id: recordId(MSG.submissionNotFound) });

/** GET /api/v1/submissions/mine: the reader's own submissions, 20 a page. */
export const mineQuery = z.object({
  applicationId: applicationRef.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
