/**
 * Citation export: a list of resources as BibTeX, RIS or GB/T 7714-2015 numeric text,
 * made with citation-js (@citation-js/core with plugin-bibtex, plugin-ris and plugin-csl, which runs
 * citeproc-js) from the CSL-JSON of ./csl.ts. GB/T 7714 uses Atrium's own CSL style
 * ./gb-t-7714-2015-numeric.csl (decision 271), registered with plugin-csl's config as
 * {@link GBT7714_STYLE}.
 *
 * citation-js is loaded on the first export, not at server start (citeproc-js is large). Its settings
 * are process-wide: BibTeX keeps non-ASCII text (`asciiOnly: false`; its default strips Chinese), and a
 * zh-CN locale is registered (plugin-csl ships none) as the en-US one under the zh-CN name; the style's
 * own locale blocks give the terms GB/T 7714 needs (等, page ranges with "-").
 */
import fs from 'node:fs';
import type { ResourceItem } from '../resources/present.js';
import { oneLine, resourceToCsl, type CslItem, type CslOptions } from './csl.js';
import { loadCitationJs, type CitationJs } from './citationJs.js';

/** The export formats, as named in the `format` query parameter. */
export const CITATION_FORMATS = ['bibtex', 'ris', 'gbt7714'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

/** The name the GB/T 7714 style is registered under in plugin-csl. */
export const GBT7714_STYLE = 'atrium-gb-t-7714-2015-numeric';

/** How each format is sent: content type and file extension. */
export const CITATION_FILE: Readonly<Record<CitationFormat, { contentType: string; extension: string }>> = {
  bibtex: { contentType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { contentType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  gbt7714: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
};

let formatting: Promise<CitationJs> | null = null;

/** citation-js with the CSL plugin, the style and the zh-CN locale registered too (once per process). */
function citationJs(): Promise<CitationJs> {
  formatting ??= (async () => {
    const core = await loadCitationJs();
    await import('@citation-js/plugin-csl');
    const csl = core.plugins.config.get('@csl');
    if (!csl.styles.has(GBT7714_STYLE)) {
      csl.styles.add(GBT7714_STYLE, fs.readFileSync(new URL('./gb-t-7714-2015-numeric.csl', import.meta.url), 'utf8'));
    }
    if (!csl.locales.has('zh-CN')) {
      const en = csl.locales.get('en-US');
      if (en) csl.locales.add('zh-CN', en.replace(/xml:lang="en-US"/, 'xml:lang="zh-CN"'));
    }
    core.plugins.config.get('@bibtex').format.asciiOnly = false;
    return core;
  })();
  formatting.catch(() => {
    formatting = null;
  });
  return formatting;
}

/** Text of a formatter's answer with Unix line ends and one final line end. */
const tidy = (out: unknown) => `${String(out).replace(/\r\n?/g, '\n').replace(/\n+$/, '')}\n`;

/**
 * Text for a BibTeX value, LaTeX's special characters escaped: with `asciiOnly: false` citation-js
 * writes values as they are, so a % would end the line, a brace would unbalance the entry (and close
 * it: a stored value could start entries of its own, decision 417), "--" would print as an en dash,
 * and `<i>`, `<b>`, `<sup>`, `<span …>` would become LaTeX commands with an opening brace of their own
 * (citation-js reads them as markup). Each character comes back unchanged when the file is read
 * (citation-js, BibTeX, biber).
 */
export function latexEscape(s: string): string {
  return s.replace(/[\\{}%$#&_~^<>]/g, (c) => LATEX_SPECIAL[c] ?? `\\${c}`).replace(/-(?=-)/g, '-{}');
}

/** The specials written as text commands (the others take a backslash before them). */
const LATEX_SPECIAL: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/**
 * An address for a BibTeX verbatim field (`url`, `doi`; citation-js copies the URL into
 * `howpublished` too): `{`, `}` and `\` percent-encoded (%7B, %7D, %5C), the way a browser sends them
 * (RFC 3986 allows none of them in a URI), so no brace of a stored address can close the entry
 * (decision 417). citation-js reads the field back as `encodeURI` of the address.
 */
export function bibtexUri(s: string): string {
  return s.replace(/[{}\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The CSL keys that are not text of the resource (labels and codes this module writes). */
const OWN_KEYS: ReadonlySet<string> = new Set(['id', 'type', 'citation-key', 'language']);
/** The CSL keys written as BibTeX verbatim fields. */
const URI_KEYS: ReadonlySet<string> = new Set(['URL', 'DOI']);

/**
 * An item for BibTeX: every text variable and name escaped ({@link latexEscape}), the addresses
 * percent-encoded ({@link bibtexUri}); dates are numbers, and the item's own keys are safe as made.
 */
function forBibtex(item: CslItem): CslItem {
  const out: Record<string, unknown> = { ...item };
  for (const [key, v] of Object.entries(item)) {
    if (typeof v !== 'string' || OWN_KEYS.has(key)) continue;
    out[key] = URI_KEYS.has(key) ? bibtexUri(v) : latexEscape(v);
  }
  const author = item.author?.map((n) =>
    'literal' in n ? { literal: latexEscape(n.literal) } : { family: latexEscape(n.family), ...(n.given ? { given: latexEscape(n.given) } : {}) },
  );
  if (author) out.author = author;
  else delete out.author;
  return out as unknown as CslItem;
}

/**
 * Every text of an item (its variables and its names' parts) passed through `f`; dates and numbers
 * are left as they are.
 */
function mapText(item: CslItem, f: (s: string) => string): CslItem {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(item)) out[key] = typeof v === 'string' ? f(v) : v;
  const author = item.author?.map((n) =>
    'literal' in n ? { literal: f(n.literal) } : { family: f(n.family), ...(n.given !== undefined ? { given: f(n.given) } : {}) },
  );
  if (author) out.author = author;
  return out as unknown as CslItem;
}

/**
 * CSL-JSON items as BibTeX entries (@article, @book, @techreport, @inproceedings, @misc, ...), one per
 * item, labelled `atrium<id>`; Chinese text is kept as is (UTF-8), LaTeX's special characters escaped
 * ({@link latexEscape}). Resolves with the file's text.
 */
export async function cslToBibtex(items: CslItem[]): Promise<string> {
  const { plugins } = await citationJs();
  return items
    .map(forBibtex)
    .map((item) => withAbstractAndKeywords(tidy(plugins.output.format('bibtex', [item], { format: 'text' })), item))
    .join('');
}

/**
 * One BibTeX entry with the item's `abstract` and `keywords` fields added before its closing brace:
 * citation-js's BibTeX mapping has neither (only its BibLaTeX one does), while the RIS export carries
 * both (AB, KW), so they are written here, as BibTeX readers (biber, JabRef, Zotero, citation-js) read
 * them; line breaks become spaces, as in RIS (decision 425). `item` is already escaped (forBibtex).
 */
function withAbstractAndKeywords(entry: string, item: CslItem): string {
  const extra = [
    ['abstract', item.abstract],
    ['keywords', item.keyword],
  ]
    .filter((f): f is [string, string] => typeof f[1] === 'string' && f[1].trim() !== '')
    .map(([name, v]) => `\t${name} = {${v.replace(/\s+/g, ' ').trim()}},\n`)
    .join('');
  return extra ? entry.replace(/}\n$/, `${extra}}\n`) : entry;
}

/**
 * Undoes plugin-ris's wrapping: it breaks every value after each 70 UTF-16 units (`.{70}` → `$1\n`),
 * which splits Chinese text (and a surrogate pair) where readers that know no continuation lines lose
 * it. Our values hold no line breaks (cslToRis turns them into spaces), so a line that
 * follows a full 70-unit chunk is the rest of that value: joined back exactly.
 */
export function unwrapRis(text: string): string {
  const out: string[] = [];
  let full = false; // the last physical line ended a full 70-unit chunk
  for (const line of text.split('\n')) {
    if (full && out.length) {
      out[out.length - 1] += line;
      full = line.length === 70;
      continue;
    }
    out.push(line);
    full = /^[A-Z][A-Z0-9] {2}- /.test(line) && line.length - 6 === 70;
  }
  return out.join('\n');
}

/**
 * CSL-JSON items as RIS records (TY  - JOUR … ER  - ), one per item, one line per value: every line
 * break a reader may split on (CR, LF, VT, FF, U+001C-U+001E, NEL, U+2028, U+2029) and every other
 * control character in a value becomes a space, so no value starts a tag of its own (RIS has no
 * escape; decision 417). Resolves with the file's text.
 */
export async function cslToRis(items: CslItem[]): Promise<string> {
  const { plugins } = await citationJs();
  const safe = items.map((it) => mapText(it, oneLine));
  return tidy(unwrapRis(String(plugins.output.format('ris', safe, { format: 'text' }))));
}

/**
 * CSL-JSON items as GB/T 7714-2015 numeric references, in the order given: `[1] 张三, 李四, 王五, 等.
 * 题名[J]. 刊名, 2020, 12(3): 45-50. DOI:10.xxxx/yyyy.` Resolves with one string per item (no line end).
 */
export async function cslToGbt7714(items: CslItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const { plugins } = await citationJs();
  // citeproc-js reads quotes and tags in text as markup ("题名" → “题名”, but not always; <b> → bold):
  // text variables go in as placeholders and come back verbatim, so a reference quotes its source exactly
  const held: string[] = [];
  const hold = (v: string) => `\uE000${held.push(v) - 1}\uE001`;
  // a value holding the placeholders' own characters would print another value: they are dropped, and
  // every value is one line (one reference a line)
  const input = items.map((it) => {
    const out: CslItem = mapText(it, (s) => oneLine(s).replace(/[\uE000\uE001]/g, ''));
    for (const key of VERBATIM_VARIABLES) {
      const v = out[key];
      if (typeof v === 'string') out[key] = hold(v);
    }
    return out;
  });
  const entries = plugins.output.format('bibliography', input, {
    style: GBT7714_STYLE,
    lang: 'zh-CN',
    format: 'text',
    nosort: true,
    asEntryArray: true,
  }) as Array<[string, string]>;
  return entries.map(([, entry]) => entry.replace(/\s+$/, '').replace(/\uE000(\d+)\uE001/g, (_m, i: string) => held[Number(i)]));
}

/** The text variables the GB/T 7714 text quotes verbatim (see cslToGbt7714). */
const VERBATIM_VARIABLES = ['title', 'container-title', 'publisher', 'publisher-place', 'number'] as const;

/** Options of the resource renderers: the 引用日期 of web pages (yyyy-MM-dd; default today in China). */
export type RenderOptions = CslOptions;

/** Resources (presentResource items) as a BibTeX file (decision 270 for the types). */
export function renderBibtex(items: ResourceItem[], opts: RenderOptions = {}): Promise<string> {
  return cslToBibtex(items.map((it) => resourceToCsl(it, opts)));
}

/** Resources (presentResource items) as a RIS file. */
export function renderRis(items: ResourceItem[], opts: RenderOptions = {}): Promise<string> {
  return cslToRis(items.map((it) => resourceToCsl(it, opts)));
}

/** Resources (presentResource items) as GB/T 7714-2015 numeric text: one numbered reference a line. */
export async function renderGbt7714(items: ResourceItem[], opts: RenderOptions = {}): Promise<string> {
  const lines = await cslToGbt7714(items.map((it) => resourceToCsl(it, opts)));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * Resources in one of the {@link CITATION_FORMATS}: the file's text, content type and extension.
 * Rejects only on a fault of citation-js (a bug; the route answers 500).
 */
export async function renderCitations(
  items: ResourceItem[],
  format: CitationFormat,
  opts: RenderOptions = {},
): Promise<{ body: string; contentType: string; extension: string }> {
  const body = format === 'bibtex' ? await renderBibtex(items, opts) : format === 'ris' ? await renderRis(items, opts) : await renderGbt7714(items, opts);
  return { body, ...CITATION_FILE[format] };
}
