/**
 * Inputs of the visitor's report calls: the list query and the path id. The site is named
 * by `applicationId` as the search call does (its topic holds the reports).
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { REPORT_PAGE_SIZE, REPORT_TYPES } from '../../../common/reports.js';

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(2 ** 31 - 1, message);

/** GET /api/v1/reports?applicationId&type&q&page&size: page 1-based, 20 a page by default. */
export const reportListQuery = z.object({
  applicationId: id(MSG.applicationNotFound),
  type: z.enum(REPORT_TYPES, { error: MSG.reportTypeInvalid }).optional(),
  q: z.string().trim().max(100, '搜索词不能超过 100 个字').optional(),
  page: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(100_000, MSG.invalidInput).default(1),
  size: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(100, MSG.invalidInput).default(REPORT_PAGE_SIZE),
});

/** GET /api/v1/reports/{id}?applicationId: a wrong id is a report that does not exist (404). */
export const reportParams = z.object({ id: z.string() });
export const reportIdSchema = id(MSG.reportNotFound);
export const reportDetailQuery = z.object({ applicationId: id(MSG.applicationNotFound) });
