/**
 * The custom component catalogue (spec 1 §3): read by managers (the xmodule form), written by
 * super managers (the /console/modules page). Rows of `xmodule_catalogue`, params as JSON text.
 */
import type { Db } from '../../db/index.js';
import { readPage } from '../../db/paging.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Page } from '../../../common/page.js';
import { MSG } from '../../../common/messages.js';
import { RESOURCE_TYPE_LABELS } from '../../../common/constants.js';
import { componentValue, paramSchema, type CatalogueEntry, type CatalogueEntryData, type XParam } from '../../../modules/xmodule/catalogue.js';
import { containsText } from '../../db/like.js';
import { resourceTypesWhere } from '../../../common/resourceTypes.js';

type Row = {
  id: number;
  module_name: string;
  type: string;
  group_name: string;
  name: string;
  alias: string;
  more: string | null;
  is_need_login: number;
  params: string;
  created_at: string;
  updated_at: string;
};

/** Stored params, each re-checked; a param that no longer passes is left out rather than breaking the form. */
function readParams(s: string): XParam[] {
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((p) => {
    const r = paramSchema.safeParse(p);
    return r.success ? [r.data] : [];
  });
}

/** A row as the API answers it. */
export function presentEntry(r: Row): CatalogueEntry {
  return {
    id: r.id,
    moduleName: r.module_name,
    type: r.type,
    group: r.group_name,
    name: r.name,
    alias: r.alias,
    ...(r.more ? { more: r.more } : {}),
    isNeedLogin: r.is_need_login === 1,
    params: readParams(r.params),
    value: componentValue({ moduleName: r.module_name, type: r.type }),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The catalogue ordered by group then name; `query` matches name, group or moduleName. */
export async function listEntries(db: Db, q: { page: number; size: number; query?: string }): Promise<Page<CatalogueEntry>> {
  let base = db.selectFrom('xmodule_catalogue');
  if (q.query) {
    base = base.where(containsText(['name', 'group_name', 'module_name'], q.query));
  }
  return readPage(base, q, (qb) => qb.selectAll().orderBy('group_name').orderBy('name').orderBy('id'), presentEntry);
}

const values = (e: CatalogueEntryData) => ({
  module_name: e.moduleName,
  type: e.type,
  group_name: e.group,
  name: e.name,
  alias: e.alias,
  more: e.more || null,
  is_need_login: e.isNeedLogin ? 1 : 0,
  params: JSON.stringify(e.params),
});

async function keyTaken(db: Db, e: CatalogueEntryData, exceptId?: number) {
  let q = db.selectFrom('xmodule_catalogue').select('id').where('module_name', '=', e.moduleName).where('type', '=', e.type);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

const isUnique = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

/** Adds an entry; 409 when (moduleName, type) is taken. */
export async function createEntry(db: Db, e: CatalogueEntryData): Promise<CatalogueEntry> {
  if (await keyTaken(db, e)) throw conflict(MSG.xmoduleTaken);
  const t = new Date().toISOString();
  try {
    const row = await db
      .insertInto('xmodule_catalogue')
      .values({ ...values(e), created_at: t, updated_at: t })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentEntry(row);
  } catch (err) {
    if (isUnique(err)) throw conflict(MSG.xmoduleTaken);
    throw err;
  }
}

/** Replaces an entry; 404 when missing, 409 when the new (moduleName, type) is another entry's. */
export async function updateEntry(db: Db, id: number, e: CatalogueEntryData): Promise<CatalogueEntry> {
  const found = await db.selectFrom('xmodule_catalogue').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound(MSG.xmoduleNotFound);
  if (await keyTaken(db, e, id)) throw conflict(MSG.xmoduleTaken);
  try {
    await db
      .updateTable('xmodule_catalogue')
      .set({ ...values(e), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    if (isUnique(err)) throw conflict(MSG.xmoduleTaken);
    throw err;
  }
  return presentEntry(await db.selectFrom('xmodule_catalogue').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Deletes an entry; 404 when missing. Modules that use it then show 组件不可用 in edit mode. */
export async function deleteEntry(db: Db, id: number): Promise<void> {
  const r = await db.deleteFrom('xmodule_catalogue').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(MSG.xmoduleNotFound);
}

/** The resource types as select options (the search-box component's 检索范围, loaded by optionsUrl). */
export function resourceTypeOptions(): Array<{ label: string; value: string }> {
  return resourceTypesWhere((d) => d.searchScope !== false).map((t) => ({ label: RESOURCE_TYPE_LABELS[t], value: t }));
}
