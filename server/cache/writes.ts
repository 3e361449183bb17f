/**
 * Which writes change what visitors see: a write that succeeds (status < 400) bumps the
 * shared cache's generation before its answer leaves, so the writer's next page and every other
 * process see it at once. Every unsafe route is classified here, in one place: it either changes
 * shared content (config, home page, notices, links, resources, topics, tools, feeds, release,
 * revisions, ...) or is one of the {@link NEUTRAL} writes that only touch a user's own data (sign-in,
 * account, subscriptions, actions) or read (the POST panel reads, exports). A test walks every route
 * (server/cache/writes.test.ts), so a new route cannot forget to be classified.
 */
import type { FastifyInstance } from 'fastify';
import type { SharedCache } from './sharedCache.js';

/**
 * Unsafe routes (method and URL pattern) that change nothing a visitor sees. Anything else that is
 * unsafe invalidates. Patterns are Fastify's (`:param`).
 */
export const NEUTRAL: RegExp[] = [
  /^(PUT|DELETE) \/api\/v1\/account\//, // a user's own account and bindings
  /^POST \/api\/v1\/actions$/, // a user's clicks, for recommendations
  /^(POST|PUT) \/api\/v\d\/oauth\//, // sign-in codes and login-info
  /^DELETE \/api\/v1\/sessions?$/, // signing out
  /^POST \/api\/v1\/applications\/:id\/api-keys(\/:keyId\/revoke)?$/, // public API keys: nothing visitors see (decision 635)
  /^(POST|PUT|DELETE) \/api\/v1\/monitors\/:id\/:code\//, // a monitor's sources, profiles, digest: console only (a run's records invalidate when written, decision 675)
  /^POST \/api\/v1\/users\/anonymous$/, // a visitor's anonymous user (fingerprint)
  /^POST \/toolsApi\/userLogin\/login$/, // sign-in by a login-info link (decision 298)
  /^POST \/toolsApi\/headline\/save$/, // a user's own news domains (decision 294)
  /^POST \/api\/v1\/users\/links$/, // a user's own topic links
  /^POST \/api\/v1\/recommendations\/not-interested$/,
  /^(POST|DELETE) \/api\/v\d\/subscriptions$/, // a user's journal subscriptions (marked per user, never cached)
  /^POST \/api\/v1\/wechat\/dev\/scan$/, // the development WeChat stand-in
  /^POST \/api\/v1\/resources\/institution\/fruit-scholar-count$/, // a read sent as POST
  /^POST \/api\/v\d\/modules\/top-monographs$/, // a read sent as POST
  /^POST \/api\/v\d\/files$/, // an upload shows nowhere until a config or notice names it
  /^POST \/toolsApi\/applicationExport\/export$/, // a download
  /^POST \/api\/v1\/imports\/preview$/, // reads a file, writes nothing
  /^POST \/api\/v1\/tasks\/imports$/, // queues a task: the runner bumps the cache when it has written (server/tasks/runner.ts)
  /^POST \/api\/v1\/tasks\/:id\/(cancel|retry)$/, // the queue itself
  /^POST \/api\/v1\/analytics\/beacon$/, // usage counts, shown only in the console
  // comments and their review: a visitor's page of them is cached under the target's own version, raised by these (decision 695)
  /^(POST|DELETE) \/api\/v1\/comments(\/:id(\/like|\/report)?)?$/,
  // a reader's own 站内信, 收藏, history and settings, and the personal centre's sections: read through the API, never cached (decision 580)
  /^POST \/api\/v1\/notifications\/(:id\/read|read-all)$/,
  /^(POST|PUT|DELETE) \/api\/v1\/helix\//,
  /^PUT \/api\/v1\/applications\/:id\/helix$/,
  /^POST \/api\/v1\/moderation\/review$/,
  // (the comment settings are not here: which types are open shows on every cached page of comments, decision 695)
  /^PUT \/api\/v1\/applications\/:id\/sensitive-words$/,
  // reference questions: only publishing to the FAQ (or taking out) changes what visitors see (decision 596)
  /^POST \/api\/v1\/questions(\/mine\/:id\/supplement)?$/,
  /^POST \/api\/v1\/applications\/:id\/questions\/:questionId\/(assign|answer|askback|close)$/,
  /^PUT \/api\/v1\/applications\/:id\/questions\/settings$/,
  // document delivery: a reader's requests and their handling, read only through signed-in API calls
  /^POST \/api\/v1\/dds$/,
  /^POST \/api\/v1\/applications\/:id\/dds\/:requestId\/(deliver|refuse)$/,
  /^PUT \/api\/v1\/applications\/:id\/dds-settings$/,
];

/** Whether a successful `method` on the route pattern `url` changes what visitors see. */
export function invalidates(method: string, url: string, signedRead: boolean): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || signedRead) return false;
  return !NEUTRAL.some((re) => re.test(`${method} ${url}`));
}

/**
 * Registers the hook that bumps the generation after a successful invalidating write. Whether a route
 * invalidates is worked out once per route (method and pattern), not on every answer: a burst of
 * beacons pays a map lookup, not a scan of {@link NEUTRAL} (decision 342).
 */
export function registerCacheInvalidation(app: FastifyInstance, cache: SharedCache): void {
  const known = new Map<string, boolean>();
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    if (url === undefined || reply.statusCode >= 400 || req.method === 'GET' || req.method === 'HEAD') return payload;
    const signedRead = !!req.routeOptions.config.signedRead;
    const route = `${req.method} ${url} ${signedRead}`;
    let bump = known.get(route);
    if (bump === undefined) {
      bump = invalidates(req.method, url, signedRead);
      known.set(route, bump);
    }
    if (bump) await cache.invalidate();
    return payload;
  });
}
