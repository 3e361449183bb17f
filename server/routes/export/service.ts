/**
 * The export file of an application (spec 2 §7; decision 225): its configuration as the site serves it
 * (no sign-in secrets), its notices and its resource links, oldest first.
 */
import type { Db } from '../../db/index.js';
import type { Application } from '../../db/schema.js';
import { presentConfig } from '../applications/service.js';
import { presentLink, presentNotice } from '../../content/present.js';

/** The format name and version written into every export. */
export const EXPORT_FORMAT = { format: 'atrium-application-export', version: 1 } as const;

/** The export file of the application, stamped `now`. */
export async function applicationExport(db: Db, app: Application, now: Date) {
  const application = await presentConfig(db, app); // what the site serves: no sign-in secrets
  const notices = await db.selectFrom('notices').selectAll().where('application_id', '=', app.id).orderBy('id').execute();
  const links = await db.selectFrom('links').selectAll().where('application_id', '=', app.id).orderBy('id').execute();
  return {
    ...EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    application,
    notices: notices.map((n) => presentNotice(n)),
    links: links.map((l) => presentLink(l)),
  };
}
