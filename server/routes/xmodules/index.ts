/**
 * Custom component catalogue routes (spec 1 §3 'Custom component catalogue entry'; issue 3):
 * GET /api/v1/xmodules (managers read), POST /api/v1/xmodules, PUT and DELETE /api/v1/xmodules/{id}
 * (super managers only), and GET /api/v1/xmodules/options/resource-types (an optionsUrl of the
 * built-in search-box component: [{ label, value }]).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { requireSuper, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { entryBody, idParams, listQuery } from './schema.js';
import { createEntry, deleteEntry, listEntries, requireAnyManager, resourceTypeOptions, updateEntry } from './service.js';

export default async function xmoduleRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/xmodules', async (req) => {
    await requireAnyManager(db, requireUser(req));
    return listEntries(db, parse(listQuery, req.query, 'query'));
  });

  app.get('/api/v1/xmodules/options/resource-types', async (req) => {
    requireUser(req);
    return resourceTypeOptions();
  });

  app.post('/api/v1/xmodules', async (req, reply) => {
    requireSuper(req);
    const created = await createEntry(db, parse(entryBody, req.body));
    return reply.status(201).send({ ...created, message: MSG.xmoduleCreated });
  });

  app.put('/api/v1/xmodules/:id', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireSuper(req);
    const saved = await updateEntry(db, id, parse(entryBody, req.body));
    return { ...saved, message: MSG.xmoduleSaved };
  });

  app.delete('/api/v1/xmodules/:id', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireSuper(req);
    await deleteEntry(db, id);
    return { ok: true, message: MSG.xmoduleDeleted };
  });
}
