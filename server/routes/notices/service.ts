/**
 * Notices of an application (spec 1 §3 'Notice', §4 states; spec 2 §7 'Content'): list with filters,
 * read one, create, change, delete. Content is editor HTML, sanitised here before it is stored
 * (server/content/sanitize.ts); every answer carries the stored (sanitised) HTML.
 */
import type { Selectable } from 'kysely';
import { readPage } from '../../db/paging.js';
import { contentListFilter, type ContentFilter } from '../../content/moduleScope.js';
import type { Db } from '../../db/index.js';
import type { NoticesTable } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { attachmentKeys, hasContent, sanitizeRichText } from '../../content/sanitize.js';
import { presentNotice } from '../../content/present.js';

type NoticeRow = Selectable<NoticesTable>;

/** Loads a notice or throws 404 (通知公告不存在或尚未发布). */
export async function getNotice(db: Db, id: number): Promise<NoticeRow> {
  const row = await db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.noticeNotFound);
  return row;
}

/** Sanitises editor HTML and refuses an empty result with 400 请输入通知内容. */
export function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (!hasContent(clean)) throw badRequest(MSG.noticeContentRequired, { 'body.content': MSG.noticeContentRequired });
  return clean;
}

export interface NoticeFilter extends ContentFilter {
  type?: string;
}

/** A page of notices, pinned first, then newest publish time first (list items without content). */
export async function listNotices(db: Db, f: NoticeFilter) {
  let base = db.selectFrom('notices').where(contentListFilter(f));
  if (f.type) base = base.where('type', '=', f.type);
  return readPage(
    base,
    f,
    (qb) => qb.selectAll().orderBy('top', 'desc').orderBy('publish_date_time', 'desc').orderBy('id', 'desc'),
    (r) => presentNotice(r, false),
  );
}

export interface NoticeInput {
  title: string;
  type: string;
  content: string;
  top: number;
  active: number;
  publishDateTime: string;
  moduleId: string | null;
  /** 1: attachments for users with the right `download` only (decision 213); absent on create = the application's default (decision 227) */
  restrictDownload?: number;
}

/**
 * Rewrites the restricted attachment keys of a notice (table restricted_files, decision 213): the
 * attachment keys of its content (server/content/sanitize.ts attachmentKeys) when it is marked
 * restrict_download, none otherwise. Run in the transaction that wrote the notice.
 */
export async function syncRestrictedFiles(db: Db, notice: NoticeRow): Promise<void> {
  await db.deleteFrom('restricted_files').where('notice_id', '=', notice.id).execute();
  if (notice.restrict_download !== 1) return;
  const keys = attachmentKeys(notice.content);
  if (keys.length) {
    await db
      .insertInto('restricted_files')
      .values(keys.map((k) => ({ file_key: k, notice_id: notice.id, application_id: notice.application_id })))
      .execute();
  }
}

/** Creates a notice of the application by the user (its restricted attachments with it); returns the stored row. */
export async function createNotice(db: Db, applicationId: number, userId: number, input: NoticeInput): Promise<NoticeRow> {
  const content = cleanContent(input.content);
  return db.transaction().execute(async (trx) => {
    const restrict =
      input.restrictDownload ??
      (await trx.selectFrom('applications').select('restrict_download_default').where('id', '=', applicationId).executeTakeFirst())?.restrict_download_default;
    const row = await trx
      .insertInto('notices')
      .values({
        application_id: applicationId,
        module_id: input.moduleId,
        user_id: userId,
        title: input.title,
        type: input.type,
        content,
        top: input.top,
        active: input.active,
        publish_date_time: input.publishDateTime,
        create_date_time: new Date().toISOString(),
        restrict_download: restrict === 1 ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stored = await getNotice(trx, row.id);
    await syncRestrictedFiles(trx, stored);
    return stored;
  });
}

/** Changes the given fields of a notice (content sanitised again); returns the stored row. */
export async function updateNotice(db: Db, id: number, input: Partial<NoticeInput>): Promise<NoticeRow> {
  const content = input.content !== undefined ? cleanContent(input.content) : undefined;
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(input.top !== undefined ? { top: input.top } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.publishDateTime !== undefined ? { publish_date_time: input.publishDateTime } : {}),
    ...(input.moduleId !== undefined ? { module_id: input.moduleId } : {}),
    ...(input.restrictDownload !== undefined ? { restrict_download: input.restrictDownload === 1 ? 1 : 0 } : {}),
  };
  return db.transaction().execute(async (trx) => {
    if (Object.keys(set).length > 0) await trx.updateTable('notices').set(set).where('id', '=', id).execute();
    const stored = await getNotice(trx, id);
    // the restricted keys follow the content and the mark (decision 213)
    if (content !== undefined || input.restrictDownload !== undefined) await syncRestrictedFiles(trx, stored);
    return stored;
  });
}

/** Deletes a notice (its attachments stay in the owner's files). */
export async function deleteNotice(db: Db, id: number): Promise<void> {
  await db.deleteFrom('notices').where('id', '=', id).execute();
}
