/**
 * The map of China's reads (`/temp/map`, issue 31 §3; docs/decisions.md 720-722):
 * - GET /api/v1/map/provinces?applicationId&metric: the count of `metric` (institutions, scholars,
 *   records) in each of the 34 provincial-level divisions;
 * - GET /api/v1/map/provinces/{province}?applicationId: the division's institutions with their scholar
 *   and research-output counts.
 * Public, with the search's rule for the records counted: with `applicationId`, the published records
 * of the application's topic (a draft's only for its managers: 404 应用不存在 otherwise), without it the
 * records the viewer may read. Answers are kept in the shared visitor cache (made again after a write).
 * Bad metric or province: 400 with a Chinese message.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { publicAccess } from '../../policies/access.js';
import { publishedIn, readableResources, resourceRows, type ResourceRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { mapProvinceAnswer, mapProvincesAnswer } from '../../../common/contracts/map.js';
import { mapProvinceParams, mapProvinceQuery, mapProvincesQuery } from './schema.js';
import { provinceCounts, provinceInstitutions } from './service.js';

const tags = ['地图'];

/** The records counted for the request (see the file comment). */
async function countedRows(req: FastifyRequest, applicationId: number | undefined): Promise<ResourceRows> {
  if (applicationId == null) return readableResources(req);
  return publishedIn((await readableApplication(req.scope, applicationId)).topic_id);
}

export default async function mapRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);
  const cached = <T>(key: string, rows: ResourceRows, make: () => Promise<T>): Promise<T> =>
    app.visitorCache.getOrMake<T>(`map|${key}|${JSON.stringify(rows)}`, make);

  r.get(
    '/api/v1/map/provinces',
    {
      schema: { summary: '各省级行政区的机构、学者或成果数（地图）', tags, querystring: mapProvincesQuery, response: { 200: mapProvincesAnswer } },
      config: { access: publicAccess, rows: resourceRows },
    },
    async (req) => {
      const rows = await countedRows(req, req.query.applicationId);
      return cached(`counts|${req.query.metric}`, rows, () => provinceCounts(db, rows, req.query.metric));
    },
  );

  r.get(
    '/api/v1/map/provinces/:province',
    {
      schema: {
        summary: '一个省级行政区的机构及其学者数、成果数（地图）',
        tags,
        params: mapProvinceParams,
        querystring: mapProvinceQuery,
        response: { 200: mapProvinceAnswer },
      },
      config: { access: publicAccess, rows: resourceRows },
    },
    async (req) => {
      const rows = await countedRows(req, req.query.applicationId);
      return cached(`province|${req.params.province}`, rows, () => provinceInstitutions(db, rows, req.params.province));
    },
  );
}
