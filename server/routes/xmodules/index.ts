/**
 * Custom component catalogue routes (spec 1 §3 'Custom component catalogue entry'):
 * GET /api/v1/xmodules (managers read), POST /api/v1/xmodules, PUT and DELETE /api/v1/xmodules/{id}
 * (super managers only), and GET /api/v1/xmodules/options/resource-types (an optionsUrl of the
 * built-in search-box component: [{ label, value }]).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { managedRows, noRows } from '../../policies/rows.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { anyManagerAccess, signedInAccess, superAccess } from '../../policies/access.js';
import { MSG } from '../../../common/messages.js';
import { pageOf, withMessage } from '../../../common/contracts/common.js';
import { catalogueEntryAnswer, optionAnswer, xmoduleDeletedAnswer } from '../../../common/contracts/xmodules.js';
import { entryBody, idParams, listQuery } from './schema.js';
import { createEntry, deleteEntry, listEntries, resourceTypeOptions, updateEntry } from './service.js';

const tags = ['自定义组件'];

export default async function xmoduleRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/xmodules',
    {
      schema: { summary: '自定义组件目录', tags, querystring: listQuery, response: { 200: pageOf(catalogueEntryAnswer) } },
      config: { rows: managedRows, access: anyManagerAccess },
    },
    async (req) => listEntries(db, req.query),
  );

  r.get(
    '/api/v1/xmodules/options/resource-types',
    {
      schema: { summary: '资源类型选项（检索框组件的检索范围）', tags, response: { 200: z.array(optionAnswer) } },
      config: { rows: noRows, access: signedInAccess },
    },
    async () => resourceTypeOptions(),
  );

  r.post(
    '/api/v1/xmodules',
    {
      schema: { summary: '新建自定义组件', tags, body: entryBody, response: { 201: withMessage(catalogueEntryAnswer) } },
      config: { access: superAccess },
    },
    async (req, reply) => {
      const created = await createEntry(db, req.body);
      return reply.status(201).send({ ...created, message: MSG.xmoduleCreated });
    },
  );

  r.put(
    '/api/v1/xmodules/:id',
    {
      schema: { summary: '修改自定义组件', tags, params: idParams, body: entryBody, response: { 200: withMessage(catalogueEntryAnswer) } },
      config: { access: superAccess },
    },
    async (req) => ({ ...(await updateEntry(db, req.params.id, req.body)), message: MSG.xmoduleSaved }),
  );

  r.delete(
    '/api/v1/xmodules/:id',
    {
      schema: { summary: '删除自定义组件', tags, params: idParams, response: { 200: xmoduleDeletedAnswer } },
      config: { access: superAccess },
    },
    async (req) => {
      await deleteEntry(db, req.params.id);
      return { ok: true as const, message: MSG.xmoduleDeleted };
    },
  );
}
