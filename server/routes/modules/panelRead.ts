/**
 * Panel reads as a viewer may make them, through the shared cache: the scope of a
 * read (the application, whether the viewer may see it, the 仅登录可见 modules left out) and the read
 * itself through the server registry (server/reads). For a visitor (signed out, or an anonymous
 * fingerprint user: the same rights) both come from the shared cache, so a hit reads no SQL; a
 * signed-in user's scope is read from the database (managers see drafts and marked modules) and only
 * the journal marks are added per user on top of the shared page.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { User } from '../../db/schema.js';
import type { RequestScope } from '../../policies/scope.js';
import type { Page } from '../../../common/page.js';
import type { PanelRead } from '../../../modules/types.js';
import { MSG } from '../../../common/messages.js';
import { loginOnlyModuleIds } from '../../../common/visibility.js';
import { notFound } from '../../http/errors.js';
import { personalise, readPanel } from '../../reads/index.js';
import type { SharedCache } from '../../cache/sharedCache.js';
import { siteModuleConfig } from '../../applications/service.js';
import { moduleReadScope, readableApplication } from '../../policies/visibility.js';
import { rightRefusal } from '../../policies/rights.js';

/** Where a read runs and what it leaves out for this viewer. */
export interface ReadScope {
  app: { id: number; topic_id: number | null };
  hidden: string[];
  /** true when the page is the same for every visitor (may be cached by browsers and shared caches) */
  visitor: boolean;
}

interface VisitorSite {
  id: number;
  topic_id: number | null;
  released: boolean;
  loginOnly: string[];
}

/** Whether the viewer has the rights of a visitor (signed out, or an anonymous fingerprint user). */
export const isVisitor = (viewer: User | null | undefined) => !viewer || !!viewer.anonymous;

/** The visitor's view of an application (cached per generation), or undefined when there is none. */
async function visitorSite(db: Db, cache: SharedCache, applicationId: number): Promise<VisitorSite | null> {
  return cache.getOrMake(`site|${applicationId}`, async () => {
    const app = await db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst();
    if (!app) return null;
    return { id: app.id, topic_id: app.topic_id, released: app.status === 'released', loginOnly: [...loginOnlyModuleIds(await siteModuleConfig(db, app))] };
  });
}

/**
 * The scope of a read of `applicationId` (optionally of one module's items) for `viewer`.
 * Throws 404 应用不存在 for an unknown application and for a draft the viewer does not manage
 * (decision 139: a draft is its managers' only), 403 (rightRefusal 'panels') for a 仅登录可见 module's
 * items without the right.
 */
export async function readScope(db: Db, cache: SharedCache, applicationId: number, moduleId: string | undefined, scope: RequestScope): Promise<ReadScope> {
  if (isVisitor(scope.viewer)) {
    const site = await visitorSite(db, cache, applicationId);
    if (!site || !site.released) throw notFound(MSG.applicationNotFound);
    if (moduleId && site.loginOnly.includes(moduleId)) throw rightRefusal('panels', false);
    return { app: site, hidden: moduleId ? [] : site.loginOnly, visitor: true };
  }
  const app = await readableApplication(scope, applicationId);
  const { hidden } = await moduleReadScope(scope, app.id, moduleId);
  return { app, hidden, visitor: false };
}

/** A read's page as served: the JSON text and its entity tag. */
export interface ServedPage {
  page: Page<unknown>;
  etag: string;
}

/** The cache key of a read in a scope (the read's own `key` does not change what is read). */
const readKey = (scope: ReadScope, read: PanelRead) => {
  const { key: _key, ...what } = read;
  return `read|${scope.app.id}|${scope.hidden.join(',')}|${JSON.stringify(what)}`;
};

/**
 * The first page of `read` in `scope`: the shared page from the cache (made through the registry on a
 * miss), with the journal marks of a signed-in `userId` added (never cached).
 */
export async function servePanelRead(db: Db, cache: SharedCache, scope: ReadScope, read: PanelRead, userId: number | null): Promise<ServedPage> {
  const shared = await cache.getOrMake(readKey(scope, read), async () => {
    const page = await readPanel({ db, app: scope.app, hidden: scope.hidden }, read);
    return { page, etag: `"${crypto.createHash('sha1').update(JSON.stringify(page)).digest('base64url')}"` };
  });
  if (scope.visitor || userId == null) return shared;
  const page = await personalise(db, read, shared.page, userId);
  return page === shared.page ? shared : { page, etag: '' };
}
