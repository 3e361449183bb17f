/**
 * Wechat official accounts (spec 2 §7): GET /api/v1/wechats/available (the accounts a user may put on
 * a wechat_article panel), POST and DELETE /api/v1/applications/{id}/wechat (bind, unbind), and the
 * console's list of an application's accounts and their articles. Managers of the application only
 * (403 otherwise; 401 without a session).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { managedRows } from '../../policies/rows.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { managerAccess, signedInAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { getApplication } from '../../applications/service.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer, pageOf, withMessage } from '../../../common/contracts/common.js';
import { wechatRecordAnswer } from '../../../common/contracts/modules.js';
import { wechatAccountAnswer, wechatAccountWithArticlesAnswer, wechatChoiceAnswer } from '../../../common/contracts/wechats.js';
import { accountParams, articleBody, articleParams, bindBody, idParams, pageQuery, unbindBody, unbindQuery } from './schema.js';
import { addArticle, applicationAccounts, availableAccounts, bindAccount, deleteArticle, listArticles, requireBound, unbindAccount } from './service.js';

const tags = ['微信公众号'];

export default async function wechatRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  // a manager of the application in the path holding the right content (decision #135): 401 / 404 / 403
  const manager = { access: managerAccess(applicationInPath, 'content') };

  r.get(
    '/api/v1/wechats/available',
    {
      schema: { summary: '可放到公众号文章面板上的公众号（所管应用绑定的）', tags, response: { 200: z.array(wechatChoiceAnswer) } },
      config: { rows: managedRows, access: signedInAccess },
    },
    async (req) => availableAccounts(db, await req.scope.managedApplications()),
  );

  r.get(
    '/api/v1/applications/:id/wechats',
    {
      schema: { summary: '应用绑定的公众号及其文章数', tags, params: idParams, response: { 200: z.array(wechatAccountWithArticlesAnswer) } },
      config: manager,
    },
    async (req) => applicationAccounts(db, req.params.id),
  );

  r.post(
    '/api/v1/applications/:id/wechat',
    {
      schema: { summary: '为应用绑定公众号', tags, params: idParams, body: bindBody, response: { 201: withMessage(wechatAccountAnswer) } },
      config: manager,
    },
    async (req, reply) => {
      const account = await bindAccount(db, req.params.id, req.body);
      return reply.status(201).send({ ...account, message: MSG.wechatBound });
    },
  );

  r.delete(
    '/api/v1/applications/:id/wechat',
    {
      schema: {
        summary: '解绑应用的公众号（wechatId 在请求体或查询中）',
        tags,
        params: idParams,
        querystring: unbindQuery,
        body: unbindQuery.optional(),
        response: { 200: okAnswer },
      },
      config: manager,
    },
    async (req) => {
      // the body when it names the account, else the query (400 naming body.wechatId / query.wechatId)
      const { wechatId } = req.body?.wechatId !== undefined ? parse(unbindBody, req.body) : parse(unbindBody, req.query, 'query');
      await unbindAccount(db, req.params.id, wechatId);
      return { ok: true as const, message: MSG.wechatUnbound };
    },
  );

  r.get(
    '/api/v1/applications/:id/wechats/:wechatId/articles',
    {
      schema: { summary: '公众号的文章列表（最新在前）', tags, params: accountParams, querystring: pageQuery, response: { 200: pageOf(wechatRecordAnswer) } },
      config: manager,
    },
    async (req) => {
      await requireBound(db, req.params.id, req.params.wechatId);
      return listArticles(db, req.params.wechatId, req.query.page, req.query.size);
    },
  );

  r.post(
    '/api/v1/applications/:id/wechats/:wechatId/articles',
    {
      schema: {
        summary: '添加（或按文章地址更新）公众号文章',
        tags,
        params: accountParams,
        body: articleBody,
        response: { 201: withMessage(wechatRecordAnswer) },
      },
      config: manager,
    },
    async (req, reply) => {
      await requireBound(db, req.params.id, req.params.wechatId);
      const record = await addArticle(db, await getApplication(db, req.params.id), req.params.wechatId, req.body);
      return reply.status(201).send({ ...record, message: MSG.wechatArticleAdded });
    },
  );

  r.delete(
    '/api/v1/applications/:id/wechats/:wechatId/articles/:articleId',
    {
      schema: { summary: '删除公众号文章', tags, params: articleParams, response: { 200: okAnswer } },
      config: manager,
    },
    async (req) => {
      const { id, wechatId, articleId } = req.params;
      await requireBound(db, id, wechatId);
      await deleteArticle(db, wechatId, articleId);
      return { ok: true as const, message: MSG.wechatArticleDeleted };
    },
  );
}
