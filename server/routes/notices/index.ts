/**
 * Notice calls (spec 2 §7 'Content'): GET/POST /api/v1/notices, GET/PUT/DELETE /api/v1/notices/{id}.
 * Managers of the application (and super managers) write and see unpublished notices; anyone else
 * reads published ones only (the list's active filter is forced to 1; an unpublished one answers 404).
 * Notices of a 仅登录可见 module are for viewers holding `panels` only (docs/decisions.md 212): listed by
 * its moduleId or read one by one they answer 403, and lists without a moduleId leave them out. A notice
 * marked restrictDownload tells the reader whether they may download its attachments (`canDownload`,
 * decision 214); GET /files/{key} enforces it (server/routes/files).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { MSG } from '../../../common/messages.js';
import { noticeAnswer, noticeReadAnswer } from '../../../common/contracts/content.js';
import { getApplication } from '../../applications/service.js';
import { viewerRights } from '../../policies/rights.js';
import { contentRoutes } from '../../content/resource.js';
import { createNoticeBody, noticeIdParams, noticeListQuery, updateNoticeBody } from './schema.js';
import { createNotice, deleteNotice, getNotice, listNotices, updateNotice } from './service.js';
import { presentNotice } from '../../content/present.js';

/** The notice calls (a content resource of server/content/resource.ts); GET one says whether the reader may download. */
export default async function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  contentRoutes(app, db, {
    path: '/api/v1/notices',
    idParam: 'id',
    deletedKey: 'noticeId',
    tag: '通知公告',
    summaries: { list: '通知公告列表（访客只看到已发布的）', read: '读取一条通知公告', create: '新建通知公告', update: '修改通知公告', delete: '删除通知公告' },
    schemas: {
      listQuery: noticeListQuery,
      idParams: noticeIdParams,
      createBody: createNoticeBody,
      updateBody: updateNoticeBody,
      answer: noticeAnswer,
      readAnswer: noticeReadAnswer,
    },
    messages: { notFound: MSG.noticeNotFound, created: MSG.noticeCreated, saved: MSG.noticeSaved, deleted: MSG.noticeDeleted },
    get: getNotice,
    list: listNotices,
    create: createNotice,
    update: updateNotice,
    remove: deleteNotice,
    present: presentNotice,
    // whether this reader may download the attachments (decision 214): the page shows 登录后下载 ('signIn')
    // or 无下载权限 ('right') in place of the links otherwise
    read: async (req, row) => {
      let downloadBlocked: 'signIn' | 'right' | null = null;
      if (row.restrict_download === 1) {
        const held = await viewerRights(req.scope, await getApplication(db, row.application_id));
        if (!held.rights.includes('download')) downloadBlocked = held.signedIn ? 'right' : 'signIn';
      }
      return { ...presentNotice(row), canDownload: downloadBlocked === null, downloadBlocked };
    },
  });
}
