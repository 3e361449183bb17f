/**
 * The harvesters (docs/decisions.md 672-674): OAI-PMH ListRecords through its resumption tokens, RSS and
 * Atom feeds (rss-parser), and file drops read by the import's parsers (BibTeX, RIS, CSV). Each reads a
 * page or a file at a time (bounded: fetch.ts caps every body) and hands the records to `land`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { MSG, fillMsg } from '../../common/messages.js';
import { parserOfKind } from '../import/run.js';
import { stripBom } from '../import/types.js';
import { MonitorError, type FetchLimits } from './fetch.js';
import { dateOf, doiIn, type Harvested } from './records.js';

/** How a harvester reads an address (fetch.ts in production; the tests may hand their own). */
export type Getter = (url: string, limits: FetchLimits) => Promise<string>;

/** Most pages one OAI-PMH run follows before it stops with an error (a server handing tokens forever). */
export const MAX_OAI_PAGES = 10_000;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  textNodeName: '#text',
  isArray: (name) =>
    ['record', 'title', 'creator', 'subject', 'identifier', 'date', 'source', 'publisher', 'description', 'relation', 'contributor'].includes(name),
  processEntities: true,
  htmlEntities: false,
});

const text = (v: unknown): string | null => {
  if (v == null) return null;
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (typeof v === 'object' && '#text' in v) return text(v['#text']);
  return null;
};
const texts = (v: unknown): string[] => (Array.isArray(v) ? v : v == null ? [] : [v]).map(text).filter((s): s is string => !!s);

/** One oai_dc record as a Harvested record (null for a deleted one or one without a title). */
function fromDc(header: Record<string, unknown>, dc: Record<string, unknown> | undefined): Harvested | null {
  if (header['@status'] === 'deleted' || !dc) return null;
  const title = texts(dc.title)[0];
  if (!title) return null;
  const ids = texts(dc.identifier);
  const url = ids.find((i) => /^https?:\/\//i.test(i)) ?? null;
  return {
    title,
    identifier: text(header.identifier),
    doi: ids.map(doiIn).find(Boolean) ?? null,
    date: dateOf(texts(dc.date)[0]),
    authors: texts(dc.creator),
    institutions: texts(dc.contributor).concat(texts(dc.publisher)),
    journal: texts(dc.source)[0] ?? null,
    keywords: texts(dc.subject),
    abstract: texts(dc.description)[0] ?? null,
    url,
  };
}

type Node = Record<string, unknown>;
const obj = (v: unknown): Node | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : null);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** One page of an OAI-PMH ListRecords answer: its records and the next token (null at the end). */
export function parseOaiPage(body: string): { records: Harvested[]; token: string | null } {
  let doc: Node | null;
  try {
    doc = obj(xml.parse(body));
  } catch {
    throw new MonitorError(MSG.monitorErrNotOai);
  }
  const root = obj(doc?.['OAI-PMH']);
  if (!root) throw new MonitorError(MSG.monitorErrNotOai);
  if (root.error !== undefined) {
    const e = first(root.error);
    const raw = obj(e)?.['@code'];
    const code = typeof raw === 'string' ? raw : '';
    if (code === 'noRecordsMatch') return { records: [], token: null };
    throw new MonitorError(fillMsg(MSG.monitorErrOai, { code, text: (text(e) ?? '').slice(0, 200) }));
  }
  const list = obj(root.ListRecords);
  if (!list) throw new MonitorError(MSG.monitorErrNotOai);
  const records: Harvested[] = [];
  for (const rec of Array.isArray(list.record) ? list.record : []) {
    const r = obj(rec);
    const h = r ? fromDc(obj(r.header) ?? {}, obj(obj(r.metadata)?.dc) ?? undefined) : null;
    if (h) records.push(h);
  }
  return { records, token: text(list.resumptionToken) };
}

/** A source's OAI-PMH address of the first page (`from` at seconds granularity) or of a token's page. */
export function oaiUrl(base: string, o: { token?: string | null; from?: string | null; set?: string | null; prefix?: string | null }): string {
  const u = new URL(base);
  u.search = '';
  u.searchParams.set('verb', 'ListRecords');
  if (o.token) u.searchParams.set('resumptionToken', o.token);
  else {
    u.searchParams.set('metadataPrefix', o.prefix || 'oai_dc');
    if (o.set) u.searchParams.set('set', o.set);
    if (o.from) u.searchParams.set('from', o.from.slice(0, 19) + 'Z');
  }
  return u.toString();
}

/**
 * Harvests an OAI-PMH source page by page from `token` (a saved one) or from `from`: each page's records
 * are handed to `onPage` with the next token, which the caller saves before the next page is read (so a
 * failed run resumes there). Resolves when the list ends; rejects with MonitorError.
 */
export async function harvestOai(
  get: Getter,
  limits: FetchLimits,
  src: { url: string; set: string | null; prefix: string | null; from: string | null; token: string | null },
  onPage: (records: Harvested[], next: string | null) => Promise<void>,
): Promise<void> {
  let token = src.token;
  for (let page = 0; ; page++) {
    if (page >= MAX_OAI_PAGES) throw new MonitorError(fillMsg(MSG.monitorErrTooManyPages, { n: MAX_OAI_PAGES }));
    const body = await get(oaiUrl(src.url, { token, from: src.from, set: src.set, prefix: src.prefix }), limits);
    const { records, token: next } = parseOaiPage(body);
    await onPage(records, next);
    if (!next) return;
    token = next;
  }
}

/** The records of an RSS or Atom feed. */
export async function harvestFeed(get: Getter, limits: FetchLimits, url: string): Promise<Harvested[]> {
  const body = await get(url, limits);
  let feed: Awaited<ReturnType<Parser['parseString']>>;
  try {
    feed = await new Parser().parseString(body);
  } catch {
    throw new MonitorError(MSG.monitorErrNotFeed);
  }
  return (feed.items ?? []).map((i) => {
    const link = i.link ?? null;
    const id = i.guid ?? (i as { id?: string }).id ?? link;
    return {
      title: (i.title ?? '').trim(),
      identifier: id ?? null,
      doi: doiIn(id) ?? doiIn(link),
      date: dateOf(i.isoDate ?? null),
      authors: [i.creator, (i as { author?: string }).author].filter((a): a is string => typeof a === 'string' && !!a.trim()),
      institutions: [],
      journal: feed.title ?? null,
      keywords: (i.categories ?? []).filter((c): c is string => typeof c === 'string'),
      abstract: i.contentSnippet?.slice(0, 2000) ?? null,
      url: link && /^https?:\/\//i.test(link) ? link : null,
    };
  });
}

const EXT: Record<string, RegExp> = { bibtex: /\.(bib|bibtex)$/i, ris: /\.ris$/i, articles: /\.(csv|tsv|txt)$/i };

/**
 * The records of the files dropped in `folder` since `since` (all when null), read by the import's
 * parser of `kind`; a file the parser refuses is a MonitorError naming the file.
 */
export async function harvestDrop(folder: string, kind: string, since: string | null): Promise<Harvested[]> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new MonitorError(MSG.monitorErrDropMissing);
  const after = since ? Date.parse(since) : 0;
  const out: Harvested[] = [];
  for (const name of fs.readdirSync(folder).sort()) {
    const file = path.join(folder, name);
    const st = fs.statSync(file);
    if (!st.isFile() || !EXT[kind]?.test(name) || st.mtimeMs < after) continue;
    try {
      const parse = await parserOfKind(kind, file);
      const result = parse(stripBom(fs.readFileSync(file, 'utf8')), name);
      for (const it of result.items) {
        const f = it.fields;
        const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(/[;；、,，]\s*/) : []);
        out.push({
          title: it.title,
          identifier: null,
          doi: typeof f.doi === 'string' ? f.doi.toLowerCase() : null,
          date: it.date ?? (typeof f.publish_year === 'number' ? String(f.publish_year) : null),
          authors: list(f.author),
          institutions: list(f.institution ?? f.affiliation),
          journal: typeof f.journal === 'string' ? f.journal : null,
          keywords: list(f.keywords),
          abstract: typeof f.abstract === 'string' ? f.abstract : null,
          url: typeof f.url === 'string' ? f.url : null,
        });
      }
    } catch (err) {
      throw new MonitorError(fillMsg(MSG.monitorErrFile, { name, reason: (err as Error).message.slice(0, 200) }));
    }
  }
  return out;
}
