/**
 * Console resource manager routes (list answers of docs/architecture.md §Services and the database):
 * GET/POST /api/v1/applications/{id}/resources, PUT/DELETE /api/v1/applications/{id}/resources/{resourceId}.
 * Managers of the application holding the right content, or super managers; an application without a
 * topic answers 409. Also the public reads sent as POST: the conference suggestions and the journal lookup.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { readableResources, resourceRows } from '../../policies/rows.js';
import { applicationInPath } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer, pageOf, withMessage } from '../../../common/contracts/common.js';
import { conferenceSuggestionsAnswer, journalPageAnswer, managedResourceAnswer } from '../../../common/contracts/resources.js';
import { appParams, conferenceSuggestBody, createEnvelope, journalLookupBody, listQuery, resourceParams, updateEnvelope } from './schema.js';
import { suggestTitles } from '../../resources/suggest.js';
import { CONSOLE_RESOURCE_TYPES } from '../../../common/resourceFields.js';
import { changeResource, createResource, deleteResource, listResources, lookupJournals, parseResourceBody, topicOfApplication } from './service.js';

const tags = ['资源'];

export default async function resourceRoutes(app: FastifyInstance, { db, dialect }: AppContext) {
  const r = declared(app);
  // signed in (401), the application exists (404), the user manages it with the right content (403);
  // the handler then needs its topic (409 without one)
  const manager = { access: managerAccess(applicationInPath, 'content') };

  /**
   * POST /api/v1/resources/conferences/suggestions { q } (spec 2 §7 'the suggestion'; decision 296): up to
   * 10 conferences whose title starts with the text: [{ id, title, detail }]. Public; a read sent as POST.
   */
  r.post(
    '/api/v1/resources/conferences/suggestions',
    {
      schema: { summary: '会议标题联想（至多 10 个）', tags, body: conferenceSuggestBody, response: { 200: conferenceSuggestionsAnswer } },
      config: { access: publicAccess, rows: resourceRows, signedRead: true },
    },
    async (req) => suggestTitles(db, dialect, 'conference', req.body.q, readableResources(req)),
  );

  /**
   * POST /api/v3/resources/journal (spec 2 §7, body not shown; decision 296): journals by ISSN (exact) or
   * by the start of their title, a page `{ content, totalElements, empty, page, size }` of presented
   * journals in title order (totalElements counts up to 10,000). Public; a read sent as POST.
   */
  r.post(
    '/api/v3/resources/journal',
    {
      schema: { summary: '按 ISSN 或标题开头查期刊', tags, body: journalLookupBody, response: { 200: journalPageAnswer } },
      config: { access: publicAccess, rows: resourceRows, signedRead: true },
    },
    async (req) => lookupJournals(db, dialect, req.body, readableResources(req)),
  );

  r.get(
    '/api/v1/applications/:id/resources',
    {
      schema: {
        summary: '应用专题中一种类型的资源（控制台资源管理）',
        tags,
        params: appParams,
        querystring: listQuery,
        response: { 200: pageOf(managedResourceAnswer) },
      },
      config: manager,
    },
    async (req) => listResources(db, await topicOfApplication(db, req.params.id), req.query),
  );

  r.post(
    '/api/v1/applications/:id/resources',
    {
      schema: { summary: '在应用专题中新建资源', tags, params: appParams, body: createEnvelope, response: { 201: withMessage(managedResourceAnswer) } },
      config: manager,
    },
    async (req, reply) => {
      const topicId = await topicOfApplication(db, req.params.id);
      const { type, published, ...rest } = req.body;
      const created = await createResource(db, topicId, type, parseResourceBody(type, rest), { published });
      return reply.status(201).send({ ...created, message: MSG.resourceCreated });
    },
  );

  r.put(
    '/api/v1/applications/:id/resources/:resourceId',
    {
      schema: { summary: '修改应用专题中的资源', tags, params: resourceParams, body: updateEnvelope, response: { 200: withMessage(managedResourceAnswer) } },
      config: manager,
    },
    async (req) => {
      const topicId = await topicOfApplication(db, req.params.id);
      const { type, ...rest } = req.body;
      // the application's resource manager edits the console types only; the topic's data page edits every type
      return { ...(await changeResource(db, topicId, req.params.resourceId, type, rest, CONSOLE_RESOURCE_TYPES)), message: MSG.resourceSaved };
    },
  );

  r.delete(
    '/api/v1/applications/:id/resources/:resourceId',
    { schema: { summary: '删除应用专题中的资源', tags, params: resourceParams, response: { 200: okAnswer } }, config: manager },
    async (req) => {
      await deleteResource(db, await topicOfApplication(db, req.params.id), req.params.resourceId);
      return { ok: true as const, message: MSG.resourceDeleted };
    },
  );
}
