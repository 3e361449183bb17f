/**
 * Rights as policies (spec 1 §6; docs/decisions.md 135-139, 210-219): which manager rights a
 * caller may grant, the rights a user holds everywhere, and the user rights of a viewer of an application
 * (`panels` 查看仅登录可见的栏目, `download` 下载附件) with the refusal when one is missing. Managers of the
 * application and super managers hold every user right; a signed-in user holds the rights of their role
 * (the default role when they have not joined yet); a signed-out or anonymous (fingerprint) visitor holds
 * none. The manager rights themselves are read by `managerRights` / `canManage` (./managers.ts).
 * Nothing here imports a route folder (eslint.config.js DOMAIN).
 */
import type { Db } from '../db/index.js';
import type { Application, User } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { managerRights, parseManagerRights } from './managers.js';
import type { RequestScope } from './scope.js';
import { MSG, fillMsg } from '../../common/messages.js';
import {
  DEFAULT_ROLE_CONFIG,
  DEFAULT_USER_ROLE,
  MANAGER_RIGHTS,
  MANAGER_RIGHT_LABELS,
  USER_RIGHTS,
  roleConfigSchema,
  type ManagerRight,
  type Role,
  type UserRight,
} from '../../common/roles.js';

/** 403 unless every right in `wanted` is held by the caller (a manager cannot grant more than they hold). */
export async function checkGrantable(db: Db, caller: User, applicationId: number, wanted: ManagerRight[]) {
  const held = (await managerRights(db, caller, applicationId)) ?? [];
  const missing = wanted.find((r) => !held.includes(r));
  if (missing) throw new HttpError(403, 'forbidden', fillMsg(MSG.rightNotHeld, { right: MANAGER_RIGHT_LABELS[missing] }));
}

/** The rights of a user everywhere: super flag and one entry per managed application. */
export async function rightsOfUser(db: Db, user: User) {
  const rows = await db
    .selectFrom('application_managers as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .select(['m.application_id', 'm.rights', 'a.name'])
    .where('m.user_id', '=', user.id)
    .orderBy('m.application_id')
    .execute();
  return {
    userId: user.id,
    name: user.name,
    superManager: user.role === 'super',
    allRights: [...MANAGER_RIGHTS],
    applications: rows.map((r) => ({
      applicationId: r.application_id,
      name: r.name,
      rights: user.role === 'super' ? [...MANAGER_RIGHTS] : parseManagerRights(r.rights),
    })),
  };
}

/** The stored role config of an application (the default one when unreadable): the roles whose user rights its users hold. */
export function roleConfigOf(app: Pick<Application, 'role_config'>): Role[] {
  try {
    const r = roleConfigSchema.safeParse(JSON.parse(app.role_config));
    return r.success ? r.data : DEFAULT_ROLE_CONFIG;
  } catch {
    return DEFAULT_ROLE_CONFIG;
  }
}

/** The default role id of an application, falling back to the first role when the stored one is gone. */
export function defaultRoleOf(app: Pick<Application, 'role_config' | 'default_user_role'>): string {
  const roles = roleConfigOf(app);
  return roles.some((r) => r.id === app.default_user_role) ? app.default_user_role : (roles[0]?.id ?? DEFAULT_USER_ROLE);
}

/** The role and rights of a user in an application; one who is not a user yet has the default role. */
export async function userRights(db: Db, app: Application, user: User) {
  const row = await db.selectFrom('application_users').select('role_id').where('application_id', '=', app.id).where('user_id', '=', user.id).executeTakeFirst();
  const roles = roleConfigOf(app);
  const roleId = row && roles.some((r) => r.id === row.role_id) ? row.role_id : defaultRoleOf(app);
  const role = roles.find((r) => r.id === roleId);
  return { applicationId: app.id, userId: user.id, member: !!row, roleId, roleName: role?.name ?? roleId, rights: role?.rights ?? [] };
}

/** What a viewer holds on one application: signed in (not anonymous), and the user rights. */
export interface ViewerRights {
  signedIn: boolean;
  rights: UserRight[];
}

/**
 * The user rights the viewer of `scope` holds on the application (see the file comment). At most one
 * query for the manager rights per request (the scope), and one for the role.
 */
export async function viewerRights(scope: RequestScope, app: Application): Promise<ViewerRights> {
  const viewer = scope.viewer;
  if (!viewer || viewer.anonymous) return { signedIn: false, rights: [] };
  if (await scope.manages(app.id)) return { signedIn: true, rights: [...USER_RIGHTS] };
  // a reader awaiting approval under 新用户需审核 holds what a visitor holds (decision 660)
  if (await scope.heldOn(app)) return { signedIn: false, rights: [] };
  const held = await userRights(scope.db, app, viewer);
  return { signedIn: true, rights: USER_RIGHTS.filter((r) => held.rights.includes(r)) };
}

/** The Chinese refusal of a missing user right: sign in first (signed out), or the role lacks it. */
export function rightRefusal(right: UserRight, signedIn: boolean): HttpError {
  if (right === 'panels') return new HttpError(403, 'panel_forbidden', signedIn ? MSG.panelRightMissing : MSG.panelLoginRequired);
  return new HttpError(403, 'download_forbidden', signedIn ? MSG.downloadRightMissing : MSG.downloadLoginRequired);
}

/**
 * Resolves when the viewer holds `right` on the application; otherwise throws 403 with
 * 该栏目仅登录用户可见，请先登录 / 您的角色没有「查看仅登录可见的栏目」权限，请联系站点管理员 (panels) or
 * 该附件仅限有下载权限的用户下载，请先登录 / 您的角色没有「下载附件」权限，请联系站点管理员 (download).
 */
export async function requireViewerRight(scope: RequestScope, app: Application, right: UserRight): Promise<void> {
  const held = await viewerRights(scope, app);
  if (!held.rights.includes(right)) throw rightRefusal(right, held.signedIn);
}
