/**
 * Compression and security headers of every answer (docs/architecture.md §Server rendering and caching).
 *
 * - Brotli or gzip for HTML, JSON, JS, CSS and SVG answers over 1 KB (@fastify/compress); brotli at
 *   quality 4 for answers made per request (quality 11, zlib's default, costs ~50x the CPU). Built
 *   assets are precompressed at build time (scripts/precompress.mjs) and sent as they are.
 * - helmet (its middleware built once, run on every request: @fastify/helmet built it anew for each
 *   request, a fifth of the cost of a cached read; decision 256): a Content-Security-Policy without inline scripts (the page's boot data are JSON
 *   data blocks, never run), `frame-ancestors 'self'` and X-Frame-Options SAMEORIGIN (no other site
 *   frames the console), nosniff, Referrer-Policy strict-origin-when-cross-origin; plus a
 *   Permissions-Policy, and HSTS when the setting is on and the request came over TLS. The files route
 *   keeps its own sandbox CSP (server/routes/files).
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';

/** Brotli quality of answers compressed per request. */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** Answers smaller than this (bytes) are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface HeaderOptions {
  /** send Strict-Transport-Security on answers served over TLS */
  hsts: boolean;
  /** hosts (besides ours) a site's own stylesheet may come from (specificThemeUrl) */
  styleHosts?: string[];
}

/**
 * The Content-Security-Policy `csp` with its frame-src replaced by `sources` only ('none' when empty):
 * a /container/{entry} page may frame its site's 微应用 origins and nothing else (decision 646).
 */
export function withFrameSrc(csp: string, sources: readonly string[]): string {
  const list = sources.length ? sources.join(' ') : "'none'";
  return /(^|;)\s*frame-src[^;]*/.test(csp) ? csp.replace(/(^|;)(\s*)frame-src[^;]*/, `$1$2frame-src ${list}`) : `${csp};frame-src ${list}`;
}

/** Registers compression and the security headers on the whole server. */
export async function registerResponseHeaders(app: FastifyInstance, opts: HeaderOptions): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    customTypes: /^(text\/|application\/json|application\/javascript|image\/svg\+xml)/,
  });
  const secure = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time and in style attributes
        styleSrc: ["'self'", "'unsafe-inline'", ...(opts.styleHosts ?? []).map((h) => `https://${h}`)],
        // covers and logos of links, feeds and friend links may live on other sites
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the iframe module embeds other sites' pages
        frameSrc: ["'self'", 'https:', 'http:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false, // below: only over TLS, and only when asked for
    xXssProtection: false,
  });
  // the analytics beacon's answer is an empty 204 that no browser shows: none of these headers applies
  // to it, and a burst of beacons costs less without them (decision 373)
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config.beacon) return done();
    secure(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.config.beacon) return payload;
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (opts.hsts && req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
