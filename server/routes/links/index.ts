/**
 * Resource-link calls (spec 2 §7 'Content'): GET/POST /api/v1/links, GET/PUT/DELETE /api/v1/links/{linkId}.
 * Managers of the application (and super managers) write and see unpublished links; anyone else lists
 * published ones only (active forced to 1). Links of a 仅登录可见 module are for viewers holding `panels`
 * only (docs/decisions.md 212): listed by its moduleId or read one by one they answer 403, and lists
 * without a moduleId leave them out.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { MSG } from '../../../common/messages.js';
import { linkAnswer } from '../../../common/contracts/content.js';
import { contentRoutes } from '../../content/resource.js';
import { createLinkBody, linkIdParams, linkListQuery, updateLinkBody } from './schema.js';
import { createLink, deleteLink, getLink, listLinks, updateLink } from './service.js';
import { presentLink } from '../../content/present.js';

/**
 * The link calls (a content resource of server/content/resource.ts). GET /api/v1/links/{linkId} reads one
 * link for its page /resources/material/{id} (docs/decisions.md 105).
 */
export default async function linkRoutes(app: FastifyInstance, { db }: AppContext) {
  contentRoutes(app, db, {
    path: '/api/v1/links',
    idParam: 'linkId',
    deletedKey: 'linkId',
    tag: '资源链接',
    summaries: { list: '资源链接列表（访客只看到已发布的）', read: '读取一条资源链接', create: '新建资源链接', update: '修改资源链接', delete: '删除资源链接' },
    schemas: { listQuery: linkListQuery, idParams: linkIdParams, createBody: createLinkBody, updateBody: updateLinkBody, answer: linkAnswer },
    messages: { notFound: MSG.linkNotFound, created: MSG.linkCreated, saved: MSG.linkSaved, deleted: MSG.linkDeleted },
    get: getLink,
    list: listLinks,
    create: createLink,
    update: updateLink,
    remove: deleteLink,
    present: presentLink,
  });
}
