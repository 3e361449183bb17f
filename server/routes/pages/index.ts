/**
 * Composed pages of an application (`/xrender/{pageId}`, issue 31 §4; decisions 700-705).
 * Console (managers of the application; writes need the right `home`, 编辑首页, as the home page's):
 * - GET    /api/v1/applications/:id/pages                         every page, drafts included
 * - POST   /api/v1/applications/:id/pages                         a new draft page (path id, title)
 * - GET    /api/v1/applications/:id/pages/:pageId                 one page with its configuration
 * - PUT    /api/v1/applications/:id/pages/:pageId                 a new title
 * - POST   /api/v1/applications/:id/pages/:pageId/home-config     saves its configuration and a revision
 * - POST   /api/v1/applications/:id/pages/:pageId/publish | withdraw
 * - DELETE /api/v1/applications/:id/pages/:pageId
 * - GET    …/pages/:pageId/revisions, …/revisions/:revisionId; POST …/revisions/:revisionId/restore
 * Visitor: GET /api/v1/xrender/:pageId?applicationId= one published page of a readable site (a draft
 * page for the site's managers only, as a draft site is; 404 页面不存在 otherwise), its 仅登录可见
 * modules left out for a viewer without the right `panels`.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { siteRows } from '../../policies/rows.js';
import { hidesLoginOnly, readableApplication } from '../../policies/visibility.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { visibleHomeConfig } from '../../../common/visibility.js';
import { okAnswer, pageOf } from '../../../common/contracts/common.js';
import { revisionAnswer, revisionListItemAnswer, revisionRestoredAnswer } from '../../../common/contracts/revisions.js';
import { pageAnswer, pageChangedAnswer, pageConfigSavedAnswer, pageListAnswer } from '../../../common/contracts/pages.js';
import { validateHomeConfig } from '../../applications/service.js';
import { restoreSummary } from '../revisions/service.js';
import {
  appParams,
  createPageBody,
  pageConfigBody,
  pageParams,
  pageRevisionParams,
  publicPageParams,
  publicPageQuery,
  revisionListQuery,
  updatePageBody,
} from './schema.js';
import {
  createPage,
  deletePage,
  findPage,
  getPage,
  getPageRevision,
  listPageRevisions,
  listPages,
  presentPageDetail,
  renamePage,
  savePageConfig,
  setPageState,
} from './service.js';

const tags = ['页面'];

export default async function pageRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  // reading the console's pages: every manager of the application (the header-menu editor links to them);
  // changing them: the right 编辑首页, as the home page (decision 702)
  const reader = { access: managerAccess(applicationInPath) };
  const editor = { access: managerAccess(applicationInPath, 'home') };

  r.get(
    '/api/v1/applications/:id/pages',
    { schema: { summary: '应用的页面列表（含草稿）', tags, params: appParams, response: { 200: pageListAnswer } }, config: reader },
    async (req) => ({ content: await listPages(db, req.params.id) }),
  );

  r.post(
    '/api/v1/applications/:id/pages',
    { schema: { summary: '新建页面（草稿）', tags, params: appParams, body: createPageBody, response: { 200: pageChangedAnswer } }, config: editor },
    async (req) => ({ ...(await createPage(db, req.params.id, req.body, currentUser(req))), message: MSG.pageCreated }),
  );

  r.get(
    '/api/v1/applications/:id/pages/:pageId',
    { schema: { summary: '读取一个页面及其配置', tags, params: pageParams, response: { 200: pageAnswer } }, config: reader },
    async (req) => presentPageDetail(await getPage(db, req.params.id, req.params.pageId)),
  );

  r.put(
    '/api/v1/applications/:id/pages/:pageId',
    { schema: { summary: '修改页面标题', tags, params: pageParams, body: updatePageBody, response: { 200: pageChangedAnswer } }, config: editor },
    async (req) => ({ ...(await renamePage(db, req.params.id, req.params.pageId, req.body.title)), message: MSG.pageSaved }),
  );

  r.post(
    '/api/v1/applications/:id/pages/:pageId/home-config',
    {
      schema: { summary: '保存页面配置（同时保存一个版本）', tags, params: pageParams, body: pageConfigBody, response: { 200: pageConfigSavedAnswer } },
      config: editor,
    },
    async (req) => {
      const page = await getPage(db, req.params.id, req.params.pageId);
      const homeConfig = validateHomeConfig(req.body.homeConfig);
      const revisionId = await savePageConfig(db, page, homeConfig, currentUser(req), req.body.summary || MSG.homeConfigSaveDefault);
      return { homeConfig, revisionId, message: MSG.pageSaved };
    },
  );

  r.post(
    '/api/v1/applications/:id/pages/:pageId/publish',
    { schema: { summary: '发布页面', tags, params: pageParams, response: { 200: pageChangedAnswer } }, config: editor },
    async (req) => ({ ...(await setPageState(db, req.params.id, req.params.pageId, 'published')), message: MSG.pagePublished }),
  );

  r.post(
    '/api/v1/applications/:id/pages/:pageId/withdraw',
    { schema: { summary: '撤回页面为草稿', tags, params: pageParams, response: { 200: pageChangedAnswer } }, config: editor },
    async (req) => ({ ...(await setPageState(db, req.params.id, req.params.pageId, 'draft')), message: MSG.pageWithdrawn }),
  );

  r.delete(
    '/api/v1/applications/:id/pages/:pageId',
    { schema: { summary: '删除页面及其历史版本', tags, params: pageParams, response: { 200: okAnswer } }, config: editor },
    async (req) => {
      await deletePage(db, req.params.id, req.params.pageId);
      return { ok: true as const, message: MSG.pageDeleted };
    },
  );

  r.get(
    '/api/v1/applications/:id/pages/:pageId/revisions',
    {
      schema: {
        summary: '页面配置的历史版本列表（新的在前）',
        tags,
        params: pageParams,
        querystring: revisionListQuery,
        response: { 200: pageOf(revisionListItemAnswer) },
      },
      config: reader,
    },
    async (req) => listPageRevisions(db, await getPage(db, req.params.id, req.params.pageId), req.query.page, req.query.size),
  );

  r.get(
    '/api/v1/applications/:id/pages/:pageId/revisions/:revisionId',
    { schema: { summary: '读取页面的一个历史版本', tags, params: pageRevisionParams, response: { 200: revisionAnswer } }, config: reader },
    async (req) => getPageRevision(db, await getPage(db, req.params.id, req.params.pageId), req.params.revisionId),
  );

  r.post(
    '/api/v1/applications/:id/pages/:pageId/revisions/:revisionId/restore',
    { schema: { summary: '页面恢复到一个历史版本', tags, params: pageRevisionParams, response: { 200: revisionRestoredAnswer } }, config: editor },
    async (req) => {
      const page = await getPage(db, req.params.id, req.params.pageId);
      const rev = await getPageRevision(db, page, req.params.revisionId);
      // checked again: a module type's schema may have changed since the revision was saved
      const homeConfig = validateHomeConfig(rev.homeConfig);
      const revisionId = await savePageConfig(db, page, homeConfig, currentUser(req), restoreSummary(rev.createdAt));
      return { homeConfig, revisionId, message: MSG.revisionRestored };
    },
  );

  r.get(
    '/api/v1/xrender/:pageId',
    {
      schema: { summary: '访客读取一个已发布的页面', tags, params: publicPageParams, querystring: publicPageQuery, response: { 200: pageAnswer } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      const site = await readableApplication(req.scope, req.query.applicationId);
      const page = await findPage(db, site.id, req.params.pageId);
      // a draft page is its site's managers' only, and to anyone else it is a page that does not exist
      if (!page || (page.state !== 'published' && !(await req.scope.manages(site.id)))) throw notFound(MSG.pageNotFound);
      const detail = presentPageDetail(page);
      return (await hidesLoginOnly(req.scope, site, detail.homeConfig)) ? { ...detail, homeConfig: visibleHomeConfig(detail.homeConfig) } : detail;
    },
  );
}
