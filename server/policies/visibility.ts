/**
 * Who may READ an application's content (docs/decisions.md 139, 210-212): a released site
 * is everyone's, a draft its managers'; unpublished notices and links are their managers'; the items and
 * configuration of 仅登录可见 modules are for viewers holding the user right `panels`. The visitor reads
 * (panel reads, notice and link lists and details, the configuration by host, the web pages) call these;
 * a viewer without the right never receives a marked module's configuration or its items.
 */
import type { FastifyRequest } from 'fastify';
import type { Application } from '../db/schema.js';
import { loginOnlyModuleIds, moduleVisibility } from '../../common/visibility.js';
import type { HomeConfig } from '../../common/homeConfig.js';
import { siteModuleConfig } from '../applications/service.js';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import { requireViewerRight, viewerRights } from './rights.js';
import type { RequestScope } from './scope.js';

/**
 * Whether the viewer of `scope` may read the application's content: a released site is everyone's; a
 * draft (or one awaiting review) only its managers' and the super managers' (decision 139).
 */
export async function canRead(scope: RequestScope, app: Application): Promise<boolean> {
  if (app.status === 'released') return true;
  return scope.manages(app.id);
}

/**
 * The application `applicationId` when the viewer may read its content (see {@link canRead}); 404
 * `notFoundMessage` (default 应用不存在) otherwise, exactly as for an application that does not exist,
 * so a draft's existence is not told either. The one check of every visitor read of an application's
 * content (the row rule `site`, server/policies/rows.ts): notices, links, their panels, reports, tools,
 * its configuration by host. The row is read once per request (the scope).
 */
export async function readableApplication(scope: RequestScope, applicationId: number, notFoundMessage: string = MSG.applicationNotFound): Promise<Application> {
  const app = await scope.application(applicationId);
  if (!app || !(await canRead(scope, app))) throw notFound(notFoundMessage);
  return app;
}

/**
 * Whether the application's 仅登录可见 modules (common/visibility.ts) must be left out of what the
 * viewer is served: true unless the viewer holds the user right `panels` (managers and super managers
 * always do). No rights query when `homeConfig` marks no module.
 */
export async function hidesLoginOnly(scope: RequestScope, app: Application, homeConfig: HomeConfig): Promise<boolean> {
  if (loginOnlyModuleIds(homeConfig).size === 0) return false;
  const { rights } = await viewerRights(scope, app);
  return !rights.includes('panels');
}

/**
 * The scope of a read of an application's module items (notices, links) for the viewer:
 * - with `moduleId` of a 仅登录可见 module: 403 (rightRefusal 'panels') unless the viewer holds `panels`;
 *   otherwise nothing is hidden;
 * - without `moduleId`: `hidden` lists the marked modules' ids whose items the read must leave out
 *   (empty for a viewer with the right, or when nothing is marked).
 * An unknown application or a module id not in its config (items of a removed module) hides nothing.
 */
export async function moduleReadScope(scope: RequestScope, applicationId: number, moduleId: string | null | undefined): Promise<{ hidden: string[] }> {
  const app = await scope.application(applicationId);
  if (!app) return { hidden: [] };
  const cfg = await siteModuleConfig(scope.db, app);
  if (moduleId) {
    if (moduleVisibility(cfg, moduleId) === 'loginOnly') await requireViewerRight(scope, app, 'panels');
    return { hidden: [] };
  }
  const ids = loginOnlyModuleIds(cfg);
  if (ids.size === 0) return { hidden: [] };
  const { rights } = await viewerRights(scope, app);
  return { hidden: rights.includes('panels') ? [] : [...ids] };
}

/**
 * What a reader of an application's notices or links may list (spec 1 §4; decision 212): the
 * application must be readable to them (404 as readableApplication), its managers choose the
 * `active` filter while everyone else lists published items only, and the items of modules hidden
 * from the reader are left out (`hidden`; 403 when they asked for such a module).
 */
export async function contentListScope(req: FastifyRequest, q: { applicationId: number; moduleId: string | null; active: number }) {
  await readableApplication(req.scope, q.applicationId);
  const manager = await req.scope.manages(q.applicationId);
  const { hidden } = await moduleReadScope(req.scope, q.applicationId, q.moduleId);
  return { active: manager ? q.active : 1, hidden };
}

/**
 * Checks that the reader may open one notice or link: 404 `notFoundMessage` when it is unpublished
 * and they do not manage its application, or the application is not readable to them; 403 when it
 * belongs to a module hidden from them (decision 212).
 */
export async function checkReadableContent(
  req: FastifyRequest,
  row: { active: number; application_id: number; module_id: string | null },
  notFoundMessage: string,
): Promise<void> {
  if (row.active !== 1 && !(await req.scope.manages(row.application_id))) throw notFound(notFoundMessage);
  await readableApplication(req.scope, row.application_id, notFoundMessage);
  if (row.module_id) await moduleReadScope(req.scope, row.application_id, row.module_id);
}

/**
 * Checks that the viewer manages the application a notice (or link) belongs to, for what only its
 * managers may look up whatever its state (the banner editor's title of a linked notice, decision 295):
 * 404 `notFoundMessage` otherwise, exactly as for one that does not exist, so its existence is not told.
 */
export async function checkManagedContent(scope: RequestScope, row: { application_id: number }, notFoundMessage: string): Promise<void> {
  if (!(await scope.manages(row.application_id))) throw notFound(notFoundMessage);
}
