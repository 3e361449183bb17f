/**
 * Full-text search over resources at a library's scale (spec 1 §2
 * '/microapp/explore'; decisions 260-262).
 *
 * - The index holds character bigrams (server/search/grams.ts) of a resource's title and of its search
 *   text (keywords, authors and other short fields; not the abstract): SQLite in the FTS5 table
 *   `resources_grams`, PostgreSQL in the narrow table `resource_grams` (a tsvector under a GIN index). Any substring of two
 *   or more characters of those is found through the index, without a scan.
 * - A query is split on white space into at most 5 terms; every term must occur (AND).
 * - At most {@link SEARCH_CAP} matches are ever read. Up to that many, the matches are ranked (more of
 *   the terms in the title first, then shorter titles, then newest, then id), and the total and the
 *   facets are exact. Beyond it, results come newest first (by id, paged in SQL with a limit), the total
 *   is reported as more than SEARCH_CAP (`capped`), and the facets, counted over the first SEARCH_CAP
 *   matches, are lower bounds (`facets.exact` false).
 * - Facets (decision 263): counts by type (ignoring the type filter); with a type chosen,
 *   its topic's two-level category tree and its field facets (common/searchFacets.ts: an
 *   institution's province and level, a journal's partition, a conference's CCF rank and year), each
 *   ignoring its own filter, so a visitor sees where else the query leads.
 * - A blank query with a type (a browse) lists the type's resources newest first, every page, with its
 *   total and the same facets counted exactly in SQL over the rows the viewer may read, never over a
 *   sample (server/search/browse.ts).
 * - Input never becomes SQL or FTS syntax: the index terms hold letters and digits only, and are bound.
 */
import { sql, type RawBuilder } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import { pageOffset } from '../db/paging.js';
import type { Db } from '../db/index.js';
import { WALK_SETTINGS, walkingDb } from '../db/walking.js';
import type { Dialect } from '../db/migrations/index.js';
import { makePage, type Page } from '../../common/page.js';
import { presentResource, type ResourceItem } from '../resources/present.js';
import { queryParts, runsOf, type QueryPart } from './grams.js';
import { FIELD_FACETS, SEARCH_CAP, type FieldFacet } from '../../common/searchFacets.js';
import type { ResourceType } from '../../common/constants.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';
import { browseCounts } from './browse.js';

export interface SearchQuery {
  /** the visitor's text; white space separates terms; blank with a type lists the type newest first */
  q: string;
  /** one resource type, or all */
  type?: string | null;
  /** limit to the resources of a topic (an application's topic) */
  topicId?: number | null;
  /** first-level category label within the topic (with a type) */
  category?: string | null;
  /** second-level category label within the first (with a type and a category) */
  subcategory?: string | null;
  /** values of the type's field facets by facet key (common/searchFacets.ts), e.g. { province: '北京市' } */
  fieldFilters?: Record<string, string>;
  /** 1-based page and its size */
  page: number;
  size: number;
  /**
   * the records the viewer may read (server/policies/rows.ts), applied to a search outside a topic; a
   * search within a topic reads its published records, and the caller has checked that the viewer may
   * read the topic. Absent: every record (the command line, benchmarks)
   */
  rows?: ResourceRows;
}

export interface Facet {
  value: string;
  count: number;
}

/** A first-level category with its second-level ones. */
export interface CategoryFacet extends Facet {
  children: Facet[];
}

export interface SearchResult extends Page<ResourceItem> {
  /** true when more than the cap match: totalElements is then the cap */
  capped: boolean;
  /**
   * type: matches per type (all types); category and fields: only with a type, its category tree and
   * its field facets by key. `exact` (category and fields) and `typesExact` (type) false: those counts
   * are lower bounds, taken over the first cap matches.
   */
  facets: { type: Facet[]; category: CategoryFacet[]; fields: Record<string, Facet[]>; exact: boolean; typesExact: boolean };
}

/** The most matches a search reads, ranks and counts exactly (decision 261; common/searchFacets.ts). */
export { SEARCH_CAP };

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

/** The FTS5 query of the terms' parts: phrases of bigrams and one-character prefixes, all required. */
export function ftsQuery(parts: QueryPart[]): string {
  return parts.map((p) => ('phrase' in p ? `"${p.phrase.join(' ')}"` : `"${p.prefix}" *`)).join(' AND ');
}

const tsLexeme = (s: string) => `'${s.replace(/['\\]/g, (c) => `\\${c}`)}'`;

/**
 * The PostgreSQL tsquery text of the terms' parts: `'控制' <-> '制器'`, `'控':*`, joined by &; with
 * `weight` 'A' only lexemes of that weight (the title's) match.
 */
export function tsQuery(parts: QueryPart[], weight = ''): string {
  const w = weight ? `:${weight}` : '';
  return parts.map((p) => ('phrase' in p ? `(${p.phrase.map((g) => `${tsLexeme(g)}${w}`).join(' <-> ')})` : `${tsLexeme(p.prefix)}:*${weight}`)).join(' & ');
}

interface Hit {
  /** title null: not read (a links-only read; `score` is then FTS5's bm25, title weighted 10: lower is closer) */
  id: number;
  type: string;
  category: string | null;
  category2: string | null;
  title: string | null;
  date: string | null;
  score?: number;
  /** per query term, whether the title holds it: read with the matches (a links-only read given `rankTerms`) */
  titleFlags?: boolean[];
  /** the field facets' values, by facet key */
  values: Record<string, string | null>;
}

interface MatchFilter {
  topicId?: number | null;
  /** outside a topic: the records the viewer may read */
  rows?: ResourceRows;
  type?: string | null;
  category?: string | null;
  subcategory?: string | null;
  fieldFilters?: Record<string, string>;
  /** the field facets whose values to read */
  facets?: readonly FieldFacet[];
  /** a further condition on the resource row `r` (the advanced search's fielded conditions, server/search/advanced.ts) */
  where?: RawBuilder<unknown>;
  limit: number;
  offset?: number;
  newest?: boolean;
  /**
   * The query's terms (their parts): a links-only read that is not a newest-first page also reads each
   * match's closeness (`score`) and, on PostgreSQL, which terms its title holds (`titleFlags`), in the
   * same pass over the index rows, so ranking needs no second read of them (decision 353)
   */
  rankTerms?: QueryPart[][];
  /**
   * The chosen type's share of the sample of every match (0 to 1), when that sample was read: a read
   * filtered by the type alone may then walk (PostgreSQL, decision 371)
   */
  typeShare?: number;
}

/** A listing field's value as text (a list as its JSON text), on either database; `r` is the resource row. */
export const fieldValue = (dialect: Dialect, field: string) =>
  dialect === 'sqlite' ? sql`cast(json_extract(r.fields, ${`$.${field}`}) as text)` : sql`(r.fields::jsonb ->> ${field})`;

/** What one search asked the planner, by its parts (the array one search passes to every read), then by question. */
const asked = new WeakMap<QueryPart[], Map<string, Promise<unknown>>>();

/** The answer to `question` for the search of `parts`: `ask()` once per search, shared by its reads after. */
function oncePerSearch<T>(parts: QueryPart[], question: string, ask: () => Promise<T>): Promise<T> {
  let answers = asked.get(parts);
  if (!answers) asked.set(parts, (answers = new Map<string, Promise<unknown>>()));
  let answer = answers.get(question) as Promise<T> | undefined;
  if (!answer) answers.set(question, (answer = ask()));
  return answer;
}

/**
 * PostgreSQL: the planner's estimate of the rows matching the query's parts, and the rows of
 * `resource_grams`; asked once per search (the reads of one search and its filter's guess share it).
 */
function estimateHits(db: Db, parts: QueryPart[]): Promise<{ hits: number; all: number }> {
  return oncePerSearch(parts, 'hits', async () => {
    const [[planned], all, sampled] = await Promise.all([planRowsEach(db, [tsQuery(parts)]), indexRows(db), prefixesSampled(db, parts)]);
    return { hits: sampled ? Math.max(planned, Math.round((sampled.matched / sampled.rows) * all)) : planned, all };
  });
}

/**
 * Rows at the newest end of `resource_grams` whose matches tell a one-character prefix's share
 * (decision 374): about 1 ms at 1M.
 */
export const PREFIX_SAMPLE_ROWS = 5_000;

/**
 * PostgreSQL (decision 374): for a query of one-character prefixes only ('1' of `∶1`, 'w'), which the
 * planner underestimates (18,357 rows for 47,897 of '1':*, 2,618 for 21,883 of 'w':*: a prefix's
 * thousands of rare terms are not in its statistics), how many of the newest PREFIX_SAMPLE_ROWS
 * indexed rows match (`matched` of `rows`); null for any other query, whose estimate the planner makes well.
 */
export async function prefixesSampled(db: Db, parts: QueryPart[]): Promise<{ matched: number; rows: number } | null> {
  if (!parts.every((p) => 'prefix' in p)) return null;
  const r = await sql<{
    matched: number;
    rows: number;
  }>`select count(*) filter (where grams @@ ${tsQuery(parts)}::tsquery)::int as matched, count(*)::int as rows
    from (select grams from resource_grams order by id desc limit ${PREFIX_SAMPLE_ROWS}) newest`.execute(walkingDb(db) ?? db);
  const { matched, rows } = r.rows[0];
  return rows > 0 ? { matched, rows } : null;
}

/** How long the planner's count of indexed rows is reused, ms: it changes only when the table is analysed (decision 370). */
const INDEX_ROWS_TTL_MS = 30_000;

/** Per database, the planner's count of indexed rows and when it was read (Date.now(), ms). */
const indexRowsRead = new WeakMap<Db, { n: Promise<number>; at: number }>();

/**
 * The planner's count of the rows of `resource_grams` (every indexed resource), at least 1; read at
 * most once per INDEX_ROWS_TTL_MS per database (decision 370). A failed read is not kept.
 */
function indexRows(db: Db): Promise<number> {
  const now = Date.now();
  const kept = indexRowsRead.get(db);
  if (kept && now - kept.at < INDEX_ROWS_TTL_MS) return kept.n;
  const n = sql<{ n: number }>`select greatest(reltuples, 1)::float8 as n from pg_class where relname = 'resource_grams'`
    .execute(db)
    .then((r) => r.rows[0]?.n ?? 1);
  indexRowsRead.set(db, { n, at: now });
  n.catch(() => indexRowsRead.delete(db));
  return n;
}

/** The prefix parts of a query that holds other parts too ('c' of `t-C`, of `维生素 C`), else none. */
const prefixesBesides = (parts: QueryPart[]) => (parts.some((p) => 'phrase' in p) ? parts.filter((p) => 'prefix' in p) : []);

/**
 * PostgreSQL (decision 365): how many times its rows, by the planner's estimate, a one-character
 * prefix's read from the bigram index costs the recheck of one row: the index reads every term starting
 * with the character ('c':* is thousands of terms, 67,000 rows estimated at 1M, 25-30 ms), a recheck
 * reads the row (about 1.7 µs against 0.4 µs an estimated row of the prefix, measured at 1M).
 */
const PREFIX_RECHECK_RATIO = 4;

/** Bigrams of a phrase whose estimates bound its matches (the least of them); more add little. */
const BOUNDING_BIGRAMS = 4;

/**
 * PostgreSQL (decision 365): the condition by which a read finds the matches of `parts` in the bigram
 * index, on the tsvector `grams` (a column reference): the whole query, or, when {@link rechecksPrefix},
 * the parts other than one-character prefixes, each of their rows rechecked against the whole query.
 * `t-C` at 1M took 42-57 ms with 'c':* asked of the index, 20-30 ms this way; `维生素 C` 30-35 → 8-9 ms.
 */
async function indexedMatch(db: Db, parts: QueryPart[], grams: RawBuilder<unknown>): Promise<RawBuilder<unknown>> {
  const tsq = tsQuery(parts);
  // ts_match_vq is @@ as a function call, which the index cannot serve: a recheck of each row
  return (await rechecksPrefix(db, parts))
    ? sql`${grams} @@ ${tsQuery(parts.filter((p) => 'phrase' in p))}::tsquery and ts_match_vq(${grams}, ${tsq}::tsquery)`
    : sql`${grams} @@ ${tsq}::tsquery`;
}

/**
 * PostgreSQL (decision 365): true when a query holds one-character prefixes besides other parts, and
 * the other parts surely match fewer rows than the prefixes' estimates (summed) over
 * PREFIX_RECHECK_RATIO: their matches are bounded by the least estimate of a single bigram of theirs (the planner multiplies a
 * phrase's bigrams as if independent, and so underestimates a frequent word of three characters or
 * more). One EXPLAIN, only for such a query; once per search (oncePerSearch).
 */
export function rechecksPrefix(db: Db, parts: QueryPart[]): Promise<boolean> {
  const prefixes = prefixesBesides(parts);
  if (!prefixes.length) return Promise.resolve(false);
  return oncePerSearch(parts, 'recheck', async () => {
    const bigrams = parts.flatMap((p) => ('phrase' in p ? p.phrase.slice(0, BOUNDING_BIGRAMS) : []));
    const rows = await planRowsEach(db, [...bigrams.map(tsLexeme), ...prefixes.map((p) => tsQuery([p]))]);
    // the index reads each prefix's terms in full, whatever the others match
    const prefixRows = rows.splice(bigrams.length).reduce((a, b) => a + b, 0);
    return Math.min(...rows) * PREFIX_RECHECK_RATIO <= prefixRows;
  });
}

/** The planner's estimate of the rows of `resource_grams` matching each of the tsqueries (one EXPLAIN of them all). */
function planRowsEach(db: Db, tsqs: string[]): Promise<number[]> {
  return planRowsWhere(
    db,
    tsqs.map((q) => sql`grams @@ ${q}::tsquery`),
  );
}

/** The planner's estimate of the rows of `resource_grams` meeting each of the conditions, at least 1 each (one EXPLAIN of them all). */
async function planRowsWhere(db: Db, conditions: RawBuilder<unknown>[]): Promise<number[]> {
  const reads = sql.join(
    conditions.map((c) => sql`select id from resource_grams where ${c}`),
    sql` union all `,
  );
  type PlanNode = { 'Node Type': string; 'Plan Rows': number; Plans?: PlanNode[] };
  const plan = (await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`explain (format json) ${reads}`.execute(db)).rows[0]['QUERY PLAN'][0].Plan;
  return (plan['Node Type'] === 'Append' && plan.Plans ? plan.Plans : [plan]).map((p) => Math.max(1, p['Plan Rows']));
}

/**
 * A match read through the bigram index costs about as much as this many rows read in primary-key
 * order (a random heap page each; measured at 1M rows, decision 284).
 */
const INDEX_READ_COST = 8;

/**
 * Whatever the limit, the bigram index's read first gathers every match's entry (a bitmap of them all)
 * at about this many rows of a walk each (decision 370, at 1M: the 87,804 entries of 基于 in 43 ms, a
 * walked row 0.4 µs). Without it, a word of 35,000 to 125,000 matches read its 2,001 from the index
 * (基于: 72 ms) where a walk reads them in 10 ms.
 */
const INDEX_ENTRY_COST = 1.2;

/**
 * PostgreSQL (decision 284): true when walking the primary key down, testing each row until `upTo`
 * matches are found (about upTo / share rows), is cheaper than the bigram index, by the planner's
 * estimate of the matches. `sorted`: the index's matches must all be read and sorted (a page newest
 * first: about share × rows index reads); otherwise the index read stops at `upTo` (a sample). Either
 * way the index gathers every match's entry first (INDEX_ENTRY_COST each). Early pages of more than the
 * cap always walk.
 */
async function walkCheaper(db: Db, parts: QueryPart[], upTo: number, sorted: boolean): Promise<boolean> {
  if (sorted && upTo <= 100) return true;
  const { hits, all } = await estimateHits(db, parts);
  return (upTo * all) / hits <= INDEX_READ_COST * (sorted ? hits : Math.min(upTo, hits)) + INDEX_ENTRY_COST * hits;
}

/**
 * PostgreSQL (decision 358): a read of the matches whose estimate is this many times its limit or more
 * leaves the ranking columns out: it will most likely be capped (newest first, no ranking), and
 * ts_rank over every row read costs as much as the read. When the estimate was wrong and the matches
 * fit under the cap after all, they are ranked by a second, smaller read (titleAndCloseness).
 */
const UNRANKED_ESTIMATE = 2;

/**
 * PostgreSQL: the columns a match's row of `resource_grams` adds for ranking (decision 353): its
 * closeness (-ts_rank, normalised by length: lower is closer) and, per term, whether a title lexeme
 * holds it (`t0`, `t1`, …); nothing without `rankTerms`.
 */
function rankColumns(parts: QueryPart[], rankTerms: QueryPart[][] | undefined): RawBuilder<unknown> {
  if (!rankTerms) return sql``;
  return sql`, -ts_rank('{0.1, 0.2, 0.4, 1.0}', grams, ${tsQuery(parts)}::tsquery, 1) as score${sql.join(
    rankTerms.map((p, i) => sql`, grams @@ ${tsQuery(p, 'A')}::tsquery as ${sql.ref(`t${i}`)}`),
    sql``,
  )}`;
}

/** The outer query's copy of {@link rankColumns} from the read aliased `rt`. */
const rankColumnsOf = (rankTerms: QueryPart[][]) =>
  sql`, rt.score${sql.join(
    rankTerms.map((_, i) => sql`, rt.${sql.ref(`t${i}`)}`),
    sql``,
  )}`;

/**
 * PostgreSQL (decision 366): how many entries of the categories' terms index are read for the cost of
 * one match of the bigram index read from its row, measured at 1M: the 443,750 entries of 工学 in 35 ms
 * (0.08 µs each), a match 1.7 µs from PostgreSQL's buffers and 8 µs from the system's cache (21,883 of
 * 'w':* in 181 ms); so about 50, which also covers the planner's low estimates of a one-letter prefix.
 */
const CATEGORY_TERMS_RATIO = 50;

/**
 * PostgreSQL (decision 366): the condition that narrows a read of `resource_grams` (its row as `row`) to
 * the resources linked to the filter's category in its topic, by the categories' terms beside the
 * bigrams (migration 032), so that the two indexes meet before any row is read. Null without a
 * category, or when the planner expects the query's matches to be fewer than the category's resources
 * over CATEGORY_TERMS_RATIO (then reading the category's entries costs more than the matches it would
 * spare: 'ms' in 工学). One EXPLAIN per search and category. The link's own category is still checked
 * by the read's filters (decision 368).
 */
async function categoryNarrowing(db: Db, parts: QueryPart[], f: MatchFilter, row: RawBuilder<unknown>): Promise<RawBuilder<unknown> | null> {
  if (!f.category || f.topicId == null) return null;
  const term = [f.topicId, f.category, ...(f.subcategory ? [f.subcategory] : [])].join('\u001f');
  const narrows = await oncePerSearch(parts, `category\u0000${term}`, async () => {
    const [{ hits }, [inCategory]] = await Promise.all([estimateHits(db, parts), planRowsWhere(db, [sql`cats @> ${[term]}::text[]`])]);
    return hits * CATEGORY_TERMS_RATIO >= inCategory;
  });
  return narrows ? sql`and ${row}.cats @> ${[term]}::text[]` : null;
}

/** A read of the matches: its SQL, and whether it walks PostgreSQL's primary key (pinned: decision 354). */
interface MatchRead {
  q: RawBuilder<Record<string, unknown>>;
  walk?: boolean;
}

/** The columns of a links-only read: a topic link (its row, or on PostgreSQL its copy in the index row, decision 368) answers a match's type, categories and date. */
const LINK_COLUMNS = sql`rt.resource_id as id, rt.type as type, rt.category_one as category, rt.category_two as category2, null as title, nullif(rt.date_key, '') as date`;

/**
 * PostgreSQL (decision 368): the columns of a topic's link read from a row `g` of `resource_grams` by its
 * `links` (migration 033), named as `resource_topics`' own, so that a read's filters and
 * {@link LINK_COLUMNS} apply unchanged; with the condition that the row has a published link to the topic.
 */
function gramLinks(topicId: number): { columns: RawBuilder<unknown>; linked: RawBuilder<unknown> } {
  const link = sql`g.links -> ${String(topicId)}`;
  return {
    columns: sql`g.id as resource_id, ${link} ->> 0 as type, ${link} ->> 1 as category_one, ${link} ->> 2 as category_two, ${link} ->> 3 as date_key`,
    linked: sql`g.links ? ${String(topicId)}`,
  };
}

/**
 * PostgreSQL, within a topic, reading `resource_grams` only: each match's published link to the topic
 * (type, categories, date) is in its row (decision 368), so no topic link is probed (but by a filtered
 * walk, which walks the links). The read that the planner's estimate makes cheapest (decisions 284,
 * 353, 354, 358); `more` holds the filters (on the link's columns as `rt`; `filtered`: there are
 * some), `page` the limit and offset.
 * - a newest-first page: walking the primary key down until the page is full, or every match from the
 *   bigram index, sorted;
 * - the matches up to the limit, unfiltered or filtered by the type alone (decision 371), when a walk
 *   is cheaper ({@link walkCheaper}): a sample, the newest matches, walking the primary key;
 * - otherwise the matches up to the limit, in no order, from the bigram index, with the ranking columns
 *   unless the estimate says the read will be capped.
 */
async function pgLinksRead(
  db: Db,
  parts: QueryPart[],
  f: MatchFilter,
  more: RawBuilder<unknown>,
  filtered: boolean,
  page: RawBuilder<unknown>,
): Promise<MatchRead> {
  const tsq = tsQuery(parts);
  const { columns, linked } = gramLinks(f.topicId!);
  // a walk down the primary key: `is true` keeps the bigram index out (through it every match is read
  // before the first is sorted). Unfiltered, it walks `resource_grams` and reads each row's link there
  // (the derived table is flattened into the walk); filtered, it walks the topic's links of the type
  // and category down (resource_topics_search) and tests only their rows: 分析 in 理学 at 1M 1.4 ms,
  // against 200 ms testing every row's tsvector on the way
  const walk = (): MatchRead => ({
    walk: true,
    q: filtered
      ? sql`select ${LINK_COLUMNS} from resource_grams g join resource_topics rt on rt.resource_id = g.id and rt.topic_id = ${f.topicId} and rt.published = 1
          where (g.grams @@ ${tsq}::tsquery) is true ${more} order by g.id desc ${page}`
      : sql`select ${LINK_COLUMNS} from (select ${columns} from resource_grams g where ${linked} and (g.grams @@ ${tsq}::tsquery) is true) rt
          where true ${more} order by rt.resource_id desc ${page}`,
  });
  // a materialized CTE is planned for all its rows, so the planner cannot walk the primary key testing
  // every row's tsvector until the limit is reached (decision 284)
  const fromIndex = async (rank: RawBuilder<unknown>) =>
    sql`with rt as materialized (select ${columns}${rank} from resource_grams g
            where ${await indexedMatch(db, parts, sql`g.grams`)} and ${linked} ${(await categoryNarrowing(db, parts, f, sql`g`)) ?? sql``})`;
  if (f.newest) {
    if (await walkCheaper(db, parts, (f.offset ?? 0) + f.limit, true)) return walk();
    return { q: sql`${await fromIndex(sql``)} select ${LINK_COLUMNS} from rt where true ${more} order by rt.resource_id desc ${page}` };
  }
  // filtered by the type alone, and the type seen in the sample of every match: a walk finds its
  // matches among about 1 / share times as many rows as the walk of every match (decision 371)
  const share = !filtered ? 1 : !f.category && !f.subcategory && f.typeShare ? f.typeShare : 0;
  const estimate = share > 0 ? await estimateHits(db, parts) : undefined;
  if (estimate && (await walkCheaper(db, parts, Math.ceil(f.limit / share), false))) return walk();
  const rankTerms = estimate && estimate.hits * share >= UNRANKED_ESTIMATE * f.limit ? undefined : f.rankTerms;
  return {
    q: sql`${await fromIndex(rankColumns(parts, rankTerms))}
          select ${LINK_COLUMNS}${rankTerms ? rankColumnsOf(rankTerms) : sql``} from rt where true ${more} ${page}`,
  };
}

/**
 * The matching rows (small columns), at most `limit`: of the query's parts (null: every resource of the
 * type), filtered, optionally newest first and offset.
 */
async function matches(db: Db, dialect: Dialect, parts: QueryPart[] | null, f: MatchFilter): Promise<Hit[]> {
  const join = dialect === 'sqlite' ? sql`cross join` : sql`join`;
  const topical = f.topicId != null;
  const read = f.facets ?? [];
  const typeFacets = f.type ? (FIELD_FACETS[f.type as ResourceType] ?? []) : [];
  const byField = Object.entries(f.fieldFilters ?? {}).flatMap(([key, value]) => {
    const facet = typeFacets.find((x) => x.key === key);
    return facet ? [{ field: facet.field, value }] : [];
  });
  // within a topic, with no listing field to read: the topic link answers everything (type,
  // categories, date; on PostgreSQL from the index row itself, decision 368), so the large resource
  // rows are not read at all; titles come later, for the matches that are ranked (decision 261)
  const linksOnly = topical && !!parts && read.length === 0 && byField.length === 0 && !f.where;
  const filters: RawBuilder<unknown>[] = [];
  if (!topical && f.rows && !f.rows.all) filters.push(sql`and ${resourceVisible(f.rows, sql.ref('r.id'))}`);
  if (f.type) filters.push(linksOnly ? sql`and rt.type = ${f.type}` : sql`and r.type = ${f.type}`);
  if (f.category && topical) filters.push(sql`and rt.category_one = ${f.category}`);
  if (f.subcategory && topical) filters.push(sql`and rt.category_two = ${f.subcategory}`);
  for (const { field, value } of byField) filters.push(sql`and ${fieldValue(dialect, field)} = ${value}`);
  if (f.where) filters.push(sql`and ${f.where}`);
  const columns = sql`r.id, r.type, ${topical ? sql`rt.category_one` : sql`null`} as category, ${topical ? sql`rt.category_two` : sql`null`} as category2,
    r.title, r.date${sql.join(
      read.map((x, i) => sql`, ${fieldValue(dialect, x.field)} as ${sql.ref(`v${i}`)}`),
      sql``,
    )}`;
  const more = sql.join(filters, sql` `);
  const page = sql`limit ${f.limit} offset ${f.offset ?? 0}`;
  let plan: MatchRead;
  if (linksOnly)
    plan =
      dialect === 'sqlite'
        ? {
            q: sql`select ${LINK_COLUMNS}${f.rankTerms && !f.newest ? sql`, bm25(resources_grams, 10.0, 1.0) as score` : sql``}
          from resources_grams g cross join resource_topics rt on rt.resource_id = g.rowid and rt.topic_id = ${f.topicId} and rt.published = 1
          where resources_grams match ${ftsQuery(parts)} ${more}
          ${f.newest ? sql`order by g.rowid desc` : sql``} ${page}`,
          }
        : await pgLinksRead(db, parts, f, more, filters.length > 0, page);
  else if (!parts)
    // a type's listing: the topic's order index (topic, type, date) drives, or the resources themselves
    plan = {
      q: topical
        ? sql`select ${columns} from resource_topics rt ${join} resources r on r.id = rt.resource_id
          where rt.topic_id = ${f.topicId} and rt.type = ${f.type} and rt.published = 1 ${more}
          ${f.newest ? sql`order by rt.date_key desc, rt.resource_id desc` : sql``} ${page}`
        : sql`select ${columns} from resources r where 1 = 1 ${more}
          ${f.newest ? sql`order by coalesce(r.date, '') desc, r.id desc` : sql``} ${page}`,
    };
  else {
    const topicJoin = topical ? sql`${join} resource_topics rt on rt.resource_id = r.id and rt.topic_id = ${f.topicId} and rt.published = 1` : sql``;
    plan = {
      q:
        dialect === 'sqlite'
          ? // the FTS table drives (CROSS JOIN keeps it outermost), so a limit stops the scan early
            sql`select ${columns} from resources_grams g cross join resources r on r.id = g.rowid ${topicJoin}
          where resources_grams match ${ftsQuery(parts)} ${more}
          ${f.newest ? sql`order by g.rowid desc` : sql``} ${page}`
          : sql`select ${columns} from resource_grams g join resources r on r.id = g.id ${topicJoin}
          where ${await indexedMatch(db, parts, sql`g.grams`)} ${(await categoryNarrowing(db, parts, f, sql`g`)) ?? sql``} ${more}
          ${f.newest ? sql`order by g.id desc` : sql``} ${page}`,
    };
  }
  // PostgreSQL's walks down the primary key: the planner cannot estimate `(… @@ …) is true` (a phrase
  // came out at 3 rows) and chose a parallel scan of every row and a sort instead (470-550 ms for
  // 胰腺炎 at 1M); the walk is pinned by turning those off for its statement (decision 354): on the
  // connections made for it (one round trip; decision 370), or else in a transaction of its own
  const walker = plan.walk ? walkingDb(db) : undefined;
  const rows =
    plan.walk && !walker
      ? await db.transaction().execute(async (trx) => {
          for (const [setting, value] of WALK_SETTINGS) await sql`select set_config(${setting}, ${value}, true)`.execute(trx);
          return (await plan.q.execute(trx)).rows;
        })
      : (await plan.q.execute(walker ?? db)).rows;
  const hits = rows.map((r) => ({
    id: Number(r.id),
    type: r.type as string,
    category: (r.category as string | null) ?? null,
    category2: (r.category2 as string | null) ?? null,
    title: (r.title as string | null) ?? null,
    date: (r.date as string | null) ?? null,
    score: r.score == null ? undefined : Number(r.score),
    ...(f.rankTerms && r.t0 !== undefined ? { titleFlags: f.rankTerms.map((_, i) => r[`t${i}`] === true) } : {}),
    values: Object.fromEntries(read.map((x, i) => [x.key, r[`v${i}`] == null ? null : String(r[`v${i}`])])),
  }));
  if (plan.walk) newestFirst.add(hits);
  return hits;
}

/**
 * The reads of matches that came newest first (PostgreSQL's walks down the primary key, every one
 * ordered by id descending): past the cap, such a read of the type's matches holds the newest page
 * already (decision 370).
 */
const newestFirst = new WeakSet<Hit[]>();

/**
 * A condition on the resource id column `idColumn` (e.g. 'resources.id'): the resource's title holds
 * every term of `text` (white space separates terms; each a substring, as the search finds it),
 * through the bigram index's title terms (SQLite FTS5's title column, PostgreSQL's weight-A lexemes)
 * instead of a LIKE over every title, which took 2-10 s at 1M articles for the console's data page
 * (decision 375). Null when a term holds no letter or digit: the caller keeps its LIKE then.
 */
export function titleHolds(db: Db, idColumn: string, text: string): RawBuilder<boolean> | null {
  const perTerm = searchTerms(text).map(queryParts);
  if (!perTerm.length || perTerm.some((p) => p.length === 0)) return null;
  const parts = perTerm.flat();
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(idColumn)} in (select id from resource_grams where grams @@ ${tsQuery(parts, 'A')}::tsquery)`
    : sql<boolean>`${sql.ref(idColumn)} in (select rowid from resources_grams where resources_grams match ${`{title} : (${ftsQuery(parts)})`})`;
}

/**
 * The ids among `ids` whose title holds each term, per term, from the index alone (no resource row is
 * read): FTS5's title column, or the tsvector's weight-A (title) lexemes.
 */
async function titleMatches(db: Db, dialect: Dialect, perTerm: QueryPart[][], ids: Set<number>): Promise<Array<Set<number>>> {
  return Promise.all(
    perTerm.map(async (parts) => {
      const rows =
        dialect === 'sqlite'
          ? await sql<{ id: number }>`select rowid as id from resources_grams where resources_grams match ${`{title} : (${ftsQuery(parts)})`}`.execute(db)
          : await sql<{ id: number }>`select id from resource_grams where id = any(${[...ids]}) and grams @@ ${tsQuery(parts, 'A')}::tsquery`.execute(db);
      return new Set(rows.rows.map((r) => Number(r.id)).filter((id) => ids.has(id)));
    }),
  );
}

/**
 * How close each match is (lower is closer: fewer other words): FTS5's bm25 (title weighted 10), or
 * PostgreSQL's ts_rank negated (normalised by length), for at most `limit` of them. Read only for
 * matches that are ranked, so a query with more than the cap pays nothing.
 */
async function closeness(db: Db, dialect: Dialect, parts: QueryPart[], ids: number[], limit: number): Promise<Map<number, number>> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ id: number; score: number }>`select rowid as id, bm25(resources_grams, 10.0, 1.0) as score
        from resources_grams where resources_grams match ${ftsQuery(parts)} limit ${limit * 2}`.execute(db)
      : await sql<{ id: number; score: number }>`select id, -ts_rank('{0.1, 0.2, 0.4, 1.0}', grams, ${tsQuery(parts)}::tsquery, 1) as score
        from resource_grams where id = any(${ids})`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.score)]));
}

/**
 * PostgreSQL: {@link titleMatches} and {@link closeness} of `ids` in one pass over their rows of
 * `resource_grams` (one primary-key probe per id, not one per term and one more; decision 284).
 * Returns, per term, the ids whose title holds it, and each id's closeness (-ts_rank, lower is closer).
 */
async function titleAndCloseness(db: Db, perTerm: QueryPart[][], parts: QueryPart[], ids: number[]): Promise<[Array<Set<number>>, Map<number, number>]> {
  const flags = perTerm.map((p, i) => sql`, grams @@ ${tsQuery(p, 'A')}::tsquery as ${sql.ref(`t${i}`)}`);
  const rows = (
    await sql<Record<string, unknown>>`select id, -ts_rank('{0.1, 0.2, 0.4, 1.0}', grams, ${tsQuery(parts)}::tsquery, 1) as score${sql.join(flags, sql``)}
      from resource_grams where id = any(${ids})`.execute(db)
  ).rows;
  const sets = perTerm.map((_, i) => new Set(rows.filter((r) => r[`t${i}`] === true).map((r) => Number(r.id))));
  return [sets, new Map(rows.map((r) => [Number(r.id), Number(r.score)]))];
}

/** Counts of values, largest first, then by value. */
function countOf(values: Array<string | null>): Facet[] {
  const m = new Map<string, number>();
  for (const v of values) if (v != null && v !== '') m.set(v, (m.get(v) ?? 0) + 1);
  return [...m].map(([value, n]) => ({ value, count: n })).sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1));
}

/**
 * The two-level category tree of hits with counts: at most 50 first-level entries, 50 children each.
 * `bounds` (the hits are a sample of the first cap matches): the counts are lower bounds,
 * and a parent with children counts no more than its children shown add up to, so that a parent never
 * shows more than its children can explain; the parents are then ordered by those counts.
 */
function categoryTree(hits: Hit[], bounds = false): CategoryFacet[] {
  const tree = countOf(hits.map((h) => h.category)).map((c) => {
    const children = countOf(hits.filter((h) => h.category === c.value).map((h) => h.category2)).slice(0, 50);
    const explained = children.reduce((n, k) => n + k.count, 0);
    return { ...c, count: bounds && children.length ? Math.min(c.count, explained) : c.count, children };
  });
  return tree.sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1)).slice(0, 50);
}

/**
 * Ranks hits: with terms, more terms in the title first, then the closer match (a shorter title; for a
 * links-only read FTS5's bm25, which weighs the same), newer, smaller id; without terms, newest first.
 * `inTitle` gives the number of terms in a hit's title when the titles were not read.
 */
function rank(hits: Hit[], terms: string[], inTitle?: (h: Hit) => number): Hit[] {
  const wanted = terms.map((t) => runsOf(t).map((r) => r.join('')));
  const scored = hits.map((h) => {
    const text = h.title ?? '';
    const title =
      terms.length && !inTitle
        ? runsOf(text)
            .map((r) => r.join(''))
            .join(' ')
        : '';
    return {
      h,
      date: h.date ?? '',
      inTitle: inTitle ? inTitle(h) : wanted.filter((runs) => runs.length > 0 && runs.every((r) => title.includes(r))).length,
      closeness: !terms.length ? 0 : (h.score ?? [...text].length),
    };
  });
  scored.sort(
    (x, y) =>
      y.inTitle - x.inTitle ||
      x.closeness - y.closeness ||
      (x.date < y.date ? 1 : x.date > y.date ? -1 : 0) ||
      (terms.length ? x.h.id - y.h.id : y.h.id - x.h.id),
  );
  return scored.map((s) => s.h);
}

/**
 * PostgreSQL's matches past the cap with a filter (a category, a field value): when the planner's
 * estimate of the query's matches, times the share of the chosen type in the sample of every match
 * (`allSample`, when read) and the share the filters keep of the type's sample (`typeSample`, the cap's
 * first matches: the type's matches passed the cap), is SURELY_CAPPED times the cap or more, the filtered matches up to the cap are not
 * worth reading (every match of a frequent word is read before the filter: 475 ms for 研究 at 1M,
 * decision 362).
 */
async function filteredSurelyPassCap(
  db: Db,
  parts: QueryPart[],
  cap: number,
  typeSample: Hit[],
  allSample: Hit[] | null,
  type: string | null,
  keep: (h: Hit) => boolean,
): Promise<boolean> {
  const typeShare = allSample && type ? allSample.filter((h) => h.type === type).length / Math.max(1, allSample.length) : 1;
  const kept = typeSample.filter(keep).length / typeSample.length;
  const { hits } = await estimateHits(db, parts);
  return hits * typeShare * kept >= SURELY_CAPPED * cap;
}

/** How many times the cap the estimate of filtered matches must reach before their read up to the cap is skipped (decision 362). */
const SURELY_CAPPED = 2;

/**
 * Searches resources; see the file comment. Returns an empty page (and empty facets) for a blank query
 * without a type, or a term without a letter or digit. `cap` is SEARCH_CAP (smaller in tests). Throws
 * only on a database failure.
 */
export async function searchResources(db: Db, dialect: Dialect, query: SearchQuery, cap = SEARCH_CAP): Promise<SearchResult> {
  const terms = searchTerms(query.q);
  const size = query.size;
  const perTerm = terms.map(queryParts);
  const empty: SearchResult = {
    ...makePage([], 0, query.page, size),
    capped: false,
    facets: { type: [], category: [], fields: {}, exact: true, typesExact: true },
  };
  if ((terms.length === 0 && !query.type) || perTerm.some((p) => p.length === 0)) return empty;
  const parts = terms.length ? perTerm.flat() : null;
  const offset = pageOffset(query.page, size);
  const topicId = query.topicId;
  const visible = topicId == null ? query.rows : undefined;
  const type = query.type || null;
  const typeFacets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const fieldFilters = Object.fromEntries(Object.entries(query.fieldFilters ?? {}).filter(([k, v]) => v && typeFacets.some((f) => f.key === k)));
  const category = type && topicId != null ? query.category || null : null;
  const subcategory = category ? query.subcategory || null : null;
  const filtered = category != null || Object.keys(fieldFilters).length > 0;

  // a browse (no query): the total and facets counted exactly in SQL, the page cut in SQL newest
  // first, past the cap too (server/search/browse.ts)
  if (!parts) {
    const counts = await browseCounts(db, dialect, { type: type!, topicId: topicId ?? null, rows: visible, category, subcategory, fieldFilters });
    const hits =
      offset < counts.total
        ? await matches(db, dialect, null, { topicId, rows: visible, type, category, subcategory, fieldFilters, limit: size, offset, newest: true })
        : [];
    return {
      ...makePage(
        await listingOf(
          db,
          hits.map((h) => h.id),
        ),
        counts.total,
        query.page,
        size,
      ),
      capped: false,
      facets: { type: counts.type, category: counts.category, fields: counts.fields, exact: true, typesExact: true },
    };
  }

  // every match up to the cap, of any type, with the chosen type's field values: the type facet (a
  // listing has its own type only), and the type's facets when they fit under the cap
  const rankTerms = parts ? perTerm : undefined;
  const all = parts ? await matches(db, dialect, parts, { topicId, rows: visible, facets: typeFacets, limit: cap + 1, rankTerms }) : null;
  // the type's matches up to the cap, without its filters: its category tree and field facets
  // (beyond the cap, a sample holding the chosen type only is what the type's own read would give: the
  // same first matches, in the index's order; a topic of articles is not read twice, decision 284)
  const fromAll = all && (all.length <= cap || !type || all.every((h) => h.type === type));
  const ofType = fromAll
    ? type
      ? all.filter((h) => h.type === type)
      : all
    : await matches(db, dialect, parts, {
        topicId,
        rows: visible,
        type,
        facets: typeFacets,
        limit: cap + 1,
        rankTerms,
        typeShare: all && type ? all.filter((h) => h.type === type).length / all.length : undefined,
      });
  // the type's matches came newest first: unfiltered, they hold the newest page past the cap (decision 370)
  const ofTypeNewestFirst = !filtered && newestFirst.has(fromAll && all ? all : ofType);
  const typesExact = all ? all.length <= cap : ofType.length <= cap;
  const sampleOf = (hits: Hit[]) => hits.slice(0, cap);
  const keep = (h: Hit, skip?: string) =>
    (skip === 'category' || !category || (h.category === category && (!subcategory || h.category2 === subcategory))) &&
    Object.entries(fieldFilters).every(([k, v]) => k === skip || h.values[k] === v);
  const facets: SearchResult['facets'] = {
    type: all ? countOf(sampleOf(all).map((h) => h.type)) : [{ value: type!, count: Math.min(ofType.length, cap) }],
    category:
      type && topicId != null
        ? categoryTree(
            sampleOf(ofType).filter((h) => keep(h, 'category')),
            ofType.length > cap,
          )
        : [],
    fields: Object.fromEntries(
      typeFacets.map((f) => [
        f.key,
        countOf(
          sampleOf(ofType)
            .filter((h) => keep(h, f.key))
            .map((h) => h.values[f.key]),
        ).slice(0, 50),
      ]),
    ),
    exact: ofType.length <= cap,
    typesExact,
  };

  let listed: Hit[] | null = ofType.length <= cap ? ofType.filter((h) => keep(h)) : null;
  const narrow = async () => {
    const narrowed = await matches(db, dialect, parts, { topicId, rows: visible, type, category, subcategory, fieldFilters, limit: cap + 1, rankTerms });
    if (narrowed.length <= cap) listed = narrowed;
  };
  // the filtered matches up to the cap, unless they surely pass it (decision 362): then the newest page
  // is read straight away, and the read of the cap is left for a page that comes out short
  let surelyCapped = false;
  if (!listed && filtered) {
    surelyCapped = dialect === 'postgres' && !!parts && (await filteredSurelyPassCap(db, parts, cap, sampleOf(ofType), all && sampleOf(all), type, keep));
    if (!surelyCapped) await narrow();
  }
  // more than the cap: newest first, the page cut in SQL; a page short of its size after a guess that
  // the filters keep more than the cap was a wrong guess: the matches are read up to the cap after all
  let page: Hit[] = [];
  if (!listed && offset < cap) {
    const want = Math.min(size, cap - offset);
    page = ofTypeNewestFirst
      ? ofType.slice(offset, offset + want)
      : await matches(db, dialect, parts, { topicId, rows: visible, type, category, subcategory, fieldFilters, limit: want, offset, newest: true });
    if (surelyCapped && page.length < want) await narrow();
  }
  let ids: number[];
  let total: number;
  if (listed) {
    let inTitle: ((h: Hit) => number) | undefined;
    if (terms.length && listed.some((h) => h.title === null)) {
      const ids = listed.map((h) => h.id);
      if (listed.every((h) => h.titleFlags && h.score !== undefined)) {
        // PostgreSQL: read with the matches (decision 353)
        inTitle = (h) => h.titleFlags!.filter(Boolean).length;
      } else if (dialect === 'sqlite' && listed.every((h) => h.score !== undefined)) {
        // SQLite: bm25 came with the matches; the title's terms from FTS5's title column
        const sets = await titleMatches(db, dialect, perTerm, new Set(ids));
        inTitle = (h) => sets.filter((set) => set.has(h.id)).length;
      } else {
        const [sets, scores] =
          dialect === 'postgres'
            ? await titleAndCloseness(db, perTerm, parts, ids)
            : await Promise.all([titleMatches(db, dialect, perTerm, new Set(ids)), closeness(db, dialect, parts, ids, cap)]);
        inTitle = (h) => sets.filter((set) => set.has(h.id)).length;
        listed = listed.map((h) => ({ ...h, score: scores.get(h.id) ?? 0 }));
      }
    }
    ids = rank(listed, terms, inTitle)
      .slice(offset, offset + size)
      .map((h) => h.id);
    total = listed.length;
  } else {
    // more than the cap: newest first, the page cut in SQL; pages end at the cap
    ids = page.map((h) => h.id);
    total = cap;
  }
  return { ...makePage(await listingOf(db, ids), total, query.page, size), capped: !listed, facets };
}

/** The listing items of `ids`, in their order (a resource gone since is left out). */
async function listingOf(db: Db, ids: number[]): Promise<ResourceItem[]> {
  const rows = ids.length ? await db.selectFrom('resources').select(['id', 'type', 'title', 'date', 'fields']).where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map(presentResource);
}

/**
 * One resource by id (and type when given), as a listing item; undefined when there is none or when
 * `rows` (the records the viewer may read, server/policies/rows.ts) leaves it out.
 */
export async function resourceById(db: Db, id: number, type: string | undefined, rows: ResourceRows): Promise<ResourceItem | undefined> {
  const row = await db
    .selectFrom('resources')
    .select(['id', 'type', 'title', 'date', 'fields'])
    .where('id', '=', id)
    .$if(!!type, (qb) => qb.where('type', '=', type!))
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .executeTakeFirst();
  return row ? presentResource(row) : undefined;
}

/**
 * The ids of the records a search of `query` matches (its page and size ignored), at most `limit`, in
 * no particular order: the same read, filters and row rules as {@link searchResources} (the index of
 * the query, the topic's published links or the viewer's rows, the type, category and field filters).
 * Empty where the search answers an empty page (a blank query without a type, a term without a letter
 * or digit). Used by the literature analysis (server/search/literature.ts, decision 710) and the
 * advanced search (server/search/advanced.ts, with `where`: its fielded conditions on the row `r`).
 */
export async function matchingIds(
  db: Db,
  dialect: Dialect,
  query: Omit<SearchQuery, 'page' | 'size'> & { where?: RawBuilder<unknown> },
  limit: number,
): Promise<number[]> {
  return [...new Set((await matchingHits(db, dialect, query, limit)).map((h) => h.id))];
}

/** A match as {@link matchingHits} reads it: what a list is ranked and counted by, not the listing fields. */
export interface MatchedRow {
  id: number;
  type: string;
  /** the record's categories in the query's topic (null outside a topic) */
  category: string | null;
  category2: string | null;
  title: string;
  date: string | null;
  /** the field facets' values of `facetType`, by facet key */
  values: Record<string, string | null>;
}

/**
 * The matches {@link matchingIds} finds, each read with its type, categories, title, date and the field
 * facets' values of `facetType` (the advanced search's counts and orders, server/search/advanced.ts:
 * one read instead of the ids and then their rows), at most `limit`, in no particular order; a record
 * once. The title is read when the query has a `where` (the read is then on the resource rows; the
 * advanced search always has one), else it may be '' (a read of the topic's links alone).
 */
export async function matchingHits(
  db: Db,
  dialect: Dialect,
  query: Omit<SearchQuery, 'page' | 'size'> & { where?: RawBuilder<unknown>; facetType?: string | null },
  limit: number,
): Promise<MatchedRow[]> {
  const perTerm = searchTerms(query.q).map(queryParts);
  const type = query.type || null;
  if ((perTerm.length === 0 && !type) || perTerm.some((p) => p.length === 0)) return [];
  const parts = perTerm.length ? perTerm.flat() : null;
  const topicId = query.topicId;
  const typeFacets = type ? (FIELD_FACETS[type as ResourceType] ?? []) : [];
  const fieldFilters = Object.fromEntries(Object.entries(query.fieldFilters ?? {}).filter(([k, v]) => v && typeFacets.some((f) => f.key === k)));
  const category = type && topicId != null ? query.category || null : null;
  const subcategory = category ? query.subcategory || null : null;
  const facets = query.facetType ? (FIELD_FACETS[query.facetType as ResourceType] ?? []) : [];
  const hits = await matches(db, dialect, parts, {
    topicId,
    rows: topicId == null ? query.rows : undefined,
    type,
    category,
    subcategory,
    fieldFilters,
    where: query.where,
    facets,
    limit,
  });
  const seen = new Set<number>();
  return hits.flatMap((h) => {
    if (seen.has(h.id)) return [];
    seen.add(h.id);
    return [{ id: h.id, type: h.type, category: h.category, category2: h.category2, title: h.title ?? '', date: h.date, values: h.values }];
  });
}
