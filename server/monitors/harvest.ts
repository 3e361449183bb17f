/**
 * The harvesters (docs/decisions.md 672-674): OAI-PMH ListRecords through its resumption tokens, RSS and
 * Atom feeds (rss-parser), and file drops read by the import's parsers (BibTeX, RIS, CSV). Each reads a
 * page or a file at a time (bounded: fetch.ts caps every body) and hands the records to `land`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Parser as SaxParser } from 'htmlparser2';
import Parser from 'rss-parser';
import { MSG, fillMsg } from '../../common/messages.js';
import { parserOfKind } from '../import/run.js';
import { stripBom } from '../import/types.js';
import { MonitorError, type FetchLimits } from './fetch.js';
import { dateOf, doiIn, type Harvested } from './records.js';
import { parseOaiPageOffThread, type OaiPage } from './oaiPages.js';
import { textOf, tokenAtEnd } from '../oai/answerBytes.js';

/** How a harvester reads an address: the body's bytes (fetch.ts `fetchBytes` in production) or text (the tests may hand their own). */
export type Getter = (url: string, limits: FetchLimits) => Promise<string | Uint8Array>;

/** Most pages one OAI-PMH run follows before it stops with an error (a server handing tokens forever). */
export const MAX_OAI_PAGES = 10_000;

/** One oai_dc record as a Harvested record (null for a deleted one or one without a title). */
function fromDc(rec: { identifier: string | null; deleted: boolean; dc: Record<DcField, string[]> | null }): Harvested | null {
  const dc = rec.dc;
  if (rec.deleted || !dc) return null;
  const title = dc.title[0];
  if (!title) return null;
  const ids = dc.identifier;
  return {
    title,
    identifier: rec.identifier,
    doi: ids.map(doiIn).find(Boolean) ?? null,
    date: dateOf(dc.date[0]),
    authors: dc.creator,
    institutions: dc.contributor.concat(dc.publisher),
    journal: dc.source[0] ?? null,
    keywords: dc.subject,
    abstract: dc.description[0] ?? null,
    url: ids.find((i) => /^https?:\/\//i.test(i)) ?? null,
  };
}

/** The oai_dc elements a record keeps, each a list of its texts in document order. */
const DC_FIELDS = ['title', 'creator', 'subject', 'description', 'publisher', 'contributor', 'date', 'identifier', 'source'] as const;
type DcField = (typeof DC_FIELDS)[number];
const isDcField = (n: string): n is DcField => (DC_FIELDS as readonly string[]).includes(n);
const localName = (n: string) => n.slice(n.indexOf(':') + 1);

/**
 * One page of an OAI-PMH ListRecords answer: its records and the next token (null at the end). Read
 * with a streaming (SAX) parser, htmlparser2 in XML mode: the page is walked once and only the fields a
 * record keeps are collected (a tree of the whole page cost about half of a harvest's time; decision
 * 672). Throws MonitorError when the body is not a complete OAI-PMH answer (no root, no ListRecords, or
 * cut short) or carries an OAI-PMH error other than noRecordsMatch.
 */
export function parseOaiPage(body: string): { records: Harvested[]; token: string | null } {
  const path: string[] = [];
  const records: Harvested[] = [];
  let rootClosed = false;
  let sawList = false;
  let error: { code: string; text: string } | null = null;
  let token: string | null = null;
  /** the record being read: its header's identifier and status, and its oai_dc fields */
  let rec: { identifier: string | null; deleted: boolean; dc: Record<DcField, string[]> | null } | null = null;
  let buf: string | null = null;
  const parser = new SaxParser(
    {
      onopentag(name, attrs) {
        const n = localName(name);
        const parent = path[path.length - 1];
        path.push(n);
        if (path.length === 2 && n === 'error') error = { code: attrs.code ?? '', text: '' };
        else if (path.length === 2 && n === 'ListRecords') sawList = true;
        else if (parent === 'ListRecords' && n === 'record') rec = { identifier: null, deleted: false, dc: null };
        else if (rec && parent === 'record' && n === 'header') rec.deleted = attrs.status === 'deleted';
        else if (rec && parent === 'metadata' && n === 'dc') rec.dc = Object.fromEntries(DC_FIELDS.map((f) => [f, []])) as unknown as Record<DcField, string[]>;
        if (
          (rec && ((parent === 'header' && n === 'identifier') || (parent === 'dc' && isDcField(n)))) ||
          (parent === 'ListRecords' && n === 'resumptionToken')
        )
          buf = '';
      },
      ontext(t) {
        if (buf !== null) buf += t;
        else if (error && path.length === 2) error.text += t;
      },
      onclosetag(name, implied) {
        const n = path.pop()!;
        const parent = path[path.length - 1];
        if (buf !== null) {
          const v = buf.trim();
          buf = null;
          if (n === 'resumptionToken') token = v || null;
          else if (rec && parent === 'header' && n === 'identifier') rec.identifier = v || null;
          else if (rec?.dc && isDcField(n) && v) rec.dc[n].push(v);
        }
        if (n === 'record' && parent === 'ListRecords' && rec) {
          const h = fromDc(rec);
          if (h) records.push(h);
          rec = null;
        }
        if (path.length === 0 && localName(name) === 'OAI-PMH') rootClosed = !implied;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(body);
  const e = error as { code: string; text: string } | null;
  if (!rootClosed) throw new MonitorError(MSG.monitorErrNotOai);
  if (e) {
    if (e.code === 'noRecordsMatch') return { records: [], token: null };
    throw new MonitorError(fillMsg(MSG.monitorErrOai, { code: e.code, text: e.text.trim().slice(0, 200) }));
  }
  if (!sawList) throw new MonitorError(MSG.monitorErrNotOai);
  return { records, token };
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

/** Where an OAI-PMH list starts: the base URL, set and format, `from` (ISO) and a saved token (which wins). */
export interface OaiListSource {
  url: string;
  set: string | null;
  prefix: string | null;
  from: string | null;
  token: string | null;
}

/** Most pages read ahead of the one being written (each a page's body and its parsed records in memory). */
export const OAI_PAGES_AHEAD = 3;

interface PageRead {
  /** the page parsed */
  page: Promise<OaiPage>;
  /** the read of the following page, started as soon as this page's body showed its token; null when not started */
  next: Promise<{ token: string; read: PageRead } | null>;
}

/**
 * Harvests an OAI-PMH source page by page from `token` (a saved one) or from `from`: each page's records
 * are handed to `onPage` with the next token, which the caller saves (so a failed run resumes there).
 * Pages are read ahead while `onPage` writes, up to OAI_PAGES_AHEAD (decision 699): a page's body is
 * parsed in the worker thread of oaiPages.ts, and the following page is asked for as soon as the body
 * has arrived, its token read from the body's end (`tokenAtEnd`); the parse confirms the token, and a
 * page asked for with another token is dropped and asked for again. `parse` reads a body (default: in
 * the page worker; the page worker's own harvests parse in its thread, oaiPages.ts). Resolves when the
 * list ends; rejects with MonitorError.
 */
export async function harvestOai(
  get: Getter,
  limits: FetchLimits,
  src: OaiListSource,
  onPage: (records: Harvested[], next: string | null) => Promise<void>,
  parse: (body: string | Uint8Array) => Promise<OaiPage> = parseOaiPageOffThread,
): Promise<void> {
  let ahead = 0;
  let done = false;
  const read = (token: string | null): PageRead => {
    ahead++;
    const body = get(oaiUrl(src.url, { token, from: src.from, set: src.set, prefix: src.prefix }), limits);
    const page = body.then(parse);
    const next = body.then(
      (b) => {
        const t = tokenAtEnd(b);
        return t && !done && ahead < OAI_PAGES_AHEAD ? { token: t, read: read(t) } : null;
      },
      () => null,
    );
    // awaited below; a page read ahead whose run fails first is not an unhandled rejection
    page.catch(() => {});
    return { page, next };
  };
  let current = read(src.token);
  try {
    for (let n = 0; ; n++) {
      if (n >= MAX_OAI_PAGES) throw new MonitorError(fillMsg(MSG.monitorErrTooManyPages, { n: MAX_OAI_PAGES }));
      const { records, token } = await current.page;
      ahead--;
      const started = await current.next;
      let following: PageRead | null = null;
      if (token) {
        if (started && started.token === token) following = started.read;
        else {
          // a page asked for with a token the parse does not confirm is dropped (its count with it)
          if (started)
            void started.read.page.then(
              () => ahead--,
              () => ahead--,
            );
          following = read(token);
        }
      }
      await onPage(records, token);
      if (!token || !following) return;
      current = following;
    }
  } finally {
    done = true;
  }
}

/** The records of an RSS or Atom feed. */
export async function harvestFeed(get: Getter, limits: FetchLimits, url: string): Promise<Harvested[]> {
  const body = textOf(await get(url, limits));
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
