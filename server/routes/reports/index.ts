/**
 * The visitor's report calls (spec 1 §2 'Reports: /microapp/report with optional
 * ?type={type}; detail /microapp/report/detail/{id}'); the console edits reports through the topic
 * data calls (server/routes/topics, type `report`):
 * - GET /api/v1/reports?applicationId&type&q&page&size: public; the published reports of the
 *   application's topic, a page of 20 (400 with a Chinese message for a wrong type or page).
 * - GET /api/v1/reports/{id}?applicationId: public (signed-in only on a site with 详情页需登录 on, issue
 *   13 §4); one published report (404 该报告不存在或已撤回),
 *   its PDF only for a reader who may download it (docs/decisions.md 302).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { siteRows } from '../../policies/rows.js';
import { publicAccess } from '../../policies/access.js';
import { detailReadAccess, queryApplicationId } from '../../policies/detailSignin.js';
import { MSG } from '../../../common/messages.js';
import { pageOf } from '../../../common/contracts/common.js';
import { reportDetailAnswer, reportListItemAnswer } from '../../../common/contracts/reports.js';
import { reportDetailQuery, reportIdSchema, reportListQuery, reportParams } from './schema.js';
import { listReports, reportDetail, reportSite } from './service.js';

const tags = ['研究报告'];

export default async function reportRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/reports',
    {
      schema: { summary: '已发布的研究报告列表', tags, querystring: reportListQuery, response: { 200: pageOf(reportListItemAnswer) } },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req) => {
      const site = await reportSite(req.scope, req.query.applicationId);
      return listReports(db, site, req.query);
    },
  );

  r.get(
    '/api/v1/reports/:id',
    {
      schema: { summary: '读取一篇已发布的研究报告', tags, params: reportParams, querystring: reportDetailQuery, response: { 200: reportDetailAnswer } },
      // 详情页需登录 on the report's site (or the host's): signed-in only
      config: { access: detailReadAccess(queryApplicationId), rows: siteRows },
    },
    async (req, reply) => {
      const id = reportIdSchema.safeParse(req.params.id);
      if (!id.success) throw notFound(MSG.reportNotFound);
      const site = await reportSite(req.scope, req.query.applicationId);
      const detail = await reportDetail(db, site, id.data, req.scope);
      // the answer depends on the reader when the PDF is kept for 下载附件
      if (detail.restrictDownload) void reply.header('Cache-Control', 'private, no-store');
      return detail;
    },
  );
}
