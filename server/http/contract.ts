/**
 * Declared route contracts (docs/architecture.md §Declared routes): a route declares its `params`,
 * `querystring`, `body` and `response` as zod schemas in `schema`, and who may call it in
 * `config.access` (server/policies/access.ts). Fastify validates the request with those schemas
 * before the handler (a refusal is the same 400 with Chinese messages and `fields` keyed
 * `body.x` / `query.x` / `params.x` as `parse` gave), one hook enforces the access before the schemas are checked, and
 * @fastify/swagger describes the route from the same declaration (server/http/openapi.ts).
 * Handlers receive typed `req.params`, `req.query` and `req.body` and write no access checks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/index.js';
import { describeAccess, enforceAccess, type Access } from '../policies/access.js';
import { describeRows, resourceRowsOf, type RowRule } from '../policies/rows.js';
import { errorAnswer } from '../../common/contracts/common.js';
import { MSG, fillMsg } from '../../common/messages.js';
import type { User } from '../db/schema.js';
import { fromZod, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route (server/policies/access.ts); routes not yet declared check in their handler */
    access?: Access;
    /** which rows the viewer may read (server/policies/rows.ts); implied by a manager, super, self or owner access */
    rows?: RowRule;
  }
}

const PART: Record<string, 'body' | 'query' | 'params' | 'headers'> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

const isZod = (s: unknown): s is z.ZodType => typeof s === 'object' && s !== null && typeof (s as { safeParse?: unknown }).safeParse === 'function';

/**
 * Sets the zod validator (its refusal is our 400, decision 2), a plain JSON serializer (the response
 * schemas describe the answer for the document and the types; they do not re-validate it on every
 * answer), and the preValidation hook that enforces each route's declared access. Call once, before the
 * routes are registered and after the hooks that load the session and check signatures.
 */
export function registerContracts(app: FastifyInstance, db: Db): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const where = PART[httpPart ?? 'body'] ?? 'body';
    if (!isZod(schema)) throw new Error(`route schema for ${where} is not a zod schema`);
    return (data: unknown) => {
      const input = data ?? (where === 'body' ? undefined : {});
      const r = schema.safeParse(input);
      return r.success ? { value: r.data } : { error: fromZod(r.error, where, input) };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // the document (server/http/openapi.ts) says who may call each declared route and how it refuses
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // the HEAD route Fastify adds for a GET shares its schema object: describe it once
    if (!access || !route.schema || route.method === 'HEAD') return;
    const rows = route.config?.rows;
    const who = [fillMsg(MSG.accessLine, { who: describeAccess(access) }), ...(rows ? [fillMsg(MSG.rowsLine, { rows: describeRows(rows) })] : [])].join('\n\n');
    route.schema.description = route.schema.description ? `${route.schema.description}\n\n${who}` : who;
    if (route.schema.response && typeof route.schema.response === 'object') route.schema.response = { ...route.schema.response, '4XX': errorAnswer };
  });
  // before the route's own validation: a caller without the right learns nothing from its 400s (the
  // finders of server/policies read the one id they need themselves)
  app.addHook('preValidation', async (req) => {
    const { access, rows } = req.routeOptions.config;
    if (access) await enforceAccess(db, req, access);
    // the rows the viewer may read, for the services the handler calls (decision 394)
    if (rows?.kind === 'resources') req.resourceRows = await resourceRowsOf(req.scope);
  });
}

const documented = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A route input checked by one schema and described by another (decision 440): the home configuration
 * and the site configurations are checked in their handlers (their refusals name the fields
 * `homeConfig…`, `headerConfig.x`, as before), so the route's own schema takes them as they come
 * (`z.unknown()`); the document, and the browser's types generated from it, show `described` instead.
 * Returns `checked`, which is what Fastify validates and what types `req.body`.
 */
export function documentedAs<T extends z.ZodType>(checked: T, described: z.ZodType): T {
  documented.set(checked, described);
  return checked;
}

/** The schema the document shows for a route input: its {@link documentedAs} description, or itself. */
export const documentedSchema = (schema: unknown): unknown => (isZod(schema) ? (documented.get(schema) ?? schema) : schema);

/** The app with zod types for declared routes: `declared(app).get(url, { schema, config: { access } }, handler)`. */
export const declared = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The signed-in user of a route whose declared access requires one (401 otherwise, which that access already gave). */
export function currentUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}
