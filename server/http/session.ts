/**
 * Sessions, the anti-forgery (XSRF) check and the signed-in checks (docs/architecture.md §Sign-in and sessions, spec 1 §6).
 * - The session token lives in an httpOnly SameSite=Lax cookie; only its sha256 is stored.
 * - Unsafe methods under /api need the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header.
 * - `requireUser` (signed in, not anonymous) and `requireSuper` (users.role = 'super'); who manages an
 *   application, with which rights, is policy: server/policies/managers.ts (decision 356).
 */
import crypto from 'node:crypto';
import { isInternal } from './internal.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { HttpError, unauthorized } from './errors.js';
import { MSG } from '../../common/messages.js';

export const SESSION_COOKIE = 'atrium_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** the browser's XSRF token: its cookie, or the one set on this answer */
    xsrfToken?: string;
  }
}

/** Whether a URL is an API call (JSON answers, XSRF and signature checks): /api/… and /toolsApi/…. */
export const isApiUrl = (url: string) => url.startsWith('/api/') || url.startsWith('/toolsApi/');

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Files that are the same for everybody (served without a cookie). */
const STATIC_URL = /^\/(assets|demo)\//;

/** Registers the hooks that load the session user and enforce the XSRF check. */
export function registerSessionHooks(app: FastifyInstance, db: Db, opts: { secureCookies: boolean }) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req, reply) => {
    const cookieXsrf = req.cookies[XSRF_COOKIE];
    req.xsrfToken = cookieXsrf;
    // built assets and demo images are shared by every visitor: no cookie (so shared caches keep
    // them) and no session to look up
    if (STATIC_URL.test(req.url)) return;
    // the analytics beacon answers nothing a browser keeps: no new cookie for it (decision 321)
    if (!cookieXsrf && !req.routeOptions.config.beacon) {
      req.xsrfToken = crypto.randomBytes(18).toString('base64url');
      reply.setCookie(XSRF_COOKIE, req.xsrfToken, {
        path: '/',
        sameSite: 'lax',
        secure: opts.secureCookies,
        httpOnly: false,
      });
    }
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
    // the analytics beacon (route config `beacon`) cannot carry the header: sendBeacon sends none (decision 321)
    if (unsafe && isApiUrl(req.url) && !isInternal(req) && !req.routeOptions.config.beacon) {
      const header = req.headers[XSRF_HEADER];
      if (!cookieXsrf || typeof header !== 'string' || !safeEqual(header, cookieXsrf)) {
        throw new HttpError(403, 'xsrf', MSG.xsrfMissing);
      }
    }
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.expires_at')
        .where('sessions.token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (row && row.expires_at > new Date().toISOString()) {
        const { expires_at: _e, ...user } = row;
        req.user = user;
      }
    }
  });
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Creates a session for the user and sets its cookie. */
export async function startSession(db: Db, reply: FastifyReply, userId: number, ttlMs: number, secure: boolean) {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + ttlMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      // the device and address its user sees in 登录设备 (decision 337)
      user_agent: reply.request.headers['user-agent']?.slice(0, 300) ?? null,
      ip: reply.request.ip,
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
}

/** The stored hash of this browser's session token ('' without a session cookie). */
export function sessionTokenHash(req: FastifyRequest): string {
  const token = req.cookies[SESSION_COOKIE];
  return token ? sha256(token) : '';
}

/** Ends the current session (if any) and clears its cookie. */
export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply) {
  const hash = sessionTokenHash(req);
  if (hash) await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user, or 401; an anonymous visitor (spec 1 §3 'Users') never gets console rights: 403. */
export function requireUser(req: FastifyRequest): User {
  // an anonymous (fingerprint) visitor has not signed in: 401 sends them to sign in (docs/decisions.md)
  if (!req.user || req.user.anonymous) throw unauthorized();
  return req.user;
}

/** A super manager, or 401 / 403 `refusal` (没有权限执行此操作 unless a route words it otherwise). */
export function requireSuper(req: FastifyRequest, refusal: string = MSG.forbidden): User {
  const u = requireUser(req);
  if (u.role !== 'super') throw new HttpError(403, 'forbidden', refusal);
  return u;
}
