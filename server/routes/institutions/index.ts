/**
 * POST /api/v1/resources/institution/fruit-scholar-count (spec 2 §7 'Content'; spec 1 §3 'Institution'):
 * body `{ q }`, institution names joined by '|' → `{ fruit_count, scholar_count }`, each a list of
 * `{ institution, count }` in the order asked. Public: the visitor's institution panel reads it.
 * Bad body: 400 with a Chinese message.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { countBody } from './schema.js';
import { countByInstitution } from './service.js';

export default async function institutionRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post('/api/v1/resources/institution/fruit-scholar-count', { config: { signedRead: true } }, async (req) => {
    const body = parse(countBody, req.body);
    return countByInstitution(db, body.q);
  });
}
