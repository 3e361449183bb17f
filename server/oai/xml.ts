/**
 * XML writing for the OAI-PMH provider (docs/architecture.md §OAI-PMH): escaping, the envelope of every
 * answer and the oai_dc record. Strings only, no DOM: a page of 200 records is joined from its slices
 * (server/oai/provider.ts, decision 686).
 */

/** Characters XML 1.0 does not allow, even escaped (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F). */
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Whether a string may need `esc` to change it: one of the characters it escapes, a character INVALID
 * may drop (any surrogate: a pair is kept, a lone one dropped). Most texts have none and are returned
 * as they are, without running the two replacements (a page of 200 records escapes about 4,000 texts).
 */
const MAY_CHANGE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF&<>"]/;

/** `s` escaped for element text and attribute values (double-quoted), without characters XML forbids. */
export function esc(s: string): string {
  if (!MAY_CHANGE.test(s)) return s;
  return s.replace(INVALID, '').replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

export const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
export const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
export const OAI_DC_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';
const DC_NS = 'http://purl.org/dc/elements/1.1/';

/** `2026-11-29T08:33:40.123Z` (or any ISO 8601 UTC stamp) → `2026-11-29T08:33:40Z`, the seconds granularity. */
export function datestamp(iso: string): string {
  return `${iso.slice(0, 19)}Z`;
}

/**
 * The whole answer: XML declaration, `<OAI-PMH>` with the response date, the `request` element (the base
 * URL, with the request's arguments as attributes unless `args` is null: badVerb and badArgument echo
 * none, protocol §3.2) and `body` (the verb's element or the errors).
 */
export function envelope(baseUrl: string, args: Record<string, string> | null, body: string, now: Date = new Date()): string {
  const attrs = args
    ? Object.entries(args)
        .map(([k, v]) => ` ${k}="${esc(v)}"`)
        .join('')
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">` +
    `<responseDate>${datestamp(now.toISOString())}</responseDate><request${attrs}>${esc(baseUrl)}</request>${body}</OAI-PMH>\n`
  );
}

/** One `<error>` element; `message` is Chinese (common/messages.ts). */
export function errorElement(code: string, message: string): string {
  return `<error code="${code}">${esc(message)}</error>`;
}

/** A record's header: identifier, seconds datestamp, its sets; `deleted` adds status="deleted". */
export function header(h: { identifier: string; datestamp: string; sets: string[]; deleted?: boolean }): string {
  return (
    `<header${h.deleted ? ' status="deleted"' : ''}><identifier>${esc(h.identifier)}</identifier><datestamp>${h.datestamp}</datestamp>` +
    h.sets.map((s) => `<setSpec>${s}</setSpec>`).join('') +
    '</header>'
  );
}

/** The Dublin Core elements of one record, each a list of values; `lang` on the title when known. */
export interface DcFields {
  title: string;
  titleLang: string | null;
  creator: string[];
  subject: string[];
  description: string[];
  publisher: string[];
  date: string[];
  type: string[];
  identifier: string[];
  language: string[];
  source: string[];
}

const ORDER: Array<Exclude<keyof DcFields, 'title' | 'titleLang'>> = [
  'creator',
  'subject',
  'description',
  'publisher',
  'date',
  'type',
  'identifier',
  'source',
  'language',
];

/** The `<oai_dc:dc>` element of a record (oai_dc.xsd: any of the fifteen elements, in any order). */
export function oaiDc(f: DcFields): string {
  let out = `<oai_dc:dc xmlns:oai_dc="${OAI_DC_NS}" xmlns:dc="${DC_NS}" xsi:schemaLocation="${OAI_DC_NS} ${OAI_DC_SCHEMA}">`;
  out += `<dc:title${f.titleLang ? ` xml:lang="${f.titleLang}"` : ''}>${esc(f.title)}</dc:title>`;
  for (const k of ORDER) for (const v of f[k]) out += `<dc:${k}>${esc(v)}</dc:${k}>`;
  return `${out}</oai_dc:dc>`;
}
