/**
 * Roles and rights (spec 1 §6, spec 2 §7 'Application and account'; docs/decisions.md #135-#139):
 * managers of an application and their rights, users of an application and their roles, the
 * application's role config, super managers, and the release lifecycle draft → submitted → released.
 */
import type { Db } from '../../db/index.js';
import { inManaged, type ManagedApplications } from '../../policies/scope.js';
import { readPage } from '../../db/paging.js';
import { containsText } from '../../db/like.js';
import type { Application, User } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { userByPhone } from '../../auth/service.js';
import { parseManagerRights } from '../../policies/managers.js';
import { defaultRoleOf, roleConfigOf } from '../../policies/rights.js';
import { makePage } from '../../../common/page.js';
import { MSG } from '../../../common/messages.js';
import { maskPhone, type ManagerRight, type Role } from '../../../common/roles.js';

const now = () => new Date().toISOString();

/** Finds a user by id or phone; with `create`, a phone nobody has yet becomes an ordinary user (as sign-in would). */
export async function findUser(db: Db, ref: { userId?: number; phone?: string }, create = false): Promise<User> {
  if (ref.userId !== undefined) {
    const u = await db.selectFrom('users').selectAll().where('id', '=', ref.userId).executeTakeFirst();
    if (!u) throw notFound(MSG.userNotFound);
    return u;
  }
  const phone = ref.phone!;
  if (create) return userByPhone(db, phone);
  const found = await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  if (!found) throw notFound(MSG.userNotFound);
  return found;
}

/** A manager entry as the console shows it; the phone is masked. */
export interface ManagerEntry {
  id: number;
  applicationId: number;
  applicationName: string;
  userId: number;
  name: string;
  phone: string | null;
  superManager: boolean;
  rights: ManagerRight[];
  createdAt: string;
}

function managerRows(db: Db) {
  return db.selectFrom('application_managers as m').innerJoin('users as u', 'u.id', 'm.user_id').innerJoin('applications as a', 'a.id', 'm.application_id');
}
const managerColumns = [
  'm.id',
  'm.application_id',
  'm.user_id',
  'm.rights',
  'm.created_at',
  'u.name',
  'u.phone',
  'u.role',
  'a.name as application_name',
] as const;
type ManagerRow = {
  id: number;
  application_id: number;
  user_id: number;
  rights: string;
  created_at: string;
  name: string;
  phone: string | null;
  role: string;
  application_name: string;
};
const presentManager = (r: ManagerRow): ManagerEntry => ({
  id: r.id,
  applicationId: r.application_id,
  applicationName: r.application_name,
  userId: r.user_id,
  name: r.name,
  phone: maskPhone(r.phone),
  superManager: r.role === 'super',
  rights: parseManagerRights(r.rights),
  createdAt: r.created_at,
});

/** Loads a manager entry or 404 管理员不存在. */
export async function getManager(db: Db, id: number): Promise<ManagerEntry> {
  const r = await managerRows(db).select(managerColumns).where('m.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(MSG.managerNotFound);
  return presentManager(r);
}

/**
 * Lists manager entries of the `allowed` applications (the caller's with the right 'users'; every one
 * for a super manager). Filters: applicationId, userId, query (name or phone contains).
 */
export async function listManagers(
  db: Db,
  allowed: ManagedApplications,
  q: { applicationId?: number; userId?: number; query?: string; page: number; size: number },
) {
  if (!allowed.all && !allowed.ids.length) return makePage<ManagerEntry>([], 0, q.page, q.size);
  let base = managerRows(db).where(inManaged(allowed, 'm.application_id'));
  if (q.applicationId) base = base.where('m.application_id', '=', q.applicationId);
  if (q.userId) base = base.where('m.user_id', '=', q.userId);
  if (q.query) {
    base = base.where(containsText(['u.name', 'u.phone'], q.query));
  }
  return readPage(base, q, (qb) => qb.select(managerColumns).orderBy('m.application_id', 'asc').orderBy('m.id', 'asc'), presentManager);
}

/** Makes the user a manager of the application with the rights; 409 when they already are. */
export async function addManager(db: Db, applicationId: number, user: User, rights: ManagerRight[]): Promise<ManagerEntry> {
  const exists = await db
    .selectFrom('application_managers')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (exists) throw conflict(MSG.managerExists);
  try {
    const row = await db
      .insertInto('application_managers')
      .values({ application_id: applicationId, user_id: user.id, rights: JSON.stringify(rights), created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return getManager(db, row.id);
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict(MSG.managerExists);
    throw err;
  }
}

/** Replaces the rights of a manager entry. */
export async function setManagerRights(db: Db, id: number, rights: ManagerRight[]): Promise<ManagerEntry> {
  await db
    .updateTable('application_managers')
    .set({ rights: JSON.stringify(rights) })
    .where('id', '=', id)
    .execute();
  return getManager(db, id);
}

/** An application user as the console shows it. */
export interface ApplicationUserEntry {
  userId: number;
  name: string;
  phone: string | null;
  affiliation: string;
  roleId: string;
  roleName: string;
  createdAt: string;
}

/** Lists the users of an application with their roles (filters: roleId, query on name or phone). */
export async function listApplicationUsers(db: Db, app: Application, q: { page: number; size: number; query?: string; roleId?: string }) {
  const roles = roleConfigOf(app);
  let base = db.selectFrom('application_users as au').innerJoin('users as u', 'u.id', 'au.user_id').where('au.application_id', '=', app.id);
  if (q.roleId) base = base.where('au.role_id', '=', q.roleId);
  if (q.query) {
    base = base.where(containsText(['u.name', 'u.phone'], q.query));
  }
  return readPage(
    base,
    q,
    (qb) =>
      qb
        .select(['au.user_id', 'au.role_id', 'au.created_at', 'u.name', 'u.phone', 'u.affiliation'])
        .orderBy('au.created_at', 'desc')
        .orderBy('au.user_id', 'desc'),
    (r): ApplicationUserEntry => ({
      userId: r.user_id,
      name: r.name,
      phone: maskPhone(r.phone),
      affiliation: r.affiliation,
      roleId: r.role_id,
      roleName: roles.find((x) => x.id === r.role_id)?.name ?? r.role_id,
      createdAt: r.created_at,
    }),
  );
}

/** 400 角色不存在 unless the role is in the application's role config. */
export function checkRole(app: Application, roleId: string): Role {
  const role = roleConfigOf(app).find((r) => r.id === roleId);
  if (!role) throw badRequest(MSG.unknownRole, { roleId: MSG.unknownRole });
  return role;
}

/**
 * Makes the user a user of the application (default role unless given); a user who already is keeps
 * their role. Called when a signed-in user opens the site (server/web) and by the console's add.
 */
export async function joinApplication(db: Db, app: Application, userId: number, roleId?: string): Promise<{ created: boolean }> {
  const res = await db
    .insertInto('application_users')
    .values({ application_id: app.id, user_id: userId, role_id: roleId ?? defaultRoleOf(app), created_at: now() })
    .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return { created: Number(res.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/**
 * Stores a role config and default role; users holding a role that is no longer in the list fall
 * back to the default role (one transaction). 400 when the default role is not in the list.
 */
export async function saveRoleConfig(db: Db, app: Application, roleConfig: Role[], defaultUserRole: string, restrictDownloadDefault?: number) {
  if (!roleConfig.some((r) => r.id === defaultUserRole)) throw badRequest(MSG.defaultRoleMissing, { defaultUserRole: MSG.defaultRoleMissing });
  const ids = roleConfig.map((r) => r.id);
  let moved = 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('applications')
      .set({
        role_config: JSON.stringify(roleConfig),
        default_user_role: defaultUserRole,
        updated_at: now(),
        ...(restrictDownloadDefault !== undefined ? { restrict_download_default: restrictDownloadDefault } : {}),
      })
      .where('id', '=', app.id)
      .execute();
    const res = await trx
      .updateTable('application_users')
      .set({ role_id: defaultUserRole })
      .where('application_id', '=', app.id)
      .where('role_id', 'not in', ids)
      .executeTakeFirst();
    moved = Number(res.numUpdatedRows);
  });
  return { roleConfig, defaultUserRole, moved, restrictDownloadDefault: restrictDownloadDefault ?? (app.restrict_download_default === 1 ? 1 : 0) };
}

/** Release (decision #138): draft → submitted. 409 when already submitted or released. */
export async function release(db: Db, app: Application) {
  if (app.status === 'submitted') throw conflict(MSG.alreadySubmitted);
  if (app.status === 'released') throw conflict(MSG.alreadyReleased);
  await db.updateTable('applications').set({ status: 'submitted', updated_at: now() }).where('id', '=', app.id).where('status', '=', app.status).execute();
  return { applicationId: app.id, status: 'submitted', message: MSG.releaseRequested };
}

/** Pass (decision #138, super managers): submitted → released. 409 when not submitted. */
export async function pass(db: Db, app: Application) {
  if (app.status === 'released') throw conflict(MSG.alreadyReleased);
  if (app.status !== 'submitted') throw conflict(MSG.notSubmitted);
  await db.updateTable('applications').set({ status: 'released', updated_at: now() }).where('id', '=', app.id).execute();
  return { applicationId: app.id, status: 'released', message: MSG.releasePassed };
}

/** Users whose name or phone contains the query (not anonymous), at most 10, phones masked. */
export async function suggestUsers(db: Db, query: string) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'affiliation', 'role'])
    .where('anonymous', '=', 0)
    .where(containsText(['name', 'phone'], query))
    .orderBy('id', 'asc')
    .limit(10)
    .execute();
  return rows.map((r) => ({ userId: r.id, name: r.name, phone: maskPhone(r.phone), affiliation: r.affiliation, superManager: r.role === 'super' }));
}

/** Removes a manager entry (the caller checked it exists). */
export async function deleteManager(db: Db, id: number): Promise<void> {
  await db.deleteFrom('application_managers').where('id', '=', id).execute();
}

/** Gives a user of the application another role; false when they are not a user of it. */
export async function setUserRole(db: Db, app: Application, userId: number, roleId: string): Promise<boolean> {
  const res = await db
    .updateTable('application_users')
    .set({ role_id: roleId })
    .where('application_id', '=', app.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Removes a user from the application; false when they were not a user of it. */
export async function removeApplicationUser(db: Db, app: Application, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('application_users').where('application_id', '=', app.id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Removes every manager entry of the user; the number removed. */
export async function clearManagerRights(db: Db, userId: number): Promise<number> {
  const res = await db.deleteFrom('application_managers').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Grants (`superManager` true) or revokes the super manager role of the user. */
export async function setSuperManager(db: Db, userId: number, superManager: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: superManager ? 'super' : 'user' })
    .where('id', '=', userId)
    .execute();
}
