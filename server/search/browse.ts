/**
 * A browse: a type's resources without a query. Its total and its facets are counted
 * exactly in SQL (GROUP BY over the rows the viewer may read: a topic's published links, or outside a
 * topic the records of server/policies/rows.ts `resourceVisible`), never over a sample of the first
 * SEARCH_CAP rows, and its page is cut in SQL newest first, past the cap too. The counts follow the
 * facet rules of server/search/service.ts: the type facet ignores every filter; the category tree
 * ignores its own filter; each field facet ignores its own value and keeps the others.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { FIELD_FACETS, type FieldFacet } from '../../common/searchFacets.js';
import type { ResourceType } from '../../common/constants.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';

export interface BrowseFilter {
  type: string;
  topicId: number | null;
  /** outside a topic: the records the viewer may read (absent: all) */
  rows?: ResourceRows;
  category: string | null;
  subcategory: string | null;
  /** values of the type's field facets by facet key */
  fieldFilters: Record<string, string>;
}

export interface Counted {
  value: string;
  count: number;
}

export interface BrowseCounts {
  total: number;
  type: Counted[];
  category: Array<Counted & { children: Counted[] }>;
  fields: Record<string, Counted[]>;
}

/** A listing field's value as text, on either database (as the search reads it). */
const fieldValue = (dialect: Dialect, field: string) =>
  dialect === 'sqlite' ? sql`cast(json_extract(r.fields, ${`$.${field}`}) as text)` : sql`(r.fields::jsonb ->> ${field})`;

/** Largest first, then by value; blank values left out; at most `limit`. */
function ordered(rows: Counted[], limit = 50): Counted[] {
  return rows
    .filter((r) => r.value != null && r.value !== '')
    .sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1))
    .slice(0, limit);
}

/** The facets of `f`'s type within which a field filter is known. */
const facetsOf = (type: string): readonly FieldFacet[] => FIELD_FACETS[type as ResourceType] ?? [];

/**
 * The exact total and facets of a browse of `f` (see the file comment): one GROUP BY for the types,
 * one for the category tree (within a topic; it also gives the total), one per field facet, and a
 * count outside a topic.
 */
export async function browseCounts(db: Db, dialect: Dialect, f: BrowseFilter): Promise<BrowseCounts> {
  const topical = f.topicId != null;
  const facets = facetsOf(f.type);
  const byField = Object.entries(f.fieldFilters).flatMap(([key, value]) => {
    const facet = facets.find((x) => x.key === key);
    return facet ? [{ key, field: facet.field, value }] : [];
  });
  // outside a topic: the records the viewer may read, of every type
  const from = sql`from resources r where ${f.rows && !f.rows.all ? resourceVisible(f.rows, sql.ref('r.id')) : sql`1 = 1`}`;
  const typeCol = topical ? sql`rt.type` : sql`r.type`;
  const ofType = sql`and ${typeCol} = ${f.type}`;
  const fieldsBut = (skip: string | null): RawBuilder<unknown> =>
    sql.join(
      byField.filter((x) => x.key !== skip).map((x) => sql`and ${fieldValue(dialect, x.field)} = ${x.value}`),
      sql` `,
    );
  const categoryFilter =
    topical && f.category ? sql`and rt.category_one = ${f.category} ${f.subcategory ? sql`and rt.category_two = ${f.subcategory}` : sql``}` : sql``;
  // field facets and filters read the resource row; without them a topic's links answer alone
  const typeFrom = topical
    ? sql`from resource_topics rt ${byField.length || facets.length ? sql`join resources r on r.id = rt.resource_id` : sql``} where rt.topic_id = ${f.topicId} and rt.published = 1`
    : from;
  const [types, tree, fieldCounts, total] = await Promise.all([
    sql<{ value: string; count: number | string }>`select ${typeCol} as value, count(*) as count
      ${topical ? sql`from resource_topics rt where rt.topic_id = ${f.topicId} and rt.published = 1` : from} group by ${typeCol}`.execute(db),
    topical
      ? sql<{ one: string | null; two: string | null; count: number | string }>`select rt.category_one as one, rt.category_two as two, count(*) as count
          ${typeFrom} ${ofType} ${fieldsBut(null)} group by rt.category_one, rt.category_two`.execute(db)
      : Promise.resolve(null),
    Promise.all(
      facets.map((x) =>
        sql<{ value: string | null; count: number | string }>`select ${fieldValue(dialect, x.field)} as value, count(*) as count
          ${typeFrom} ${ofType} ${categoryFilter} ${fieldsBut(x.key)} group by 1`.execute(db),
      ),
    ),
    topical ? Promise.resolve(null) : sql<{ n: number | string }>`select count(*) as n ${from} ${ofType} ${fieldsBut(null)}`.execute(db),
  ]);
  let category: BrowseCounts['category'] = [];
  let n = total ? Number(total.rows[0]?.n ?? 0) : 0;
  if (tree) {
    const parents = new Map<string, { count: number; children: Counted[] }>();
    n = 0;
    for (const r of tree.rows) {
      const count = Number(r.count);
      if (!f.category || (r.one === f.category && (!f.subcategory || r.two === f.subcategory))) n += count;
      if (r.one == null || r.one === '') continue;
      const p = parents.get(r.one) ?? { count: 0, children: [] };
      p.count += count;
      if (r.two != null && r.two !== '') p.children.push({ value: r.two, count });
      parents.set(r.one, p);
    }
    category = ordered([...parents].map(([value, p]) => ({ value, count: p.count }))).map((c) => ({
      ...c,
      children: ordered(parents.get(c.value)!.children),
    }));
  }
  return {
    total: n,
    type: ordered(
      types.rows.map((r) => ({ value: r.value, count: Number(r.count) })),
      Infinity,
    ),
    category,
    fields: Object.fromEntries(facets.map((x, i) => [x.key, ordered(fieldCounts[i].rows.map((r) => ({ value: r.value ?? '', count: Number(r.count) })))])),
  };
}
