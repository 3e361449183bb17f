/**
 * Serves the browser app (docs/architecture.md §Server rendering and caching).
 *
 * - Visitor pages (every path outside /console) are rendered on the server (server/web/render.ts,
 *   app/entry-server.tsx) and hydrated in the browser: crawlers and visitors without JavaScript read
 *   the panels and follow their links. The console is the browser-rendered shell.
 * - Every page carries its boot data (the site's configuration; on the home page the first page of
 *   every panel) as a JSON data block, so the browser asks nothing again at hydration.
 * - A visitor's (signed out or anonymous) home page and other query-less visitor pages come from the
 *   shared cache (server/cache/sharedCache.ts): a hit costs no SQL and no render.
 * - Assets under /assets are immutable, precompressed (.br, .gz) and served without cookies.
 * - A site with 详情页需登录 on answers a visitor's /microapp/** or /container/** page with
 *   302 to its sign-in page (modules/kit/links.ts loginHref), which comes back to the page.
 * - /container/** needs sign-in on every site (spec 1 §2): a visitor goes to the sign-in page; the page's
 *   CSP frame-src lists only the site's allowed 微应用 origins (decisions 644-646); an entry the site's
 *   menu does not have is answered 404 with its page in the site frame (decision 579).
 * - /xrender/{pageId} is a composed page (decisions 700-705): a draft page sends a visitor to
 *   /unrelease as a draft site does; an unknown one is its not-found card with status 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { signingKeyFor } from '../http/signing.js';
import type { AppContext } from '../context.js';
import type { presentConfig } from '../routes/applications/service.js';
import { applicationByHost } from '../applications/service.js';
import { canRead } from '../policies/visibility.js';
import { presentConfigFor } from '../routes/applications/service.js';
import { RequestScope } from '../policies/scope.js';
import { isVisitor, servePanelRead } from '../routes/modules/panelRead.js';
import { homeEntry } from '../../common/homeConfig.js';
import { allModules, readsOf } from '../../modules/registry.js';
import { MSG } from '../../common/messages.js';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { joinApplication } from '../routes/roles/service.js';
import { enrolReader } from '../submissions/auditUser.js';
import { SharedCache } from '../cache/sharedCache.js';
import { encodePage, escapeJson, parseTemplate, type EncodedPage, type Template } from './template.js';
import { injectTransport, loadRenderer, type Renderer } from './render.js';
import { chunkPreloads, readManifest } from './chunkPreloads.js';
import { describeSite } from './describe.js';
import { isDetailSigninPath } from '../../common/detailSignin.js';
import { loginHref } from '../../modules/kit/links.js';
import { alternateLinks, pageFeeds } from '../feeds/urls.js';
import { microappAllowed, microappEntries } from '../../common/siteConfig.js';
import { withFrameSrc } from '../http/headers.js';
import { findPage } from '../routes/pages/service.js';

/** The path id of a composed page's address `/xrender/{pageId}` (decoded, without a trailing slash), or null. */
function xrenderPageId(pathname: string): string | null {
  const m = /^\/xrender\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** A micro-app page of the site frame (spec 1 §2 /container/**). */
const isContainerPath = (p: string) => p.startsWith('/container/');

/** The entry id of a /container/{entry} path (decoded, without a trailing slash); null when it cannot be decoded. */
function containerEntry(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.slice('/container/'.length).replace(/\/$/, ''));
  } catch {
    return null;
  }
}

/** What the server embeds in the page for the browser's first render. */
export interface BootData {
  host: string;
  /** application config (spec 1 §3) or null for an unknown host */
  config: Awaited<ReturnType<typeof presentConfig>> | null;
  /** first page of each panel (home page only): moduleId -> read key -> page */
  data: Record<string, Record<string, unknown>>;
  user: { id: number; name: string; role: string } | null;
  /**
   * Set when the site is not released (decision #139): 'hidden' for a visitor (no config or data is
   * sent; the browser goes to /unrelease), 'preview' for its managers and super managers (banner).
   */
  unreleased?: 'hidden' | 'preview';
  /** set for a signed-in reader awaiting approval under 新用户需审核 (decision 660): the header's notice, with a rejection's reason */
  readerApproval?: { status: 'pending' | 'rejected'; reason: string | null };
}

/**
 * Builds the boot data of a page of `host` for `viewer`: the configuration the viewer may see and, when
 * `withPanels` (the home page), the first page of every panel through the shared panel reads (journal
 * items marked for a signed-in user, as the API marks them).
 */
export async function siteBoot(
  db: Db,
  cache: SharedCache,
  host: string,
  user: BootData['user'],
  viewerScope: RequestScope,
  withPanels: boolean,
  ip = '',
): Promise<BootData> {
  const viewer = viewerScope.viewer;
  const app = await applicationByHost(db, host);
  if (!app) return { host, config: null, data: {}, user };
  let unreleased: BootData['unreleased'];
  if (app.status !== 'released') {
    unreleased = (await canRead(viewerScope, app)) ? 'preview' : 'hidden';
    if (unreleased === 'hidden') return { host, config: null, data: {}, user, unreleased };
  }
  // a signed-in reader joins the site with its default role; under 新用户需审核 a new one waits for approval instead (decision 660)
  let readerApproval: BootData['readerApproval'];
  if (viewer && !viewer.anonymous) {
    if (app.audit_new_users === 1 && (await viewerScope.heldOn(app))) {
      await enrolReader(db, app, viewer, { user: viewer, ip, method: 'GET', route: '/' }).catch(() => undefined);
      const standing = await viewerScope.standingOn(app);
      if (standing.held) readerApproval = { status: standing.status === 'rejected' ? 'rejected' : 'pending', reason: standing.reason };
    } else await joinApplication(db, app, viewer.id).catch(() => undefined);
  }
  // the 仅登录可见 modules (and their first pages) only for a viewer holding `panels` (decision 211)
  const config = await presentConfigFor(db, app, viewerScope);
  const data: BootData['data'] = {};
  if (withPanels) {
    const scope = { app, hidden: [], visitor: isVisitor(viewer) };
    const userId = viewer && !viewer.anonymous ? viewer.id : null;
    const jobs: Promise<void>[] = [];
    // every panel's first pages, nested panels included (modules/registry.ts: allModules, readsOf)
    for (const m of allModules(homeEntry(config.homeConfig).template)) {
      for (const read of readsOf(m)) {
        jobs.push(
          servePanelRead(db, cache, scope, read, userId).then(
            (s) => {
              (data[m.id] ??= {})[read.key] = s.page;
            },
            () => undefined,
          ),
        );
      }
    }
    await Promise.all(jobs);
  }
  return { host, config, data, user, ...(unreleased ? { unreleased } : {}), ...(readerApproval ? { readerApproval } : {}) };
}

/** The boot data of the home page (siteBoot with the panels), with a cache of its own unless one is given. */
export function homeBoot(
  db: Db,
  host: string,
  user: BootData['user'],
  viewer: User | null = null,
  cache: SharedCache = new SharedCache(db, 'sqlite'),
): Promise<BootData> {
  return siteBoot(db, cache, host, user, RequestScope.of(db, viewer, cache), true);
}

/** A page rendered for every visitor alike: what the cache keeps (the per-request signing key is added on the way out). */
interface SharedPage {
  status: number;
  redirect: string | null;
  title: string;
  description: string;
  /** the feeds' autodiscovery links (server/feeds/urls.ts) */
  alternates: string;
  /** the rendered lazy pages' modulepreload links (./chunkPreloads.ts) */
  preloads?: string;
  styles: string;
  appHtml: string;
  bootJson: string;
  /** a /container page: the only origins its CSP frame-src lists */
  frameSrc?: string[];
  encoded?: EncodedPage;
}

/** Addresses of API calls (spec 2 §7): an unknown one answers a JSON 404, never the web app's page. */
export const isApiNamespace = (url: string) => /^\/(api|toolsApi|technology|web\/oauth|welcome)(\/|\?|$)/.test(url);

/** Paths the server does not render: the console (client-rendered lazy chunks). */
const isConsolePath = (p: string) => p === '/console' || p.startsWith('/console/');

export default async function webRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const indexFile = path.join(config.webDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let template: Template | null = built ? parseTemplate(fs.readFileSync(indexFile, 'utf8')) : null;
  const renderer: Renderer | null = built ? await loadRenderer(config.webDir) : null;
  const preloadsOf = chunkPreloads(built ? readManifest(config.webDir) : null);
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.includes(`${path.sep}demo${path.sep}`)) res.header('cache-control', 'public, max-age=86400');
      },
    });
  }

  /** The browser's signing key in the page, so its first call needs no key request (decision 223). */
  const signingJson = (req: FastifyRequest) =>
    escapeJson(req.xsrfToken ? { xsrf: req.xsrfToken, key: signingKeyFor(config.secret, req.xsrfToken), serverTime: Date.now() } : null);

  /** Renders (or, for the console, leaves to the browser) the page at req.url for req's viewer. */
  const makePage = async (req: FastifyRequest, pathname: string, shared: boolean): Promise<SharedPage> => {
    const user = req.user && !req.user.anonymous ? { id: req.user.id, name: req.user.name, role: req.user.role } : null;
    const isHome = pathname === '/';
    const boot = await siteBoot(
      db,
      app.visitorCache,
      req.headers.host ?? '',
      user,
      shared ? RequestScope.of(db, null, app.visitorCache) : req.scope,
      isHome,
      req.ip,
    );
    const title = boot.config?.name ?? 'Atrium';
    const description = boot.config ? describeSite(boot.config) : '';
    const notFoundHome = isHome && !boot.config && !boot.unreleased;
    // a released site's pages announce its feeds (decision 531); a draft has none
    const alternates = boot.config && !boot.unreleased ? alternateLinks(pageFeeds(pathname, { name: boot.config.name, topic: boot.config.topic })) : '';
    const page = { status: notFoundHome ? 404 : 200, redirect: null, title, description, alternates, styles: '', appHtml: '', bootJson: escapeJson(boot) };
    // 详情页需登录 (spec 1 §2): a visitor not signed in goes to the site's sign-in, which comes
    // back here; decided before rendering, so it holds without JavaScript, for crawlers, and in the cache
    if (boot.config?.detailSignin === 1 && isVisitor(req.user) && isDetailSigninPath(pathname)) {
      return { ...page, status: 302, redirect: loginHref(req.url) };
    }
    // 微应用 pages need sign-in on every site (spec 1 §2 /container/**), and may frame only the site's
    // allowed micro-app origins
    if (isContainerPath(pathname) && boot.config && isVisitor(req.user)) {
      return { ...page, status: 302, redirect: loginHref(req.url) };
    }
    if (isContainerPath(pathname)) {
      const entries = microappEntries(boot.config?.headerConfig?.menu);
      const origins = entries.filter(microappAllowed).map((m) => m.origin!);
      Object.assign(page, { frameSrc: [...new Set(origins)] });
      // an unknown entry is the page 没有找到这个微应用 in the site frame, sent as 404 (decision 579)
      const entry = containerEntry(pathname);
      if (boot.config && !entries.some((m) => m.id === entry)) page.status = 404;
    }
    if (!renderer || isConsolePath(pathname)) return page;
    if (boot.unreleased === 'hidden' && !['/unrelease', '/block/404', '/block/503'].includes(pathname)) {
      return { ...page, status: 302, redirect: '/unrelease' };
    }
    // a draft composed page answers as a draft site does (decision 703): its managers see it (with a
    // banner), anyone else goes to /unrelease; decided before rendering, so it holds in the cache too
    const pageId = xrenderPageId(pathname);
    if (pageId !== null && boot.config) {
      const composed = await findPage(db, boot.config.applicationId, pageId);
      const scope = shared ? RequestScope.of(db, null, app.visitorCache) : req.scope;
      if (composed && composed.state !== 'published' && !(await scope.manages(composed.application_id))) {
        return { ...page, status: 302, redirect: '/unrelease' };
      }
    }
    const r = await renderer.render({ url: req.url, boot, transport: injectTransport(app, req, { asVisitor: shared }) });
    return {
      ...page,
      status: r.redirect ? r.status : Math.max(page.status, r.status),
      redirect: r.redirect,
      // the page's own title (登录 - 站点名, 研究报告 - 站点名 …) as the browser will set it (decision 431)
      title: r.title ?? page.title,
      styles: r.styles,
      preloads: preloadsOf(r.chunks ?? []),
      appHtml: r.html,
      bootJson: escapeJson(r.boot),
    };
  };

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!built || !template) {
      return reply.status(503).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build（npm start 会自动构建）');
    }
    if (!config.production && config.reloadIndex) template = parseTemplate(fs.readFileSync(indexFile, 'utf8'));
    const q = req.url.indexOf('?');
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    // what every visitor shares: the same page for anyone signed out or anonymous, for a query-less URL
    const shared = isVisitor(req.user) && q < 0 && !isConsolePath(pathname);
    const page = shared
      ? await app.visitorCache.getOrMake(`page|${(req.headers.host ?? '').toLowerCase()}|${pathname}`, () => makePage(req, pathname, true))
      : await makePage(req, pathname, false);
    if (page.redirect) {
      return reply.header('cache-control', 'no-store').redirect(page.redirect, page.status >= 300 && page.status < 400 ? page.status : 302);
    }
    if (page.frameSrc) {
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', withFrameSrc(csp, page.frameSrc));
    }
    // a cached page is encoded once; a request joins it with its own signing key
    const encoded = page.encoded ?? (page.encoded = encodePage(template, page));
    const html = Buffer.concat([encoded.before, Buffer.from(signingJson(req), 'utf8'), encoded.after]);
    return reply.status(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler(async (req, reply) => {
    // an address under a namespace of API calls (spec 2 §7: /api, /toolsApi, /technology, /web/oauth) is never a page (decision 298)
    if (isApiNamespace(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'not_found', message: MSG.routeNotFound } });
    }
    return sendPage(req, reply);
  });
  app.get('/', sendPage);
}
