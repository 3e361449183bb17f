/**
 * One guard for the kinds of bad input every route would otherwise meet on its own (Standards: the
 * server never answers 500 to bad input):
 * - the NUL character (decision 258): PostgreSQL refuses it in text, so a NUL in a query string or a
 *   JSON body made any write or search answer 500. A request carrying one (raw or percent-encoded in
 *   the URL, anywhere in a JSON body's strings or keys) answers 400 请求中含有无效字符;
 * - JSON nested too deep (decision 416): JSON.parse reads any depth, but every later walk that recurses
 *   (this guard's own, JSON.stringify in a service or the audit log) overflowed the stack on a 40 KB
 *   body of 20,000 levels and answered 500, to anyone, before the signature was checked. A body nested
 *   more than {@link JSON_MAX_DEPTH} levels answers 400 请求内容嵌套层数过多.
 * Both answer before any route's access, validation or signature check runs. The walk is iterative and
 * stops at the first fault, so it costs one visit per value and no stack.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';
import { MSG, fillMsg } from '../../common/messages.js';

/**
 * The deepest nesting of arrays and objects a JSON body may have (decision 416): a scalar is depth 0,
 * `[]` and `{}` depth 1, `{"a":[1]}` depth 2. The deepest the console sends (a home config: pages,
 * templates, groups, panels, their settings) is under 10; 64 leaves room and stays far below what
 * recursion in V8 survives (thousands of levels).
 */
export const JSON_MAX_DEPTH = 64;

/** What {@link jsonFault} finds: a value nested too deep, or a NUL in a string or key. */
export type JsonFault = 'tooDeep' | 'nul';

/**
 * The first fault of a parsed JSON value (see the file comment), or undefined: 'tooDeep' when arrays
 * and objects nest more than `maxDepth` levels, 'nul' when a string or a key holds U+0000. Walks the
 * value iteratively (an explicit stack, no recursion: any depth is safe to ask about) and stops at the
 * first fault. Also for JSON read elsewhere, e.g. a JSON-lines file's lines before they are stored.
 */
export function jsonFault(value: unknown, maxDepth: number = JSON_MAX_DEPTH): JsonFault | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > maxDepth) return 'tooDeep';
    if (Array.isArray(v)) {
      for (const x of v as unknown[]) stack.push([x, depth + 1]);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k.includes('\u0000')) return 'nul';
      stack.push([x, depth + 1]);
    }
  }
  return undefined;
}

/** True when a parsed JSON value nests arrays and objects more than `maxDepth` levels (iterative; see {@link jsonFault}). */
export function jsonTooDeep(value: unknown, maxDepth: number = JSON_MAX_DEPTH): boolean {
  return jsonFault(value, maxDepth) === 'tooDeep';
}

/** True when a parsed JSON value holds a NUL in any string or key, at any depth (iterative; decision 258). */
export function hasNul(value: unknown): boolean {
  return jsonFault(value, Infinity) === 'nul';
}

/** The 400 of a fault: 请求中含有无效字符（空字符）… or 请求内容嵌套层数过多（最多 64 层）…. */
function refusal(fault: JsonFault): HttpError {
  return fault === 'nul'
    ? new HttpError(400, 'invalid_character', MSG.invalidCharacter)
    : new HttpError(400, 'json_too_deep', fillMsg(MSG.jsonTooDeep, { max: JSON_MAX_DEPTH }));
}

/** Registers the guard on the whole server; call before the hooks that check access and signatures. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (/%00|\u0000/i.test(req.url)) throw refusal('nul');
  });
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined) return;
    const fault = jsonFault(req.body);
    if (fault) throw refusal(fault);
  });
}
