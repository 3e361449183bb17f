/**
 * GET /tools?appid={applicationId} (spec 2 §7 'Application and account'), also answered as
 * GET /api/v1/tools: a page of the tools of the application's topic; `ids` (repeated) narrows it to
 * those tools in that order (the tool panel's read). Public: visitors read the tool panel.
 * Bad appid or ids: 400 with a Chinese message; unknown application: 404 应用不存在.
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { siteRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { declared } from '../../http/contract.js';
import { publicAccess } from '../../policies/access.js';
import { toolsAnswer } from '../../../common/contracts/tools.js';
import { toolsQuery } from './schema.js';
import { readTools } from '../../reads/tools.js';

const tags = ['工具'];

export default async function toolRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  for (const url of ['/tools', '/api/v1/tools']) {
    r.get(
      url,
      {
        schema: { summary: '应用专题的工具列表（工具面板）', tags, querystring: toolsQuery, response: { 200: toolsAnswer } },
        config: { access: publicAccess, rows: siteRows },
      },
      async (req) => {
        const q = req.query;
        // a draft's tools are its managers' only (the row rule `site`, decision 394)
        const found = await readableApplication(req.scope, q.appid);
        return readTools(db, { topicId: found.topic_id, ids: q.ids, page: q.page, size: q.size });
      },
    );
  }
}
