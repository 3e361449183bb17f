/**
 * Who manages an application (spec 1 §6; docs/decisions.md 135, 348, 356): a super manager
 * (users.role = 'super') manages every application with every right; an application manager
 * (application_managers) manages theirs with the rights stored there (common/roles.ts). The access
 * check (server/policies/access.ts), the read rules (visibility.ts) and the rights (rights.ts) ask
 * these; server/http/session.ts keeps only the session and the signed-in / super checks.
 * Nothing here imports a route folder (eslint.config.js DOMAIN).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { HttpError, forbidden } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { MANAGER_RIGHTS, MANAGER_RIGHT_LABELS, type ManagerRight } from '../../common/roles.js';

/** The manager rights stored as JSON in application_managers.rights, in MANAGER_RIGHTS order; [] when unreadable. */
export function parseManagerRights(s: string): ManagerRight[] {
  try {
    const list = JSON.parse(s) as unknown;
    return Array.isArray(list) ? MANAGER_RIGHTS.filter((r) => list.includes(r)) : [];
  } catch {
    return [];
  }
}

/**
 * The rights the user holds on the application: every right for a super manager, the stored rights
 * of a manager, null for anyone else (decision #135).
 */
export async function managerRights(db: Db, user: User, applicationId: number): Promise<ManagerRight[] | null> {
  if (user.role === 'super') return [...MANAGER_RIGHTS];
  const row = await db
    .selectFrom('application_managers')
    .select('rights')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return row ? parseManagerRights(row.rights) : null;
}

/** True when the user may manage the application (super manager or one of its managers), with `right` when given. */
export async function canManage(db: Db, user: User, applicationId: number, right?: ManagerRight): Promise<boolean> {
  const rights = await managerRights(db, user, applicationId);
  return !!rights && (!right || rights.includes(right));
}

/** Whether the request comes from a manager of the application (signed in, not anonymous); memoised by the request scope. */
export async function isManagerOf(req: FastifyRequest, applicationId: number): Promise<boolean> {
  return req.scope.manages(applicationId);
}

/** Whether the user manages some application (or is a super manager). */
export async function managesAny(db: Db, user: User): Promise<boolean> {
  if (user.role === 'super') return true;
  const row = await db.selectFrom('application_managers').select('application_id').where('user_id', '=', user.id).executeTakeFirst();
  return !!row;
}

/**
 * A manager of the application (holding `right` when given), or 401/403. A manager without the right
 * gets 403 没有「站点设置」权限，请联系超级管理员. The caller checks that the application exists first (404).
 */
export async function requireManager(req: FastifyRequest, applicationId: number, right?: ManagerRight): Promise<User> {
  const u = requireUser(req);
  const rights = await req.scope.managerRights(applicationId);
  if (!rights) throw forbidden();
  if (right && !rights.includes(right)) throw new HttpError(403, 'forbidden', fillMsg(MSG.rightMissing, { right: MANAGER_RIGHT_LABELS[right] }));
  return u;
}
