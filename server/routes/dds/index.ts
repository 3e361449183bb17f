/**
 * Document delivery calls (issue 29 §7: `/temp/dds` and `/console/helix/dds`; docs/decisions.md 600-609):
 * - POST /api/v1/dds: a signed-in reader requests a full text (daily limit per site, 429 past it);
 * - GET /api/v1/dds/mine: the reader's requests to a site, with today's count and the limit;
 * - GET /api/v1/dds/mine/{id}/file?agree=1: one download, after the copyright notice (7 days, 5 downloads);
 * - GET /api/v1/dds/lookup: a DOI or a record of the site's catalogue as a citation (fills the form);
 * - GET /api/v1/applications/{id}/dds, …/dds/{requestId}, POST …/deliver, …/refuse: the staff queue of
 *   one application, for its managers holding 内容管理 (decision 601); a request of another application
 *   answers 404 文献传递请求不存在. Each move is in the audit log (server/audit/rules.ts);
 * - GET/PUT /api/v1/applications/{id}/dds-settings: the daily limit (decision 602).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { badRequest } from '../../http/errors.js';
import { createStorage, type FileStorage, type StoredObject } from '../../files/storage.js';
import { managerAccess, signedInAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { ownRows, readableResources, resourceRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import { fileBytesAnswer } from '../../../common/contracts/files.js';
import {
  ddsAnswer,
  ddsLookupAnswer,
  ddsPageAnswer,
  ddsSavedAnswer,
  ddsSettingsAnswer,
  ddsSettingsSavedAnswer,
  ddsSubmittedAnswer,
  myDdsListAnswer,
} from '../../../common/contracts/dds.js';
import {
  appParams,
  ddsListQuery,
  deliverBody,
  downloadQuery,
  lookupQuery,
  mineParams,
  mineQuery,
  refuseBody,
  settingsBody,
  staffParams,
  submitDdsBody,
} from './schema.js';
import {
  ddsDailyLimit,
  deliverDds,
  downloadDds,
  listDds,
  lookupCitation,
  myDds,
  refuseDds,
  saveDdsDailyLimit,
  staffDds,
  submitDds,
} from '../../dds/service.js';

const tags = [MSG.ddsTag];

/** The download's content-disposition: an ASCII name for every client and the UTF-8 name (RFC 6266 / 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'fulltext';
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Options of the document delivery routes: the file store of delivered files (tests pass their own). */
export interface DdsRouteOptions {
  storage?: FileStorage;
}

/** Sends a delivered file as an attachment: its checked type, never cached by a shared cache, never sniffed or run. */
function sendFile(reply: FastifyReply, got: { obj: StoredObject; name: string; type: string }) {
  return reply
    .header('Content-Type', got.type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', attachment(got.name))
    .send(got.obj.body);
}

/** Staff of the application in the path holding 内容管理 (decision 601). */
const staff = { access: managerAccess(applicationInPath, 'content') };

export default async function ddsRoutes(app: FastifyInstance, { db, config }: AppContext, opts: DdsRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  const r = declared(app);

  r.post(
    '/api/v1/dds',
    {
      schema: { summary: '提交文献传递请求（每位读者每天的条数由站点设置）', tags, body: submitDdsBody, response: { 201: ddsSubmittedAnswer } },
      config: { access: signedInAccess, rows: resourceRows },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const saved = await submitDds(db, currentUser(req), readableResources(req), req.body);
      return reply.status(201).send({ ...saved, message: MSG.ddsSubmitted });
    },
  );

  r.get(
    '/api/v1/dds/mine',
    {
      schema: { summary: '我的文献传递请求', tags, querystring: mineQuery, response: { 200: myDdsListAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return myDds(db, currentUser(req).id, req.query.applicationId);
    },
  );

  r.get(
    '/api/v1/dds/mine/:id/file',
    {
      schema: {
        summary: '下载传递的全文（需确认版权声明；7 天内有效，最多 5 次）',
        tags,
        params: mineParams,
        querystring: downloadQuery,
        response: { 200: fileBytesAnswer },
      },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      if (req.query.agree !== '1') throw badRequest(MSG.ddsCopyrightRequired, { 'query.agree': MSG.ddsCopyrightRequired });
      return sendFile(reply, await downloadDds(db, storage, currentUser(req).id, req.params.id));
    },
  );

  r.get(
    '/api/v1/dds/lookup',
    {
      schema: { summary: '按 DOI 或资源编号在本站资源中查找文献信息', tags, querystring: lookupQuery, response: { 200: ddsLookupAnswer } },
      config: { access: signedInAccess, rows: resourceRows },
    },
    async (req) => {
      await readableApplication(req.scope, req.query.applicationId);
      return lookupCitation(db, req.query.applicationId, readableResources(req), req.query);
    },
  );

  r.get(
    '/api/v1/applications/:id/dds',
    {
      schema: {
        summary: '本应用的文献传递请求（按状态筛选，每页 20 条）',
        tags,
        params: appParams,
        querystring: ddsListQuery,
        response: { 200: ddsPageAnswer },
      },
      config: staff,
    },
    async (req) => listDds(db, req.params.id, req.query),
  );

  r.get(
    '/api/v1/applications/:id/dds/:requestId',
    {
      schema: { summary: '读取一条文献传递请求', tags, params: staffParams, response: { 200: ddsAnswer } },
      config: staff,
    },
    async (req) => staffDds(db, req.params.id, req.params.requestId),
  );

  r.post(
    '/api/v1/applications/:id/dds/:requestId/deliver',
    {
      // 20 MB of file is about 27 MB of base64
      bodyLimit: 28_500_000,
      schema: { summary: '传递全文（待处理 → 已传递，文件按内容检查）', tags, params: staffParams, body: deliverBody, response: { 200: ddsSavedAnswer } },
      config: staff,
    },
    async (req) => ({
      ...(await deliverDds(db, storage, currentUser(req), req.params.id, req.params.requestId, req.body)),
      message: MSG.ddsDelivered,
    }),
  );

  r.post(
    '/api/v1/applications/:id/dds/:requestId/refuse',
    {
      schema: { summary: '答复无法提供（待处理 → 无法提供，附原因）', tags, params: staffParams, body: refuseBody, response: { 200: ddsSavedAnswer } },
      config: staff,
    },
    async (req) => ({ ...(await refuseDds(db, currentUser(req), req.params.id, req.params.requestId, req.body.reason)), message: MSG.ddsRefused }),
  );

  r.get(
    '/api/v1/applications/:id/dds-settings',
    {
      schema: { summary: '文献传递设置（每位读者每天的请求数）', tags, params: appParams, response: { 200: ddsSettingsAnswer } },
      config: staff,
    },
    async (req) => ({ dailyLimit: await ddsDailyLimit(db, req.params.id) }),
  );

  r.put(
    '/api/v1/applications/:id/dds-settings',
    {
      schema: { summary: '保存文献传递设置', tags, params: appParams, body: settingsBody, response: { 200: ddsSettingsSavedAnswer } },
      config: staff,
    },
    async (req) => ({ dailyLimit: await saveDdsDailyLimit(db, req.params.id, req.body.dailyLimit), message: MSG.ddsSettingsSaved }),
  );
}
