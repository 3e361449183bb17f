/**
 * The facets of the explore page per resource type (decision 263). Every type has the
 * two-level category tree of its topic (an article's 门类 -> 学科, a journal's subject -> sub-subject,
 * a conference's field -> CCF class); some types add facets over one of their fields. A facet's `key`
 * is its URL parameter (`/microapp/explore?type=institution&province=北京市`) and the search API's
 * query parameter; `field` is the listing field counted (spec 1 §3 'Listing items').
 */
import type { ResourceType } from './constants';
import { RESOURCE_TYPE_REGISTRY } from './resourceTypes';

/**
 * The most matches a search reads, ranks and counts exactly (decision 261); beyond it the total is
 * 'more than' this and the facets are counted over this many. The explore page's hint names it.
 */
export const SEARCH_CAP = 2_000;

/** A facet over one listing field of a type. */
export interface FieldFacet {
  /** URL and API parameter */
  key: string;
  /** the field of `fields` whose value is counted */
  field: string;
  /** the facet's title on the page (Chinese) */
  label: string;
  /** how a stored value reads on the page (default: as stored), e.g. partition 1 → 1区 */
  valueLabel?: (value: string) => string;
}

/** The field facets of each type (none: only the category tree), as the resource-type registry declares them. */
export const FIELD_FACETS: Partial<Record<ResourceType, readonly FieldFacet[]>> = Object.fromEntries(
  Object.values(RESOURCE_TYPE_REGISTRY).flatMap((d) => (d.facets.fields?.length ? [[d.type, d.facets.fields]] : [])),
);

/** Every field facet's key, each once (the search API accepts these parameters). */
export const FIELD_FACET_KEYS: readonly string[] = [...new Set(Object.values(FIELD_FACETS).flatMap((fs) => fs.map((f) => f.key)))];

/** The title of a type's category tree facet, as the resource-type registry declares it (absent: none declared). */
export const CATEGORY_FACET_LABELS: Partial<Record<ResourceType, string>> = Object.fromEntries(
  Object.values(RESOURCE_TYPE_REGISTRY).flatMap((d) => (d.facets.category ? [[d.type, d.facets.category]] : [])),
);
