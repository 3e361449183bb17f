/**
 * POST /api/v1/resources/institution/fruit-scholar-count (spec 2 §7 'Content'; spec 1 §3 'Institution'):
 * body `{ q }`, institution names joined by '|' → `{ fruit_count, scholar_count }`, each a list of
 * `{ institution, count }` in the order asked. Public: the visitor's institution panel reads it.
 * Bad body: 400 with a Chinese message.
 * GET /api/v1/resources/institution/{id}/scholars?page&size: the scholars linked to an institution, by
 * name (its detail page; decision 391); 404 for no such institution.
 * Declared contract: the schemas and the access are in the route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { readableResources, resourceRows } from '../../policies/rows.js';
import { declared } from '../../http/contract.js';
import { publicAccess } from '../../policies/access.js';
import { detailReadAccess } from '../../policies/detailSignin.js';
import { institutionCountsAnswer } from '../../../common/contracts/institutions.js';
import { countBody, institutionScholarsParams, institutionScholarsQuery } from './schema.js';
import { countByInstitution, institutionScholars } from './service.js';
import { pageOf, resourceItemAnswer } from '../../../common/contracts/common.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';

export default async function institutionRoutes(app: FastifyInstance, { db }: AppContext) {
  declared(app).post(
    '/api/v1/resources/institution/fruit-scholar-count',
    {
      schema: {
        summary: '按机构名称统计学者数与科研成果数',
        tags: ['机构'],
        body: countBody,
        response: { 200: institutionCountsAnswer },
      },
      config: { rows: resourceRows, access: publicAccess, signedRead: true },
    },
    async (req) => countByInstitution(db, req.body.q, readableResources(req)),
  );

  // decision 391: the institution's detail page lists them
  declared(app).get(
    '/api/v1/resources/institution/:id/scholars',
    {
      schema: {
        summary: '机构的学者（按姓名，每页 20 条）',
        tags: ['机构'],
        params: institutionScholarsParams,
        querystring: institutionScholarsQuery,
        response: { 200: pageOf(resourceItemAnswer) },
      },
      // as the detail page it is shown on: 401 for a visitor not signed in where 详情页需登录 is on
      config: { access: detailReadAccess(), rows: resourceRows },
    },
    async (req) => {
      const page = await institutionScholars(db, req.params.id, req.query.page, req.query.size, readableResources(req));
      if (!page) throw notFound(MSG.resourceNotFound);
      return page;
    },
  );
}
