/**
 * GET /tools?appid={applicationId} (spec 2 §7 'Application and account'), also answered as
 * GET /api/v1/tools: a page of the tools of the application's topic; `ids` (repeated) narrows it to
 * those tools in that order (the tool panel's read). Public: visitors read the tool panel.
 * Bad appid or ids: 400 with a Chinese message; unknown application: 404 应用不存在.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { toolsQuery } from './schema.js';
import { applicationTopic } from './service.js';
import { readTools } from '../../reads/tools.js';

export default async function toolRoutes(app: FastifyInstance, { db }: AppContext) {
  for (const url of ['/tools', '/api/v1/tools']) {
    app.get(url, async (req) => {
      const q = parse(toolsQuery, req.query, 'query');
      const found = await applicationTopic(db, q.appid);
      if (!found) throw notFound(MSG.applicationNotFound);
      return readTools(db, { topicId: found.topicId, ids: q.ids, page: q.page, size: q.size });
    });
  }
}
