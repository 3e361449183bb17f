/**
 * What both sides of OAI-PMH read from an answer's bytes without parsing it (docs/decisions.md 699,
 * 708): the provider reads the resumption token of a page it made to make the next one ahead, the
 * harvester reads it to ask for the next page while this one is parsed.
 */

/** `u` as a Buffer over the same memory, no copy (a worker thread's bytes arrive as a plain Uint8Array). */
export const asBuffer = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** A body as text: itself when text, decoded as UTF-8 when bytes. */
export const textOf = (body: string | Uint8Array): string => (typeof body === 'string' ? body : asBuffer(body).toString('utf8'));

/** How far from an answer's end its resumption token is looked for (bytes or characters). */
const TAIL = 4096;
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const LIST_END = /<\/(?:\w+:)?(List(?:Records|Identifiers|Sets))>\s*<\/(?:\w+:)?OAI-PMH>\s*$/;
/** The token element that closes each list, compiled once (every page on both sides is read by it). */
const TOKEN_BEFORE = new Map(
  ['ListRecords', 'ListIdentifiers', 'ListSets'].map((list) => [
    list,
    new RegExp(`<(?:\\w+:)?resumptionToken\\b[^>]*?(?:/>|>([^<]*)</(?:\\w+:)?resumptionToken>)\\s*</(?:\\w+:)?${list}>`),
  ]),
);

/**
 * The resumption token at the end of a list answer (ListRecords, ListIdentifiers, ListSets), read from
 * its last 4 KB: the token's text (the five XML entities decoded); null for an empty or absent token at
 * the end of a list; undefined when the tail is not a list's end or not plain enough to tell (CDATA, a
 * character reference), when only a parse of the whole answer can tell.
 */
export function tokenAtEnd(body: string | Uint8Array): string | null | undefined {
  const tail =
    typeof body === 'string'
      ? body.slice(-TAIL)
      : asBuffer(body)
          .subarray(Math.max(0, body.byteLength - TAIL))
          .toString('utf8');
  const end = LIST_END.exec(tail);
  if (!end) return undefined;
  const m = TOKEN_BEFORE.get(end[1])!.exec(tail);
  if (!m) return null;
  const raw = (m[1] ?? '').trim();
  if (/&#/.test(raw)) return undefined;
  return raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]) || null;
}
