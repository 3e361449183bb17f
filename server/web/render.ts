/**
 * The server renderer of the visitor pages: loads the Vite SSR build of
 * app/entry-server.tsx (dist/server/entry-server.js, next to the browser build) and gives it an
 * in-process transport to our own API, so a page is rendered with the answers the visitor's browser
 * would get (same cookies, same rights) without a network hop.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTERNAL_HEADER, internalToken } from '../http/internal.js';
import { XSRF_COOKIE } from '../http/session.js';

/** What the renderer is given (app/entry-server.tsx RenderRequest, structurally). */
export interface RenderRequest<B> {
  url: string;
  boot: B;
  transport: (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;
}

/** What the renderer answers (app/entry-server.tsx RenderResult, structurally). */
export interface RenderResult<B> {
  html: string;
  styles: string;
  boot: B;
  status: number;
  redirect: string | null;
  /** the page's document title, or null for the site's name (decision 431) */
  title?: string | null;
  /** the modules of the lazy pages rendered (app/pageChunks.tsx; decision 724) */
  chunks?: string[];
}

/** The renderer module. */
export interface Renderer {
  render<B>(req: RenderRequest<B>): Promise<RenderResult<B>>;
}

/** The SSR build that belongs to a browser build in `webDir` (dist/app -> dist/server). */
export const rendererFile = (webDir: string) => path.join(path.dirname(path.resolve(webDir)), 'server', 'entry-server.js');

/**
 * Loads the renderer built beside `webDir`, or null when there is none (the pages are then the
 * browser-rendered shell, as under API tests).
 */
export async function loadRenderer(webDir: string): Promise<Renderer | null> {
  const file = rendererFile(webDir);
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

/**
 * A transport that answers the render's API calls with `app.inject`, as the visitor of `req`: its
 * cookies (session, and the XSRF token this answer sets when it had none; with `asVisitor` the XSRF
 * token only) and host, marked internal (no signature needed; server/http/internal.ts).
 */
export function injectTransport(app: FastifyInstance, req: FastifyRequest, opts: { asVisitor: boolean }): RenderRequest<unknown>['transport'] {
  // a page made for every visitor (cached) is rendered as a signed-out visitor: no session cookie, so
  // nothing of the visitor whose request filled the cache (an anonymous user's id) reaches the others
  const own = opts.asVisitor ? '' : req.headers.cookie;
  const cookies = [own, req.xsrfToken && (opts.asVisitor || !req.cookies[XSRF_COOKIE]) ? `${XSRF_COOKIE}=${req.xsrfToken}` : ''].filter(Boolean).join('; ');
  return async (url, init) => {
    const res = await app.inject({
      method: init.method as 'GET',
      url,
      headers: {
        ...init.headers,
        host: req.headers.host ?? 'localhost',
        ...(cookies ? { cookie: cookies } : {}),
        [INTERNAL_HEADER]: internalToken(),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: init.body,
    });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}
