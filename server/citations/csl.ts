/**
 * One resource as CSL-JSON (Citation Style Language 1.0 input data), the shape the citation exports
 * (BibTeX, RIS, GB/T 7714-2015) are made from (docs/decisions.md 270-273).
 *
 * Input: a listing item of server/resources/present.ts `presentResource` (id, type, title, date and the
 * type's JSON fields). What articles carry (server/import/articles.ts, jsonl.ts, seed/catalogue.ts):
 * abstract, keywords (array), discipline, category, publish_year, and when known author (array or
 * text), journal, volume, issue, pages, doi, url. Other types bring their own fields (console types of
 * common/resourceFields.ts: author, publisher, standard_no, issuer, docNumber, source, ...).
 *
 * Pure: no database, no HTTP.
 */
import { RESOURCE_TYPE_REGISTRY, resourceTypeOf } from '../../common/resourceTypes.js';
import type { ResourceItem } from '../resources/present.js';

/** A CSL name: a person split into family and given names, or a literal kept whole (Chinese names, organisations). */
export type CslName = { literal: string } | { family: string; given?: string };

/** A CSL date: its date parts (year, month, day). */
export interface CslDate {
  'date-parts': number[][];
}

/** A CSL-JSON item as made here: the variables this module fills in, all optional but id, type and title. */
export interface CslItem {
  id: string;
  type: string;
  title: string;
  /** the BibTeX label (citation-js uses it when it is a safe label) */
  'citation-key'?: string;
  author?: CslName[];
  issued?: CslDate;
  accessed?: CslDate;
  'container-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  DOI?: string;
  URL?: string;
  ISSN?: string;
  ISBN?: string;
  publisher?: string;
  'publisher-place'?: string;
  /** a patent's, standard's or policy document's number */
  number?: string;
  /** the kind of work within its type (a report's 报告类型: BibTeX `type`, RIS `M3`) */
  genre?: string;
  abstract?: string;
  /** keywords joined by "," (how citation-js reads and writes CSL keywords) */
  keyword?: string;
  /** 'zh' or 'en': picks the layout of the GB/T 7714 style (等 or et al.) */
  language?: string;
}

/**
 * Resource type → CSL item type (decision 270), as the resource-type registry declares it
 * (common/resourceTypes.ts `citation.csl`). Types not listed are web pages ([EB/OL] in GB/T 7714):
 * news, policy, project, journal, institution, tool, job, bulletin, wechat_article, notice, resource, ...
 */
export const CSL_TYPE_OF_RESOURCE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(RESOURCE_TYPE_REGISTRY).flatMap((d) => (d.citation.csl ? [[d.type, d.citation.csl]] : [])),
);

/** The CSL type of a resource type (web page for every type without its own; decision 270). */
export function cslTypeOf(resourceType: string): string {
  return CSL_TYPE_OF_RESOURCE[resourceType] ?? 'webpage';
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z]/;

/**
 * Control characters and every Unicode line break: C0 (CR, LF, VT, FF, the separators U+001C-U+001E),
 * DEL, C1 (NEL U+0085) and U+2028 / U+2029. A value is one line in every export (decision 417): a
 * reader that splits lines on any of them (RIS readers, Python's `splitlines`) must not find a new tag.
 */
export const CONTROLS_AND_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Text with each run of {@link CONTROLS_AND_BREAKS} turned into one space (not trimmed). */
export const oneLine = (s: string): string => s.replace(CONTROLS_AND_BREAKS, ' ');

/** A field as trimmed text on one line (strings and finite numbers), else undefined. */
function text(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const t = oneLine(v).trim();
  return t === '' ? undefined : t;
}

/** The first of `keys` of `item` that holds text. */
function pick(item: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const t = text(item[k]);
    if (t !== undefined) return t;
  }
  return undefined;
}

/**
 * One name as CSL: Chinese (any Han character) and single-word names are literals, printed whole;
 * "Family, Given" and "Given Middle Family" (Latin letters) are split, so GB/T 7714 prints SMITH J A.
 */
export function parseName(raw: string): CslName | undefined {
  const s = oneLine(raw).replace(/\s+/g, ' ').trim();
  if (!s) return undefined;
  if (HAN.test(s) || !LATIN.test(s)) return { literal: s };
  const comma = s.indexOf(',');
  if (comma > 0) {
    const family = s.slice(0, comma).trim();
    const given = s.slice(comma + 1).trim();
    return given ? { family, given } : { literal: family };
  }
  const words = s.split(' ');
  if (words.length === 1) return { literal: s };
  return { family: words[words.length - 1], given: words.slice(0, -1).join(' ') };
}

/**
 * A creators field as CSL names. Accepts an array (strings, or objects with literal / family+given /
 * name), or text separated by ; ； 、 ， (and "," between Chinese names, " and " between Western ones).
 * Anything else gives [].
 */
export function parseNames(value: unknown): CslName[] {
  const out: CslName[] = [];
  const add = (n: CslName | undefined) => {
    if (n) out.push(n);
  };
  if (Array.isArray(value)) {
    for (const v of value) {
      if (typeof v === 'string') add(parseName(v));
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        const literal = text(o.literal) ?? text(o.name);
        const family = text(o.family);
        if (family) out.push(text(o.given) ? { family, given: text(o.given)! } : HAN.test(family) ? { literal: family } : { family });
        else if (literal) add(parseName(literal));
      }
    }
    return out;
  }
  const t = text(value);
  if (!t) return out;
  const parts = t
    .split(/\s*(?:[;；、，]|\s+and\s+)\s*/)
    .flatMap((p) => (HAN.test(p) && p.includes(',') ? p.split(/\s*,\s*/) : [p]))
    .filter(Boolean);
  for (const p of parts) add(parseName(p));
  return out;
}

/** The date parts of yyyy, yyyy-MM or yyyy-MM-dd (the leading part of a longer text), or undefined. */
export function dateParts(v: unknown): CslDate | undefined {
  const t = text(v);
  const m = t && /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(t);
  if (!m) return undefined;
  const parts = [Number(m[1])];
  if (m[2]) parts.push(Number(m[2]));
  if (m[2] && m[3]) parts.push(Number(m[3]));
  return { 'date-parts': [parts] };
}

/** A DOI without its resolver prefix (https://doi.org/…, doi:…), when it looks like one (10.x/…). */
function doiOf(v: unknown): string | undefined {
  const t = text(v)?.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return t && /^10\.\d{3,}\/\S+$/.test(t) ? t : undefined;
}

/** An http(s) address, else undefined (site paths and other schemes are not cited). */
function urlOf(...values: unknown[]): string | undefined {
  for (const v of values) {
    const t = text(v);
    if (t && /^https?:\/\/\S+$/i.test(t)) return t;
  }
  return undefined;
}

/** Keywords as one CSL text, joined by "," (an array, or text separated by _ , ; 、 as articles store them). */
function keywordsOf(v: unknown): string | undefined {
  const list = Array.isArray(v) ? v.map((k) => text(k)).filter((k): k is string => !!k) : (text(v)?.split(/[_,;，；、]/) ?? []);
  const clean = list.map((k) => k.replace(/,/g, ' ').trim()).filter(Boolean);
  return clean.length ? clean.join(',') : undefined;
}

/** Today in China (yyyy-MM-dd): the 引用日期 of web pages by default. */
export function todayInChina(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Options of {@link resourceToCsl}. */
export interface CslOptions {
  /** 引用日期 of online resources (yyyy-MM-dd); default: today in China */
  accessed?: string;
}

/**
 * Turns one resource (a `presentResource` listing item) into a CSL-JSON item.
 * - id `atrium-<id>`, BibTeX label `atrium<id>`; type by {@link cslTypeOf}
 * - author: `author` / `authors` / `inventor` (array or text; Chinese names whole), else for news,
 *   policy, conference, science data and WeChat articles the responsible organisation
 *   (source, issuer, organizer, publisher, account) as a literal
 * - issued: publish_year / year for articles and when the date is only `<year>-01-01`, else the resource
 *   date; a date of the year at the source's precision (2024-03, 2024) as it is; accessed (引用日期): for web pages and data sets
 * - container-title (journal), volume, issue, page (pages), DOI, URL (url / link / homepage; http(s)
 *   only), publisher, publisher-place (or city), number (standard_no, patent_no, docNumber, ...), genre
 *   (a report's 报告类型, so that an export imports back with its type: decision 511),
 *   ISSN, ISBN, abstract (abstract / summary / description), keyword (keywords)
 * - language 'en' when the title has Latin letters and no Chinese character, else 'zh'
 * Fields missing or of a wrong shape are left out; never throws.
 */
export function resourceToCsl(item: ResourceItem, opts: CslOptions = {}): CslItem {
  const f = item as Record<string, unknown>;
  const type = cslTypeOf(item.type);
  const citation = resourceTypeOf(item.type)?.citation;
  const title = text(item.title) ?? '';
  const csl: CslItem = { id: `atrium-${item.id}`, 'citation-key': `atrium${item.id}`, type, title };

  let author = parseNames(f.author ?? f.authors ?? f.inventor ?? f.inventors);
  if (author.length === 0) {
    const org = pick(f, ...(citation?.organisation ?? []));
    if (org) author = [{ literal: org }];
  }
  if (author.length) csl.author = author;

  // a year field wins over a date that only stands for it (older article imports stored `<year>-01-01`;
  // journals cite the year); a date kept at the source's precision (2024, 2024-03: reference imports,
  // decision 510) of that year is the issued date as given, so it is cited with its month and no day
  const year = pick(f, 'publish_year', 'year');
  const partial = typeof item.date === 'string' && /^\d{4}(?:-\d{2})?$/.test(item.date) && item.date.startsWith(`${year}`);
  const yearWins = !!year && /^\d{4}$/.test(year) && !partial && (!!citation?.yearWins || !item.date || item.date === `${year}-01-01`);
  const issued = yearWins ? dateParts(year) : (dateParts(item.date) ?? dateParts(year));
  if (issued) csl.issued = issued;
  if (type === 'webpage' || type === 'dataset') {
    const accessed = dateParts(opts.accessed ?? todayInChina());
    if (accessed) csl.accessed = accessed;
  }

  const set = <K extends keyof CslItem>(key: K, value: CslItem[K] | undefined) => {
    if (value !== undefined) csl[key] = value;
  };
  set('container-title', pick(f, 'journal', 'journal_name', 'container_title', 'proceedings'));
  set('volume', pick(f, 'volume'));
  set('issue', pick(f, 'issue'));
  set('page', pick(f, 'pages', 'page')?.replace(/\s*[–—~～]\s*/g, '-'));
  set('DOI', doiOf(f.doi ?? f.DOI));
  set('URL', urlOf(f.url, f.link, f.homepage));
  set('publisher', pick(f, 'publisher', ...(citation?.publisherFrom ?? [])));
  set('publisher-place', pick(f, 'publisher_place', 'place', 'city'));
  set('number', pick(f, 'standard_no', 'patent_no', 'patent_number', 'number', 'docNumber'));
  set('genre', pick(f, ...(citation?.genreFrom ?? [])));
  set('ISSN', pick(f, 'issn'));
  set('ISBN', pick(f, 'isbn'));
  set('abstract', pick(f, 'abstract', 'summary', 'description'));
  set('keyword', keywordsOf(f.keywords));
  csl.language = LATIN.test(title) && !HAN.test(title) ? 'en' : 'zh';
  return csl;
}
