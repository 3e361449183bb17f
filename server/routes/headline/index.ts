/**
 * News domains and headlines (spec 2 §7; docs/decisions.md 294):
 * - GET /technology/news/v2/domain/list: the news domains (public; the same for every visitor, kept in
 *   the shared cache until a write).
 * - GET /toolsApi/headline/getByUserId?userId= and POST /toolsApi/headline/save { userId, domains }: the
 *   domains a signed-in user follows; `userId` must be the caller's own (403 otherwise, super managers
 *   included: a headline is personal).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { noRows } from '../../policies/rows.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { publicAccess, rawFields, selfAccess } from '../../policies/access.js';
import { MSG } from '../../../common/messages.js';
import { withMessage } from '../../../common/contracts/common.js';
import { headlineAnswer, newsDomainAnswer } from '../../../common/contracts/headline.js';
import { headlineBody, headlineQuery } from './schema.js';
import { newsDomains, readHeadline, saveHeadline, type NewsDomain } from './service.js';

const tags = ['资讯头条'];

/** The caller's own headline: `userId` (query or body) must be the signed-in caller (403 这不是您的资讯关注 otherwise). */
const ownHeadline = (part: 'query' | 'body') => selfAccess((req) => rawFields(req[part]).userId, 'userId', MSG.headlineNotYours);

export default async function headlineRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/technology/news/v2/domain/list',
    {
      schema: { summary: '资讯领域列表（条数多的在前）', tags, response: { 200: z.array(newsDomainAnswer) } },
      config: { rows: noRows, access: publicAccess },
    },
    async () => app.visitorCache.getOrMake<NewsDomain[]>('news-domains', () => newsDomains(db)),
  );

  r.get(
    '/toolsApi/headline/getByUserId',
    {
      schema: { summary: '读取本人关注的资讯领域', tags, querystring: headlineQuery, response: { 200: headlineAnswer } },
      config: { access: ownHeadline('query') },
    },
    async (req) => readHeadline(db, currentUser(req).id),
  );

  r.post(
    '/toolsApi/headline/save',
    {
      schema: { summary: '保存本人关注的资讯领域', tags, body: headlineBody, response: { 200: withMessage(headlineAnswer) } },
      config: { access: ownHeadline('body') },
    },
    async (req) => {
      const user = currentUser(req);
      return { ...(await saveHeadline(db, user.id, req.body.domains)), message: MSG.headlineSaved };
    },
  );
}
