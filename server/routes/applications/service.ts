/**
 * Applications (sites): create, change, delete, and their configuration (spec 1 §3 'Application config').
 * The domain part (finding, creating, changing an application; validating and reading its home config)
 * lives below the routes in server/applications/service.ts and is re-exported here, so the handlers
 * import from one place; what stays is the presentation that needs other route services.
 */
import { sql } from 'kysely';
import { inManaged, type ManagedApplications } from '../../policies/scope.js';
import type { RequestScope } from '../../policies/scope.js';
import type { Db } from '../../db/index.js';
import { readPage } from '../../db/paging.js';
import { containsText } from '../../db/like.js';
import type { Application, User } from '../../db/schema.js';
import { readStored, footerConfigSchema, headerConfigSchema, themeConfigSchema } from '../../../common/siteConfig.js';
import { defaultRoleOf, roleConfigOf } from '../../policies/rights.js';
import { hidesLoginOnly } from '../../policies/visibility.js';
import { visibleHomeConfig } from '../../../common/visibility.js';
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
    detailSignin: app.detail_signin === 1 ? 1 : 0,
    auditNewUsers: app.audit_new_users === 1 ? 1 : 0,
    ...signinConfig(app),
  };
}

/**
 * The application configuration as `viewer` may see it: presentConfig with the 仅登录可见 modules left
 * out (common/visibility.ts visibleHomeConfig) unless the viewer holds `panels` (server/policies/visibility.ts
 * hidesLoginOnly; managers and super managers always do). No rights query when the config has no marked module.
 */
export async function presentConfigFor(db: Db, app: Application, scope: RequestScope) {
  const config = await presentConfig(db, app);
  return (await hidesLoginOnly(scope, app, config.homeConfig)) ? { ...config, homeConfig: visibleHomeConfig(config.homeConfig) } : config;
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

/** One application suggestion: id, name, host. */
export interface ApplicationSuggestion {
  applicationId: number;
  name: string;
  host: string;
}

/**
 * The `managed` applications (all for a super manager), newest first, at most `limit`; with
 * `query`, only those whose name or host contains it (case-insensitive). Spec 2 §7
 * `GET /api/v1|v2/applications/suggestions` (docs/decisions.md 296).
 */
export async function applicationSuggestions(db: Db, managed: ManagedApplications, query: string | null, limit: number): Promise<ApplicationSuggestion[]> {
  let q = db.selectFrom('applications').select(['id', 'name', 'host']).where(inManaged(managed, 'applications.id'));
  if (query) {
    const like = `%${query.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([sql<boolean>`lower(name) like ${like} escape '\\'`, sql<boolean>`lower(host) like ${like} escape '\\'`]));
  }
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ applicationId: r.id, name: r.name, host: r.host }));
}

/**
 * The console's application list (spec 1 §3 'Application list item'): the `managed` applications
 * (all for a super manager), newest first, a page of them; with `query`, those whose name or host
 * contains it.
 */
export async function listApplications(db: Db, managed: ManagedApplications, q: { page: number; size: number; query?: string }) {
  let base = db.selectFrom('applications').leftJoin('topics', 'topics.id', 'applications.topic_id').where(inManaged(managed, 'applications.id'));
  if (q.query) {
    base = base.where(containsText(['applications.name', 'applications.host'], q.query));
  }
  return readPage(
    base,
    q,
    (qb) => qb.selectAll('applications').select(['topics.title as topic_title', 'topics.cover as topic_cover']).orderBy('applications.id', 'desc'),
    presentListItem,
  );
}

/**
 * Every application the caller may link to from the link module form (spec 1 §3 'link': id, title, url,
 * cover, name): the released sites, and the `managed` drafts (a super manager manages every
 * one). At most 500, oldest first.
 */
export async function availableApplications(db: Db, managed: ManagedApplications) {
  const rows = await db
    .selectFrom('applications')
    .leftJoin('topics', 'topics.id', 'applications.topic_id')
    .select(['applications.id', 'applications.name', 'applications.host', 'applications.logo', 'topics.title as topic_title', 'topics.cover as topic_cover'])
    .$if(!managed.all, (qb) => qb.where((eb) => eb.or([eb('applications.status', '=', 'released'), inManaged(managed, 'applications.id')])))
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
}

/** The user `id`, or undefined. */
export async function findUser(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The application whose host is exactly `host` (already lower case), or undefined. */
export async function applicationWithHost(db: Db, host: string): Promise<Application | undefined> {
  return db.selectFrom('applications').selectAll().where('host', '=', host).executeTakeFirst();
}

/**
 * Sets the site setting 详情页需登录 of the application `id`: 1 on, 0 off. The write bumps the
 * visitors' cache like every config write (server/cache/writes.ts), so cached pages follow at once.
 */
export async function setDetailSignin(db: Db, id: number, on: 0 | 1): Promise<void> {
  await db.updateTable('applications').set({ detail_signin: on, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/**
 * Sets the site setting 新用户需审核 of the application `id` (decisions 660-664): 1 holds readers who
 * have not joined the site until approved in /console/uc/auditUser, 0 lets them in.
 */
export async function setAuditNewUsers(db: Db, id: number, on: 0 | 1): Promise<void> {
  await db.updateTable('applications').set({ audit_new_users: on, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Deletes the application row `id`. */
export async function deleteApplication(db: Db, id: number): Promise<void> {
  await db.deleteFrom('applications').where('id', '=', id).execute();
}

/** Stores one of the header, footer and theme configs (`column`) of the application `id`. */
export async function saveSiteConfig(db: Db, id: number, column: 'header_config' | 'footer_config' | 'theme_config', value: unknown): Promise<void> {
  await db
    .updateTable('applications')
    .set({ [column]: JSON.stringify(value), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Sets (or clears, with null) the logo URL of the application `id`. */
export async function setLogo(db: Db, id: number, logo: string | null): Promise<void> {
  await db.updateTable('applications').set({ logo, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}
