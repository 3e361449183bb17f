/**
 * Roles-and-rights calls (spec 2 §7 'Application and account'; docs/decisions.md #135-#139): managers
 * and their rights, users of an application and their roles, the role config, super managers, release
 * and pass. Every call checks the role: 401 for nobody (and anonymous visitors), then 404 for an unknown
 * application, then 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { parse } from '../../http/parse.js';
import { badRequest } from '../../http/errors.js';
import { requireManager, requireSuper, requireUser } from '../../http/session.js';
import { getApplication } from '../../applications/service.js';
import { MSG } from '../../../common/messages.js';
import type { ManagerRight } from '../../../common/roles.js';
import {
  addManagerBody,
  changeManagerBody,
  clearRightsInput,
  deleteRoleBody,
  idParams,
  managerParams,
  managerRightsBody,
  managersQuery,
  roleConfigBody,
  suggestionsQuery,
  superManagersBody,
  userRightsBody,
  usersBody,
} from './schema.js';
import {
  addManager,
  checkGrantable,
  checkRole,
  defaultRoleOf,
  findUser,
  getManager,
  joinApplication,
  listApplicationUsers,
  listManagers,
  pass,
  release,
  requireAnyManager,
  rightsOfUser,
  roleConfigOf,
  saveRoleConfig,
  setManagerRights,
  suggestUsers,
  userRights,
} from './service.js';

/** 401, then 404 for an unknown application, then 403 unless a manager (with `right`). */
async function managed(db: Db, req: FastifyRequest, applicationId: number, right?: ManagerRight) {
  const user = requireUser(req);
  const app = await getApplication(db, applicationId);
  await requireManager(db, req, applicationId, right);
  return { user, app };
}

export default async function roleRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/applications/managers', async (req) => {
    const user = requireUser(req);
    const q = parse(managersQuery, req.query, 'query');
    if (q.applicationId) await managed(db, req, q.applicationId, 'users');
    return listManagers(db, user, q);
  });

  app.post('/api/v1/applications/managers', async (req, reply) => {
    requireUser(req);
    const body = parse(addManagerBody, req.body);
    const { user } = await managed(db, req, body.applicationId, 'users');
    await checkGrantable(db, user, body.applicationId, body.rights);
    const target = await findUser(db, body, true);
    if (target.anonymous) throw badRequest(MSG.userNotFound);
    const entry = await addManager(db, body.applicationId, target, body.rights);
    return reply.status(201).send({ ...entry, message: MSG.managerAdded });
  });

  app.put('/api/v1/applications/managers', async (req) => {
    requireUser(req);
    const body = parse(changeManagerBody, req.body);
    const entry = await getManager(db, body.id);
    const { user } = await managed(db, req, entry.applicationId, 'users');
    await checkGrantable(db, user, entry.applicationId, body.rights);
    return { ...(await setManagerRights(db, body.id, body.rights)), message: MSG.managerSaved };
  });

  app.delete('/api/v1/applications/managers/:id', async (req) => {
    requireUser(req);
    const { id } = parse(managerParams, req.params, 'params');
    const entry = await getManager(db, id);
    await managed(db, req, entry.applicationId, 'users');
    await db.deleteFrom('application_managers').where('id', '=', id).execute();
    return { ok: true, id, message: MSG.managerRemoved };
  });

  app.get('/api/v1/applications/managers/suggestions', async (req) => {
    const user = requireUser(req);
    await requireAnyManager(db, user);
    const { query } = parse(suggestionsQuery, req.query, 'query');
    return suggestUsers(db, query);
  });

  app.post('/api/v1/applications/users', async (req, reply) => {
    requireUser(req);
    const body = parse(usersBody, req.body);
    const { app: application } = await managed(db, req, body.applicationId, 'users');
    switch (body.action) {
      case 'list':
        return listApplicationUsers(db, application, body);
      case 'add': {
        const roleId = body.roleId ?? defaultRoleOf(application);
        checkRole(application, roleId);
        const target = await findUser(db, body, true);
        if (target.anonymous) throw badRequest(MSG.userNotFound);
        const { created } = await joinApplication(db, application, target.id, roleId);
        if (!created) {
          await db
            .updateTable('application_users')
            .set({ role_id: roleId })
            .where('application_id', '=', application.id)
            .where('user_id', '=', target.id)
            .execute();
        }
        return reply.status(created ? 201 : 200).send({ ...(await userRights(db, application, target)), message: created ? MSG.userAdded : MSG.userRoleSaved });
      }
      case 'role': {
        checkRole(application, body.roleId);
        const res = await db
          .updateTable('application_users')
          .set({ role_id: body.roleId })
          .where('application_id', '=', application.id)
          .where('user_id', '=', body.userId)
          .executeTakeFirst();
        if (!Number(res.numUpdatedRows)) throw badRequest(MSG.notApplicationUser, { userId: MSG.notApplicationUser });
        return { ...(await userRights(db, application, await findUser(db, { userId: body.userId }))), message: MSG.userRoleSaved };
      }
      case 'remove': {
        const res = await db.deleteFrom('application_users').where('application_id', '=', application.id).where('user_id', '=', body.userId).executeTakeFirst();
        if (!Number(res.numDeletedRows)) throw badRequest(MSG.notApplicationUser, { userId: MSG.notApplicationUser });
        return { ok: true, userId: body.userId, message: MSG.userRemoved };
      }
    }
  });

  /** The role and rights of a user (default: the caller) in an application; others' need the right 'users'. */
  app.post('/api/v1/applications/user_rights', async (req) => {
    const caller = requireUser(req);
    const body = parse(userRightsBody, req.body);
    const application = await getApplication(db, body.applicationId);
    if (body.userId && body.userId !== caller.id) await requireManager(db, req, application.id, 'users');
    const target = body.userId ? await findUser(db, { userId: body.userId }) : caller;
    return userRights(db, application, target);
  });

  /** The manager rights of a user (default: the caller) on every application; others' need a super manager. */
  app.post('/api/v1/applications/manager_rights', async (req) => {
    const caller = requireUser(req);
    const body = parse(managerRightsBody, req.body ?? {});
    if (body.userId && body.userId !== caller.id) requireSuper(req);
    const target = body.userId ? await findUser(db, { userId: body.userId }) : caller;
    return rightsOfUser(db, target);
  });

  /** Super managers: removes every manager entry of the user. */
  app.delete('/api/v1/applications/manager_rights', async (req) => {
    requireSuper(req);
    const { userId } = parse(clearRightsInput, { ...(req.query as object), ...((req.body as object | undefined) ?? {}) });
    await findUser(db, { userId });
    const res = await db.deleteFrom('application_managers').where('user_id', '=', userId).executeTakeFirst();
    return { ok: true, userId, removed: Number(res.numDeletedRows), message: MSG.managerRightsCleared };
  });

  /** Super managers grant (`super: true`) or revoke the super manager role; nobody revokes their own. */
  app.post('/api/v1/applications/super_managers', async (req) => {
    const caller = requireSuper(req);
    const body = parse(superManagersBody, req.body);
    const target = await findUser(db, body, body.super);
    if (target.anonymous) throw badRequest(MSG.userNotFound);
    if (!body.super && target.id === caller.id) throw badRequest(MSG.superSelfRevoke);
    await db
      .updateTable('users')
      .set({ role: body.super ? 'super' : 'user' })
      .where('id', '=', target.id)
      .execute();
    return { userId: target.id, name: target.name, superManager: body.super, message: body.super ? MSG.superGranted : MSG.superRevoked };
  });

  app.post('/api/v1/applications/:id/role-config', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    const { app: application } = await managed(db, req, id, 'users');
    const body = parse(roleConfigBody, req.body);
    const saved = await saveRoleConfig(db, application, body.roleConfig, body.defaultUserRole ?? defaultRoleOf(application), body.restrictDownloadDefault);
    return { ...saved, message: MSG.roleConfigSaved };
  });

  app.post('/api/v1/applications/:id/delete_role', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    const { app: application } = await managed(db, req, id, 'users');
    const body = parse(deleteRoleBody, req.body);
    const current = body.roleConfig ?? roleConfigOf(application);
    if (!current.some((r) => r.id === body.roleId) && !roleConfigOf(application).some((r) => r.id === body.roleId)) {
      throw badRequest(MSG.unknownRole, { roleId: MSG.unknownRole });
    }
    const defaultRole = defaultRoleOf(application);
    if (body.roleId === defaultRole) throw badRequest(MSG.defaultRoleUndeletable, { roleId: MSG.defaultRoleUndeletable });
    const rest = current.filter((r) => r.id !== body.roleId);
    const saved = await saveRoleConfig(db, application, rest, defaultRole);
    return { ...saved, message: MSG.roleDeleted };
  });

  app.put('/api/v1/applications/:id/release', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    const { app: application } = await managed(db, req, id, 'settings');
    return release(db, application);
  });

  app.put('/api/v1/applications/:id/pass', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    const application = await getApplication(db, id);
    requireSuper(req);
    return pass(db, application);
  });
}
