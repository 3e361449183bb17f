/**
 * The gate of the public read API (docs/decisions.md 631-635), run as an onRequest hook of its routes
 * only (server/routes/publicApi registers it in its own plugin scope):
 * 1. the site of the Host header, as a visitor who is nobody sees it (server/feeds/read.ts `visitorSite`):
 *    a draft or an unknown host answers 404 before anything else;
 * 2. the key, from `Authorization: Bearer <key>` or `X-API-Key`: unknown 401, revoked 401, another
 *    site's 403, a read group outside its scopes 403 (each with its Chinese message); no request
 *    signature is asked for (the API is read only: GET);
 * 3. the rate limit, a fixed window of a minute in the database's `rate_limits` (shared by the
 *    processes, docs/architecture.md §Scale): per key its own limit, without a key
 *    ANONYMOUS_PER_MINUTE per client address; over it 429 with Retry-After (seconds to the window's end);
 * 4. the key's use, counted per UTC day (`api_key_usage`).
 * The key itself is never logged (the log redacts both headers, server/http/logging.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { SharedCache } from '../cache/sharedCache.js';
import { HttpError, notFound } from '../http/errors.js';
import { addressKey, hitWindow } from '../http/rateLimit.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { ANONYMOUS_PER_MINUTE, API_KEY_HEADER, type PublicApiScope } from '../../common/publicApi.js';
import { visitorSite, type VisitorSite } from '../feeds/read.js';
import { countUse, keyByValue, type KeyRow } from './keys.js';

/** The window of the rate limit, ms. */
export const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the read group of a public API route (server/publicApi/gate.ts), or a function of its params */
    openScope?: PublicApiScope | ((params: Record<string, string>) => PublicApiScope);
  }
  interface FastifyRequest {
    /** the released site of a public API call, set by the gate */
    openSite?: VisitorSite;
    /** the key of a public API call, when one was sent */
    openKey?: KeyRow | null;
  }
}

/** The key a request carries: `Authorization: Bearer <key>`, else `X-API-Key`; null when neither. */
export function keyOf(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1];
  }
  const h = req.headers[API_KEY_HEADER];
  return typeof h === 'string' && h.trim() ? h.trim() : null;
}

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

/** Options of {@link openGate}. */
export interface GateOptions {
  /** calls a minute per address without a key (default ANONYMOUS_PER_MINUTE; 0: no limit) */
  anonymousPerMinute?: number;
}

/** Makes the onRequest hook of the public API's routes (see the file comment). */
export function openGate(db: Db, cache: SharedCache, opts: GateOptions = {}) {
  const anonymous = opts.anonymousPerMinute ?? ANONYMOUS_PER_MINUTE;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const site = await visitorSite(db, cache, req.headers.host ?? '');
    if (!site) throw notFound(MSG.openSiteNotFound);
    req.openSite = site;
    const value = keyOf(req);
    let key: KeyRow | null = null;
    if (value !== null) {
      key = await keyByValue(db, value);
      if (!key) throw refuse(401, 'bad_api_key', MSG.apiKeyInvalid);
      if (key.revoked) throw refuse(401, 'api_key_revoked', MSG.apiKeyRevoked);
      if (key.applicationId !== site.app.id) throw refuse(403, 'forbidden', MSG.apiKeyOtherSite);
      const s = req.routeOptions.config.openScope;
      const scope = typeof s === 'function' ? s(req.params as Record<string, string>) : s;
      if (scope && !key.scopes.includes(scope)) throw refuse(403, 'forbidden', MSG.apiKeyScope);
    }
    req.openKey = key;
    if (!key && !(anonymous > 0)) return;
    const limit = key ? key.ratePerMinute : anonymous;
    const { ok, retryAfter } = await hitWindow(db, key ? `open-key:${key.id}` : `open-ip:${addressKey(req.ip)}`, limit, WINDOW_MS);
    if (!ok) {
      void reply.header('retry-after', String(retryAfter));
      throw refuse(429, 'too_many_requests', fillMsg(key ? MSG.apiKeyRateLimited : MSG.openAnonymousRateLimited, { seconds: retryAfter }));
    }
    if (key) await countUse(db, key.id);
  };
}
