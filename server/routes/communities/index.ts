/**
 * The community calls (issue 29 §5; docs/decisions.md 620-629), all under
 * /api/v1/applications/{id}/communities (a community of another application answers 404 社区不存在):
 * - GET …, GET …/{communityId}, …/cover, …/members, …/posts: everybody who may read the site (a draft
 *   site's only its managers); an archived community stays readable;
 * - GET …/mine: the signed-in reader's communities, requests and invitations (我的社区);
 * - POST …/{communityId}/join, …/leave: a signed-in reader (join by the community's rule);
 * - POST …/posts: an active member (成员) or staff; refused while archived;
 * - GET …/requests, POST …/requests/{userId}/approve|refuse, POST …/invitations, POST
 *   …/posts/{postId}/pin|remove: the community's 管理员 or 圈主, or staff;
 * - PUT …/members/{userId}/role: the 圈主, or staff (sets 管理员);
 * - POST … (create), PUT …/{communityId}, POST …/archive: staff, i.e. managers of the application holding
 *   内容管理, and super managers (decision 621).
 * Per-community rights are declared with `communityAccess` (server/policies/access.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { communityAccess, managerAccess, publicAccess, signedInAccess, type ApplicationOf } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { communityInPath, communityViewer } from '../../policies/communities.js';
import { managedRows, noRows, ownRows, siteRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { createStorage, type FileStorage } from '../../files/storage.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { fileBytesAnswer } from '../../../common/contracts/files.js';
import {
  communityAnswer,
  communityListAnswer,
  communityMemberPageAnswer,
  communityPostPageAnswer,
  communityPostSavedAnswer,
  communitySavedAnswer,
  myCommunityListAnswer,
} from '../../../common/contracts/communities.js';
import {
  coverOf,
  createCommunity,
  createPost,
  decideRequest,
  getCommunity,
  invite,
  join,
  leave,
  listCommunities,
  listMembers,
  listPosts,
  myCommunities,
  pinPost,
  removePost,
  setArchived,
  setRole,
  updateCommunity,
} from '../../communities/service.js';
import {
  appParams,
  archiveBody,
  communityParams,
  createCommunityBody,
  createPostBody,
  inviteBody,
  memberParams,
  membersQuery,
  pinBody,
  postParams,
  postsQuery,
  removeBody,
  requestsQuery,
  roleBody,
  updateCommunityBody,
} from './schema.js';
import { z } from 'zod';

const tags = [MSG.communityTag];
const BASE = '/api/v1/applications/:id/communities';
const ONE = `${BASE}/:communityId`;

/** Options of the community routes: the file store of covers (tests pass their own). */
export interface CommunityRouteOptions {
  storage?: FileStorage;
}

/** The application of the community in the path (404 社区不存在 when it is not that application's). */
const communityApplication: ApplicationOf = async (db, req) => (await communityInPath(db, req)).applicationId;

/** The community of the path, already found by the access check (or, on a public read, found now). */
const refOf = (p: { id: number; communityId: number }) => ({ applicationId: p.id, communityId: p.communityId });

/** Sends a stored cover image: its checked type, never sniffed or run. */
async function sendCover(reply: FastifyReply, storage: FileStorage, key: string, type: string) {
  const obj = await storage.get(key);
  if (!obj) throw notFound(MSG.communityNoCover);
  return reply
    .header('Content-Type', type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'public, max-age=86400')
    .send(obj.body);
}

const staffOfApp = { access: managerAccess(applicationInPath, 'content') };
const staffOfCommunity = { access: managerAccess(communityApplication, 'content') };
const moderators = { access: communityAccess(communityInPath, 'moderator'), rows: managedRows };

export default async function communityRoutes(app: FastifyInstance, { db, config }: AppContext, opts: CommunityRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  const r = declared(app);

  r.get(
    BASE,
    { schema: { summary: '本站的社区', tags, params: appParams, response: { 200: communityListAnswer } }, config: { access: publicAccess, rows: siteRows } },
    async (req) => {
      await readableApplication(req.scope, req.params.id);
      return { content: await listCommunities(db, req.params.id, await communityViewer(req.scope, req.user, req.params.id)) };
    },
  );

  r.post(
    BASE,
    {
      bodyLimit: 3_200_000,
      schema: { summary: '创建社区（工作人员）', tags, params: appParams, body: createCommunityBody, response: { 201: communitySavedAnswer } },
      config: staffOfApp,
    },
    async (req, reply) => {
      const c = await createCommunity(db, storage, req.params.id, { ...req.body, description: req.body.description ?? '' }, currentUser(req));
      return reply.status(201).send({ ...c, message: MSG.communityCreated });
    },
  );

  r.get(
    `${BASE}/mine`,
    {
      schema: { summary: '我的社区（已加入、申请中、受邀）', tags, params: appParams, response: { 200: myCommunityListAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req) => ({ content: await myCommunities(db, req.params.id, currentUser(req).id) }),
  );

  r.get(
    ONE,
    { schema: { summary: '一个社区', tags, params: communityParams, response: { 200: communityAnswer } }, config: { access: publicAccess, rows: siteRows } },
    async (req) => {
      await readableApplication(req.scope, req.params.id, MSG.communityNotFound);
      return getCommunity(db, refOf(req.params), await communityViewer(req.scope, req.user, req.params.id));
    },
  );

  r.put(
    ONE,
    {
      bodyLimit: 3_200_000,
      schema: { summary: '修改社区（工作人员）', tags, params: communityParams, body: updateCommunityBody, response: { 200: communitySavedAnswer } },
      config: staffOfCommunity,
    },
    async (req) => ({ ...(await updateCommunity(db, storage, refOf(req.params), req.body, currentUser(req))), message: MSG.communitySaved }),
  );

  r.post(
    `${ONE}/archive`,
    {
      schema: { summary: '归档或恢复社区（工作人员）', tags, params: communityParams, body: archiveBody, response: { 200: communitySavedAnswer } },
      config: staffOfCommunity,
    },
    async (req) => ({
      ...(await setArchived(db, refOf(req.params), req.body.archived, currentUser(req))),
      message: req.body.archived ? MSG.communityArchivedDone : MSG.communityRestored,
    }),
  );

  r.get(
    `${ONE}/cover`,
    {
      schema: {
        summary: '社区封面图',
        tags,
        params: communityParams,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: { 200: fileBytesAnswer },
      },
      // the bytes of a checked upload (rule `none`); the site is checked as for the community's page
      config: { access: publicAccess, rows: noRows },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.params.id, MSG.communityNotFound);
      const c = await coverOf(db, refOf(req.params));
      return sendCover(reply, storage, c.key, c.type);
    },
  );

  r.post(
    `${ONE}/join`,
    {
      schema: {
        summary: '加入社区（公开加入即加入；需审核则提交申请；仅邀请须已受邀）',
        tags,
        params: communityParams,
        response: { 200: communitySavedAnswer },
      },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req) => {
      await readableApplication(req.scope, req.params.id, MSG.communityNotFound);
      const done = await join(db, refOf(req.params), currentUser(req));
      return { ...(await getCommunity(db, refOf(req.params), await communityViewer(req.scope, req.user, req.params.id))), message: done.message };
    },
  );

  r.post(
    `${ONE}/leave`,
    {
      schema: { summary: '退出社区（或撤回申请、谢绝邀请）', tags, params: communityParams, response: { 200: communitySavedAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req) => {
      await readableApplication(req.scope, req.params.id, MSG.communityNotFound);
      await leave(db, refOf(req.params), currentUser(req));
      return { ...(await getCommunity(db, refOf(req.params), await communityViewer(req.scope, req.user, req.params.id))), message: MSG.communityLeft };
    },
  );

  r.get(
    `${ONE}/members`,
    {
      schema: { summary: '社区成员', tags, params: communityParams, querystring: membersQuery, response: { 200: communityMemberPageAnswer } },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req) => {
      await readableApplication(req.scope, req.params.id, MSG.communityNotFound);
      return listMembers(db, refOf(req.params), 'active', req.query.page, req.query.size);
    },
  );

  r.get(
    `${ONE}/requests`,
    {
      schema: {
        summary: '加入申请或已发出的邀请（管理员、圈主、工作人员）',
        tags,
        params: communityParams,
        querystring: requestsQuery,
        response: { 200: communityMemberPageAnswer },
      },
      config: moderators,
    },
    async (req) => listMembers(db, refOf(req.params), req.query.state, req.query.page, req.query.size),
  );

  r.post(
    `${ONE}/requests/:userId/approve`,
    { schema: { summary: '通过加入申请', tags, params: memberParams, response: { 200: okAnswer } }, config: moderators },
    async (req) => {
      await decideRequest(db, refOf(req.params), req.params.userId, true);
      return { ok: true as const, message: MSG.communityRequestApproved };
    },
  );

  r.post(
    `${ONE}/requests/:userId/refuse`,
    { schema: { summary: '拒绝加入申请', tags, params: memberParams, response: { 200: okAnswer } }, config: moderators },
    async (req) => {
      await decideRequest(db, refOf(req.params), req.params.userId, false);
      return { ok: true as const, message: MSG.communityRequestRefused };
    },
  );

  r.post(
    `${ONE}/invitations`,
    { schema: { summary: '邀请读者（按手机号）', tags, params: communityParams, body: inviteBody, response: { 201: okAnswer } }, config: moderators },
    async (req, reply) => {
      const done = await invite(db, refOf(req.params), req.body.phone);
      return reply.status(201).send({ ok: true as const, message: done.state === 'active' ? MSG.communityRequestApproved : MSG.communityInvited });
    },
  );

  r.put(
    `${ONE}/members/:userId/role`,
    {
      schema: { summary: '设置或取消管理员（圈主、工作人员）', tags, params: memberParams, body: roleBody, response: { 200: okAnswer } },
      config: { access: communityAccess(communityInPath, 'owner'), rows: managedRows },
    },
    async (req) => {
      await setRole(db, refOf(req.params), req.params.userId, req.body.role);
      return { ok: true as const, message: MSG.communityRoleSaved };
    },
  );

  r.get(
    `${ONE}/posts`,
    {
      schema: {
        summary: '社区的帖子（置顶在前，新帖在前）',
        tags,
        params: communityParams,
        querystring: postsQuery,
        response: { 200: communityPostPageAnswer },
      },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req) => {
      await readableApplication(req.scope, req.params.id, MSG.communityNotFound);
      const viewer = await communityViewer(req.scope, req.user, req.params.id);
      return listPosts(db, refOf(req.params), req.query.page, req.query.size, viewer.userId);
    },
  );

  r.post(
    `${ONE}/posts`,
    {
      schema: {
        summary: '发帖（成员；已归档的社区不能发帖）',
        tags,
        params: communityParams,
        body: createPostBody,
        response: { 201: communityPostSavedAnswer },
      },
      config: { access: communityAccess(communityInPath, 'member'), rows: ownRows },
    },
    async (req, reply) => {
      const post = await createPost(db, refOf(req.params), currentUser(req), req.body);
      return reply.status(201).send({ ...post, message: MSG.communityPosted });
    },
  );

  r.post(
    `${ONE}/posts/:postId/pin`,
    { schema: { summary: '置顶或取消置顶帖子', tags, params: postParams, body: pinBody, response: { 200: okAnswer } }, config: moderators },
    async (req) => {
      await pinPost(db, refOf(req.params), req.params.postId, req.body.pinned);
      return { ok: true as const, message: req.body.pinned ? MSG.communityPinned : MSG.communityUnpinned };
    },
  );

  r.post(
    `${ONE}/posts/:postId/remove`,
    { schema: { summary: '删除帖子（通知作者）', tags, params: postParams, body: removeBody, response: { 200: okAnswer } }, config: moderators },
    async (req) => {
      await removePost(db, refOf(req.params), req.params.postId, currentUser(req), req.body.reason);
      return { ok: true as const, message: MSG.communityPostRemoved };
    },
  );
}
