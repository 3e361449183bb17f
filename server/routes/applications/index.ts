/**
 * Application calls (spec 2 §7): list, create, change, delete, configuration by id and by host, and
 * saving the home config. Super managers create and delete; managers of an application change it.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { RequestScope } from '../../policies/scope.js';
import { managedRows, ownRows, siteRows } from '../../policies/rows.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import {
  managerAccess,
  namesOtherUser,
  publicAccess,
  rawFields,
  signedInAccess,
  signedInUnless,
  superAccess,
  superAccessRefusing,
} from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer, pageOf } from '../../../common/contracts/common.js';
import {
  applicationConfigAnswer,
  applicationConfigSavedAnswer,
  applicationListItemAnswer,
  applicationSuggestionAnswer,
  availableApplicationAnswer,
  homeConfigSavedAnswer,
} from '../../../common/contracts/applications.js';
import {
  createApplicationBody,
  homeConfigBody,
  hostQuery,
  idParams,
  listQuery,
  suggestionsQuery,
  updateApplicationBody,
  userSuggestionsQuery,
} from './schema.js';
import { saveHomeConfig } from '../revisions/service.js';
import {
  applicationSuggestions,
  applicationWithHost,
  availableApplications,
  createApplication,
  deleteApplication,
  findUser,
  getApplication,
  listApplications,
  presentConfig,
  presentConfigFor,
  setDetailSignin,
  setAuditNewUsers,
  updateApplication,
  validateHomeConfig,
} from './service.js';
import { canRead } from '../../policies/visibility.js';

const tags = ['应用'];

export default async function applicationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/applications',
    {
      schema: { summary: '我管理的应用列表（超级管理员为全部应用）', tags, querystring: listQuery, response: { 200: pageOf(applicationListItemAnswer) } },
      config: { rows: managedRows, access: signedInAccess },
    },
    async (req) => listApplications(db, await req.scope.managedApplications(), req.query),
  );

  /**
   * GET /api/v1/applications/available (spec 2 §7): every application as a topic-navigation option of the
   * link module form (spec 1 §3 'link': id, title, url, cover, name). Signed-in users only.
   */
  r.get(
    '/api/v1/applications/available',
    {
      schema: { summary: '可链接的应用（链接模块的专题导航选项）', tags, response: { 200: z.array(availableApplicationAnswer) } },
      config: { rows: siteRows, access: signedInAccess },
    },
    async (req) => availableApplications(db, await req.scope.managedApplications()),
  );

  /**
   * GET /api/v1/applications/suggestions?query= (spec 2 §7; decision 296): up to 10 applications the
   * caller may manage whose name or host contains the text (a plain user gets none).
   */
  r.get(
    '/api/v1/applications/suggestions',
    {
      schema: { summary: '按名称或地址联想我管理的应用', tags, querystring: suggestionsQuery, response: { 200: z.array(applicationSuggestionAnswer) } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req) => applicationSuggestions(db, await req.scope.managedApplications(), req.query.query, 10),
  );

  /**
   * GET /api/v2/applications/suggestions?userId= (spec 2 §7; decision 296): the applications the user
   * manages (newest first, up to 200), for the caller's own id; a super manager may ask for anyone's.
   */
  r.get(
    '/api/v2/applications/suggestions',
    {
      schema: {
        summary: '某用户管理的应用（本人，或超级管理员查任何人）',
        tags,
        querystring: userSuggestionsQuery,
        response: { 200: z.array(applicationSuggestionAnswer) },
      },
      // another user's: a super manager only (403 只能查看自己管理的应用)
      config: {
        rows: ownRows,
        access: signedInUnless({
          when: namesOtherUser((req) => rawFields(req.query).userId),
          access: superAccessRefusing(MSG.suggestOtherUser),
          whenText: MSG.accessWhenOtherUser,
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { userId } = req.query;
      if (userId === user.id) return applicationSuggestions(db, await req.scope.managedApplications(), null, 200);
      const target = await findUser(db, userId);
      if (!target) throw notFound(MSG.userNotFound);
      return applicationSuggestions(db, await RequestScope.of(db, target).managedApplications(), null, 200);
    },
  );

  r.post(
    '/api/v1/applications',
    {
      schema: { summary: '新建应用', tags, body: createApplicationBody, response: { 201: applicationConfigSavedAnswer } },
      config: { access: superAccess },
    },
    async (req, reply) => {
      const body = req.body;
      const created = await createApplication(db, { name: body.name, host: body.host, topicId: body.topicId ?? body.topic?.id ?? null }, currentUser(req).id);
      return reply.status(201).send({ ...(await presentConfig(db, created)), message: MSG.applicationCreated });
    },
  );

  r.get(
    '/api/v1/applications/config',
    {
      schema: { summary: '按站点地址读取应用配置（访客所见）', tags, querystring: hostQuery, response: { 200: applicationConfigAnswer } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      const found = await applicationWithHost(db, req.query.host);
      // a draft answers as an unknown host to everyone but its managers
      if (!found || !(await canRead(req.scope, found))) throw notFound(MSG.unknownHost);
      // 仅登录可见 modules only for viewers holding `panels` (decision 211)
      return presentConfigFor(db, found, req.scope);
    },
  );

  r.get(
    '/api/v1/applications/:id/config',
    {
      schema: { summary: '读取应用配置（控制台）', tags, params: idParams, response: { 200: applicationConfigAnswer } },
      config: { access: managerAccess(applicationInPath) },
    },
    async (req) => presentConfig(db, await getApplication(db, req.params.id)),
  );

  r.put(
    '/api/v1/applications/:id',
    {
      schema: {
        summary: '修改应用名称、地址、专题、「详情页需登录」或「新用户需审核」',
        tags,
        params: idParams,
        body: updateApplicationBody,
        response: { 200: applicationConfigSavedAnswer },
      },
      config: { access: managerAccess(applicationInPath, 'settings') },
    },
    async (req) => {
      const body = req.body;
      const topicId = body.topicId !== undefined ? body.topicId : body.topic !== undefined ? (body.topic?.id ?? null) : undefined;
      let updated = await updateApplication(db, req.params.id, { name: body.name, host: body.host, topicId });
      // 详情页需登录: the switch of the settings page sends it alone
      if (body.detailSignin !== undefined) {
        await setDetailSignin(db, updated.id, body.detailSignin);
        updated = { ...updated, detail_signin: body.detailSignin };
      }
      // 新用户需审核 (decision 660): the switch of the settings page sends it alone
      if (body.auditNewUsers !== undefined) {
        await setAuditNewUsers(db, updated.id, body.auditNewUsers);
        updated = { ...updated, audit_new_users: body.auditNewUsers };
      }
      return { ...(await presentConfig(db, updated)), message: MSG.applicationSaved };
    },
  );

  r.delete(
    '/api/v1/applications/:id',
    {
      schema: { summary: '删除应用', tags, params: idParams, response: { 200: okAnswer } },
      config: { access: superAccess },
    },
    async (req) => {
      const { id } = req.params;
      await getApplication(db, id);
      await deleteApplication(db, id);
      return { ok: true as const, message: MSG.applicationDeleted };
    },
  );

  r.post(
    '/api/v1/applications/:id/home-config',
    {
      schema: { summary: '保存首页配置（同时保存一个版本）', tags, params: idParams, body: homeConfigBody, response: { 200: homeConfigSavedAnswer } },
      config: { access: managerAccess(applicationInPath, 'home') },
    },
    async (req) => {
      const { id } = req.params;
      const homeConfig = validateHomeConfig(req.body.homeConfig);
      // the application's config and its revision are written together (server/routes/revisions)
      const revisionId = await saveHomeConfig(db, id, homeConfig, currentUser(req), req.body.summary || MSG.homeConfigSaveDefault);
      return { homeConfig, revisionId, message: MSG.homeConfigSaved };
    },
  );
}
