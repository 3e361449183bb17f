/**
 * Body of POST /api/v1/resources/institution/fruit-scholar-count (spec 2 §7 'Content': "the institution
 * panel fetches counts by a joined institution-name string"): `q` = institution names joined by '|'
 * (docs/decisions.md #110), 1 to 50 names of at most 200 characters each; blanks around a name are
 * dropped, empty parts ignored, repeated names answered once.
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { paging, recordId } from '../../http/fields.js';
import { INSTITUTION_SCHOLARS_PAGE_MAX } from './service.js';
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

/** GET /api/v1/resources/institution/{id}/scholars: the institution's id; 该资源不存在或已删除 when not one. */
export const institutionScholarsParams = z.object({ id: recordId(MSG.resourceNotFound) });

/** Its paging: page from 1, size 1-100 (default 20, spec 2 §9). */
export const institutionScholarsQuery = z.object({
  page: paging.page,
  size: z.coerce.number().int().min(1).max(INSTITUTION_SCHOLARS_PAGE_MAX).default(20),
});
