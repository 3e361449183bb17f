/**
 * The user rights of decision 136 taking effect (docs/decisions.md 210-219): what a viewer of an
 * application holds (`panels` 查看仅登录可见的栏目, `download` 下载附件) and the refusal when a right is
 * missing. Managers of the application and super managers hold every right; a signed-in user holds
 * the rights of their role (the default role when they have not joined yet); a signed-out or anonymous
 * (fingerprint) visitor holds none.
 */
import type { Db } from '../../db/index.js';
import type { Application, User } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { canManage } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { USER_RIGHTS, type UserRight } from '../../../common/roles.js';
import { userRights } from './service.js';

/** What a viewer holds on one application: signed in (not anonymous), and the user rights. */
export interface ViewerRights {
  signedIn: boolean;
  rights: UserRight[];
}

/**
 * The user rights the viewer holds on the application (see the file comment). `viewer` is the
 * request's user (req.user), null or undefined for a signed-out visitor. One or two small queries.
 */
export async function viewerRights(db: Db, app: Application, viewer: User | null | undefined): Promise<ViewerRights> {
  if (!viewer || viewer.anonymous) return { signedIn: false, rights: [] };
  if (await canManage(db, viewer, app.id)) return { signedIn: true, rights: [...USER_RIGHTS] };
  const held = await userRights(db, app, viewer);
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
export async function requireViewerRight(db: Db, app: Application, viewer: User | null | undefined, right: UserRight): Promise<void> {
  const held = await viewerRights(db, app, viewer);
  if (!held.rights.includes(right)) throw rightRefusal(right, held.signedIn);
}
