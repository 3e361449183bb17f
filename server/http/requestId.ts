/**
 * Request ids: a request's id is its `X-Request-Id` when that is a safe token (1-64 of
 * `A-Z a-z 0-9 . _ -`), so that a proxy's or a caller's id follows the request through Atrium's logs;
 * otherwise a new UUID. Every answer carries it back as `X-Request-Id`, and every log line of the
 * request has it as `reqId` (Fastify's child logger, its default label).
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id of a request: its own X-Request-Id when safe, else a random UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : crypto.randomUUID();
}

/** Fastify's options for request ids (the header is read by {@link requestIdOf}, never taken as it is). */
export const requestIdOptions = { genReqId: requestIdOf, requestIdHeader: false } as const;

/** Sends the request's id back on every answer (errors, not-found pages and files included). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
