/**
 * Resource links of an application (spec 1 §3 'Link', §4; spec 2 §7 'Content'): list with filters,
 * create, change, delete. Pinned links (top 1) come first by their pin order (topOrder, from 1).
 */
import type { Selectable } from 'kysely';
import { readPage } from '../../db/paging.js';
import { contentListFilter, type ContentFilter } from '../../content/moduleScope.js';
import type { Db } from '../../db/index.js';
import type { LinksTable } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { presentLink } from '../../content/present.js';

type LinkRow = Selectable<LinksTable>;

/** Loads a link or throws 404 (资源链接不存在). */
export async function getLink(db: Db, id: number): Promise<LinkRow> {
  const row = await db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.linkNotFound);
  return row;
}

/** A page of links: pinned first by pin order, then newest publish time first. */
export async function listLinks(db: Db, f: ContentFilter) {
  const base = db.selectFrom('links').where(contentListFilter(f));
  return readPage(
    base,
    f,
    (qb) => qb.selectAll().orderBy('top', 'desc').orderBy('top_order', 'asc').orderBy('publish_date_time', 'desc').orderBy('id', 'desc'),
    presentLink,
  );
}

export interface LinkInput {
  title: string;
  url: string;
  cover: string | null;
  top: number;
  topOrder: number;
  active: number;
  publishDateTime?: string;
  linkCategory: string | null;
  moduleId: string | null;
}

/** Creates a link of the application by the user (publish time now when not given). */
export async function createLink(db: Db, applicationId: number, userId: number, input: LinkInput): Promise<LinkRow> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('links')
    .values({
      application_id: applicationId,
      module_id: input.moduleId,
      user_id: userId,
      title: input.title,
      url: input.url,
      cover: input.cover,
      link_category: input.linkCategory,
      top: input.top,
      top_order: input.topOrder,
      active: input.active,
      publish_date_time: input.publishDateTime ?? now,
      create_date_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getLink(db, row.id);
}

/** Changes the given fields of a link; returns the stored row. */
export async function updateLink(db: Db, id: number, input: Partial<LinkInput>): Promise<LinkRow> {
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.cover !== undefined ? { cover: input.cover } : {}),
    ...(input.top !== undefined ? { top: input.top } : {}),
    ...(input.topOrder !== undefined ? { top_order: input.topOrder } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.publishDateTime !== undefined ? { publish_date_time: input.publishDateTime } : {}),
    ...(input.linkCategory !== undefined ? { link_category: input.linkCategory } : {}),
    ...(input.moduleId !== undefined ? { module_id: input.moduleId } : {}),
  };
  if (Object.keys(set).length > 0) await db.updateTable('links').set(set).where('id', '=', id).execute();
  return getLink(db, id);
}

/** Deletes a link. */
export async function deleteLink(db: Db, id: number): Promise<void> {
  await db.deleteFrom('links').where('id', '=', id).execute();
}
