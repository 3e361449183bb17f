/**
 * Wechat official accounts (spec 2 §7): GET /api/v1/wechats/available (the accounts a user may put on
 * a wechat_article panel), POST and DELETE /api/v1/applications/{id}/wechat (bind, unbind), and the
 * console's list of an application's accounts and their articles. Managers of the application only
 * (403 otherwise; 401 without a session).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { requireManager, requireUser } from '../../http/session.js';
import { getApplication } from '../../applications/service.js';
import type { Db } from '../../db/index.js';
import { MSG } from '../../../common/messages.js';
import { accountParams, articleBody, articleParams, bindBody, idParams, pageQuery, unbindBody } from './schema.js';
import { addArticle, applicationAccounts, availableAccounts, bindAccount, deleteArticle, listArticles, requireBound, unbindAccount } from './service.js';

/** Parses `{ id }`, then 401 / 404 / 403 (a manager needs the right content, decision #135) in that order; returns the application. */
async function managedApplication(db: Db, req: FastifyRequest) {
  const { id } = parse(idParams, req.params, 'params');
  requireUser(req);
  const app = await getApplication(db, id);
  await requireManager(db, req, id, 'content');
  return app;
}

export default async function wechatRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/wechats/available', async (req) => availableAccounts(db, requireUser(req)));

  app.get('/api/v1/applications/:id/wechats', async (req) => {
    const a = await managedApplication(db, req);
    return applicationAccounts(db, a.id);
  });

  app.post('/api/v1/applications/:id/wechat', async (req, reply) => {
    const a = await managedApplication(db, req);
    const body = parse(bindBody, req.body);
    const account = await bindAccount(db, a.id, body);
    return reply.status(201).send({ ...account, message: MSG.wechatBound });
  });

  app.delete('/api/v1/applications/:id/wechat', async (req) => {
    const a = await managedApplication(db, req);
    const fromBody = req.body && typeof req.body === 'object' && 'wechatId' in req.body;
    const { wechatId } = fromBody ? parse(unbindBody, req.body) : parse(unbindBody, req.query, 'query');
    await unbindAccount(db, a.id, wechatId);
    return { ok: true, message: MSG.wechatUnbound };
  });

  app.get('/api/v1/applications/:id/wechats/:wechatId/articles', async (req) => {
    const a = await managedApplication(db, req);
    const { wechatId } = parse(accountParams, req.params, 'params');
    await requireBound(db, a.id, wechatId);
    const q = parse(pageQuery, req.query, 'query');
    return listArticles(db, wechatId, q.page, q.size);
  });

  app.post('/api/v1/applications/:id/wechats/:wechatId/articles', async (req, reply) => {
    const a = await managedApplication(db, req);
    const { wechatId } = parse(accountParams, req.params, 'params');
    await requireBound(db, a.id, wechatId);
    const body = parse(articleBody, req.body);
    const record = await addArticle(db, a, wechatId, body);
    return reply.status(201).send({ ...record, message: MSG.wechatArticleAdded });
  });

  app.delete('/api/v1/applications/:id/wechats/:wechatId/articles/:articleId', async (req) => {
    const a = await managedApplication(db, req);
    const { wechatId, articleId } = parse(articleParams, req.params, 'params');
    await requireBound(db, a.id, wechatId);
    await deleteArticle(db, wechatId, articleId);
    return { ok: true, message: MSG.wechatArticleDeleted };
  });
}
