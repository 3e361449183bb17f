/**
 * Serves the browser app (DESIGN.md 'Browser'). The home page HTML carries the application
 * configuration and the first page of every panel's data (`window.__ATRIUM_BOOT__`), so the first paint
 * needs no further request. Assets under /assets are immutable and cached for a year.
 */
import fs from 'node:fs';
import path from 'node:path';
import { signingKeyFor } from '../http/signing.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context.js';
import type { presentConfig } from '../routes/applications/service.js';
import { presentConfigFor } from '../routes/applications/visibility.js';
import { runRead } from '../routes/modules/service.js';
import { homeEntry } from '../../common/homeConfig.js';
import { definitionOf } from '../../modules/registry.js';
import { MSG } from '../../common/messages.js';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { canManage } from '../http/session.js';
import { joinApplication } from '../routes/roles/service.js';

/** What the server embeds in the page for the browser's first render. */
export interface BootData {
  host: string;
  /** application config (spec 1 §3) or null for an unknown host */
  config: Awaited<ReturnType<typeof presentConfig>> | null;
  /** first page of each panel: moduleId -> read key -> page */
  data: Record<string, Record<string, unknown>>;
  user: { id: number; name: string; role: string } | null;
  /**
   * Set when the site is not released (decision #139): 'hidden' for a visitor (no config or data is
   * sent; the browser goes to /unrelease), 'preview' for its managers and super managers (banner).
   */
  unreleased?: 'hidden' | 'preview';
}

/** Finds the application of a Host header: exact match first, then without the port. */
export async function applicationByHost(db: Db, hostHeader: string) {
  const host = hostHeader.toLowerCase();
  const exact = await db.selectFrom('applications').selectAll().where('host', '=', host).executeTakeFirst();
  if (exact) return exact;
  const bare = host.replace(/:\d+$/, '');
  return bare !== host ? db.selectFrom('applications').selectAll().where('host', '=', bare).executeTakeFirst() : undefined;
}

/** Builds the boot data of the home page of `host`, running every panel's first read in parallel. */
export async function homeBoot(db: Db, host: string, user: BootData['user'], viewer: User | null = null): Promise<BootData> {
  const app = await applicationByHost(db, host);
  if (!app) return { host, config: null, data: {}, user };
  let unreleased: BootData['unreleased'];
  if (app.status !== 'released') {
    unreleased = viewer && !viewer.anonymous && (await canManage(db, viewer, app.id)) ? 'preview' : 'hidden';
    if (unreleased === 'hidden') return { host, config: null, data: {}, user, unreleased };
  }
  if (viewer && !viewer.anonymous) await joinApplication(db, app, viewer.id).catch(() => undefined);
  // the 仅登录可见 modules (and their first pages) only for a viewer holding `panels` (decision 211)
  const config = await presentConfigFor(db, app, viewer);
  const data: BootData['data'] = {};
  const entry = homeEntry(config.homeConfig);
  const jobs: Promise<void>[] = [];
  const visit = (modules: unknown[]) => {
    for (const m of modules as Array<{ id: string; type: string; components?: Array<{ modules?: unknown[] }> }>) {
      const def = definitionOf(m.type);
      if (def) {
        for (const read of def.reads(m as never)) {
          jobs.push(runRead(db, app, read).then((page) => { (data[m.id] ??= {})[read.key] = page; }, () => undefined));
        }
      }
      for (const slot of m.components ?? []) visit(slot.modules ?? []);
    }
  };
  visit(entry.template);
  await Promise.all(jobs);
  return { host, config, data, user, ...(unreleased ? { unreleased } : {}) };
}

const escapeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export default async function webRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const indexFile = path.join(config.webDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let template = built ? fs.readFileSync(indexFile, 'utf8') : '';
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDir, prefix: '/', index: false, wildcard: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  /** The browser's signing key in the page, so its first call needs no key request (decision 223). */
  const signingBoot = (req: FastifyRequest) =>
    (req.xsrfToken ? { xsrf: req.xsrfToken, key: signingKeyFor(config.secret, req.xsrfToken), serverTime: Date.now() } : null);

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build（npm start 会自动构建）');
    }
    if (!config.production && process.env.ATRIUM_RELOAD_INDEX === '1') template = fs.readFileSync(indexFile, 'utf8');
    const user = req.user && !req.user.anonymous ? { id: req.user.id, name: req.user.name, role: req.user.role } : null;
    const isHome = req.url === '/' || req.url.startsWith('/?');
    const boot: BootData = isHome ? await homeBoot(db, req.headers.host ?? '', user, req.user) : { host: req.headers.host ?? '', config: null, data: {}, user };
    const title = boot.config?.name ?? 'Atrium';
    const html = template
      .replace('<title>Atrium</title>', `<title>${title.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>`)
      .replace('<!--atrium-boot-->', `<script>window.__ATRIUM_BOOT__=${escapeJson(boot)}</script><script>window.__ATRIUM_SIGNING__=${escapeJson(signingBoot(req))}</script>`);
    const status = isHome && !boot.config && !boot.unreleased ? 404 : 200;
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'not_found', message: MSG.routeNotFound } });
    }
    return sendPage(req, reply);
  });
  app.get('/', sendPage);
}
