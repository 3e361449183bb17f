/**
 * Request signing of spec 2 §7 'Request wrapper' (docs/architecture.md §Sign-in and sessions; docs/decisions.md 220-224),
 * run by the browser's client (app/api.ts), the server's check (server/http/signing.ts) and the tests.
 *
 * A signed request carries four headers:
 * - `X-Atrium-Timestamp`: milliseconds since the Unix epoch (the server refuses more than 5 minutes off);
 * - `X-Atrium-Nonce`: 32 hex digits, random, never used twice;
 * - `X-Atrium-Validation`: the SHA-256 of the body bytes in hex (the hash of nothing when there is no
 *   body), or `UNSIGNED-PAYLOAD` for a multipart upload, whose bytes are checked by content instead;
 * - `X-Atrium-Signature`: HMAC-SHA256, in hex, with the browser's signing key over the canonical request
 *   ({@link canonicalRequest}: method, path, sorted query, timestamp, nonce and validation).
 *
 * Pure JavaScript hashes (@noble/hashes), so that it runs where WebCrypto does not: a site served over
 * plain HTTP on an intranet host is not a secure context.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** Header names (lower case, as Node reads them). */
export const SIGN_HEADER = {
  timestamp: 'x-atrium-timestamp',
  nonce: 'x-atrium-nonce',
  validation: 'x-atrium-validation',
  signature: 'x-atrium-signature',
} as const;

/** The first line of every canonical request: names the scheme, so a later one cannot be confused with it. */
export const SIGN_SCHEME = 'ATRIUM-HMAC-SHA256';
/** How far a timestamp may be from the server's clock, in ms (5 minutes). */
export const SIGN_MAX_SKEW_MS = 5 * 60 * 1000;
/** The validation value of a multipart upload (its bytes are not hashed; decision 221). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export { SIGNING_KEY_PATH } from './constants.js';

/** Matches a well-formed nonce, timestamp, validation value and signature. */
export const NONCE_RE = /^[0-9a-f]{32}$/;
export const TIMESTAMP_RE = /^\d{10,16}$/;
export const VALIDATION_RE = /^(?:[0-9a-f]{64}|UNSIGNED-PAYLOAD)$/;
export const SIGNATURE_RE = /^[0-9a-f]{64}$/;

const enc = (s: string) => encodeURIComponent(s);

/**
 * The query string in canonical form: pairs parsed as URLSearchParams reads them (`+` is a space),
 * sorted by key (code units; pairs of one key keep their order, so repeated keys stay meaningful),
 * each part percent-encoded with encodeURIComponent, joined by `&`. `search` may start with `?`.
 */
export function canonicalQuery(search: string): string {
  const pairs = [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)];
  return pairs
    .map((p, i) => [p[0], p[1], i] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2]))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
}

/** What is signed: the parts of a request. `path` is the URL path as sent (percent-encoded), without the query. */
export interface SignedParts {
  method: string;
  path: string;
  /** the raw query string, with or without the leading `?` ('' for none) */
  query: string;
  timestamp: string;
  nonce: string;
  validation: string;
}

/** The canonical request: one line each of scheme, METHOD, path, canonical query, timestamp, nonce, validation. */
export function canonicalRequest(p: SignedParts): string {
  return [SIGN_SCHEME, p.method.toUpperCase(), p.path, canonicalQuery(p.query), p.timestamp, p.nonce, p.validation].join('\n');
}

/** SHA-256 in hex of a body: a string is hashed as UTF-8; undefined is the empty body. */
export function bodyDigest(body: string | Uint8Array | undefined): string {
  if (body === undefined) return bytesToHex(sha256(new Uint8Array(0)));
  return bytesToHex(sha256(typeof body === 'string' ? utf8ToBytes(body) : body));
}

/** HMAC-SHA256 in hex of the canonical request with the signing key (64 hex digits). */
export function signatureOf(keyHex: string, canonical: string): string {
  return bytesToHex(hmac(sha256, hexToBytes(keyHex), utf8ToBytes(canonical)));
}

/** A fresh nonce: 16 random bytes in hex (crypto.getRandomValues, available outside secure contexts too). */
export function newNonce(): string {
  return bytesToHex(randomBytes(16));
}

/** Splits `/path?query` (or an absolute URL) into the path as a browser sends it and the raw query. */
export function splitUrl(url: string): { path: string; query: string } {
  const u = new URL(url, 'http://atrium.invalid');
  return { path: u.pathname, query: u.search };
}

/**
 * The four signing headers of a request (names as in {@link SIGN_HEADER}).
 * `body` is the exact string sent, undefined for none, or {@link UNSIGNED_PAYLOAD} for multipart;
 * `now` is the (server-corrected) clock in ms.
 */
export function signRequest(opts: { keyHex: string; method: string; url: string; body?: string; now: number; nonce?: string }): Record<string, string> {
  const { path, query } = splitUrl(opts.url);
  const timestamp = String(Math.round(opts.now));
  const nonce = opts.nonce ?? newNonce();
  const validation = opts.body === UNSIGNED_PAYLOAD ? UNSIGNED_PAYLOAD : bodyDigest(opts.body);
  const signature = signatureOf(opts.keyHex, canonicalRequest({ method: opts.method, path, query, timestamp, nonce, validation }));
  return {
    [SIGN_HEADER.timestamp]: timestamp,
    [SIGN_HEADER.nonce]: nonce,
    [SIGN_HEADER.validation]: validation,
    [SIGN_HEADER.signature]: signature,
  };
}
