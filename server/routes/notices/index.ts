/**
 * Notice calls (spec 2 §7 'Content'): GET/POST /api/v1/notices, GET/PUT/DELETE /api/v1/notices/{id}.
 * Managers of the application (and super managers) write and see unpublished notices; anyone else
 * reads published ones only (the list's active filter is forced to 1; an unpublished one answers 404).
 * Notices of a 仅登录可见 module are for viewers holding `panels` only (docs/decisions.md 212): listed by
 * its moduleId or read one by one they answer 403, and lists without a moduleId leave them out. A notice
 * marked restrictDownload tells the reader whether they may download its attachments (`canDownload`,
 * decision 214); GET /files/{key} enforces it (server/routes/files).
 * Declared contracts (issue 12 §4): the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { currentUser, declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInBody } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { deletedAnswer, pageOf, withMessage } from '../../../common/contracts/common.js';
import { noticeAnswer, noticeReadAnswer } from '../../../common/contracts/content.js';
import { getApplication } from '../../applications/service.js';
import { checkReadableContent, contentListScope } from '../../policies/visibility.js';
import { viewerRights } from '../../policies/rights.js';
import { createNoticeBody, noticeIdParams, noticeListQuery, updateNoticeBody } from './schema.js';
import { createNotice, deleteNotice, getNotice, listNotices, updateNotice } from './service.js';
import { presentNotice } from '../../content/present.js';

/** The application of the notice in the path (404 通知公告不存在或尚未发布 when there is none). */
const noticeApplication = async (db: Db, req: FastifyRequest) => (await getNotice(db, parse(noticeIdParams, req.params, 'params').id)).application_id;

const tags = ['通知公告'];

export default async function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const writer = { access: managerAccess(noticeApplication, 'content') };

  r.get(
    '/api/v1/notices',
    {
      schema: { summary: '通知公告列表（访客只看到已发布的）', tags, querystring: noticeListQuery, response: { 200: pageOf(noticeAnswer) } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      return listNotices(db, { ...req.query, ...(await contentListScope(req, req.query)) });
    },
  );

  r.get(
    '/api/v1/notices/:id',
    {
      schema: { summary: '读取一条通知公告', tags, params: noticeIdParams, response: { 200: noticeReadAnswer } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      const row = await getNotice(db, req.params.id);
      // unpublished: its managers only; a notice of a 仅登录可见 module: 403 for a viewer without `panels` (decision 212)
      await checkReadableContent(req, row, MSG.noticeNotFound);
      // whether this reader may download the attachments (decision 214): the page shows 登录后下载 ('signIn')
      // or 无下载权限 ('right') in place of the links otherwise
      let downloadBlocked: 'signIn' | 'right' | null = null;
      if (row.restrict_download === 1) {
        const held = await viewerRights(req.scope, await getApplication(db, row.application_id));
        if (!held.rights.includes('download')) downloadBlocked = held.signedIn ? 'right' : 'signIn';
      }
      return { ...presentNotice(row), canDownload: downloadBlocked === null, downloadBlocked };
    },
  );

  r.post(
    '/api/v1/notices',
    {
      schema: { summary: '新建通知公告', tags, body: createNoticeBody, response: { 201: withMessage(noticeAnswer) } },
      config: { access: managerAccess(applicationInBody, 'content') },
    },
    async (req, reply) => {
      const row = await createNotice(db, req.body.applicationId, currentUser(req).id, req.body);
      return reply.status(201).send({ ...presentNotice(row), message: MSG.noticeCreated });
    },
  );

  r.put(
    '/api/v1/notices/:id',
    {
      schema: { summary: '修改通知公告', tags, params: noticeIdParams, body: updateNoticeBody, response: { 200: withMessage(noticeAnswer) } },
      config: writer,
    },
    async (req) => ({ ...presentNotice(await updateNotice(db, req.params.id, req.body)), message: MSG.noticeSaved }),
  );

  r.delete(
    '/api/v1/notices/:id',
    {
      schema: { summary: '删除通知公告', tags, params: noticeIdParams, response: { 200: deletedAnswer('noticeId') } },
      config: writer,
    },
    async (req) => {
      await deleteNotice(db, req.params.id);
      return { ok: true as const, noticeId: req.params.id, message: MSG.noticeDeleted };
    },
  );
}
