/**
 * Application calls (spec 2 §7): list, create, change, delete, configuration by id and by host, and
 * saving the home config. Super managers create and delete; managers of an application change it.
 */
import type { FastifyInstance } from 'fastify';
import { readPage } from '../../db/paging.js';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { HttpError, notFound } from '../../http/errors.js';
import { requireManager, requireSuper, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import {
  createApplicationBody,
  homeConfigBody,
  hostQuery,
  idParams,
  listQuery,
  suggestionsQuery,
  updateApplicationBody,
  userSuggestionsQuery,
} from './schema.js';
import { saveHomeConfig } from '../revisions/service.js';
import { applicationSuggestions, createApplication, getApplication, presentConfig, presentListItem, updateApplication, validateHomeConfig } from './service.js';
import { canRead, presentConfigFor } from './visibility.js';
import { containsText } from '../../db/like.js';

export default async function applicationRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/applications', async (req) => {
    const user = requireUser(req);
    const q = parse(listQuery, req.query, 'query');
    let base = db.selectFrom('applications').leftJoin('topics', 'topics.id', 'applications.topic_id');
    if (user.role !== 'super') {
      base = base.where('applications.id', 'in', db.selectFrom('application_managers').select('application_id').where('user_id', '=', user.id));
    }
    if (q.query) {
      base = base.where(containsText(['applications.name', 'applications.host'], q.query));
    }
    return readPage(
      base,
      q,
      (qb) => qb.selectAll('applications').select(['topics.title as topic_title', 'topics.cover as topic_cover']).orderBy('applications.id', 'desc'),
      presentListItem,
    );
  });

  /**
   * GET /api/v1/applications/available (spec 2 §7): every application as a topic-navigation option of the
   * link module form (spec 1 §3 'link': id, title, url, cover, name). Signed-in users only.
   */
  app.get('/api/v1/applications/available', async (req) => {
    const user = requireUser(req);
    // released sites, and the drafts the user manages (a super manager manages every one; issue 10 §8)
    const managed =
      user.role === 'super'
        ? null
        : (await db.selectFrom('application_managers').select('application_id').where('user_id', '=', user.id).execute()).map((r) => r.application_id);
    const rows = await db
      .selectFrom('applications')
      .leftJoin('topics', 'topics.id', 'applications.topic_id')
      .select(['applications.id', 'applications.name', 'applications.host', 'applications.logo', 'topics.title as topic_title', 'topics.cover as topic_cover'])
      .$if(managed !== null, (qb) =>
        qb.where((eb) => eb.or([eb('applications.status', '=', 'released'), ...(managed!.length ? [eb('applications.id', 'in', managed!)] : [])])),
      )
      .orderBy('applications.id', 'asc')
      .limit(500)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      applicationId: r.id,
      title: r.name,
      name: r.topic_title ?? r.name,
      url: `http://${r.host}/`,
      cover: r.topic_cover ?? r.logo ?? null,
    }));
  });

  /**
   * GET /api/v1/applications/suggestions?query= (spec 2 §7; decision 296): up to 10 applications the
   * caller may manage whose name or host contains the text (a plain user gets none).
   */
  app.get('/api/v1/applications/suggestions', async (req) => {
    const user = requireUser(req);
    const { query } = parse(suggestionsQuery, req.query, 'query');
    return applicationSuggestions(db, user, query, 10);
  });

  /**
   * GET /api/v2/applications/suggestions?userId= (spec 2 §7; decision 296): the applications the user
   * manages (newest first, up to 200), for the caller's own id; a super manager may ask for anyone's.
   */
  app.get('/api/v2/applications/suggestions', async (req) => {
    const user = requireUser(req);
    const { userId } = parse(userSuggestionsQuery, req.query, 'query');
    if (userId === user.id) return applicationSuggestions(db, user, null, 200);
    if (user.role !== 'super') throw new HttpError(403, 'forbidden', MSG.suggestOtherUser);
    const target = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!target) throw notFound(MSG.userNotFound);
    return applicationSuggestions(db, target, null, 200);
  });

  app.post('/api/v1/applications', async (req, reply) => {
    const user = requireSuper(req);
    const body = parse(createApplicationBody, req.body);
    const created = await createApplication(db, { name: body.name, host: body.host, topicId: body.topicId ?? body.topic?.id ?? null }, user.id);
    return reply.status(201).send({ ...(await presentConfig(db, created)), message: MSG.applicationCreated });
  });

  app.get('/api/v1/applications/config', async (req) => {
    const { host } = parse(hostQuery, req.query, 'query');
    const found = await db.selectFrom('applications').selectAll().where('host', '=', host).executeTakeFirst();
    // a draft answers as an unknown host to everyone but its managers (issue 10 §8)
    if (!found || !(await canRead(db, found, req.user))) throw notFound(MSG.unknownHost);
    // 仅登录可见 modules only for viewers holding `panels` (decision 211)
    return presentConfigFor(db, found, req.user);
  });

  app.get('/api/v1/applications/:id/config', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    const found = await getApplication(db, id);
    await requireManager(db, req, id);
    return presentConfig(db, found);
  });

  app.put('/api/v1/applications/:id', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    await requireManager(db, req, id, 'settings');
    const body = parse(updateApplicationBody, req.body);
    const topicId = body.topicId !== undefined ? body.topicId : body.topic !== undefined ? (body.topic?.id ?? null) : undefined;
    const updated = await updateApplication(db, id, { name: body.name, host: body.host, topicId });
    return { ...(await presentConfig(db, updated)), message: MSG.applicationSaved };
  });

  app.delete('/api/v1/applications/:id', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireSuper(req);
    await getApplication(db, id);
    await db.deleteFrom('applications').where('id', '=', id).execute();
    return { ok: true, message: MSG.applicationDeleted };
  });

  app.post('/api/v1/applications/:id/home-config', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    await getApplication(db, id);
    const user = await requireManager(db, req, id, 'home');
    const body = parse(homeConfigBody, req.body);
    const homeConfig = validateHomeConfig(body.homeConfig);
    // the application's config and its revision are written together (server/routes/revisions)
    const revisionId = await saveHomeConfig(db, id, homeConfig, user, body.summary || MSG.homeConfigSaveDefault);
    return { homeConfig, revisionId, message: MSG.homeConfigSaved };
  });
}
