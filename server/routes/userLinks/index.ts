/**
 * Personal topic link routes (spec 1 §1 and §6, spec 2 §7): the topics a user may pick, saving and
 * reading the user's links. All need a signed-in user (401) acting for themselves (403).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { rawFields, selfAccess } from '../../policies/access.js';
import { MSG } from '../../../common/messages.js';
import { withMessage } from '../../../common/contracts/common.js';
import { topicLinkAnswer, userLinksAnswer } from '../../../common/contracts/userLinks.js';
import { saveLinksBody, userIdQuery } from './schema.js';
import { readUserLinks, saveUserLinks, topicLinksEnabled, topicSuggestions } from './service.js';

/** The caller's own links: a `userId` given (query or body) must be the signed-in caller (403 otherwise). */
const own = (part: 'query' | 'body') => selfAccess((req) => rawFields(req[part]).userId, 'userId');

const tags = ['专题链接'];

export default async function userLinkRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  for (const url of ['/api/v1/topics/suggestions', '/api/v2/topics/suggestions']) {
    r.get(
      url,
      {
        schema: { summary: '用户可选的专题（已发布的应用）', tags, querystring: userIdQuery, response: { 200: z.array(topicLinkAnswer) } },
        config: { access: own('query') },
      },
      async (req) => {
        const given = /:(\d+)$/.exec(req.host ?? '')?.[1] ?? '';
        const port = given === '80' || given === '443' ? '' : given;
        return topicSuggestions(db, { protocol: req.protocol, port });
      },
    );
  }

  r.get(
    '/api/v1/users/links',
    {
      schema: { summary: '读取本人的专题链接', tags, querystring: userIdQuery, response: { 200: userLinksAnswer } },
      config: { access: own('query') },
    },
    async (req) => {
      const me = currentUser(req);
      return { enabled: topicLinksEnabled(req.host ?? ''), links: await readUserLinks(db, me.id, 'link') };
    },
  );

  r.post(
    '/api/v1/users/links',
    {
      schema: { summary: '保存本人的专题链接（按给出的顺序）', tags, body: saveLinksBody, response: { 200: withMessage(userLinksAnswer) } },
      config: { access: own('body') },
    },
    async (req) => {
      const me = currentUser(req);
      const links = await saveUserLinks(db, me.id, req.body.kind, req.body.links);
      return { enabled: topicLinksEnabled(req.host ?? ''), links, message: MSG.topicLinksSaved };
    },
  );
}
