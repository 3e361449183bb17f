/**
 * Inputs of the citation export (decisions 270-273): the format, one resource's path, and
 * the id list of a result page or of ticked results (at most {@link CITATION_EXPORT_MAX}).
 */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { CITATION_FORMATS } from '../../citations/render.js';
import { CITATION_EXPORT_MAX } from '../../../common/constants.js';

/** The most resources one export may name (a result page holds at most 100; decision 272). */
export { CITATION_EXPORT_MAX };

const INT_MAX = 2_147_483_647;

/** `format`: bibtex, ris or gbt7714 (required). */
export const citationFormat = z.enum(CITATION_FORMATS, { error: MSG.citationFormatUnknown });

/** GET /api/v1/resources/:type/:id/citation: a type name and a positive id; a wrong one is a resource that does not exist. */
export const citationParams = z.object({
  type: z.string().regex(/^[a-z][a-z_]{1,30}$/),
  id: z.coerce.number().int().min(1).max(INT_MAX),
});

/**
 * The path as the route declares it: any text, since a wrong type or id is not bad input but a resource
 * that does not exist (404 资源不存在或已删除); the handler reads it with {@link citationParams}.
 */
export const citationPathParams = z.object({
  type: z.string().describe('资源类型，如 article、scholar'),
  id: z.string().describe('资源 id（正整数）'),
});

/**
 * `disposition`: how the answer is sent, `attachment` (default: saved as a file) or `inline` (shown by the
 * browser, for the GB/T 7714 text a visitor without JavaScript opens to copy; decision 282).
 */
export const citationDisposition = z.enum(['attachment', 'inline'], { error: MSG.citationDispositionUnknown }).default('attachment');
export type CitationDisposition = z.infer<typeof citationDisposition>;

export const citationQuery = z.object({ format: citationFormat, disposition: citationDisposition });

/**
 * `ids`: "1,2,3", or the key repeated (ids=1&ids=2), or both; blanks between commas are ignored,
 * repeats count once, order is kept. Empty → citationIdsRequired; not positive integers →
 * citationIdsInvalid; more than 100 → citationTooMany.
 */
export const citationIds = z
  .union([z.string(), z.array(z.string())], { error: MSG.citationIdsRequired })
  .transform((v) =>
    [v]
      .flat()
      .join(',')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0, { error: MSG.citationIdsRequired, abort: true })
  .refine((list) => list.every((s) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= INT_MAX), { error: MSG.citationIdsInvalid, abort: true })
  .transform((list) => [...new Set(list.map(Number))])
  .refine((list) => list.length <= CITATION_EXPORT_MAX, { error: MSG.citationTooMany(CITATION_EXPORT_MAX), abort: true });

export const citationListQuery = z.object({ ids: citationIds, format: citationFormat, disposition: citationDisposition });
