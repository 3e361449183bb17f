/**
 * The personal centre's calls (issue 29 §9; docs/decisions.md 583-586), for a signed-in reader, on their
 * own rows of one site (`own`; another reader's favourite answers 404):
 * - GET /api/v1/helix/sections: the sections the site turned off (the centre hides them);
 * - GET, POST /api/v1/helix/favorites, GET /api/v1/helix/favorites/state, DELETE /api/v1/helix/favorites/{id}: 我的收藏;
 * - GET, POST, DELETE /api/v1/helix/history: 浏览历史 (a view is recorded unless the reader turned it off);
 * - GET /api/v1/helix/comments: 我的评论 with their review state;
 * - GET, PUT /api/v1/helix/settings: the reader's e-mail groups and history switch;
 * - GET, PUT /api/v1/applications/{id}/helix: which sections are on, for the application's managers
 *   holding 站点设置 (`/console/helix/settings`).
 * A call of a section the site turned off answers 403 本站未开放个人中心的「…」栏目 (decision 585).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { managerAccess, signedInAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { ownRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import {
  clearedAnswer,
  favoriteSavedAnswer,
  favoriteStateAnswer,
  helixSectionsAnswer,
  helixSectionsSavedAnswer,
  myCommentPageAnswer,
  readerItemPageAnswer,
  readerSettingsAnswer,
  readerSettingsSavedAnswer,
  viewRecordedAnswer,
} from '../../../common/contracts/helix.js';
import { okAnswer } from '../../../common/contracts/common.js';
import {
  addFavorite,
  clearHistory,
  favoriteOf,
  listItems,
  myComments,
  recordView,
  removeFavorite,
  requireSectionOn,
  saveSectionsOff,
  sectionsOff,
} from '../../notifications/helix.js';
import { readerSettings, saveReaderSettings } from '../../notifications/settings.js';
import { favoriteParams, helixAppParams, helixSectionsBody, itemBody, itemQuery, readerSettingsBody, siteListQuery, siteQuery } from './schema.js';

const tags = [MSG.helixTag];
const mine = { access: signedInAccess, rows: ownRows };

export default async function helixRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  /** The site must be readable by the caller, and the section on. */
  const siteSection = async (req: { scope: Parameters<typeof readableApplication>[0] }, applicationId: number, key: Parameters<typeof requireSectionOn>[2]) => {
    await readableApplication(req.scope, applicationId);
    await requireSectionOn(db, applicationId, key);
  };

  r.get(
    '/api/v1/helix/sections',
    { schema: { summary: '本站个人中心关闭的栏目', tags, querystring: siteQuery, response: { 200: helixSectionsAnswer } }, config: mine },
    async (req) => {
      await readableApplication(req.scope, req.query.applicationId);
      return { off: await sectionsOff(db, req.query.applicationId) };
    },
  );

  r.get(
    '/api/v1/helix/favorites',
    { schema: { summary: '我的收藏（每页 20 条）', tags, querystring: siteListQuery, response: { 200: readerItemPageAnswer } }, config: mine },
    async (req, reply) => {
      await siteSection(req, req.query.applicationId, 'favorites');
      void reply.header('Cache-Control', 'private, no-store');
      return listItems(db, 'favorites', currentUser(req).id, req.query);
    },
  );

  r.get(
    '/api/v1/helix/favorites/state',
    { schema: { summary: '我是否收藏了某一条', tags, querystring: itemQuery, response: { 200: favoriteStateAnswer } }, config: mine },
    async (req, reply) => {
      await siteSection(req, req.query.applicationId, 'favorites');
      void reply.header('Cache-Control', 'private, no-store');
      return { favoriteId: await favoriteOf(db, currentUser(req).id, req.query.applicationId, req.query.targetType, req.query.targetId) };
    },
  );

  r.post(
    '/api/v1/helix/favorites',
    { schema: { summary: '收藏（资源、研究报告、通知公告、公众号文章）', tags, body: itemBody, response: { 201: favoriteSavedAnswer } }, config: mine },
    async (req, reply) => {
      await siteSection(req, req.body.applicationId, 'favorites');
      const favoriteId = await addFavorite(db, currentUser(req).id, req.body);
      return reply.status(201).send({ favoriteId, message: MSG.favoriteAdded });
    },
  );

  r.delete(
    '/api/v1/helix/favorites/:id',
    { schema: { summary: '取消收藏', tags, params: favoriteParams, response: { 200: okAnswer } }, config: mine },
    async (req) => {
      await removeFavorite(db, currentUser(req).id, req.params.id);
      return { ok: true as const, message: MSG.favoriteRemoved };
    },
  );

  r.get(
    '/api/v1/helix/history',
    { schema: { summary: '我的浏览历史（每页 20 条）', tags, querystring: siteListQuery, response: { 200: readerItemPageAnswer } }, config: mine },
    async (req, reply) => {
      await siteSection(req, req.query.applicationId, 'history');
      void reply.header('Cache-Control', 'private, no-store');
      return listItems(db, 'browsing_history', currentUser(req).id, req.query);
    },
  );

  r.post(
    '/api/v1/helix/history',
    { schema: { summary: '记录一次浏览（读者关闭浏览历史时不记录）', tags, body: itemBody, response: { 200: viewRecordedAnswer } }, config: mine },
    async (req) => {
      await readableApplication(req.scope, req.body.applicationId);
      // a site without the section records nothing, silently: the detail page does not ask first
      if ((await sectionsOff(db, req.body.applicationId)).includes('history')) return { recorded: false };
      return { recorded: await recordView(db, currentUser(req).id, req.body) };
    },
  );

  r.delete(
    '/api/v1/helix/history',
    { schema: { summary: '清空本站的浏览历史', tags, querystring: siteQuery, response: { 200: clearedAnswer } }, config: mine },
    async (req) => {
      await siteSection(req, req.query.applicationId, 'history');
      return { ok: true as const, count: await clearHistory(db, currentUser(req).id, req.query.applicationId), message: MSG.historyCleared };
    },
  );

  r.get(
    '/api/v1/helix/comments',
    { schema: { summary: '我的评论（含审核状态，每页 20 条）', tags, querystring: siteListQuery, response: { 200: myCommentPageAnswer } }, config: mine },
    async (req, reply) => {
      await siteSection(req, req.query.applicationId, 'comments');
      void reply.header('Cache-Control', 'private, no-store');
      return myComments(db, currentUser(req).id, req.query);
    },
  );

  r.get(
    '/api/v1/helix/settings',
    { schema: { summary: '我的个人中心设置（邮件通知、浏览历史）', tags, response: { 200: readerSettingsAnswer } }, config: mine },
    async (req, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      const me = currentUser(req);
      return { email: await emailOf(me.id), ...(await readerSettings(db, me.id)) };
    },
  );

  r.put(
    '/api/v1/helix/settings',
    { schema: { summary: '保存我的个人中心设置', tags, body: readerSettingsBody, response: { 200: readerSettingsSavedAnswer } }, config: mine },
    async (req) => {
      const me = currentUser(req);
      const saved = await saveReaderSettings(db, me.id, req.body);
      return { email: await emailOf(me.id), ...saved, message: MSG.readerSettingsSaved };
    },
  );

  r.get(
    '/api/v1/applications/:id/helix',
    {
      schema: { summary: '本应用个人中心的栏目设置', tags, params: helixAppParams, response: { 200: helixSectionsAnswer } },
      config: { access: managerAccess(applicationInPath, 'settings') },
    },
    async (req) => ({ off: await sectionsOff(db, req.params.id) }),
  );

  r.put(
    '/api/v1/applications/:id/helix',
    {
      schema: {
        summary: '保存本应用个人中心的栏目设置（「消息」「设置」总是开启）',
        tags,
        params: helixAppParams,
        body: helixSectionsBody,
        response: { 200: helixSectionsSavedAnswer },
      },
      config: { access: managerAccess(applicationInPath, 'settings') },
    },
    async (req) => ({ off: await saveSectionsOff(db, req.params.id, req.body.off), message: MSG.helixSettingsSaved }),
  );

  /** The caller's e-mail address, or null. */
  async function emailOf(userId: number): Promise<string | null> {
    const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email?.trim() || null;
  }
}
