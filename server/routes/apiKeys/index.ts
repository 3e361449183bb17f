/**
 * The public API's keys in the console (application settings → 开放接口; docs/decisions.md 631-632, 635):
 * - GET /api/v1/applications/{id}/api-keys: the application's keys (prefix, scopes, limit, today's and all calls);
 * - POST /api/v1/applications/{id}/api-keys: issues one; the answer carries the key, the only time it is shown;
 * - POST /api/v1/applications/{id}/api-keys/{keyId}/revoke: revokes one (it then answers 401);
 *   all three for managers of the application holding 站点设置 (`settings`) and super managers;
 * - GET /api/v1/applications/{id}/api-key-usage: calls per key per day of the last 7 days, for
 *   /console/analysis (any manager of the application, as its analytics).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { managerAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { apiKeyAnswer, apiKeyCreatedAnswer, apiKeyUsageAnswer } from '../../../common/contracts/publicApi.js';
import { createKey, keyUsage, listKeys, revokeKey } from '../../publicApi/keys.js';
import { appParams, createKeyBody, keyParams } from './schema.js';
import { z } from 'zod';

const tags = [MSG.openApiTag];

export default async function apiKeyRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const settings = { access: managerAccess(applicationInPath, 'settings') };

  r.get(
    '/api/v1/applications/:id/api-keys',
    { schema: { summary: '应用的开放接口密钥', tags, params: appParams, response: { 200: z.array(apiKeyAnswer) } }, config: settings },
    async (req) => listKeys(db, req.params.id),
  );

  r.post(
    '/api/v1/applications/:id/api-keys',
    {
      schema: { summary: '签发开放接口密钥（密钥只在此时显示一次）', tags, params: appParams, body: createKeyBody, response: { 201: apiKeyCreatedAnswer } },
      config: settings,
    },
    async (req, reply) => {
      const created = await createKey(db, req.params.id, req.body, currentUser(req).id ?? null);
      return reply.status(201).send({ ...created, message: MSG.apiKeyCreated });
    },
  );

  r.post(
    '/api/v1/applications/:id/api-keys/:keyId/revoke',
    { schema: { summary: '吊销开放接口密钥', tags, params: keyParams, response: { 200: okAnswer } }, config: settings },
    async (req) => {
      await revokeKey(db, req.params.id, req.params.keyId);
      return { ok: true as const, message: MSG.apiKeyRevokedDone };
    },
  );

  r.get(
    '/api/v1/applications/:id/api-key-usage',
    {
      schema: { summary: '开放接口密钥最近 7 天的调用次数（统计分析用）', tags, params: appParams, response: { 200: apiKeyUsageAnswer } },
      config: { access: managerAccess(applicationInPath) },
    },
    async (req) => keyUsage(db, [req.params.id]),
  );
}
