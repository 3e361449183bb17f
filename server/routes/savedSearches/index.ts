/**
 * A signed-in reader's saved advanced searches and search history on a site (/exploreV3, issue 31 §2;
 * docs/decisions.md 684-685; server/search/saved.ts):
 * - GET /api/v1/search/saved?applicationId: the reader's saved searches there, newest first.
 * - POST /api/v1/search/saved {applicationId, name, query, notify}: saves a search (its query checked
 *   as a search: 400 with the search's message; 409 when saved already or at the limit of 50).
 * - PUT /api/v1/search/saved/{id} {name?, notify?}, DELETE /api/v1/search/saved/{id}: the reader's own
 *   only (404 otherwise).
 * - GET /api/v1/search/history?applicationId: the newest 20 searches the reader ran there (noted by
 *   GET /api/v1/search/advanced, server/routes/search/index.ts); DELETE clears them.
 * Access: signed in, the reader's own rows, on a site the reader may read.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { signedInAccess } from '../../policies/access.js';
import { ownRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { savedSearchListAnswer, savedSearchSavedAnswer, searchHistoryAnswer } from '../../../common/contracts/savedSearches.js';
import { clearSearchHistory, deleteSaved, listHistory, listSaved, saveSearch, updateSaved } from '../../search/saved.js';
import { savedParams, savedSearchBody, savedSearchPatch, savedSiteQuery } from './schema.js';

const tags = ['检索'];
const mine = { access: signedInAccess, rows: ownRows };

export default async function savedSearchRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/search/saved',
    { schema: { summary: '我保存的高级检索', tags, querystring: savedSiteQuery, response: { 200: savedSearchListAnswer } }, config: mine },
    async (req, reply) => {
      await readableApplication(req.scope, req.query.applicationId);
      void reply.header('Cache-Control', 'private, no-store');
      return { items: await listSaved(db, currentUser(req).id, req.query.applicationId) };
    },
  );

  r.post(
    '/api/v1/search/saved',
    { schema: { summary: '保存一个高级检索（可每日提醒新结果）', tags, body: savedSearchBody, response: { 201: savedSearchSavedAnswer } }, config: mine },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const item = await saveSearch(db, currentUser(req).id, req.body.applicationId, req.body);
      return reply.status(201).send({ item, message: MSG.savedSearchSaved });
    },
  );

  r.put(
    '/api/v1/search/saved/:id',
    {
      schema: { summary: '重命名保存的检索或开关每日提醒', tags, params: savedParams, body: savedSearchPatch, response: { 200: savedSearchSavedAnswer } },
      config: mine,
    },
    async (req) => ({ item: await updateSaved(db, currentUser(req).id, req.params.id, req.body), message: MSG.savedSearchUpdated }),
  );

  r.delete(
    '/api/v1/search/saved/:id',
    { schema: { summary: '删除保存的检索', tags, params: savedParams, response: { 200: okAnswer } }, config: mine },
    async (req) => {
      await deleteSaved(db, currentUser(req).id, req.params.id);
      return { ok: true as const, message: MSG.savedSearchDeleted };
    },
  );

  r.get(
    '/api/v1/search/history',
    { schema: { summary: '我的检索历史（最近 20 次）', tags, querystring: savedSiteQuery, response: { 200: searchHistoryAnswer } }, config: mine },
    async (req, reply) => {
      await readableApplication(req.scope, req.query.applicationId);
      void reply.header('Cache-Control', 'private, no-store');
      return { items: await listHistory(db, currentUser(req).id, req.query.applicationId) };
    },
  );

  r.delete(
    '/api/v1/search/history',
    { schema: { summary: '清空我的检索历史', tags, querystring: savedSiteQuery, response: { 200: okAnswer } }, config: mine },
    async (req) => {
      await clearSearchHistory(db, currentUser(req).id, req.query.applicationId);
      return { ok: true as const, message: MSG.savedSearchHistoryCleared };
    },
  );
}
