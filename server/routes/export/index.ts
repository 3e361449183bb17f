/**
 * Application export (spec 2 §7 'A blob POST to /toolsApi/applicationExport/export exports an
 * application'; decision 225): a manager of the application downloads one JSON file holding its
 * configuration (header, footer, theme, home page, roles), its notices and its resource links, for a
 * backup or a move. Sign-in settings (the single sign-on client and its secret) are not in it. The answer is an
 * attachment `atrium-<host>-<YYYYMMDD>.json`; refusals are the usual JSON errors.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { requireManager } from '../../http/session.js';
import { getApplication } from '../../applications/service.js';
import { presentConfig } from '../applications/service.js';
import { presentNotice } from '../notices/service.js';
import { presentLink } from '../links/service.js';
import { exportBody } from './schema.js';

/** The format name and version written into every export. */
export const EXPORT_FORMAT = { format: 'atrium-application-export', version: 1 } as const;

export default async function exportRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post('/toolsApi/applicationExport/export', async (req, reply) => {
    const { applicationId } = parse(exportBody, req.body);
    const found = await getApplication(db, applicationId);
    await requireManager(db, req, applicationId);
    const application = await presentConfig(db, found); // what the site serves: no sign-in secrets
    const notices = await db.selectFrom('notices').selectAll().where('application_id', '=', applicationId).orderBy('id').execute();
    const links = await db.selectFrom('links').selectAll().where('application_id', '=', applicationId).orderBy('id').execute();
    const now = new Date();
    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    const safeHost = found.host.replace(/[^A-Za-z0-9.-]/g, '_');
    const file = {
      ...EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      application,
      notices: notices.map((n) => presentNotice(n)),
      links: links.map((l) => presentLink(l)),
    };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="atrium-${safeHost}-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(file, null, 2));
  });
}
