/**
 * Applications (sites): create, change, delete, and their configuration (spec 1 §3 'Application config').
 * The domain part (finding, creating, changing an application; validating and reading its home config)
 * lives below the routes in server/applications/service.ts and is re-exported here, so the handlers
 * import from one place; what stays is the presentation that needs other route services.
 */
import type { Db } from '../../db/index.js';
import type { Application } from '../../db/schema.js';
import { readStored, footerConfigSchema, headerConfigSchema, themeConfigSchema } from '../../../common/siteConfig.js';
import { defaultRoleOf, roleConfigOf } from '../roles/service.js';
import { storedHomeConfig } from '../../applications/service.js';
import { signinConfig } from '../signin/service.js';

export { createApplication, emptyHomeConfig, getApplication, storedHomeConfig, updateApplication, validateHomeConfig } from '../../applications/service.js';

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return {};
  }
};

/**
 * The application configuration as the browser reads it (spec 1 §3 'Application config'). Header,
 * footer and theme come in the form their save calls answer (common/siteConfig.ts `readStored`).
 */
export async function presentConfig(db: Db, app: Application) {
  const topic = app.topic_id ? await db.selectFrom('topics').select(['id', 'title', 'cover']).where('id', '=', app.topic_id).executeTakeFirst() : undefined;
  return {
    applicationId: app.id,
    name: app.name,
    host: app.host,
    logo: app.logo,
    status: app.status,
    homePage: `/`,
    topicId: app.topic_id,
    topic: topic ?? null,
    headerConfig: readStored(headerConfigSchema, parseJson(app.header_config)),
    footerConfig: readStored(footerConfigSchema, parseJson(app.footer_config)),
    themeConfig: readStored(themeConfigSchema, parseJson(app.theme_config)),
    homeConfig: storedHomeConfig(app),
    roleConfig: roleConfigOf(app),
    defaultUserRole: defaultRoleOf(app),
    restrictDownloadDefault: app.restrict_download_default === 1 ? 1 : 0,
    ...signinConfig(app),
  };
}

/** The console list item (spec 1 §3 'Application list item'). */
export function presentListItem(app: Application & { topic_title: string | null; topic_cover: string | null }) {
  return {
    applicationId: app.id,
    name: app.name,
    host: app.host,
    homePage: '/',
    status: app.status,
    updatedAt: app.updated_at,
    topic: app.topic_id ? { id: app.topic_id, title: app.topic_title, cover: app.topic_cover } : null,
  };
}
