/**
 * Console resource manager routes (issue 3; list answers of DESIGN.md 'Server'):
 * GET/POST /api/v1/applications/{id}/resources, PUT/DELETE /api/v1/applications/{id}/resources/{resourceId}.
 * Managers of the application or super managers; an application without a topic answers 409.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { parse } from '../../http/parse.js';
import { requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { appParams, conferenceSuggestBody, createEnvelope, journalLookupBody, listQuery, resourceParams, updateEnvelope } from './schema.js';
import { countByPrefix, suggestTitles, titlesByPrefix } from '../../resources/suggest.js';
import { presentResource } from '../../resources/present.js';
import { makePage } from '../../../common/page.js';

/** The most journals a title lookup counts exactly. */
const JOURNAL_COUNT_CAP = 10_000;
import { changeResource, createResource, deleteResource, listResources, parseResourceBody, topicOfApplication } from './service.js';

/** Signed in (401), the application exists (404), the user manages it (403), it has a topic (409). */
async function guard(db: Db, req: FastifyRequest, applicationId: number): Promise<number> {
  requireUser(req);
  const exists = await db.selectFrom('applications').select('id').where('id', '=', applicationId).executeTakeFirst();
  if (exists) await requireManager(db, req, applicationId, 'content');
  return topicOfApplication(db, applicationId);
}

export default async function resourceRoutes(app: FastifyInstance, { db, dialect }: AppContext) {
  /**
   * POST /api/v1/resources/conferences/suggestions { q } (spec 2 §7 'the suggestion'; decision 296): up to
   * 10 conferences whose title starts with the text: [{ id, title, detail }]. Public; a read sent as POST.
   */
  app.post('/api/v1/resources/conferences/suggestions', { config: { signedRead: true } }, async (req) => {
    const { q } = parse(conferenceSuggestBody, req.body);
    return suggestTitles(db, dialect, 'conference', q);
  });

  /**
   * POST /api/v3/resources/journal (spec 2 §7, body not shown; decision 296): journals by ISSN (exact) or
   * by the start of their title, a page `{ content, totalElements, empty, page, size }` of presented
   * journals in title order (totalElements counts up to 10,000). Public; a read sent as POST.
   */
  app.post('/api/v3/resources/journal', { config: { signedRead: true } }, async (req) => {
    const body = parse(journalLookupBody, req.body);
    if (body.issn) {
      const row = await db
        .selectFrom('resources')
        .select(['id', 'type', 'title', 'date', 'fields'])
        .where('type', '=', 'journal')
        .where('source_key', '=', body.issn)
        .executeTakeFirst();
      return makePage(row ? [presentResource(row)] : [], row ? 1 : 0, 1, body.size);
    }
    const prefix = body.q ?? '';
    const [rows, total] = await Promise.all([
      titlesByPrefix(db, dialect, 'journal', prefix, body.size, (body.page - 1) * body.size),
      countByPrefix(db, dialect, 'journal', prefix, JOURNAL_COUNT_CAP),
    ]);
    return makePage(rows.map(presentResource), total, body.page, body.size);
  });

  app.get('/api/v1/applications/:id/resources', async (req) => {
    const { id } = parse(appParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    const q = parse(listQuery, req.query, 'query');
    return listResources(db, topicId, q);
  });

  app.post('/api/v1/applications/:id/resources', async (req, reply) => {
    const { id } = parse(appParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    const { type, published, ...rest } = parse(createEnvelope, req.body);
    const body = parseResourceBody(type, rest);
    const created = await createResource(db, topicId, type, body, { published });
    return reply.status(201).send({ ...created, message: MSG.resourceCreated });
  });

  app.put('/api/v1/applications/:id/resources/:resourceId', async (req) => {
    const { id, resourceId } = parse(resourceParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    const { type, ...rest } = parse(updateEnvelope, req.body);
    const saved = await changeResource(db, topicId, resourceId, type, rest);
    return { ...saved, message: MSG.resourceSaved };
  });

  app.delete('/api/v1/applications/:id/resources/:resourceId', async (req) => {
    const { id, resourceId } = parse(resourceParams, req.params, 'params');
    const topicId = await guard(db, req, id);
    await deleteResource(db, topicId, resourceId);
    return { ok: true, message: MSG.resourceDeleted };
  });
}
