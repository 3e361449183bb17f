/**
 * News domains and headlines (spec 2 §7; docs/decisions.md 294):
 * - GET /technology/news/v2/domain/list: the news domains (public; the same for every visitor, kept in
 *   the shared cache until a write).
 * - GET /toolsApi/headline/getByUserId?userId= and POST /toolsApi/headline/save { userId, domains }: the
 *   domains a signed-in user follows; `userId` must be the caller's own (403 otherwise, super managers
 *   included: a headline is personal).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { HttpError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { headlineBody, headlineQuery } from './schema.js';
import { newsDomains, readHeadline, saveHeadline, type NewsDomain } from './service.js';

export default async function headlineRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/technology/news/v2/domain/list', async () => {
    return app.visitorCache.getOrMake<NewsDomain[]>('news-domains', () => newsDomains(db));
  });

  /** The caller, who must be the user named by `userId`. */
  const own = (req: Parameters<typeof requireUser>[0], userId: number) => {
    const user = requireUser(req);
    if (user.id !== userId) throw new HttpError(403, 'forbidden', MSG.headlineNotYours);
    return user;
  };

  app.get('/toolsApi/headline/getByUserId', async (req) => {
    const user = requireUser(req);
    const { userId } = parse(headlineQuery, req.query, 'query');
    own(req, userId);
    return readHeadline(db, user.id);
  });

  app.post('/toolsApi/headline/save', async (req) => {
    requireUser(req);
    const body = parse(headlineBody, req.body);
    const user = own(req, body.userId);
    return { ...(await saveHeadline(db, user.id, body.domains)), message: MSG.headlineSaved };
  });
}
