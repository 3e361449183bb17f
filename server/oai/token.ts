/**
 * Resumption tokens of the OAI-PMH provider (docs/decisions.md 515): the query's arguments, the keyset
 * position (the last datestamp and id delivered), the cursor, the list size and the expiry, as base64url
 * JSON followed by an HMAC-SHA256 over it with the server's secret. Nothing is stored: any process
 * resumes any token, and a token that was altered, truncated or made up fails the check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token carries. Stamps are stored ISO strings (milliseconds), the bounds already widened. */
export interface TokenState {
  /** the verb it continues */
  verb: 'ListRecords' | 'ListIdentifiers';
  /** the application it was issued for */
  app: number;
  prefix: string;
  set?: string;
  /** inclusive bounds on the stored stamp (ISO with milliseconds) */
  from?: string;
  until?: string;
  /** the last (stamp, id) delivered */
  after: [string, number];
  /** records delivered before the next page */
  cursor: number;
  /** completeListSize, counted on the first page */
  size: number;
  /** expiry, milliseconds since the epoch */
  exp: number;
}

const mac = (secret: string, payload: string) => createHmac('sha256', `oai-token:${secret}`).update(payload).digest('base64url');

/** Encodes and signs `state`. */
export function encodeToken(secret: string, state: TokenState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * The state of `token` when its signature holds and it has not expired at `now`; `'expired'` for a
 * genuine token past its expiry; null for anything else (garbage, altered, another server's).
 */
export function decodeToken(secret: string, token: string, now: number = Date.now()): TokenState | 'expired' | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 4096) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const want = Buffer.from(mac(secret, payload));
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  let state: TokenState;
  try {
    state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenState;
  } catch {
    return null;
  }
  if (!state || typeof state.exp !== 'number' || !Array.isArray(state.after)) return null;
  return state.exp < now ? 'expired' : state;
}
