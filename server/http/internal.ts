/**
 * The server's own requests to its API (the server renderer answers a page's queries in process with
 * `app.inject`, server/web/render.ts): they carry {@link INTERNAL_HEADER} with a random token made at
 * start and known only to this process, so they skip the browser's XSRF echo and request signature
 * (there is no browser to sign them). The token never leaves the process and is redacted from logs.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const INTERNAL_HEADER = 'x-atrium-internal';
const token = crypto.randomBytes(32).toString('hex');

/** The header value of an internal request. */
export const internalToken = (): string => token;

/** Whether the request was made by this process (see the file comment). */
export function isInternal(req: FastifyRequest): boolean {
  const h = req.headers[INTERNAL_HEADER];
  return typeof h === 'string' && h.length === token.length && crypto.timingSafeEqual(Buffer.from(h), Buffer.from(token));
}
