/**
 * One guard for a kind of bad input every route would otherwise meet on its own: the NUL character.
 * PostgreSQL refuses it in text, so a NUL in a query string or a JSON body made any write or search
 * answer 500. A request carrying one (raw or percent-encoded in the URL, anywhere in a JSON body's
 * strings or keys) answers 400 with a Chinese message before any route runs (Standards: the server
 * never answers 500 to bad input; decision 258).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';
import { MSG } from '../../common/messages.js';

/** True when a parsed JSON value holds a NUL in any string or key (depth-first, no recursion limit needed: JSON nests finitely). */
export function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
}

/** Registers the guard on the whole server. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (/%00|\u0000/i.test(req.url)) throw new HttpError(400, 'invalid_character', MSG.invalidCharacter);
  });
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && hasNul(req.body)) throw new HttpError(400, 'invalid_character', MSG.invalidCharacter);
  });
}
