/**
 * The visitor's report calls (issue 13 §2; spec 1 §2 'Reports: /microapp/report with optional
 * ?type={type}; detail /microapp/report/detail/{id}'); the console edits reports through the topic
 * data calls (server/routes/topics, type `report`):
 * - GET /api/v1/reports?applicationId&type&q&page&size: public; the published reports of the
 *   application's topic, a page of 20 (400 with a Chinese message for a wrong type or page).
 * - GET /api/v1/reports/{id}?applicationId: public; one published report (404 该报告不存在或已撤回),
 *   its PDF only for a reader who may download it (docs/decisions.md 302).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { reportDetailQuery, reportIdSchema, reportListQuery, reportParams } from './schema.js';
import { listReports, reportDetail, reportSite } from './service.js';

export default async function reportRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/reports', async (req) => {
    const q = parse(reportListQuery, req.query, 'query');
    const site = await reportSite(db, q.applicationId);
    return listReports(db, site, q);
  });

  app.get('/api/v1/reports/:id', async (req, reply) => {
    const id = reportIdSchema.safeParse(parse(reportParams, req.params, 'params').id);
    if (!id.success) throw notFound(MSG.reportNotFound);
    const q = parse(reportDetailQuery, req.query, 'query');
    const site = await reportSite(db, q.applicationId);
    const detail = await reportDetail(db, site, id.data, req.user);
    // the answer depends on the reader when the PDF is kept for 下载附件
    if (detail.restrictDownload) void reply.header('Cache-Control', 'private, no-store');
    return detail;
  });
}
