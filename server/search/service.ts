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
 * - Facets: counts by type (ignoring the type filter) and, within a topic, by first-level category.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations.js';
import { makePage, type Page } from '../../common/page.js';
import { presentResource, type ResourceItem } from '../routes/modules/service.js';

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
  const inTopic = query.topicId != null
    ? sql<SqlBool>`resources.id in (select resource_id from resource_topics where topic_id = ${query.topicId}${query.category ? sql` and category_one = ${query.category}` : sql``})`
    : sql<SqlBool>`1 = 1`;
  const ofType = query.type ? sql<SqlBool>`resources.type = ${query.type}` : sql<SqlBool>`1 = 1`;
  const titleHits = sql.join(terms.map((t) => sql`(case when resources.title ${like} ${likePattern(t)} escape '\\' then 1 else 0 end)`), sql` + `);

  const base = db.selectFrom('resources').where(matched).where(inTopic);
  const offset = (query.page - 1) * size;
  const [rows, total, types, categories] = await Promise.all([
    base.where(ofType).select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
      .select(sql<number>`${titleHits}`.as('title_hits'))
      .orderBy(sql`${titleHits}`, 'desc')
      .orderBy(sql`length(resources.title)`, 'asc')
      .orderBy(sql`coalesce(resources.date, '')`, 'desc')
      .orderBy('resources.id', 'asc')
      .limit(size).offset(offset).execute(),
    base.where(ofType).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select(['resources.type as value', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('resources.type').orderBy('count', 'desc').orderBy('resources.type').execute(),
    query.topicId != null
      ? db.selectFrom('resource_topics').innerJoin('resources', 'resources.id', 'resource_topics.resource_id')
        .where('resource_topics.topic_id', '=', query.topicId).where('resource_topics.category_one', 'is not', null)
        .where(matched).where(ofType)
        .select(['resource_topics.category_one as value', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('resource_topics.category_one').orderBy('count', 'desc').orderBy('resource_topics.category_one').limit(50).execute()
      : Promise.resolve([] as Array<{ value: string | null; count: number }>),
  ]);
  const content = rows.map(presentResource);
  return {
    ...makePage(content, Number(total.n), query.page, size),
    facets: {
      type: types.map((t) => ({ value: String(t.value), count: Number(t.count) })),
      category: categories.filter((c) => c.value != null).map((c) => ({ value: String(c.value), count: Number(c.count) })),
    },
  };
}

/** One resource by id (and type when given), as a listing item; undefined when there is none. */
export async function resourceById(db: Db, id: number, type?: string): Promise<ResourceItem | undefined> {
  const row = await db.selectFrom('resources').select(['id', 'type', 'title', 'date', 'fields']).where('id', '=', id)
    .$if(!!type, (qb) => qb.where('type', '=', type!)).executeTakeFirst();
  return row ? presentResource(row) : undefined;
}
