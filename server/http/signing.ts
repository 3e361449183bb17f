/**
 * The server side of request signing (spec 2 §7 'Request wrapper'; docs/architecture.md §Sign-in and sessions;
 * docs/decisions.md 220-224; the scheme is in common/requestSigning.ts).
 *
 * - Every browser gets a signing key from GET /api/v1/session/signing-key: HMAC-SHA256 of its XSRF
 *   token under the server secret, so the key is never sent with a request, dies with the browser
 *   session, and needs no storage.
 * - A request under /api/ (or /toolsApi/) with a method other than GET, HEAD and OPTIONS must be signed; a GET that
 *   carries a signature has it checked too. Refusals are 401 with a code:
 *   `signature_missing`, `timestamp_skew` (more than 5 minutes off), `validation_mismatch` (the body
 *   is not the one hashed), `signature_invalid`, `nonce_reused` (a replay).
 * - Nonces of requests that change something are kept in the database (table `request_nonces`) until
 *   their timestamp leaves the window, so several processes share them (docs/architecture.md §Scale). Reads sent
 *   as POST (route config `signedRead`) and GETs are checked but their nonces are not kept: repeating a
 *   read changes nothing, and a write per read would halve the panel read rate (decision 222).
 */
import crypto from 'node:crypto';
import { noRows } from '../policies/rows.js';
import { isInternal } from './internal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { HttpError } from './errors.js';
import { z } from 'zod';
import { declared } from './contract.js';
import { publicAccess } from '../policies/access.js';
import { isApiUrl } from './session.js';
import { MSG } from '../../common/messages.js';
import {
  NONCE_RE,
  SIGNATURE_RE,
  SIGN_HEADER,
  SIGN_MAX_SKEW_MS,
  SIGNING_KEY_PATH,
  TIMESTAMP_RE,
  UNSIGNED_PAYLOAD,
  VALIDATION_RE,
  canonicalRequest,
} from '../../common/requestSigning.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 (hex) of the body bytes as they arrived, set once the body has been read */
    bodySha256?: string;
  }
  interface FastifyContextConfig {
    /** a POST that only reads: its signature is checked, its nonce not kept (decision 222) */
    signedRead?: boolean;
  }
}

/** The signing key (64 hex digits) of the browser holding `xsrfToken`. */
export function signingKeyFor(secret: string, xsrfToken: string): string {
  return crypto.createHmac('sha256', secret).update(`atrium-request-signing\n${xsrfToken}`).digest('hex');
}

const refuse = (code: string, message: string) => new HttpError(401, code, message);

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

const isMultipart = (req: FastifyRequest) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/** Options of {@link registerRequestSigning}. */
export interface SigningOptions {
  secret: string;
  /** the XSRF token of a request (cookie, or the one set on this answer) */
  xsrfOf(req: FastifyRequest): string | undefined;
  /** clock in ms (tests move it) */
  now?: () => number;
}

/**
 * Registers the signing-key route and the hooks that hash bodies and check signatures.
 * Throws (as 401 answers) the refusals listed in this file's header.
 */
export function registerRequestSigning(app: FastifyInstance, db: Db, opts: SigningOptions): void {
  const now = opts.now ?? Date.now;
  let lastPurge = 0;
  // derived keys of recent browsers (a cache: the key is a pure function of the token)
  const keys = new Map<string, Buffer>();
  const keyOf = (xsrf: string): Buffer => {
    let k = keys.get(xsrf);
    if (!k) {
      if (keys.size >= 10_000) keys.clear();
      k = Buffer.from(signingKeyFor(opts.secret, xsrf), 'hex');
      keys.set(xsrf, k);
    }
    return k;
  };

  // GET /api/v1/session/signing-key is declared with the contracts: registerSigningKeyRoute below

  // hash the body as it was sent: the JSON and text parsers read it whole anyway, so they hash the
  // bytes before parsing (cheaper than a stream in front of every body); multipart is read later, by
  // the route, and is not hashed (UNSIGNED-PAYLOAD)
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // the analytics beacon is never signed (decision 321): its body is not hashed (decision 342)
  const hashOf = (req: FastifyRequest, body: Buffer) => {
    if (!req.routeOptions.config.beacon) req.bodySha256 = crypto.createHash('sha256').update(body).digest('hex');
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    hashOf(req, body as Buffer);
    void parseJson(req, (body as Buffer).toString('utf8'), done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (req, body, done) => {
    hashOf(req, body as Buffer);
    done(null, (body as Buffer).toString('utf8'));
  });

  app.addHook('preHandler', async (req) => {
    // the analytics beacon (route config `beacon`) cannot be signed: sendBeacon sends no headers (decision 321)
    if (!isApiUrl(req.url) || req.routeOptions.url === undefined || isInternal(req) || req.routeOptions.config.beacon) return;
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
    const signature = header(req, SIGN_HEADER.signature);
    if (!unsafe && signature === undefined) return;
    const timestamp = header(req, SIGN_HEADER.timestamp);
    const nonce = header(req, SIGN_HEADER.nonce);
    const validation = header(req, SIGN_HEADER.validation);
    if (!signature || !timestamp || !nonce || !validation) throw refuse('signature_missing', MSG.signatureMissing);
    if (!SIGNATURE_RE.test(signature) || !TIMESTAMP_RE.test(timestamp) || !NONCE_RE.test(nonce) || !VALIDATION_RE.test(validation)) {
      throw refuse('signature_invalid', MSG.signatureInvalid);
    }
    const t = now();
    if (Math.abs(Number(timestamp) - t) > SIGN_MAX_SKEW_MS) throw refuse('timestamp_skew', MSG.timestampSkew);

    if (validation === UNSIGNED_PAYLOAD) {
      if (!isMultipart(req)) throw refuse('validation_mismatch', MSG.validationMismatch);
    } else {
      const digest = req.bodySha256 ?? crypto.createHash('sha256').digest('hex');
      if (digest !== validation) throw refuse('validation_mismatch', MSG.validationMismatch);
    }

    const xsrf = opts.xsrfOf(req);
    if (!xsrf) throw refuse('signature_invalid', MSG.signatureInvalid);
    const q = req.url.indexOf('?');
    const canonical = canonicalRequest({
      method: req.method,
      path: q < 0 ? req.url : req.url.slice(0, q),
      query: q < 0 ? '' : req.url.slice(q),
      timestamp,
      nonce,
      validation,
    });
    const expected = crypto.createHmac('sha256', keyOf(xsrf)).update(canonical).digest();
    if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw refuse('signature_invalid', MSG.signatureInvalid);

    if (!unsafe || req.routeOptions.config.signedRead) return;
    const expires = new Date(Number(timestamp) + SIGN_MAX_SKEW_MS + 60_000).toISOString();
    const r = await db
      .insertInto('request_nonces')
      .values({ nonce, expires_at: expires })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .executeTakeFirst();
    if (!Number(r.numInsertedOrUpdatedRows ?? 0)) throw refuse('nonce_reused', MSG.nonceReused);
    if (t - lastPurge > 60_000) {
      lastPurge = t;
      await db.deleteFrom('request_nonces').where('expires_at', '<', new Date(t).toISOString()).execute();
    }
  });
}

/**
 * GET /api/v1/session/signing-key (decision 220): this browser's signing key, derived from its XSRF
 * token (null before it has one), and the server's clock in ms for the timestamp. Public; never cached.
 * Registered after the contracts (server/http/contract.ts), which describe it in /api/openapi.json.
 */
export function registerSigningKeyRoute(
  app: FastifyInstance,
  opts: { secret: string; xsrfOf: (req: FastifyRequest) => string | undefined; now?: () => number },
) {
  const now = opts.now ?? Date.now;
  declared(app).get(
    SIGNING_KEY_PATH,
    {
      schema: {
        summary: '本浏览器的请求签名密钥',
        tags: ['登录'],
        response: {
          200: z.object({
            key: z.string().nullable().describe('签名密钥（64 位十六进制）；还没有 XSRF-TOKEN 时为 null'),
            serverTime: z.number().describe('服务器时间（毫秒），用于签名的时间戳'),
          }),
        },
      },
      config: { rows: noRows, access: publicAccess },
    },
    async (req, reply) => {
      const xsrf = opts.xsrfOf(req);
      reply.header('cache-control', 'no-store');
      return { key: xsrf ? signingKeyFor(opts.secret, xsrf) : null, serverTime: now() };
    },
  );
}
