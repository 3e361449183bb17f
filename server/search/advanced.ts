/**
 * The advanced search (spec 1 §2 `/exploreV3`, issue 31 §2; decisions 680-684): fielded conditions
 * joined by AND / OR / NOT (common/advancedSearch.ts), a year range, the explore page's filters and
 * facets, sorted by relevance, newest or oldest.
 *
 * It is the explore search's engine and index (server/search/service.ts), not a second one: each OR
 * group is one read of the index ({@link matchingIds}) with the terms of its indexed rows (任意字段,
 * 题名, 作者, 关键词, 期刊), the rows' fields checked on each match in the same SQL (a title must hold a
 * 题名 row's terms, not only the search text), and the NOT rows and the year range in the same
 * condition; a group of a DOI alone is looked up by the record's key (a DOI is a citation's key,
 * decision 350). The groups' matches are joined, at most {@link SEARCH_CAP}: up to it every count is
 * exact; beyond it (`capped`) the first SEARCH_CAP found are listed and counted (decision 682).
 *
 * The facets are the explore page's: by type (ignoring the type filter), and with a type its topic's
 * category tree and its field facets (each ignoring its own filter), counted over the matches, with the
 * years of the listed matches for the page's histogram. Only the listed page's records are read whole.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { makePage, type Page } from '../../common/page.js';
import { RESOURCE_TYPES, type ResourceType } from '../../common/constants.js';
import { FIELD_FACETS, SEARCH_CAP } from '../../common/searchFacets.js';
import { conditionTerms, findingTerms, groupsOf, INDEXED_FIELDS, type AdvancedCondition, type AdvancedSort } from '../../common/advancedSearch.js';
import { presentResource, type ResourceItem } from '../resources/present.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';
import { fieldValue, matchingHits, type CategoryFacet, type Facet, type MatchedRow } from './service.js';

export interface AdvancedQuery {
  /** the rows, already checked (common/advancedSearch.ts conditionProblem) */
  conditions: AdvancedCondition[];
  /** the year range, inclusive; null: open */
  yearFrom: number | null;
  yearTo: number | null;
  type?: string | null;
  /** within an application's topic (its published records), else the viewer's `rows` */
  topicId?: number | null;
  category?: string | null;
  subcategory?: string | null;
  fieldFilters?: Record<string, string>;
  sort: AdvancedSort;
  /** only records whose id is above this (a saved search's new results, decision 684) */
  afterId?: number;
  /** 1-based page and its size */
  page: number;
  size: number;
  rows?: ResourceRows;
}

export interface AdvancedResult extends Page<ResourceItem> {
  /** more than SEARCH_CAP matched: the first SEARCH_CAP found are listed and counted */
  capped: boolean;
  facets: { type: Facet[]; category: CategoryFacet[]; fields: Record<string, Facet[]>; exact: boolean; typesExact: boolean };
  /** the listed matches per year (four digits), ascending */
  years: Facet[];
}

/** A LIKE pattern holding `term` anywhere, its wildcards escaped (escape character \). */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text a row of `field` is checked against, on the resource row `r`. */
function fieldText(dialect: Dialect, field: AdvancedCondition['field']): RawBuilder<unknown> {
  switch (field) {
    case 'any':
      return sql`(r.title || ' ' || coalesce(r.search_text, ''))`;
    case 'title':
      return sql`r.title`;
    case 'keyword':
      return fieldValue(dialect, 'keywords');
    default:
      return fieldValue(dialect, field === 'author' ? 'author' : field);
  }
}

/** The condition that the row's field holds every term of its value (case-insensitive for Latin letters). */
function holds(dialect: Dialect, c: AdvancedCondition): RawBuilder<unknown> {
  const text = fieldText(dialect, c.field);
  const like = dialect === 'sqlite' ? sql`like` : sql`ilike`;
  return sql.join(
    conditionTerms(c.value).map((t) => sql`coalesce(${text}, '') ${like} ${containing(t)} escape '\\'`),
    sql` and `,
  );
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`1 = 1`);

/** The year range as a condition on `r.date` (ISO text: '2019', '2019-05-01'); none when open. */
function yearRange(from: number | null, to: number | null): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (from !== null) out.push(sql`r.date >= ${String(from)}`);
  if (to !== null) out.push(sql`r.date < ${String(to + 1)}`);
  return out;
}

/**
 * The ids of a group of a DOI alone (no indexed row): the records keyed by it (decision 350), each of
 * its type's unique key, on the topic's published links or the viewer's rows, meeting `where`.
 */
async function doiMatches(db: Db, query: AdvancedQuery, doi: string, where: RawBuilder<unknown>, limit: number): Promise<number[]> {
  const readable =
    query.topicId != null
      ? sql`exists (select 1 from resource_topics rt where rt.resource_id = r.id and rt.topic_id = ${query.topicId} and rt.published = 1)`
      : query.rows
        ? resourceVisible(query.rows, sql.ref('r.id'))
        : sql`1 = 1`;
  const r = await sql<{ id: number }>`select r.id from resources r
    where r.type in (${sql.join([...RESOURCE_TYPES])}) and r.source_key = ${doi.toLowerCase()} and ${readable} and ${where}
    limit ${limit}`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

type Match = MatchedRow;

/** The facets' and ranking's columns of `ids` (no listing fields but the chosen type's facet values): a DOI's matches. */
async function matchRows(db: Db, dialect: Dialect, ids: number[], topicId: number | null, type: string | null): Promise<Match[]> {
  if (!ids.length) return [];
  const facets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const topical = topicId != null;
  const r = await sql<Record<string, unknown>>`select r.id, r.type, r.title, r.date,
      ${topical ? sql`rt.category_one` : sql`null`} as category, ${topical ? sql`rt.category_two` : sql`null`} as category2
      ${sql.join(
        facets.map((f, i) => sql`, ${fieldValue(dialect, f.field)} as ${sql.ref(`v${i}`)}`),
        sql``,
      )}
    from resources r ${topical ? sql`left join resource_topics rt on rt.resource_id = r.id and rt.topic_id = ${topicId}` : sql``}
    where r.id in (${sql.join(ids)})`.execute(db);
  return r.rows.map((x) => ({
    id: Number(x.id),
    type: String(x.type),
    title: String(x.title),
    date: (x.date as string | null) ?? null,
    category: (x.category as string | null) ?? null,
    category2: (x.category2 as string | null) ?? null,
    values: Object.fromEntries(facets.map((f, i) => [f.key, x[`v${i}`] == null ? null : String(x[`v${i}`])])),
  }));
}

/** Counts of the values, largest first then by value; nulls left out. */
function countOf(values: Array<string | null>): Facet[] {
  const n = new Map<string, number>();
  for (const v of values) if (v) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'zh-CN'));
}

/** The two-level category tree of the matches. */
function categoryTree(matches: Match[]): CategoryFacet[] {
  return countOf(matches.map((m) => m.category)).map((c) => ({
    ...c,
    children: countOf(matches.filter((m) => m.category === c.value).map((m) => m.category2)),
  }));
}

/** What the orders read of a match. */
type Dated = { id: number; title: string; date: string | null };

/** Newest first: by date (undated last), then id. */
const newest = (a: Dated, b: Dated) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id;

/** The matches in the chosen order (see the file comment; relevance: more terms in the title, shorter titles, newest). */
export function sortMatches<T extends Dated>(matches: T[], sort: AdvancedSort, terms: string[]): T[] {
  if (sort === 'newest') return [...matches].sort(newest);
  if (sort === 'oldest')
    return [...matches].sort((a, b) => (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) || (a.date ?? '').localeCompare(b.date ?? '') || a.id - b.id);
  const lower = terms.map((t) => t.toLowerCase());
  const inTitle = new Map(matches.map((m) => [m.id, lower.filter((t) => m.title.toLowerCase().includes(t)).length]));
  return [...matches].sort((a, b) => inTitle.get(b.id)! - inTitle.get(a.id)! || a.title.length - b.title.length || newest(a, b));
}

/** Runs an advanced search; see the file comment. Throws only on a database failure. */
export async function advancedSearch(db: Db, dialect: Dialect, query: AdvancedQuery, cap = SEARCH_CAP): Promise<AdvancedResult> {
  const { groups, excluded } = groupsOf(query.conditions);
  const topicId = query.topicId ?? null;
  const terms = findingTerms(query.conditions);
  const common = [
    ...excluded.map((c) => sql`not ${holds(dialect, c)}`),
    ...yearRange(query.yearFrom, query.yearTo),
    ...(query.afterId ? [sql`r.id > ${query.afterId}`] : []),
  ];
  const type = query.type || null;
  const found = new Map<number, Match>();
  let capped = false;
  for (const group of groups) {
    const where = and([...group.map((c) => holds(dialect, c)), ...common]);
    const indexed = group.filter((c) => INDEXED_FIELDS.includes(c.field));
    const doi = group.find((c) => c.field === 'doi');
    const rows = indexed.length
      ? await matchingHits(
          db,
          dialect,
          { q: indexed.map((c) => c.value).join(' '), topicId, rows: topicId == null ? query.rows : undefined, where, facetType: type },
          cap + 1,
        )
      : doi
        ? await matchRows(db, dialect, await doiMatches(db, query, doi.value, where, cap + 1), topicId, type)
        : [];
    if (rows.length > cap) capped = true;
    for (const m of rows) if (found.size < cap) found.set(m.id, m);
    if (found.size >= cap && rows.some((m) => !found.has(m.id))) capped = true;
  }
  const all = [...found.values()];
  const ofType = type ? all.filter((m) => m.type === type) : all;
  const typeFacets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const fieldFilters = Object.entries(query.fieldFilters ?? {}).filter(([k, v]) => v && typeFacets.some((f) => f.key === k));
  const category = type && topicId != null ? query.category || null : null;
  const subcategory = category ? query.subcategory || null : null;
  const keep = (m: Match, skip?: string) =>
    (skip === 'category' || !category || (m.category === category && (!subcategory || m.category2 === subcategory))) &&
    fieldFilters.every(([k, v]) => k === skip || m.values[k] === v);
  const listed = sortMatches(
    ofType.filter((m) => keep(m)),
    query.sort,
    terms,
  );
  const years = countOf(listed.map((m) => (m.date && /^\d{4}/.test(m.date) ? m.date.slice(0, 4) : null))).sort((a, b) => a.value.localeCompare(b.value));
  const offset = (query.page - 1) * query.size;
  const pageIds = listed.slice(offset, offset + query.size).map((m) => m.id);
  const rows = pageIds.length ? await db.selectFrom('resources').select(['id', 'type', 'title', 'date', 'fields']).where('id', 'in', pageIds).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, presentResource(r)]));
  return {
    ...makePage(
      pageIds.flatMap((id) => byId.get(id) ?? []),
      listed.length,
      query.page,
      query.size,
    ),
    capped,
    facets: {
      type: countOf(all.map((m) => m.type)),
      category: type && topicId != null ? categoryTree(ofType.filter((m) => keep(m, 'category'))) : [],
      fields: Object.fromEntries(typeFacets.map((f) => [f.key, countOf(ofType.filter((m) => keep(m, f.key)).map((m) => m.values[f.key])).slice(0, 50)])),
      exact: !capped,
      typesExact: !capped,
    },
    years,
  };
}
