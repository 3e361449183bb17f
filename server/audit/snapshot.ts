/**
 * The stored rows the audit log compares before and after a write (docs/decisions.md 312): one small reader per kind of row, each returning
 * the row's meaningful fields (no timestamps of bookkeeping, no search text) and the application it
 * belongs to, or null when there is no such row. JSON columns are parsed; a resource's `fields` are
 * spread as `fields.<name>`, and configurations by their parts ({@link spread}), so that one changed
 * field or module shows as one line.
 */
import type { Db } from '../db/index.js';

/** The kinds of rows that have a reader. */
export type SnapshotKind =
  | 'application'
  | 'homeConfig'
  | 'siteConfig'
  | 'logo'
  | 'roleConfig'
  | 'notice'
  | 'link'
  | 'resource'
  | 'topicResource'
  | 'topic'
  | 'xmodule'
  | 'file'
  | 'manager'
  | 'feedback'
  | 'recommendation'
  | 'question'
  | 'dds';

/** A row as the audit log compares it. */
export interface Snapshot {
  fields: Record<string, unknown>;
  /** the application the row belongs to, when it names one */
  applicationId: number | null;
}

/** The value of a JSON text column, or the text itself when it is not JSON. */
function json(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A JSON value spread into one field per part, down to `depth` levels (`home_config[0].template[3]`), so
 * that a change of one module of a large configuration shows as one line rather than two cut texts.
 */
export function spread(prefix: string, value: unknown, depth: number, out: Record<string, unknown> = {}): Record<string, unknown> {
  if (depth > 0 && Array.isArray(value) && value.length) value.forEach((v, i) => spread(`${prefix}[${i}]`, v, depth - 1, out));
  else if (depth > 0 && value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length)
    for (const [k, v] of Object.entries(value)) spread(`${prefix}.${k}`, v, depth - 1, out);
  else out[prefix] = value;
  return out;
}

/** A resource's columns with its JSON `fields` spread as `fields.<name>`. */
function resourceFields(r: { type: string; title: string; date: string | null; fields: string }): Record<string, unknown> {
  const out: Record<string, unknown> = { type: r.type, title: r.title, date: r.date };
  const f = json(r.fields);
  if (f && typeof f === 'object' && !Array.isArray(f)) for (const [k, v] of Object.entries(f)) out[`fields.${k}`] = v;
  return out;
}

type Reader = (db: Db, id: number, params: Record<string, string>) => Promise<Snapshot | null>;

const application: Reader = async (db, id) => {
  const r = await db
    .selectFrom('applications')
    .select(['name', 'host', 'topic_id', 'logo', 'status', 'default_user_role', 'restrict_download_default', 'detail_signin', 'audit_new_users'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { fields: { ...r }, applicationId: id } : null;
};

/** Every reader, by kind. Rejects on a database failure. */
export const SNAPSHOTS: Record<SnapshotKind, Reader> = {
  application,
  homeConfig: async (db, id) => {
    const r = await db.selectFrom('applications').select('home_config').where('id', '=', id).executeTakeFirst();
    return r ? { fields: spread('home_config', json(r.home_config), 3), applicationId: id } : null;
  },
  siteConfig: async (db, id) => {
    const r = await db.selectFrom('applications').select(['header_config', 'footer_config', 'theme_config']).where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    const fields = {
      ...spread('header_config', json(r.header_config), 1),
      ...spread('footer_config', json(r.footer_config), 1),
      ...spread('theme_config', json(r.theme_config), 1),
    };
    return { fields, applicationId: id };
  },
  logo: async (db, id) => {
    const r = await db.selectFrom('applications').select('logo').where('id', '=', id).executeTakeFirst();
    return r ? { fields: { logo: r.logo }, applicationId: id } : null;
  },
  roleConfig: async (db, id) => {
    const r = await db.selectFrom('applications').select(['role_config', 'default_user_role']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { ...spread('role_config', json(r.role_config), 1), default_user_role: r.default_user_role }, applicationId: id } : null;
  },
  notice: async (db, id) => {
    const r = await db
      .selectFrom('notices')
      .select(['application_id', 'module_id', 'title', 'type', 'content', 'top', 'active', 'publish_date_time', 'restrict_download'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: r.application_id } : null;
  },
  question: async (db, id) => {
    const r = await db.selectFrom('questions').select(['application_id', 'state', 'assignee_id', 'faq_published']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: r.application_id } : null;
  },
  feedback: async (db, id) => {
    const r = await db.selectFrom('feedback').select(['application_id', 'state', 'reply']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: r.application_id } : null;
  },
  recommendation: async (db, id) => {
    const r = await db.selectFrom('resource_recommendations').select(['application_id', 'category', 'subcategory']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { category: r.category, subcategory: r.subcategory }, applicationId: r.application_id } : null;
  },
  dds: async (db, id) => {
    const r = await db
      .selectFrom('dds_requests')
      .select(['application_id', 'state', 'reason', 'file_name', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: r.application_id } : null;
  },
  link: async (db, id) => {
    const r = await db
      .selectFrom('links')
      .select(['application_id', 'module_id', 'title', 'url', 'cover', 'link_category', 'top', 'top_order', 'active', 'publish_date_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: r.application_id } : null;
  },
  resource: async (db, id) => {
    const r = await db.selectFrom('resources').select(['type', 'title', 'date', 'fields']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: resourceFields(r), applicationId: null } : null;
  },
  topicResource: async (db, id, params) => {
    const r = await db.selectFrom('resources').select(['type', 'title', 'date', 'fields']).where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    const topicId = Number(params.topicId);
    const link = Number.isSafeInteger(topicId)
      ? await db
          .selectFrom('resource_topics')
          .select(['category_one', 'category_two', 'published'])
          .where('resource_id', '=', id)
          .where('topic_id', '=', topicId)
          .executeTakeFirst()
      : undefined;
    return { fields: { ...resourceFields(r), ...(link ?? {}) }, applicationId: null };
  },
  topic: async (db, id) => {
    const r = await db.selectFrom('topics').select(['title', 'cover', 'description']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: null } : null;
  },
  xmodule: async (db, id) => {
    const r = await db
      .selectFrom('xmodule_catalogue')
      .select(['module_name', 'type', 'group_name', 'name', 'alias', 'more', 'is_need_login', 'params'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { fields: { ...r, params: json(r.params) }, applicationId: null } : null;
  },
  file: async (db, id) => {
    const r = await db.selectFrom('files').select(['original_name', 'content_type', 'size']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { ...r }, applicationId: null } : null;
  },
  manager: async (db, id) => {
    const r = await db.selectFrom('application_managers').select(['application_id', 'user_id', 'rights']).where('id', '=', id).executeTakeFirst();
    return r ? { fields: { ...r, rights: json(r.rights) }, applicationId: r.application_id } : null;
  },
};
