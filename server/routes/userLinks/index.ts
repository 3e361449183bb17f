/**
 * Personal topic link routes (spec 1 §1 and §6, spec 2 §7): the topics a user may pick, saving and
 * reading the user's links. All need a signed-in user (401) acting for themselves (403).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { forbidden } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { saveLinksBody, userIdQuery } from './schema.js';
import { readUserLinks, saveUserLinks, topicLinksEnabled, topicSuggestions } from './service.js';

/** The caller, checking that a given userId is theirs (401 / 403). */
function self(req: FastifyRequest, userId: number | undefined) {
  const me = requireUser(req);
  if (userId !== undefined && userId !== me.id) throw forbidden();
  return me;
}

export default async function userLinkRoutes(app: FastifyInstance, { db }: AppContext) {
  const suggestions = async (req: FastifyRequest) => {
    requireUser(req);
    const q = parse(userIdQuery, req.query, 'query');
    self(req, q.userId);
    const given = /:(\d+)$/.exec(req.host ?? '')?.[1] ?? '';
    const port = given === '80' || given === '443' ? '' : given;
    return topicSuggestions(db, { protocol: req.protocol, port });
  };
  app.get('/api/v1/topics/suggestions', suggestions);
  app.get('/api/v2/topics/suggestions', suggestions);

  app.get('/api/v1/users/links', async (req) => {
    requireUser(req);
    const q = parse(userIdQuery, req.query, 'query');
    const me = self(req, q.userId);
    return { enabled: topicLinksEnabled(req.host ?? ''), links: await readUserLinks(db, me.id, 'link') };
  });

  app.post('/api/v1/users/links', async (req) => {
    requireUser(req);
    const body = parse(saveLinksBody, req.body);
    const me = self(req, body.userId);
    const links = await saveUserLinks(db, me.id, body.kind, body.links);
    return { enabled: topicLinksEnabled(req.host ?? ''), links, message: MSG.topicLinksSaved };
  });
}
