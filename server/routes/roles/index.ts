/**
 * Roles-and-rights calls (spec 2 §7 'Application and account'; docs/decisions.md #135-#139): managers
 * and their rights, users of an application and their roles, the role config, super managers, release
 * and pass. Every call checks the role: 401 for nobody (and anonymous visitors), then 404 for an unknown
 * application, then 403.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { managedRows, ownRows } from '../../policies/rows.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { currentUser, declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { badRequest } from '../../http/errors.js';
import { anyManagerAccess, managerAccess, namesOtherUser, rawFields, signedInUnless, superAccess } from '../../policies/access.js';
import { applicationInBody, applicationInPath, applicationInQuery } from '../../policies/applications.js';
import { checkGrantable, defaultRoleOf, rightsOfUser, roleConfigOf, userRights } from '../../policies/rights.js';
import { getApplication } from '../../applications/service.js';
import { MSG } from '../../../common/messages.js';
import { pageOf, withMessage } from '../../../common/contracts/common.js';
import {
  applicationUserAnswer,
  managerEntryAnswer,
  managerRightsAnswer,
  releaseAnswer,
  rightsClearedAnswer,
  roleConfigAnswer,
  superManagerAnswer,
  userRemovedAnswer,
  userRightsAnswer,
  userSuggestionAnswer,
} from '../../../common/contracts/roles.js';
import {
  addManagerBody,
  changeManagerBody,
  clearRightsBody,
  clearRightsInput,
  clearRightsQuery,
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
  checkRole,
  clearManagerRights,
  deleteManager,
  findUser,
  getManager,
  joinApplication,
  listApplicationUsers,
  listManagers,
  pass,
  release,
  removeApplicationUser,
  saveRoleConfig,
  setManagerRights,
  setSuperManager,
  setUserRole,
  suggestUsers,
} from './service.js';

const managerIdInBody = changeManagerBody.pick({ id: true });

/** The application of the manager entry named by the body's `id` (PUT; 404 管理员不存在 when there is none). */
const managerEntryApplication = async (db: Db, req: FastifyRequest) => (await getManager(db, parse(managerIdInBody, req.body).id)).applicationId;

/** The application of the manager entry in the path (DELETE; 404 管理员不存在 when there is none). */
const managerPathApplication = async (db: Db, req: FastifyRequest) => (await getManager(db, parse(managerParams, req.params, 'params').id)).applicationId;

const tags = ['角色与权限'];
const userManager = (applicationOf: Parameters<typeof managerAccess>[0]) => ({ access: managerAccess(applicationOf, 'users') });

export default async function roleRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/applications/managers',
    {
      schema: {
        summary: '管理员列表（超级管理员看全部，其他人看自己持有「用户管理」权限的应用）',
        tags,
        querystring: managersQuery,
        response: { 200: pageOf(managerEntryAnswer) },
      },
      // one application's managers: 404 for an unknown one, then 403 without its 'users' right
      config: {
        rows: managedRows,
        access: signedInUnless({
          when: (req) => !!rawFields(req.query).applicationId,
          access: managerAccess(applicationInQuery, 'users'),
          whenText: MSG.accessWhenApplication,
        }),
      },
    },
    async (req) => listManagers(db, await req.scope.managedApplications('users'), req.query),
  );

  r.post(
    '/api/v1/applications/managers',
    {
      schema: { summary: '添加管理员', tags, body: addManagerBody, response: { 201: withMessage(managerEntryAnswer) } },
      config: userManager(applicationInBody),
    },
    async (req, reply) => {
      const body = req.body;
      await checkGrantable(db, currentUser(req), body.applicationId, body.rights);
      const target = await findUser(db, body, true);
      if (target.anonymous) throw badRequest(MSG.userNotFound);
      const entry = await addManager(db, body.applicationId, target, body.rights);
      return reply.status(201).send({ ...entry, message: MSG.managerAdded });
    },
  );

  r.put(
    '/api/v1/applications/managers',
    {
      schema: { summary: '修改管理员的权限', tags, body: changeManagerBody, response: { 200: withMessage(managerEntryAnswer) } },
      config: userManager(managerEntryApplication),
    },
    async (req) => {
      const entry = await getManager(db, req.body.id);
      await checkGrantable(db, currentUser(req), entry.applicationId, req.body.rights);
      return { ...(await setManagerRights(db, req.body.id, req.body.rights)), message: MSG.managerSaved };
    },
  );

  r.delete(
    '/api/v1/applications/managers/:id',
    {
      schema: {
        summary: '移除管理员',
        tags,
        params: managerParams,
        response: { 200: z.object({ ok: z.literal(true), id: z.number().int().describe('移除的管理员条目'), message: z.string() }) },
      },
      config: userManager(managerPathApplication),
    },
    async (req) => {
      const { id } = req.params;
      await deleteManager(db, id);
      return { ok: true as const, id, message: MSG.managerRemoved };
    },
  );

  r.get(
    '/api/v1/applications/managers/suggestions',
    {
      schema: { summary: '按姓名或手机号查找用户（至多 10 个）', tags, querystring: suggestionsQuery, response: { 200: z.array(userSuggestionAnswer) } },
      config: { rows: managedRows, access: anyManagerAccess },
    },
    async (req) => suggestUsers(db, req.query.query),
  );

  r.post(
    '/api/v1/applications/users',
    {
      schema: {
        summary: '应用的用户：列出（list）、添加（add）、改角色（role）、移除（remove）',
        tags,
        body: usersBody,
        response: {
          200: z.union([pageOf(applicationUserAnswer), withMessage(userRightsAnswer), userRemovedAnswer]),
          201: withMessage(userRightsAnswer),
        },
      },
      config: userManager(applicationInBody),
    },
    async (req, reply) => {
      const body = req.body;
      const application = await getApplication(db, body.applicationId);
      switch (body.action) {
        case 'list':
          return listApplicationUsers(db, application, body);
        case 'add': {
          const roleId = body.roleId ?? defaultRoleOf(application);
          checkRole(application, roleId);
          const target = await findUser(db, body, true);
          if (target.anonymous) throw badRequest(MSG.userNotFound);
          const { created } = await joinApplication(db, application, target.id, roleId);
          if (!created) await setUserRole(db, application, target.id, roleId);
          return reply
            .status(created ? 201 : 200)
            .send({ ...(await userRights(db, application, target)), message: created ? MSG.userAdded : MSG.userRoleSaved });
        }
        case 'role': {
          checkRole(application, body.roleId);
          if (!(await setUserRole(db, application, body.userId, body.roleId))) throw badRequest(MSG.notApplicationUser, { userId: MSG.notApplicationUser });
          return { ...(await userRights(db, application, await findUser(db, { userId: body.userId }))), message: MSG.userRoleSaved };
        }
        case 'remove': {
          if (!(await removeApplicationUser(db, application, body.userId))) throw badRequest(MSG.notApplicationUser, { userId: MSG.notApplicationUser });
          return { ok: true as const, userId: body.userId, message: MSG.userRemoved };
        }
      }
    },
  );

  /** The role and rights of a user (default: the caller) in an application; others' need the right 'users'. */
  r.post(
    '/api/v1/applications/user_rights',
    {
      schema: { summary: '用户在应用中的角色与用户权限（他人的需「用户管理」权限）', tags, body: userRightsBody, response: { 200: userRightsAnswer } },
      // another user's: 404 for an unknown application, then 403 without its 'users' right
      config: {
        rows: ownRows,
        access: signedInUnless({
          when: namesOtherUser((req) => rawFields(req.body).userId),
          access: managerAccess(applicationInBody, 'users'),
          whenText: MSG.accessWhenOtherUser,
        }),
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const body = req.body;
      const application = await getApplication(db, body.applicationId);
      const target = body.userId ? await findUser(db, { userId: body.userId }) : caller;
      return userRights(db, application, target);
    },
  );

  /** The manager rights of a user (default: the caller) on every application; others' need a super manager. */
  r.post(
    '/api/v1/applications/manager_rights',
    {
      schema: { summary: '用户在各应用的管理员权限（他人的需超级管理员）', tags, body: managerRightsBody, response: { 200: managerRightsAnswer } },
      config: {
        rows: ownRows,
        access: signedInUnless({ when: namesOtherUser((req) => rawFields(req.body).userId), access: superAccess, whenText: MSG.accessWhenOtherUser }),
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const userId = req.body?.userId;
      const target = userId ? await findUser(db, { userId }) : caller;
      return rightsOfUser(db, target);
    },
  );

  /** Super managers: removes every manager entry of the user. */
  r.delete(
    '/api/v1/applications/manager_rights',
    {
      schema: {
        summary: '清除用户的全部管理员权限（userId 在查询或请求体中）',
        tags,
        querystring: clearRightsQuery,
        body: clearRightsBody,
        response: { 200: rightsClearedAnswer },
      },
      config: { access: superAccess },
    },
    async (req) => {
      // the user may be named in the query or the body (the body wins): 400 用户不存在 when neither does
      const { userId } = parse(clearRightsInput, { ...req.query, ...(req.body ?? {}) });
      await findUser(db, { userId });
      const removed = await clearManagerRights(db, userId);
      return { ok: true as const, userId, removed, message: MSG.managerRightsCleared };
    },
  );

  /** Super managers grant (`super: true`) or revoke the super manager role; nobody revokes their own. */
  r.post(
    '/api/v1/applications/super_managers',
    {
      schema: { summary: '授予或取消超级管理员', tags, body: superManagersBody, response: { 200: superManagerAnswer } },
      config: { access: superAccess },
    },
    async (req) => {
      const caller = currentUser(req);
      const body = req.body;
      const target = await findUser(db, body, body.super);
      if (target.anonymous) throw badRequest(MSG.userNotFound);
      if (!body.super && target.id === caller.id) throw badRequest(MSG.superSelfRevoke);
      await setSuperManager(db, target.id, body.super);
      return { userId: target.id, name: target.name, superManager: body.super, message: body.super ? MSG.superGranted : MSG.superRevoked };
    },
  );

  r.post(
    '/api/v1/applications/:id/role-config',
    {
      schema: { summary: '保存应用的角色配置', tags, params: idParams, body: roleConfigBody, response: { 200: roleConfigAnswer } },
      config: userManager(applicationInPath),
    },
    async (req) => {
      const application = await getApplication(db, req.params.id);
      const body = req.body;
      const saved = await saveRoleConfig(db, application, body.roleConfig, body.defaultUserRole ?? defaultRoleOf(application), body.restrictDownloadDefault);
      return { ...saved, message: MSG.roleConfigSaved };
    },
  );

  r.post(
    '/api/v1/applications/:id/delete_role',
    {
      schema: { summary: '删除一个角色（其用户改为默认角色）', tags, params: idParams, body: deleteRoleBody, response: { 200: roleConfigAnswer } },
      config: userManager(applicationInPath),
    },
    async (req) => {
      const application = await getApplication(db, req.params.id);
      const body = req.body;
      const current = body.roleConfig ?? roleConfigOf(application);
      if (!current.some((x) => x.id === body.roleId) && !roleConfigOf(application).some((x) => x.id === body.roleId)) {
        throw badRequest(MSG.unknownRole, { roleId: MSG.unknownRole });
      }
      const defaultRole = defaultRoleOf(application);
      if (body.roleId === defaultRole) throw badRequest(MSG.defaultRoleUndeletable, { roleId: MSG.defaultRoleUndeletable });
      const rest = current.filter((x) => x.id !== body.roleId);
      const saved = await saveRoleConfig(db, application, rest, defaultRole);
      return { ...saved, message: MSG.roleDeleted };
    },
  );

  r.put(
    '/api/v1/applications/:id/release',
    {
      schema: { summary: '申请发布（草稿 → 待审核）', tags, params: idParams, response: { 200: releaseAnswer } },
      config: { access: managerAccess(applicationInPath, 'settings') },
    },
    async (req) => release(db, await getApplication(db, req.params.id)),
  );

  r.put(
    '/api/v1/applications/:id/pass',
    {
      schema: { summary: '审核通过（待审核 → 已发布）', tags, params: idParams, response: { 200: releaseAnswer } },
      config: { access: superAccess },
    },
    async (req) => pass(db, await getApplication(db, req.params.id)),
  );
}
