/**
 * POST /api/v1/resources/institution/fruit-scholar-count (spec 2 §7 'Content'; spec 1 §3 'Institution'):
 * body `{ q }`, institution names joined by '|' → `{ fruit_count, scholar_count }`, each a list of
 * `{ institution, count }` in the order asked. Public: the visitor's institution panel reads it.
 * Bad body: 400 with a Chinese message.
 * Declared contract (issue 12 §4): the schemas and the access are in the route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { publicAccess } from '../../policies/access.js';
import { institutionCountsAnswer } from '../../../common/contracts/institutions.js';
import { countBody } from './schema.js';
import { countByInstitution } from './service.js';

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
      config: { access: publicAccess, signedRead: true },
    },
    async (req) => countByInstitution(db, req.body.q),
  );
}
