/**
 * The monitors in the console (docs/decisions.md 670-679), all for managers of the application in the
 * path holding 监测管理 (`monitor`) and super managers:
 * - GET /api/v1/monitors/{id}/{code}: the channel (made on first use), its sources, profiles and dashboard;
 * - POST /api/v1/monitors/{id}/{code}/sources, PUT and DELETE …/sources/{sourceId}: its sources;
 * - POST …/sources/{sourceId}/run: queues a run now (a background task);
 * - POST …/profiles, PUT and DELETE …/profiles/{profileId}: its watch profiles;
 * - PUT …/digest: the digest's period and whether the caller receives it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { managerAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { monitorChannelAnswer, monitorSourceAnswer } from '../../../common/contracts/monitors.js';
import {
  channelView,
  createProfile,
  createSource,
  deleteProfile,
  deleteSource,
  runSourceNow,
  saveDigest,
  updateProfile,
  updateSource,
} from '../../monitors/service.js';
import { channelParams, digestBody, profileBody, profileParams, sourceBody, sourceParams } from './schema.js';

const tags = [MSG.monitorsMenu];

export default async function monitorRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const config = { access: managerAccess(applicationInPath, 'monitor') };

  r.get(
    '/api/v1/monitors/:id/:code',
    { schema: { summary: '监测频道：采集源、监测主题与仪表盘', tags, params: channelParams, response: { 200: monitorChannelAnswer } }, config },
    async (req) => channelView(db, req.params.id, req.params.code, currentUser(req).id ?? null),
  );

  r.post(
    '/api/v1/monitors/:id/:code/sources',
    { schema: { summary: '新增采集源', tags, params: channelParams, body: sourceBody, response: { 201: monitorSourceAnswer } }, config },
    async (req, reply) => reply.status(201).send(await createSource(db, req.params.id, req.params.code, req.body)),
  );

  r.put(
    '/api/v1/monitors/:id/:code/sources/:sourceId',
    { schema: { summary: '修改采集源（含启用与停用）', tags, params: sourceParams, body: sourceBody, response: { 200: monitorSourceAnswer } }, config },
    async (req) => updateSource(db, req.params.id, req.params.code, req.params.sourceId, req.body),
  );

  r.delete(
    '/api/v1/monitors/:id/:code/sources/:sourceId',
    { schema: { summary: '删除采集源（已采集的记录保留）', tags, params: sourceParams, response: { 200: okAnswer } }, config },
    async (req) => {
      await deleteSource(db, req.params.id, req.params.code, req.params.sourceId);
      return { ok: true as const, message: MSG.monitorDeleted };
    },
  );

  r.post(
    '/api/v1/monitors/:id/:code/sources/:sourceId/run',
    {
      schema: { summary: '立即运行采集源（加入后台任务）', tags, params: sourceParams, response: { 200: okAnswer.extend({ taskId: z.number().int() }) } },
      config,
    },
    async (req) => {
      const taskId = await runSourceNow(db, req.params.id, req.params.code, req.params.sourceId, currentUser(req).id ?? null);
      return { ok: true as const, message: MSG.monitorRunQueued, taskId };
    },
  );

  r.post(
    '/api/v1/monitors/:id/:code/profiles',
    {
      schema: { summary: '新增监测主题', tags, params: channelParams, body: profileBody, response: { 201: okAnswer.extend({ id: z.number().int() }) } },
      config,
    },
    async (req, reply) => {
      const id = await createProfile(db, req.params.id, req.params.code, req.body);
      return reply.status(201).send({ ok: true as const, message: MSG.monitorSaved, id });
    },
  );

  r.put(
    '/api/v1/monitors/:id/:code/profiles/:profileId',
    { schema: { summary: '修改监测主题', tags, params: profileParams, body: profileBody, response: { 200: okAnswer } }, config },
    async (req) => {
      await updateProfile(db, req.params.id, req.params.code, req.params.profileId, req.body);
      return { ok: true as const, message: MSG.monitorSaved };
    },
  );

  r.delete(
    '/api/v1/monitors/:id/:code/profiles/:profileId',
    { schema: { summary: '删除监测主题', tags, params: profileParams, response: { 200: okAnswer } }, config },
    async (req) => {
      await deleteProfile(db, req.params.id, req.params.code, req.params.profileId);
      return { ok: true as const, message: MSG.monitorDeleted };
    },
  );

  r.put(
    '/api/v1/monitors/:id/:code/digest',
    { schema: { summary: '设置摘要邮件（周期与本人是否订阅）', tags, params: channelParams, body: digestBody, response: { 200: okAnswer } }, config },
    async (req) => {
      await saveDigest(db, req.params.id, req.params.code, currentUser(req).id, req.body);
      return { ok: true as const, message: MSG.monitorSaved };
    },
  );
}
