/**
 * The advanced search's conditions (spec 1 §2 `/exploreV3`, issue 31 §2; decisions 680-684): the fields
 * a condition may name, how rows join, and how the conditions travel in the address and the API's query
 * (`c=AND.title.深度学习&c=NOT.keyword.综述`), shared by the page and the server.
 *
 * A row is `{ op, field, value }`. Rows joined by 并且 (AND) form a group; 或者 (OR) starts a new group;
 * 不含 (NOT) rows take their matches out of every group's (AND binds tighter than OR, as in a library
 * catalogue's advanced search; the first row's own join is ignored unless it is NOT, which is refused:
 * a search needs something to find).
 */
import { MSG, fillMsg } from './messages.js';
import { FIELD_FACET_KEYS } from './searchFacets.js';

/** The fields of a condition, in the order of the field menu, with their labels. */
export const ADVANCED_FIELDS = {
  any: '任意字段',
  title: '题名',
  author: '作者',
  keyword: '关键词',
  abstract: '摘要',
  journal: '期刊',
  institution: '机构',
  doi: 'DOI',
} as const;
export type AdvancedField = keyof typeof ADVANCED_FIELDS;

/**
 * The fields whose text the search index holds (a record's title and its search text: authors, keywords
 * and journal; server/import/citations.ts): a group finds its matches through these. The others narrow
 * what they find (decision 681).
 */
export const INDEXED_FIELDS: readonly AdvancedField[] = ['any', 'title', 'author', 'keyword', 'journal'];

/** How a row joins the rows before it, with its label. */
export const ADVANCED_OPS = { AND: '并且', OR: '或者', NOT: '不含' } as const;
export type AdvancedOp = keyof typeof ADVANCED_OPS;

/** The orders of the results, with their labels. */
export const ADVANCED_SORTS = { relevance: '相关度', newest: '最新', oldest: '最早' } as const;
export type AdvancedSort = keyof typeof ADVANCED_SORTS;

/** The most rows of one search. */
export const MAX_CONDITIONS = 10;
/** The longest value of a row, characters. */
export const MAX_CONDITION_TEXT = 100;
/** The earliest and latest years a range may name. */
export const YEAR_MIN = 1000;
export const YEAR_MAX = 2999;

export interface AdvancedCondition {
  op: AdvancedOp;
  field: AdvancedField;
  value: string;
}

const isField = (f: string): f is AdvancedField => Object.hasOwn(ADVANCED_FIELDS, f);
const isOp = (o: string): o is AdvancedOp => Object.hasOwn(ADVANCED_OPS, o);

/** One row as its address parameter `c`: `OP.field.value` (the value keeps any dots it holds). */
export function conditionParam(c: AdvancedCondition): string {
  return `${c.op}.${c.field}.${c.value}`;
}

/**
 * A `c` parameter read back as a row; null when its join or field is unknown or its value blank (such a
 * parameter is dropped by the page and refused by the API, with {@link conditionProblem}).
 */
export function parseCondition(param: string): AdvancedCondition | null {
  const m = /^([A-Z]+)\.([a-z]+)\.([\s\S]*)$/.exec(param);
  if (!m || !isOp(m[1]) || !isField(m[2])) return null;
  const value = m[3].replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return value ? { op: m[1], field: m[2], value } : null;
}

/**
 * The rows of a search in the address: the form's rows as sent without JavaScript (`o`, `f`, `v`), else
 * its `c` parameters, or else a plain `q` (the explore page's query, so that `/exploreV3?q=…` opens the
 * same search) as one 任意字段 row. Rows with a blank value or an unknown join or field are dropped.
 */
export function conditionsOf(params: URLSearchParams): AdvancedCondition[] {
  // the form posted without JavaScript: its rows' join, field and value as o, f and v, in order
  const fields = params.getAll('f');
  if (fields.length) {
    const ops = params.getAll('o');
    const values = params.getAll('v');
    // the first row has no join of its own: the rows after it have theirs, in order
    return fields.flatMap((f, i) => parseCondition(`${i === 0 ? 'AND' : (ops[i - 1] ?? 'AND')}.${f}.${values[i] ?? ''}`) ?? []);
  }
  const rows = params.getAll('c').flatMap((p) => parseCondition(p) ?? []);
  const q = (params.get('q') ?? '').trim();
  return rows.length ? rows : q ? [{ op: 'AND', field: 'any', value: q }] : [];
}

/** The rows split into groups (OR between groups, AND within) and the NOT rows. */
export function groupsOf(conditions: readonly AdvancedCondition[]): { groups: AdvancedCondition[][]; excluded: AdvancedCondition[] } {
  const groups: AdvancedCondition[][] = [];
  const excluded: AdvancedCondition[] = [];
  for (const c of conditions) {
    if (c.op === 'NOT') excluded.push(c);
    else if (c.op === 'OR' || !groups.length) groups.push([c]);
    else groups[groups.length - 1].push(c);
  }
  return { groups, excluded };
}

/**
 * Why these rows cannot be searched (a message for the page), or null when they can: at least one row
 * that finds something, at most MAX_CONDITIONS rows, no value longer than MAX_CONDITION_TEXT, the first row
 * not a NOT, and each OR group holding a row of an indexed field or a DOI (decision 681).
 */
export function conditionProblem(conditions: readonly AdvancedCondition[]): string | null {
  if (!conditions.some((c) => c.op !== 'NOT')) return MSG.advancedNeedsCondition;
  if (conditions.length > MAX_CONDITIONS) return fillMsg(MSG.advancedTooMany, { n: MAX_CONDITIONS });
  if (conditions.some((c) => c.value.length > MAX_CONDITION_TEXT)) return fillMsg(MSG.advancedTooLong, { n: MAX_CONDITION_TEXT });
  if (conditions[0].op === 'NOT') return MSG.advancedFirstNot;
  const { groups } = groupsOf(conditions);
  if (groups.some((g) => !g.some((c) => INDEXED_FIELDS.includes(c.field) || c.field === 'doi'))) return MSG.advancedGroupNeedsIndexed;
  return null;
}

/** Why a year range cannot be searched (a message), or null: each year YEAR_MIN to YEAR_MAX, from ≤ to. */
export function yearsProblem(from: number | null, to: number | null): string | null {
  const bad = (y: number | null) => y !== null && (!Number.isInteger(y) || y < YEAR_MIN || y > YEAR_MAX);
  return bad(from) || bad(to) || (from !== null && to !== null && from > to) ? fillMsg(MSG.advancedYearsInvalid, { min: YEAR_MIN, max: YEAR_MAX }) : null;
}

/** The terms of a value: split on white space, each term a substring the field must hold (at most 5). */
export function conditionTerms(value: string): string[] {
  return [...new Set(value.trim().split(/\s+/u).filter(Boolean))].slice(0, 5);
}

/** The terms of the rows that find (not NOT rows), each once: the relevance order counts them in titles, the page highlights them. */
export function findingTerms(conditions: readonly AdvancedCondition[]): string[] {
  return [...new Set(conditions.filter((c) => c.op !== 'NOT').flatMap((c) => conditionTerms(c.value)))];
}

/** The parameters of a search besides its rows, in the order a canonical query lists them. */
const SEARCH_KEYS = ['from', 'to', 'sort', 'type', 'category', 'subcategory'] as const;

/**
 * The search of `params` as one canonical query string of /exploreV3 (its rows as `c`, then from, to,
 * sort, type, category, subcategory and the field facets; page and size left out): what a saved search
 * and a history entry keep, so that the same search is the same text. Empty when it has no rows.
 */
export function canonicalQuery(params: URLSearchParams): string {
  const rows = conditionsOf(params);
  if (!rows.length) return '';
  const out = new URLSearchParams();
  for (const c of rows) out.append('c', conditionParam(c));
  for (const k of [...SEARCH_KEYS, ...FIELD_FACET_KEYS]) {
    const v = params.get(k)?.trim();
    if (v && !(k === 'sort' && v === 'relevance')) out.set(k, v);
  }
  return out.toString();
}

/** The rows of a canonical query as one line of text for a list (题名：深度学习 并且 作者：张三 …). */
export function querySummary(query: string): string {
  const p = new URLSearchParams(query);
  const rows = conditionsOf(p)
    .map((c, i) => `${i === 0 ? '' : `${ADVANCED_OPS[c.op]} `}${ADVANCED_FIELDS[c.field]}：${c.value}`)
    .join(' ');
  const from = p.get('from');
  const to = p.get('to');
  return from || to ? `${rows}（${from ?? ''}-${to ?? ''} 年）` : rows;
}
