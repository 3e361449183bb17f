/**
 * Inputs of the custom component catalogue calls (spec 1 §3 'Custom component catalogue entry').
 * The entry itself is checked strictly by `catalogueEntrySchema` (modules/xmodule/catalogue.ts).
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';

export { catalogueEntrySchema as entryBody } from '../../../modules/xmodule/catalogue.js';

export const idParams = z.object({
  id: z.coerce
    .number({ error: MSG.xmoduleNotFound })
    .int(MSG.xmoduleNotFound)
    .min(1, MSG.xmoduleNotFound)
    .max(2 ** 31 - 1, MSG.xmoduleNotFound),
});

/** GET /api/v1/xmodules?page&size&query: the whole catalogue fits a page of 200 (the form asks for it). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(200),
  query: z.string().trim().max(100).optional(),
});
