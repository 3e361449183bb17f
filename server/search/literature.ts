/**
 * The literature analysis of a search (issue 31 §1, `/LiteratureMiner`; decisions 710-712): for the
 * records a search matches, publications per year, the top 20 authors, institutions, journals and
 * keywords, and the keyword co-occurrence and author collaboration networks (the top 100 of each by
 * records, edges weighted by the records two of them share).
 *
 * The matching records are the search's own (server/search/service.ts `matchingIds`: the same index,
 * filters and row rules: only what the viewer may read), at most {@link ANALYSIS_LIMIT} of them; every
 * count is a GROUP BY in SQL over those records' rows (SQLite json_each, PostgreSQL
 * jsonb_array_elements_text), on either database. A listing field holds a list (an article's `author`,
 * `keywords`) or one text (a `journal`, an `institution`): both count, each value once per record.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { matchingIds, type SearchQuery } from './service.js';

/** The most matching records analysed (decision 711); beyond them the answer says `capped`. */
export const ANALYSIS_LIMIT = 200_000;
/** Entries of each top list. */
export const TOP_LIST = 20;
/** Nodes of each network. */
export const NETWORK_NODES = 100;
/** Most edges of a network answered (the heaviest). */
export const NETWORK_EDGES = 600;

/** The listing fields counted, by list (decision 712). */
export const ANALYSIS_FIELDS = { authors: 'author', institutions: 'institution', journals: 'journal', keywords: 'keywords' } as const;
export type AnalysisList = keyof typeof ANALYSIS_FIELDS;

export interface Counted {
  value: string;
  count: number;
}
export interface Network {
  /** the top nodes by records, largest first */
  nodes: Counted[];
  /** weight: the records holding both (source and target are node values) */
  edges: Array<{ source: string; target: string; weight: number }>;
}
/** See the file comment. `years`: ascending by year (four digits). */
export interface LiteratureAnalysis {
  total: number;
  capped: boolean;
  years: Counted[];
  authors: Counted[];
  institutions: Counted[];
  journals: Counted[];
  keywords: Counted[];
  keywordNetwork: Network;
  authorNetwork: Network;
}

/** The search's filters (no page). */
export type AnalysisQuery = Omit<SearchQuery, 'page' | 'size'>;

/**
 * The matching ids as one text parameter, made once for all the reads: a JSON array (SQLite json_each),
 * or the ids joined by commas (PostgreSQL string_to_array). Passing the array itself had node-postgres
 * serialise 200,000 numbers for each of the five reads on the event loop (up to 1.1 s of it blocked).
 */
function idList(dialect: Dialect, ids: number[]): string {
  return dialect === 'sqlite' ? JSON.stringify(ids) : ids.join(',');
}

/** The rows of the matching records, `m (id, f)`: f is the fields JSON (PostgreSQL jsonb); `ids` from {@link idList}. */
function matchedRows(dialect: Dialect, ids: string): RawBuilder<unknown> {
  return dialect === 'sqlite'
    ? sql`m as (select r.id, r.fields as f, r.date from resources r where r.id in (select value from json_each(${ids})))`
    : sql`m as (select r.id, r.fields::jsonb as f, r.date from resources r where r.id = any(string_to_array(${ids}, ',')::int[]))`;
}

/** The values of listing field `field` per record, each once, `it (id, v)` (a list's elements, or one text). */
function itemsOf(dialect: Dialect, field: string): RawBuilder<unknown> {
  return dialect === 'sqlite'
    ? sql`it as (select distinct m.id, trim(j.value) as v from m, json_each(m.f, ${`$.${field}`}) j
        where j.type = 'text' and trim(j.value) <> '')`
    : sql`it as (select distinct m.id, btrim(e.v) as v from m cross join lateral jsonb_array_elements_text(
        case jsonb_typeof(m.f -> ${field}) when 'array' then m.f -> ${field} when 'string' then jsonb_build_array(m.f -> ${field}) else '[]'::jsonb end) e(v)
        where btrim(e.v) <> '')`;
}

const counted = (rows: Array<{ value: string; count: number | string }>): Counted[] => rows.map((r) => ({ value: String(r.value), count: Number(r.count) }));

/** The `limit` most frequent values of `field` among the records, largest first, then by value. */
async function topValues(db: Db, dialect: Dialect, ids: string, field: string, limit: number): Promise<Counted[]> {
  const r = await sql<{ value: string; count: number | string }>`with ${matchedRows(dialect, ids)}, ${itemsOf(dialect, field)}
    select v as value, count(*) as count from it group by v order by count(*) desc, v limit ${limit}`.execute(db);
  return counted(r.rows);
}

/** The network of `field`: its top NETWORK_NODES values and the records each two of them share. */
async function network(db: Db, dialect: Dialect, ids: string, field: string): Promise<Network> {
  const nodes = await topValues(db, dialect, ids, field, NETWORK_NODES);
  if (nodes.length < 2) return { nodes, edges: [] };
  const top = sql.join(nodes.map((n) => sql`${n.value}`));
  const r = await sql<{ source: string; target: string; weight: number | string }>`with ${matchedRows(dialect, ids)}, ${itemsOf(dialect, field)},
    t as (select id, v from it where v in (${top}))
    select a.v as source, b.v as target, count(*) as weight from t a join t b on a.id = b.id and a.v < b.v
    group by a.v, b.v order by count(*) desc, a.v, b.v limit ${NETWORK_EDGES}`.execute(db);
  return { nodes, edges: r.rows.map((e) => ({ source: String(e.source), target: String(e.target), weight: Number(e.weight) })) };
}

/** Records per year: the date's year, or the listing field `publish_year`; four-digit years only, ascending. */
async function perYear(db: Db, dialect: Dialect, ids: string): Promise<Counted[]> {
  const year =
    dialect === 'sqlite'
      ? sql`coalesce(substr(m.date, 1, 4), cast(json_extract(m.f, '$.publish_year') as text))`
      : sql`coalesce(substr(m.date, 1, 4), m.f ->> 'publish_year')`;
  const r = await sql<{ value: string | null; count: number | string }>`with ${matchedRows(dialect, ids)}
    select ${year} as value, count(*) as count from m group by 1`.execute(db);
  return counted(r.rows.filter((x): x is { value: string; count: number | string } => typeof x.value === 'string' && /^\d{4}$/.test(x.value))).sort((a, b) =>
    a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
  );
}

/** The empty analysis (no matching record). */
export const EMPTY_ANALYSIS: LiteratureAnalysis = {
  total: 0,
  capped: false,
  years: [],
  authors: [],
  institutions: [],
  journals: [],
  keywords: [],
  keywordNetwork: { nodes: [], edges: [] },
  authorNetwork: { nodes: [], edges: [] },
};

/**
 * The analysis of the records `query` matches (see the file comment). Throws only on a database
 * failure. Runs in the read pool (server/search/longReads.ts `literature`).
 */
export async function analyseLiterature(db: Db, dialect: Dialect, query: AnalysisQuery): Promise<LiteratureAnalysis> {
  const found = await matchingIds(db, dialect, query, ANALYSIS_LIMIT + 1);
  if (!found.length) return EMPTY_ANALYSIS;
  const capped = found.length > ANALYSIS_LIMIT;
  const ids = capped ? found.slice(0, ANALYSIS_LIMIT) : found;
  const list = idList(dialect, ids);
  // the reads at once: on PostgreSQL each on a connection of the pool (SQLite runs them in turn anyway)
  const [years, authorNetwork, keywordNetwork, institutions, journals] = await Promise.all([
    perYear(db, dialect, list),
    network(db, dialect, list, ANALYSIS_FIELDS.authors),
    network(db, dialect, list, ANALYSIS_FIELDS.keywords),
    topValues(db, dialect, list, ANALYSIS_FIELDS.institutions, TOP_LIST),
    topValues(db, dialect, list, ANALYSIS_FIELDS.journals, TOP_LIST),
  ]);
  return {
    total: ids.length,
    capped,
    years,
    authors: authorNetwork.nodes.slice(0, TOP_LIST),
    institutions,
    journals,
    keywords: keywordNetwork.nodes.slice(0, TOP_LIST),
    keywordNetwork,
    authorNetwork,
  };
}
