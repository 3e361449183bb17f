/**
 * Applications (sites) below the routes (docs/architecture.md §Server): finding one by id or by Host
 * header, creating and changing one, and validating and reading its home config (spec 1 §3
 * 'Application config'). The route handlers (server/routes/applications/, re-exported by its service.ts),
 * the web pages (server/web/), sign-in and the demo seed (server/seed/) all call these; nothing here
 * imports a route folder or the web pages. Errors are HttpErrors (404, 400 naming the fields, 409).
 */
import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { Application } from '../db/schema.js';
import { badRequest, conflict, fromZod, notFound } from '../http/errors.js';
import { wrapHomeConfig, type HomeConfig, type ModuleConfig } from '../../common/homeConfig.js';
import { moduleBase, pageEntry } from '../../common/homeConfigSchema.js';
import { DEFAULT_PRIMARY_COLOR } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { syncGroups } from '../../modules/kit/groups.js';
import { withNestedSpans, type FlexSlot } from '../../modules/flex/definition.js';
import { definitionOf } from '../../modules/registry.js';
import { schemaOf } from '../../modules/schemas.js';

/** A home config of one empty home page (card style), as a new application gets. */
export const emptyHomeConfig = (): HomeConfig => [{ page: 'home', template: [], style: 'card', groups: {} }];
const json = (v: unknown) => JSON.stringify(v);
const now = () => new Date().toISOString();

/** Loads an application or throws 404. */
export async function getApplication(db: Db, id: number): Promise<Application> {
  const app = await db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!app) throw notFound(MSG.applicationNotFound);
  return app;
}

/**
 * Finds the application of a Host header (case-insensitive): exact match first, then without the
 * port; undefined when no application has it. Used for the HTML pages (server/web/) and sign-in.
 */
export async function applicationByHost(db: Db, hostHeader: string) {
  const host = hostHeader.toLowerCase();
  const exact = await db.selectFrom('applications').selectAll().where('host', '=', host).executeTakeFirst();
  if (exact) return exact;
  const bare = host.replace(/:\d+$/, '');
  return bare !== host ? db.selectFrom('applications').selectAll().where('host', '=', bare).executeTakeFirst() : undefined;
}

async function checkTopic(db: Db, topicId: number | null | undefined) {
  if (topicId == null) return;
  const t = await db.selectFrom('topics').select('id').where('id', '=', topicId).executeTakeFirst();
  if (!t) throw badRequest(MSG.topicNotFound, { topicId: MSG.topicNotFound });
}

async function checkHostFree(db: Db, host: string, exceptId?: number) {
  let q = db.selectFrom('applications').select('id').where('host', '=', host);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(MSG.hostTaken);
}

/** Creates an application with an empty home page; 409 when the host is taken. */
export async function createApplication(db: Db, input: { name: string; host: string; topicId?: number | null }, userId: number | null) {
  await checkTopic(db, input.topicId);
  await checkHostFree(db, input.host);
  const t = now();
  try {
    const row = await db
      .insertInto('applications')
      .values({
        name: input.name,
        host: input.host,
        topic_id: input.topicId ?? null,
        logo: null,
        status: 'draft',
        home_config: json(emptyHomeConfig()),
        header_config: json({ menu: [], hideHome: false }),
        footer_config: json({ copyright: `© ${new Date().getFullYear()} ${input.name}` }),
        theme_config: json({ primaryColor: DEFAULT_PRIMARY_COLOR }),
        created_by: userId,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return getApplication(db, row.id);
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict(MSG.hostTaken);
    throw err;
  }
}

/** Changes name, host or topic; 409 when the new host is taken. */
export async function updateApplication(db: Db, id: number, input: { name?: string; host?: string; topicId?: number | null }) {
  await getApplication(db, id);
  await checkTopic(db, input.topicId);
  if (input.host) await checkHostFree(db, input.host, id);
  await db
    .updateTable('applications')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.host !== undefined ? { host: input.host } : {}),
      ...(input.topicId !== undefined ? { topic_id: input.topicId } : {}),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
  return getApplication(db, id);
}

/**
 * Validates a submitted home config: the list form (an old single object is wrapped), each module
 * against its type's schema (a type not registered yet against the common fields), and the modules
 * nested in a flex module's slots (`components[].modules`, spec 1 §3 'flex') against their own type's
 * schema too (their span set to the one their slot allows, `withNestedSpans`); a container type
 * (ModuleDefinition.container: flex) inside a container is refused. Module ids are unique across the
 * whole page list. Each entry's `groups` map is synced with its modules (spec 1 §4 'Group templates':
 * a group no module keeps is deleted). Throws 400 naming the module and field at fault, e.g.
 * `homeConfig.0.template.1.components.0.modules.2.alias`.
 */
export function validateHomeConfig(raw: unknown): HomeConfig {
  const list = z.array(pageEntry).min(1).max(20).safeParse(wrapHomeConfig(raw));
  if (!list.success) throw fromZod(list.error, 'homeConfig');
  const ids = new Set<string>();
  const validateModule = (m: Record<string, unknown>, at: string, nested: boolean): ModuleConfig => {
    const type = m.type;
    const def = typeof type === 'string' ? definitionOf(type) : undefined;
    const r = (def ? schemaOf(def.type)! : moduleBase).safeParse(def ? def.migrate(m) : m);
    if (!r.success) throw fromZod(r.error, at);
    // a container (ModuleDefinition.container: flex) never goes into another container's slot
    if (nested && def?.container) throw badRequest(MSG.flexNotNested, { [`${at}.type`]: MSG.flexNotNested });
    if (ids.has(r.data.id)) throw badRequest(MSG.badRequest, { [`${at}.id`]: '模块 id 重复' });
    ids.add(r.data.id);
    let out: ModuleConfig = def ? { ...r.data, version: def.version } : r.data;
    const slots = (out as { components?: unknown }).components;
    if (def && Array.isArray(slots)) {
      out = withNestedSpans({
        ...out,
        components: slots.map((slot: { modules?: Record<string, unknown>[] }, si: number) => ({
          ...slot,
          modules: (slot.modules ?? []).map((n, ni) => validateModule(n, `${at}.components.${si}.modules.${ni}`, true)),
        })),
      } as ModuleConfig & { components: FlexSlot[] });
    }
    return out;
  };
  return list.data.map((entry, pi) => {
    const template = entry.template.map((m, mi) => validateModule(m, `homeConfig.${pi}.template.${mi}`, false));
    return { ...entry, template, groups: syncGroups({ template, groups: entry.groups }) };
  });
}

/** Reads a stored page configuration (the home page's or a composed page's) in list form; a broken one reads as empty. */
export function parseStoredConfig(text: string): HomeConfig {
  try {
    return wrapHomeConfig(JSON.parse(text)) as HomeConfig;
  } catch {
    return emptyHomeConfig();
  }
}

/** Reads the stored home config in list form. */
export function storedHomeConfig(app: Application): HomeConfig {
  return parseStoredConfig(app.home_config);
}

/**
 * Every module placement of an application: its home configuration's page entries followed by those of
 * each of its composed pages (`/xrender/{pageId}`, decision 706), so a 仅登录可见 module placed on a page
 * guards its items as one on the home page does. One indexed read of the pages.
 */
export async function siteModuleConfig(db: Db, app: Application): Promise<HomeConfig> {
  const pages = await db.selectFrom('pages').select('home_config').where('application_id', '=', app.id).orderBy('id').execute();
  return [...storedHomeConfig(app), ...pages.flatMap((p) => parseStoredConfig(p.home_config))];
}
