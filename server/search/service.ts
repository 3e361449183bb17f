/**
 * Full-text search over resources that works for Chinese (issue 4 'Search'; spec 1 §2 '/microapp/explore').
 *
 * - A query is split on white space into at most 5 terms; every term must occur (AND) in the title or
 *   the search text, as a substring: any substring of 2 or more characters of a title finds it.
 * - SQLite: terms of 3+ characters go through the FTS5 trigram index `resources_fts` (migration
 *   010_search); shorter terms are matched by LIKE. PostgreSQL: every term by ILIKE, served by the
 *   pg_trgm GIN indexes. Input never becomes SQL text: terms are bound parameters, LIKE wildcards escaped.
 * - Ranking: items whose title holds more of the terms first, then shorter titles (a closer match),
 *   then newest, then id.
 * - Facets: counts by type (ignoring the type filter) and, within a topic, by first-level category
 *   (ignoring the category filter), so a visitor sees where else the query leads.
 * - One query reads the small columns of every hit; counts, facets, order and paging are taken from
 *   them, then a second query reads the page's rows (short terms scan once, not once per count).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations.js';
import { makePage, type Page } from '../../common/page.js';
import { presentResource, type ResourceItem } from '../resources/present.js';

export interface SearchQuery {
  /** the visitor's text; white space separates terms */
  q: string;
  /** one resource type, or all */
  type?: string | null;
  /** limit to the resources of a topic (an application's topic) */
  topicId?: number | null;
  /** first-level category label within the topic */
  category?: string | null;
  /** 1-based page and its size */
  page: number;
  size: number;
}

export interface Facet { value: string; count: number }

export interface SearchResult extends Page<ResourceItem> {
  facets: { type: Facet[]; category: Facet[] };
}

/** Longest accepted term, characters; longer ones are cut (a title search needs no more). */
const MAX_TERM = 40;

/** The distinct terms of a query: at most 5, each at most 40 characters; empty when the query is blank. */
export function searchTerms(q: string): string[] {
  const out: string[] = [];
  for (const raw of q.trim().split(/\s+/u)) {
    const t = raw.slice(0, MAX_TERM);
    if (t && !out.includes(t)) out.push(t);
    if (out.length === 5) break;
  }
  return out;
}

/** `%term%` with LIKE's wildcards and the escape character escaped (used with ESCAPE '\'). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase for a term: the term in double quotes, inner quotes doubled. */
export function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** Characters of a string as the user counts them (a CJK character is one). */
const charCount = (s: string) => [...s].length;

/**
 * Searches resources; see the file comment. Returns an empty page (and empty facets) for a blank query.
 * Throws only on a database failure.
 */
export async function searchResources(db: Db, dialect: Dialect, query: SearchQuery): Promise<SearchResult> {
  const terms = searchTerms(query.q);
  const size = query.size;
  if (terms.length === 0) return { ...makePage([], 0, query.page, size), facets: { type: [], category: [] } };

  const like = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const termMatches = (t: string) => sql<SqlBool>`(resources.title ${like} ${likePattern(t)} escape '\\' or resources.search_text ${like} ${likePattern(t)} escape '\\')`;
  const conditions: Expression<SqlBool>[] = [];
  if (dialect === 'sqlite') {
    const long = terms.filter((t) => charCount(t) >= 3);
    if (long.length) {
      const expr = long.map(ftsPhrase).join(' AND ');
      conditions.push(sql<SqlBool>`resources.id in (select rowid from resources_fts where resources_fts match ${expr})`);
    }
    for (const t of terms.filter((x) => charCount(x) < 3)) conditions.push(termMatches(t));
  } else {
    for (const t of terms) conditions.push(termMatches(t));
  }
  const matched = sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
  const titleHits = sql.join(terms.map((t) => sql`(case when resources.title ${like} ${likePattern(t)} escape '\\' then 1 else 0 end)`), sql` + `);

  // One pass over the matches (the LIKE of short terms scans once, not once per count): the small
  // columns of every hit; counts, facets, order and the page are taken from them, then the page's rows.
  const hits = query.topicId != null
    ? await db.selectFrom('resources').innerJoin('resource_topics', 'resource_topics.resource_id', 'resources.id')
      .where('resource_topics.topic_id', '=', query.topicId).where(matched)
      .select(['resources.id', 'resources.type', 'resource_topics.category_one as category'])
      .select(sql<number>`${titleHits}`.as('hits')).select(sql<number>`length(resources.title)`.as('len'))
      .select(sql<string>`coalesce(resources.date, '')`.as('date'))
      .execute()
    : await db.selectFrom('resources').where(matched)
      .select(['resources.id', 'resources.type', sql<string | null>`null`.as('category')])
      .select(sql<number>`${titleHits}`.as('hits')).select(sql<number>`length(resources.title)`.as('len'))
      .select(sql<string>`coalesce(resources.date, '')`.as('date'))
      .execute();
  const ofType = (h: { type: string }) => !query.type || h.type === query.type;
  const ofCategory = (h: { category: string | null }) => !query.category || h.category === query.category;
  const count = (values: Array<string | null>): Facet[] => {
    const m = new Map<string, number>();
    for (const v of values) if (v != null) m.set(v, (m.get(v) ?? 0) + 1);
    return [...m].map(([value, n]) => ({ value, count: n })).sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1));
  };
  const listed = hits.filter((h) => ofType(h) && ofCategory(h));
  listed.sort((x, y) => Number(y.hits) - Number(x.hits) || Number(x.len) - Number(y.len) || (x.date < y.date ? 1 : x.date > y.date ? -1 : 0) || x.id - y.id);
  const offset = (query.page - 1) * size;
  const ids = listed.slice(offset, offset + size).map((h) => h.id);
  const rows = ids.length
    ? await db.selectFrom('resources').select(['id', 'type', 'title', 'date', 'fields']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const content = ids.map((id) => byId.get(id)).filter((r) => r !== undefined).map(presentResource);
  return {
    ...makePage(content, listed.length, query.page, size),
    facets: {
      type: count(hits.filter(ofCategory).map((h) => h.type)),
      category: query.topicId != null ? count(hits.filter(ofType).map((h) => h.category)).slice(0, 50) : [],
    },
  };
}

/** One resource by id (and type when given), as a listing item; undefined when there is none. */
export async function resourceById(db: Db, id: number, type?: string): Promise<ResourceItem | undefined> {
  const row = await db.selectFrom('resources').select(['id', 'type', 'title', 'date', 'fields']).where('id', '=', id)
    .$if(!!type, (qb) => qb.where('type', '=', type!)).executeTakeFirst();
  return row ? presentResource(row) : undefined;
}
