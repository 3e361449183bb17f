/**
 * `bibtex` and `ris`: reference files as reference managers (Zotero, EndNote, JabRef, NoteExpress) and
 * databases (CNKI, Web of Science, publishers) export them (
 * "BibTeX or RIS, parsed with a well-kept library such as citation-js, not by hand"; decision 274).
 *
 * citation-js (@citation-js/core with plugin-bibtex and plugin-ris, as for the exports in
 * server/citations) reads each entry into CSL-JSON; {@link cslToItem} turns that into a resource. The
 * file is cut into entries first, at the lines where they start (`@type{key,` for BibTeX, `TY  - ` for
 * RIS), so that every entry knows its line and one broken entry is skipped with its reason instead of
 * failing the file. citation-js is loaded on the first import of these kinds, not at server start.
 */
import type { ResourceType } from '../../common/constants.js';
import { RESOURCE_TYPE_REGISTRY, resourceTypeOf } from '../../common/resourceTypes.js';
import { isoDay } from '../../common/dates.js';
import { ImportFileError, isIsoDate, stripBom, titleKey, type ImportItem, type ParseResult, type SkippedRow } from './types.js';
import { loadCitationJs, type CitationJs } from '../citations/citationJs.js';

/** A CSL-JSON item as citation-js makes it (only read here, never trusted for shapes). */
type Csl = Record<string, unknown>;
/** A parser of this module: text and file name → items and skipped entries. */
export type CitationParser = (text: string, fileName: string) => ParseResult;

/**
 * citation-js for reading (server/citations/citationJs.ts). The parsing settings are plugin-bibtex's
 * defaults and are not changed: not strict (an entry missing a field the BibTeX standard requires is
 * still read) and `sentenceCase: 'never'` (titles keep their case). Chinese text needs no setting to be
 * read (`asciiOnly`, set by server/citations/render.ts, is for writing).
 */
const citationJs = loadCitationJs;

// ---------------------------------------------------------------------------------------------------
// CSL-JSON → resource

/**
 * CSL item type → resource type (decision 274), as the resource-type registry declares it
 * (common/resourceTypes.ts `import.fromCsl`); every other CSL type is an article.
 */
export const RESOURCE_TYPE_OF_CSL: Readonly<Record<string, ResourceType>> = Object.fromEntries(
  Object.values(RESOURCE_TYPE_REGISTRY).flatMap((d) => (d.import?.fromCsl ?? []).map((csl) => [csl, d.type])),
);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
/** The rich-text markup citation-js writes for LaTeX formatting commands (\emph, \textbf, ^, _, {…}). */
const MARKUP = /<\/?(?:i|b|sup|sub|span)(?:\s[^>]*)?>/gi;
/** The longest title stored (as the jsonl importer). */
const MAX_TITLE = 500;

/** A CSL value as one line of plain text (markup removed, spaces collapsed), or null when empty. */
function clean(v: unknown): string | null {
  if (Array.isArray(v)) v = v.find((x) => typeof x === 'string' || typeof x === 'number');
  const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
  if (s === null) return null;
  const t = s.replace(MARKUP, '').replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

/**
 * One CSL name as it is shown: a literal whole; a Chinese name (any Han character) family then given
 * with no space (`钱, 学森` → 钱学森); a Western one given then family (`LeCun, Yann` → Yann LeCun).
 */
export function nameText(n: unknown): string | null {
  if (typeof n === 'string') return clean(n);
  if (!n || typeof n !== 'object') return null;
  const o = n as Record<string, unknown>;
  const literal = clean(o.literal);
  if (literal) return literal;
  const family = [clean(o['non-dropping-particle']), clean(o.family)].filter(Boolean).join(' ');
  const given = [clean(o.given), clean(o['dropping-particle'])].filter(Boolean).join(' ');
  if (HAN.test(family) || HAN.test(given)) return `${family}${given}` || null;
  return [given, family, clean(o.suffix)].filter(Boolean).join(' ') || null;
}

/**
 * The date of a CSL date at the precision the source gives (decision 510): yyyy-MM-dd from
 * year-month-day, yyyy-MM from year-month, yyyy from a year alone (a day or month that is not a real one
 * is dropped, never replaced by 01); and the year. A stored `2024` or `2024-03` sorts with its year
 * (text order: after 2023-12-31, before 2024-01-01 … in a newest-first list it follows the year's days).
 */
export function cslDate(v: unknown): { date: string | null; year: number | null } {
  if (!v || typeof v !== 'object') return { date: null, year: null };
  const o = v as Record<string, unknown>;
  const dateParts = o['date-parts'];
  let parts: number[];
  if (Array.isArray(dateParts) && Array.isArray(dateParts[0])) {
    parts = (dateParts[0] as unknown[]).map(Number);
  } else {
    // a date citation-js could not split: the first yyyy[-m[-d]] of its raw text
    const found = /(?:^|\D)(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?!\d)/.exec(clean(o.raw) ?? clean(o.literal) ?? '');
    parts = found
      ? found
          .slice(1)
          .filter((p) => p !== undefined)
          .map(Number)
      : [];
  }
  const [y = NaN, m = NaN, d = NaN] = parts;
  if (!Number.isInteger(y) || y < 1000 || y > 9999) return { date: null, year: null };
  if (!Number.isInteger(m) || m < 1 || m > 12) return { date: String(y), year: y };
  const day = isoDay(y, m, d);
  return { date: Number.isInteger(d) && isIsoDate(day) ? day : isoDay(y, m, 1).slice(0, 7), year: y };
}

/** A DOI without its resolver prefix (https://doi.org/…, doi:…) when it looks like one (10.x/…), else null. */
export function doiOf(v: unknown): string | null {
  const t = clean(v)?.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return t && /^10\.\d{4,9}\/\S+$/.test(t) ? t : null;
}

/** Keywords as a list: citation-js joins them with ","; Chinese exports separate them with ; ； ， 、. */
function keywordsOf(v: unknown): string[] {
  const list = (Array.isArray(v) ? v : [v])
    .map(clean)
    .filter((k): k is string => !!k)
    .flatMap((k) => k.split(/\s*[,;，；、]\s*/))
    .map((k) => k.trim())
    .filter(Boolean);
  return [...new Set(list)];
}

/**
 * One CSL-JSON item as a resource, or the reason it is skipped (no title, title too long).
 * - type: {@link RESOURCE_TYPE_OF_CSL}; date (at the source's precision: 2024, 2024-03, 2024-03-05)
 *   and publish_year from `issued` ({@link cslDate})
 * - fields (present ones only): author (list of names, {@link nameText}; a book's as one text joined
 *   by 、 and its year as `year`, as the console edits books), journal (container-title; a conference
 *   paper without one: its event), publish_year,
 *   volume, issue, pages (ranges with "-"), doi, url (http(s)), abstract, keywords (list), publisher,
 *   publisher_place, isbn, issn, and a standard's or patent's number as standard_no / patent_no; a
 *   report's publisher as its institution (发布机构) and its 报告类型 from the CSL genre, else 其他
 *   (common/resourceTypes.ts `import`, decision 511)
 * - sourceKey: the DOI in lower case; else {@link workKey} of the title and year. Never the citation key
 *   (BibTeX label, RIS `ID`): two libraries may both call different papers `wang2020` (decision 350)
 * - searchText: authors, keywords and journal (not the abstract: decision 260)
 */
export function cslToItem(csl: Csl, line: number): ImportItem | { reason: string } {
  const title = clean(csl.title);
  if (!title) return { reason: '没有标题' };
  if (title.length > MAX_TITLE) return { reason: `标题超过 ${MAX_TITLE} 个字` };
  const type = RESOURCE_TYPE_OF_CSL[String(csl.type)] ?? 'article';
  const authors = (Array.isArray(csl.author) ? csl.author : []).map(nameText).filter((n): n is string => !!n);
  const { date, year } = cslDate(csl.issued);
  // a conference paper's proceedings; plugin-ris reads a CPAPER's T2 as the event (the conference) instead
  const journal = clean(csl['container-title']) ?? (csl.type === 'paper-conference' ? (clean(csl['event-title']) ?? clean(csl.event)) : null);
  const keywords = keywordsOf(csl.keyword);
  const doi = doiOf(csl.DOI);
  const url = clean(csl.URL);
  const number = clean(csl.number);
  const mapping = resourceTypeOf(type)?.import;
  const fields: Record<string, unknown> = {
    author: authors.length ? (mapping?.asConsoleEdits ? authors.join('、') : authors) : null,
    journal,
    publish_year: year,
    ...(mapping?.asConsoleEdits ? { year } : {}),
    volume: clean(csl.volume),
    issue: clean(csl.issue),
    pages: clean(csl.page)?.replace(/\s*(?:--|[–—])\s*/g, '-') ?? null,
    doi,
    url: url && /^https?:\/\/\S+$/i.test(url) ? url : null,
    abstract: clean(csl.abstract),
    keywords: keywords.length ? keywords : null,
    [mapping?.publisherField ?? 'publisher']: clean(csl.publisher),
    publisher_place: clean(csl['publisher-place']),
    isbn: clean(csl.ISBN),
    issn: clean(csl.ISSN),
    ...(mapping?.numberField ? { [mapping.numberField]: number } : {}),
    ...(mapping?.genreField ? { [mapping.genreField.name]: mapping.genreField.of(clean(csl.genre)) } : {}),
  };
  for (const k of Object.keys(fields)) if (fields[k] === null) delete fields[k];
  return {
    line,
    type,
    title,
    date,
    sourceKey: doi ? doi.toLowerCase() : workKey(title, year),
    fields,
    searchText: [...authors, ...keywords, journal].filter(Boolean).join(' '),
    categoryOne: null,
    categoryTwo: null,
  };
}

/**
 * The key of a work without a DOI (decision 350): the title hash of the other importers
 * ({@link titleKey}, so a title keyed the same way matches) with the year of publication when known, so two
 * papers of the same title in different years (前言, Editorial) stay two resources.
 */
export function workKey(title: string, year: number | null): string {
  return year == null ? titleKey(title) : `${titleKey(title)}:${year}`;
}

/** The reason shown for an entry repeating an earlier one's key (run.ts KINDS): which key it shares. */
export function citationDuplicate(kept: ImportItem, _dup: ImportItem, where: string): string {
  const doi = typeof kept.fields.doi === 'string' ? kept.fields.doi : null;
  const what = doi && doi.toLowerCase() === kept.sourceKey ? `DOI ${doi}` : kept.sourceKey === titleKey(kept.title) ? '标题相同' : '标题和年份相同';
  return `与${where}是同一篇文献（${what}），已跳过`;
}

// ---------------------------------------------------------------------------------------------------
// cutting a file into entries

interface Chunk {
  /** line the entry starts on (1-based) */
  line: number;
  /** lower case entry type (BibTeX) or 'ris' */
  type: string;
  /** the BibTeX citation key or the RIS ID, as written ('' when none) */
  key: string;
  text: string;
}

/** The line (1-based) of each offset, for offsets given in increasing order. */
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (let i = text.indexOf('\n', at); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    at = Math.max(at, offset);
    return line;
  };
}

/** A BibTeX entry starts at the start of a line: `@type{key,` or `@type(key,` (spaces allowed). */
const BIBTEX_START = /^[ \t]*@[ \t]*([A-Za-z][\w:+-]*)[ \t]*[{(][ \t]*([^,\s]*)/gm;

/** The entries of a BibTeX text, each from its `@` to the next entry's. */
function bibtexChunks(text: string): Chunk[] {
  const starts = [...text.matchAll(BIBTEX_START)];
  const lineOf = lineCounter(text);
  return starts.map((m, i) => ({
    line: lineOf(m.index),
    type: m[1].toLowerCase(),
    key: m[1].toLowerCase() === 'string' ? '' : m[2],
    text: text.slice(m.index, starts[i + 1]?.index ?? text.length),
  }));
}

/** A RIS record starts at a line `TY  - <type>` (as plugin-ris reads lines: trimmed, a value required). */
const RIS_START = /^TY {2}- *\S/;
const RIS_ID = /^[ \t]*ID {2}- *(\S.*?)\s*$/m;

/** The records of a RIS text, each from its `TY  - ` line to the next one's. */
function risChunks(text: string): Chunk[] {
  const lines = text.split('\n');
  const starts = lines.flatMap((l, i) => (RIS_START.test(l.trim()) ? [i] : []));
  return starts.map((s, i) => {
    const body = lines.slice(s, starts[i + 1] ?? lines.length).join('\n');
    return { line: s + 1, type: 'ris', key: RIS_ID.exec(body)?.[1] ?? '', text: body };
  });
}

/** citation-js's error as a short text: "expected …, got …" and where, without its source excerpt. */
function errorDetail(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const expected = /expected [^\n]*?got [^\s(]+/.exec(msg)?.[0];
  return (expected ?? msg.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 120);
}

/** The file line of citation-js's "at line N" within a piece of text that starts on `firstLine`. */
function errorLine(err: unknown, firstLine: number): number | null {
  const m = /at line (\d+)/.exec(err instanceof Error ? err.message : '');
  return m ? firstLine + Number(m[1]) - 1 : null;
}

/**
 * Why plugin-bibtex could not read an entry: one running to its end without its closing brace, else
 * citation-js's "expected …, got …" with the file line it names. `firstLine`: the file line the text
 * given to citation-js would start on (the entry's line less the lines of @string macros put before it).
 */
function syntaxReason(err: unknown, firstLine: number): string {
  if (/got EOF/.test(err instanceof Error ? err.message : '')) return 'BibTeX 语法错误：条目没有结束（缺少右花括号 }），无法读取';
  const at = errorLine(err, firstLine);
  return `BibTeX 语法错误，无法读取这一条目（${at ? `第 ${at} 行附近：` : ''}${errorDetail(err)}）`;
}

// ---------------------------------------------------------------------------------------------------
// the parsers

/** A raw BibTeX entry as plugin-bibtex's grammar reads it (before its values are decoded). */
interface RawEntry {
  type: string;
  label: string;
  properties: Record<string, unknown>;
}

/** Throws the ImportFileError of a file none of whose entries could be read, naming the first failure. */
function fail(reasonOfFile: string, firstFailure: SkippedRow | undefined): never {
  throw new ImportFileError(firstFailure ? `${reasonOfFile}：第 ${firstFailure.line} 行，${firstFailure.reason}` : reasonOfFile);
}

/**
 * Parses a BibTeX (or BibLaTeX) file with citation-js (plugin-bibtex) into resources ({@link cslToItem}).
 * Entries start where a line starts `@type{key`; @comment and @preamble are ignored. The whole text
 * is read at once when it can be, and its entries matched to those starts by their keys; otherwise
 * each entry is read on its own, with the file's @string macros put before it, so that an entry
 * citation-js cannot read is skipped with the reason and the line it starts on. The entries read are
 * converted to CSL-JSON together (crossref between entries works), or one by one when that fails.
 * An entry without a title is skipped (`条目 key 没有标题（title），已跳过`). `read` counts the entries.
 * Throws ImportFileError when the text holds no entry, or when no entry could be read.
 */
export function parseBibtex(lib: CitationJs, input: string, _fileName = ''): ParseResult {
  const text = stripBom(input);
  const chunks = bibtexChunks(text);
  const data = chunks.filter((c) => !['comment', 'preamble', 'string'].includes(c.type));
  if (data.length === 0) throw new ImportFileError('不是 BibTeX 文件：没有找到任何条目（条目应以 @article{引用键, 这样的行开始）');
  const readRaw = (t: string) => (lib.plugins.input.data(t, '@biblatex/text') as unknown[]).filter((e): e is RawEntry => !!e && typeof e === 'object');

  // the fast way: the whole file, each entry matched to the start found for it
  let whole: RawEntry[] | null;
  try {
    whole = readRaw(text);
  } catch {
    whole = null;
  }
  const matched = whole && whole.length === data.length && whole.every((e, i) => e.label === data[i].key) ? whole : null;
  // else entry by entry, after the @string macros that read on their own
  const macros = matched
    ? ''
    : chunks
        .filter((c) => c.type === 'string')
        .filter((c) => {
          try {
            readRaw(c.text);
            return true;
          } catch {
            return false;
          }
        })
        .map((c) => `${c.text}\n`)
        .join('');
  const macroLines = macros.split('\n').length - 1;

  const skipped: SkippedRow[] = [];
  const failures: SkippedRow[] = [];
  const raws: { raw: RawEntry; chunk: Chunk }[] = [];
  let read = 0;
  for (const [i, chunk] of data.entries()) {
    let found: RawEntry[];
    try {
      found = matched ? [matched[i]] : readRaw(macros + chunk.text);
    } catch (err) {
      read++;
      const s = { line: chunk.line, reason: syntaxReason(err, chunk.line - macroLines) };
      skipped.push(s);
      failures.push(s);
      continue;
    }
    read += Math.max(found.length, 1);
    if (found.length === 0) skipped.push({ line: chunk.line, reason: '没有读到条目的内容' });
    for (const raw of found) raws.push({ raw, chunk });
  }

  // to CSL-JSON: all together (crossref), else one by one to find the entries that cannot be converted
  const toCsl = (list: RawEntry[]) => lib.plugins.input.chain(list, { forceType: '@biblatex/entries+list', generateGraph: false, strict: true });
  let csl: (Csl | Error)[];
  try {
    csl = raws.length ? toCsl(raws.map((r) => r.raw)) : [];
    if (csl.length !== raws.length) throw new Error('count');
  } catch {
    csl = raws.map(({ raw }) => {
      try {
        return toCsl([raw])[0] ?? new Error('no item');
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    });
  }
  const items: ImportItem[] = [];
  raws.forEach(({ raw, chunk }, i) => {
    const c = csl[i];
    const label = typeof raw.label === 'string' ? raw.label : chunk.key;
    if (c instanceof Error) {
      const s = { line: chunk.line, reason: `无法转换条目 ${label}（${errorDetail(c)}）` };
      skipped.push(s);
      failures.push(s);
      return;
    }
    const it = cslToItem(c, chunk.line);
    if ('reason' in it)
      skipped.push({ line: chunk.line, reason: `条目${label ? ` ${label} ` : ''}${it.reason === '没有标题' ? '没有标题（title）' : it.reason}，已跳过` });
    else items.push(it);
  });
  if (items.length === 0 && failures.length === read) fail('无法读取这个 BibTeX 文件', failures[0]);
  return { items, skipped: skipped.sort((a, b) => a.line - b.line), read };
}

/**
 * Parses a RIS file with citation-js (plugin-ris) into resources ({@link cslToItem}). Each record
 * (from a `TY  - ` line to the next) is read on its own: one citation-js cannot read is skipped with
 * its reason and the line of its `TY`; a record without a title (TI, T1) is skipped. The citation
 * key is the record's `ID`. `read` counts the records found.
 * Throws ImportFileError when the text holds no record, or when no record could be read.
 */
export function parseRis(lib: CitationJs, input: string, _fileName = ''): ParseResult {
  const text = stripBom(input);
  const chunks = risChunks(text);
  if (chunks.length === 0) throw new ImportFileError('不是 RIS 文件：没有找到任何记录（记录应以 “TY  - JOUR” 这样的行开始，以 “ER  - ” 结束）');
  const items: ImportItem[] = [];
  const skipped: SkippedRow[] = [];
  const failures: SkippedRow[] = [];
  for (const chunk of chunks) {
    let list: Csl[];
    try {
      list = lib.plugins.input.chain(chunk.text, { forceType: '@ris/file', generateGraph: false, strict: true });
      if (list.length !== 1) throw new Error(`found ${list.length} records`);
    } catch (err) {
      const s = { line: chunk.line, reason: `无法读取这条 RIS 记录（${errorDetail(err)}）` };
      skipped.push(s);
      failures.push(s);
      continue;
    }
    const it = cslToItem(list[0], chunk.line);
    if ('reason' in it)
      skipped.push({
        line: chunk.line,
        reason: `记录${chunk.key ? ` ${chunk.key} ` : ''}${it.reason === '没有标题' ? '没有标题（TI 或 T1）' : it.reason}，已跳过`,
      });
    else items.push(it);
  }
  if (items.length === 0 && failures.length === chunks.length) fail('无法读取这个 RIS 文件', failures[0]);
  return { items, skipped, read: chunks.length };
}

/** The BibTeX parser of run.ts, citation-js loaded. Resolves once citation-js is loaded. */
export async function bibtexParser(): Promise<CitationParser> {
  const lib = await citationJs();
  return (text, fileName) => parseBibtex(lib, text, fileName);
}

/** The RIS parser of run.ts, citation-js loaded. Resolves once citation-js is loaded. */
export async function risParser(): Promise<CitationParser> {
  const lib = await citationJs();
  return (text, fileName) => parseRis(lib, text, fileName);
}
