/**
 * Inputs of the resource-link calls (spec 2 §7 'Content'; fields of spec 1 §3 'Link'; rules of spec 1 §5:
 * title and url required, pin order at least 1, a cover image).
 */
import { z } from 'zod';
import { plainText } from '../../../common/homeConfigSchema.js';
import { MSG } from '../../../common/messages.js';
import { contentCreateFields, contentListQuery, contentUpdateFields, publishTime } from '../../http/fields.js';

/** A link address: http(s) only (no javascript:, no site path), at most 2000 characters. */
export const linkUrl = z
  .string({ error: MSG.linkUrlRequired })
  .trim()
  .min(1, MSG.linkUrlRequired)
  .max(2000, MSG.linkUrlInvalid)
  .refine((s) => /^https?:\/\/[^\s"'<>\\]+$/i.test(s), { message: MSG.linkUrlInvalid });

/** A cover: an uploaded file (/files/…) or an http(s) image address; '' or null for none. */
export const coverRef = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || /^\/files\/[^\s"'<>\\]+$/.test(s) || /^https?:\/\/[^\s"'<>\\]+$/i.test(s), { message: MSG.coverInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

const topOrder = z.coerce.number({ error: MSG.topOrderMin }).int(MSG.topOrderMin).min(1, MSG.topOrderMin).max(100_000, MSG.topOrderMin);
const linkCategory = plainText(60)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/v1/links: the link (top 0, pin order 1, active 1, publish time now by default). */
export const createLinkBody = z.object({
  title: plainText(200, MSG.linkTitleRequired),
  url: linkUrl,
  cover: coverRef,
  ...contentCreateFields,
  topOrder: topOrder.default(1),
  publishDateTime: publishTime.optional(),
  linkCategory,
});

/** PUT /api/v1/links/{linkId}: any of the fields; the application cannot change. */
export const updateLinkBody = z.object({
  title: plainText(200, MSG.linkTitleRequired).optional(),
  url: linkUrl.optional(),
  cover: coverRef.optional(),
  ...contentUpdateFields,
  topOrder: topOrder.optional(),
  linkCategory: linkCategory.optional(),
});

/** GET /api/v1/links: page, size, applicationId, moduleId, active, query (spec 2 §7). */
export const linkListQuery = contentListQuery;

export const linkIdParams = z.object({ linkId: z.coerce.number({ error: MSG.linkNotFound }).int().min(1).max(2_147_483_647) });
