/**
 * Application export (spec 2 §7 'A blob POST to /toolsApi/applicationExport/export exports an
 * application'; decisions 225, 419): a manager of the application with the 站点设置 right downloads
 * one JSON file holding its configuration (header, footer, theme, home page, roles), its notices and
 * its resource links, for a backup or a move. Sign-in settings (the single sign-on client and its secret) are not in it. The answer is an
 * attachment `atrium-<host>-<YYYYMMDD>.json` (indented, for a person to read); refusals are the usual JSON errors.
 * Declared contract: the schemas and the access are in the route's options.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { managerAccess } from '../../policies/access.js';
import { applicationExportAnswer } from '../../../common/contracts/export.js';
import { getApplication } from '../../applications/service.js';
import { exportBody } from './schema.js';
import { applicationExport } from './service.js';

export { EXPORT_FORMAT } from './service.js';

/** The application of the body (400 请指定应用 / 请求格式不正确, 404 应用不存在), as the route read it before. */
const exportApplication = async (db: Db, req: FastifyRequest) => (await getApplication(db, parse(exportBody, req.body).applicationId)).id;

export default async function exportRoutes(app: FastifyInstance, { db }: AppContext) {
  declared(app).post(
    '/toolsApi/applicationExport/export',
    {
      schema: {
        summary: '导出应用（配置、通知公告与资源链接，JSON 附件）',
        tags: ['应用导出'],
        body: exportBody,
        response: { 200: applicationExportAnswer },
      },
      // the whole site in one file (its settings, roles, notices): 站点设置 (decision 419)
      config: { access: managerAccess(exportApplication, 'settings') },
    },
    async (req, reply) => {
      const found = await getApplication(db, req.body.applicationId);
      const now = new Date();
      const file = await applicationExport(db, found, now);
      const day = now.toISOString().slice(0, 10).replaceAll('-', '');
      const safeHost = found.host.replace(/[^A-Za-z0-9.-]/g, '_');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="atrium-${safeHost}-${day}.json"`)
        .header('cache-control', 'no-store')
        .serializer((data) => JSON.stringify(data, null, 2))
        .send(file);
    },
  );
}
