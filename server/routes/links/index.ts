/**
 * Resource-link calls (spec 2 §7 'Content'): GET/POST /api/v1/links, GET/PUT/DELETE /api/v1/links/{linkId}.
 * Managers of the application (and super managers) write and see unpublished links; anyone else lists
 * published ones only (active forced to 1). Links of a 仅登录可见 module are for viewers holding `panels`
 * only (docs/decisions.md 212): listed by its moduleId or read one by one they answer 403, and lists
 * without a moduleId leave them out.
 * Declared contracts (issue 12 §4): the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { currentUser, declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInBody } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { deletedAnswer, pageOf, withMessage } from '../../../common/contracts/common.js';
import { linkAnswer } from '../../../common/contracts/content.js';
import { checkReadableContent, contentListScope } from '../../policies/visibility.js';
import { createLinkBody, linkIdParams, linkListQuery, updateLinkBody } from './schema.js';
import { createLink, deleteLink, getLink, listLinks, updateLink } from './service.js';
import { presentLink } from '../../content/present.js';

/** The application of the link in the path (404 资源链接不存在 when there is none). */
const linkApplication = async (db: Db, req: FastifyRequest) => (await getLink(db, parse(linkIdParams, req.params, 'params').linkId)).application_id;

const tags = ['资源链接'];

export default async function linkRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const writer = { access: managerAccess(linkApplication, 'content') };

  r.get(
    '/api/v1/links',
    {
      schema: { summary: '资源链接列表（访客只看到已发布的）', tags, querystring: linkListQuery, response: { 200: pageOf(linkAnswer) } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      return listLinks(db, { ...req.query, ...(await contentListScope(req, req.query)) });
    },
  );

  /**
   * GET /api/v1/links/{linkId}: one link for its page /resources/material/{id} (docs/decisions.md 105):
   * a published link for everyone, an unpublished one only for the application's managers (404 else).
   */
  r.get(
    '/api/v1/links/:linkId',
    {
      schema: { summary: '读取一条资源链接', tags, params: linkIdParams, response: { 200: linkAnswer } },
      config: { rows: siteRows, access: publicAccess },
    },
    async (req) => {
      const row = await getLink(db, req.params.linkId);
      // unpublished: its managers only; a link of a 仅登录可见 module: 403 for a viewer without `panels` (decision 212)
      await checkReadableContent(req, row, MSG.linkNotFound);
      return presentLink(row);
    },
  );

  r.post(
    '/api/v1/links',
    {
      schema: { summary: '新建资源链接', tags, body: createLinkBody, response: { 201: withMessage(linkAnswer) } },
      config: { access: managerAccess(applicationInBody, 'content') },
    },
    async (req, reply) => {
      const row = await createLink(db, req.body.applicationId, currentUser(req).id, req.body);
      return reply.status(201).send({ ...presentLink(row), message: MSG.linkCreated });
    },
  );

  r.put(
    '/api/v1/links/:linkId',
    {
      schema: { summary: '修改资源链接', tags, params: linkIdParams, body: updateLinkBody, response: { 200: withMessage(linkAnswer) } },
      config: writer,
    },
    async (req) => ({ ...presentLink(await updateLink(db, req.params.linkId, req.body)), message: MSG.linkSaved }),
  );

  r.delete(
    '/api/v1/links/:linkId',
    {
      schema: { summary: '删除资源链接', tags, params: linkIdParams, response: { 200: deletedAnswer('linkId') } },
      config: writer,
    },
    async (req) => {
      await deleteLink(db, req.params.linkId);
      return { ok: true as const, linkId: req.params.linkId, message: MSG.linkDeleted };
    },
  );
}
