/**
 * Who may READ an application's content (issue 12 §4; docs/decisions.md 139, 210-212): a released site
 * is everyone's, a draft its managers'; unpublished notices and links are their managers'; the items and
 * configuration of 仅登录可见 modules are for viewers holding the user right `panels`. The visitor reads
 * (panel reads, notice and link lists and details, the configuration by host, the web pages) call these;
 * a viewer without the right never receives a marked module's configuration or its items.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { Application, User } from '../db/schema.js';
import { loginOnlyModuleIds, moduleVisibility } from '../../common/visibility.js';
import type { HomeConfig } from '../../common/homeConfig.js';
import { storedHomeConfig } from '../applications/service.js';
import { canManage, isManagerOf } from './managers.js';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import { requireViewerRight, viewerRights } from './rights.js';

/**
 * Whether `viewer` may read the application's content: a released site is everyone's; a draft (or
 * one awaiting review) only its managers' and the super managers' (decision 139; issue 10 §8).
 */
export async function canRead(db: Db, app: Application, viewer: User | null | undefined): Promise<boolean> {
  if (app.status === 'released') return true;
  return !!viewer && !viewer.anonymous && canManage(db, viewer, app.id);
}

/**
 * The application `applicationId` when `viewer` may read its content (see {@link canRead}); 404
 * `notFoundMessage` (default 应用不存在) otherwise, exactly as for an application that does not exist,
 * so a draft's existence is not told either. The one check of every visitor read of an application's
 * content: notices, links, their panels, its configuration by host.
 */
export async function readableApplication(
  db: Db,
  applicationId: number,
  viewer: User | null | undefined,
  notFoundMessage: string = MSG.applicationNotFound,
): Promise<Application> {
  const app = await db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst();
  if (!app || !(await canRead(db, app, viewer))) throw notFound(notFoundMessage);
  return app;
}

/**
 * Whether the application's 仅登录可见 modules (common/visibility.ts) must be left out of what `viewer`
 * is served: true unless the viewer holds the user right `panels` (managers and super managers always
 * do). No rights query when `homeConfig` marks no module.
 */
export async function hidesLoginOnly(db: Db, app: Application, viewer: User | null | undefined, homeConfig: HomeConfig): Promise<boolean> {
  if (loginOnlyModuleIds(homeConfig).size === 0) return false;
  const { rights } = await viewerRights(db, app, viewer);
  return !rights.includes('panels');
}

/**
 * The scope of a read of an application's module items (notices, links) for `viewer`:
 * - with `moduleId` of a 仅登录可见 module: 403 (rightRefusal 'panels') unless the viewer holds `panels`;
 *   otherwise nothing is hidden;
 * - without `moduleId`: `hidden` lists the marked modules' ids whose items the read must leave out
 *   (empty for a viewer with the right, or when nothing is marked).
 * An unknown application or a module id not in its config (items of a removed module) hides nothing.
 */
export async function moduleReadScope(
  db: Db,
  applicationId: number,
  moduleId: string | null | undefined,
  viewer: User | null | undefined,
): Promise<{ hidden: string[] }> {
  const app = await db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst();
  if (!app) return { hidden: [] };
  const cfg = storedHomeConfig(app);
  if (moduleId) {
    if (moduleVisibility(cfg, moduleId) === 'loginOnly') await requireViewerRight(db, app, viewer, 'panels');
    return { hidden: [] };
  }
  const ids = loginOnlyModuleIds(cfg);
  if (ids.size === 0) return { hidden: [] };
  const { rights } = await viewerRights(db, app, viewer);
  return { hidden: rights.includes('panels') ? [] : [...ids] };
}

/**
 * What a reader of an application's notices or links may list (spec 1 §4; decision 212): the
 * application must be readable to them (403/404 as readableApplication), its managers choose the
 * `active` filter while everyone else lists published items only, and the items of modules hidden
 * from the reader are left out (`hidden`; 403 when they asked for such a module).
 */
export async function contentListScope(db: Db, req: FastifyRequest, q: { applicationId: number; moduleId: string | null; active: number }) {
  await readableApplication(db, q.applicationId, req.user);
  const manager = await isManagerOf(db, req, q.applicationId);
  const { hidden } = await moduleReadScope(db, q.applicationId, q.moduleId, req.user);
  return { active: manager ? q.active : 1, hidden };
}

/**
 * Checks that the reader may open one notice or link: 404 `notFoundMessage` when it is unpublished
 * and they do not manage its application, or the application is not readable to them; 403 when it
 * belongs to a module hidden from them (decision 212).
 */
export async function checkReadableContent(
  db: Db,
  req: FastifyRequest,
  row: { active: number; application_id: number; module_id: string | null },
  notFoundMessage: string,
): Promise<void> {
  if (row.active !== 1 && !(await isManagerOf(db, req, row.application_id))) throw notFound(notFoundMessage);
  await readableApplication(db, row.application_id, req.user, notFoundMessage);
  if (row.module_id) await moduleReadScope(db, row.application_id, row.module_id, req.user);
}

/**
 * Checks that `viewer` manages the application a notice (or link) belongs to, for what only its
 * managers may look up whatever its state (the banner editor's title of a linked notice, decision 295):
 * 404 `notFoundMessage` otherwise, exactly as for one that does not exist, so its existence is not told.
 */
export async function checkManagedContent(db: Db, viewer: User, row: { application_id: number }, notFoundMessage: string): Promise<void> {
  if (!(await canManage(db, viewer, row.application_id))) throw notFound(notFoundMessage);
}
