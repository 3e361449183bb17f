/** Query shapes of the search and resource-detail reads. */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { ADVANCED_SORTS, YEAR_MAX, YEAR_MIN, type AdvancedSort } from '../../../common/advancedSearch.js';
import { FIELD_FACET_KEYS } from '../../../common/searchFacets.js';

const id = z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput);

/** A resource type name (spec 1 §3 and the module types that read resources: tool, job, ...). */
const resourceType = z.string({ error: MSG.unknownResourceType }).regex(/^[a-z][a-z_]{1,30}$/, MSG.unknownResourceType);

/**
 * Text typed or pasted by a visitor: control characters (a pasted tab or line break, or a NUL that
 * PostgreSQL refuses in text) count as spaces (decision 258).
 */
const typedText = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');

export const searchQuery = z.object({
  q: z.string().max(200, MSG.searchTooLong).default('').transform(typedText),
  type: resourceType.optional(),
  topicId: id.optional(),
  applicationId: id.optional(),
  category: z.string().max(100).transform(typedText).optional(),
  subcategory: z.string().max(100).transform(typedText).optional(),
  page: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100).default(10),
});

/**
 * The query as the route declares it: the parameters above, and the field facet filters by key
 * (common/searchFacets.ts: province, level, partition, …), kept as they came and read by {@link fieldFilters}.
 */
export const searchRequest = searchQuery.loose();

/** The field facet filters of a search, by key: non-blank text only, at most 100 characters (anything else is ignored). */
export function fieldFilters(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FIELD_FACET_KEYS) {
    const v = raw[k];
    if (typeof v === 'string' && v.trim()) out[k] = typedText(v).trim().slice(0, 100);
  }
  return out;
}

/** The literature analysis's query (issue 31 §1): the search's filters without a page. */
export const literatureRequest = searchQuery.omit({ page: true, size: true }).loose();

export const resourceParams = z.object({
  type: resourceType,
  id,
});

/** A year of the advanced search's range (decision 680): four digits, checked again with the other (yearsProblem). */
const year = z.coerce
  .number({ error: MSG.advancedYearsInvalid })
  .int(MSG.advancedYearsInvalid)
  .min(YEAR_MIN, MSG.advancedYearsInvalid)
  .max(YEAR_MAX, MSG.advancedYearsInvalid);

/**
 * The advanced search's query (issue 31 §2): its rows as `c` parameters (common/advancedSearch.ts,
 * read by the route with parseCondition), the year range, the order, and the search's filters and page.
 */
export const advancedRequest = searchQuery
  .omit({ q: true })
  .extend({
    // one row or several; their number and length are checked with the rows (conditionProblem), each message its own
    c: z.union([z.string(), z.array(z.string())]).optional(),
    q: z.string().max(200, MSG.searchTooLong).optional(),
    from: year.optional(),
    to: year.optional(),
    sort: z.enum(Object.keys(ADVANCED_SORTS) as [AdvancedSort, ...AdvancedSort[]], { error: MSG.invalidInput }).default('relevance'),
  })
  .loose();
