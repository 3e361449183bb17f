/**
 * Body of POST /api/v1/resources/institution/fruit-scholar-count (spec 2 §7 'Content': "the institution
 * panel fetches counts by a joined institution-name string"): `q` = institution names joined by '|'
 * (docs/decisions.md #110), 1 to 50 names of at most 200 characters each; blanks around a name are
 * dropped, empty parts ignored, repeated names answered once.
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { INSTITUTION_COUNT_MAX_NAMES, INSTITUTION_NAME_MAX, INSTITUTION_NAME_SEPARATOR } from '../../../common/constants.js';

export const countBody = z.object({
  q: z
    .string({ error: MSG.institutionNamesRequired })
    .max(INSTITUTION_COUNT_MAX_NAMES * (INSTITUTION_NAME_MAX + 1), MSG.institutionNamesTooMany)
    .transform((s) => [
      ...new Set(
        s
          .split(INSTITUTION_NAME_SEPARATOR)
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(INSTITUTION_NAME_MAX, MSG.institutionNameTooLong))
        .min(1, MSG.institutionNamesRequired)
        .max(INSTITUTION_COUNT_MAX_NAMES, MSG.institutionNamesTooMany),
    ),
});
export type CountBody = z.infer<typeof countBody>;
