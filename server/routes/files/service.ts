/**
 * Uploads (spec 2 §7 'Uploads'): reading one multipart file within a byte limit, checking it
 * (server/files/check.ts), storing it under a generated key with its row in `files`, listing, deleting,
 * and the headers a stored file is served with.
 */
import type { RequestScope } from '../../policies/scope.js';
import type { OwnedBy } from '../../policies/rows.js';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import type { Selectable } from 'kysely';
import type { FilesTable, User } from '../../db/schema.js';
import { HttpError, badRequest } from '../../http/errors.js';
import type { FileStorage } from '../../files/storage.js';
import { newKey } from '../../files/storage.js';
import { type CheckedUpload, sanitiseName } from '../../files/check.js';
import { MSG } from '../../../common/messages.js';
import { rightRefusal, viewerRights } from '../../policies/rights.js';
import { containsText } from '../../db/like.js';
import { readPage } from '../../db/paging.js';
import type { Page } from '../../../common/page.js';
import type { StoredFile } from '../../../common/contracts/files.js';

export type FileRow = Selectable<FilesTable>;

/** What `receiveUpload` read: the file's bytes and client name, and the text fields. */
export interface ReceivedUpload {
  data: Buffer;
  filename: string;
  fields: Record<string, string>;
  /** true when the file was longer than the byte limit (the bytes kept are cut) */
  tooLarge: boolean;
}

/**
 * Reads a multipart request: one file (any field name, spec's clients use `file`) of at most
 * `maxBytes` bytes, and up to 20 short text fields. The whole body is always read to its end so that
 * a refusal reaches the browser (no reset connection). Throws 400 请选择要上传的文件 when the request is
 * not multipart or has no file, 413 when it has several files or too many fields.
 */
export async function receiveUpload(req: FastifyRequest, maxBytes: number): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw badRequest(MSG.uploadFileRequired);
  const fields: Record<string, string> = {};
  let file: { data: Buffer; filename: string; tooLarge: boolean } | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 21, headerPairs: 100 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!file) file = { data, filename: part.filename, tooLarge: part.file.truncated };
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'too_large', MSG.payloadTooLarge);
    throw badRequest(MSG.uploadFileRequired);
  }
  if (!file) throw badRequest(MSG.uploadFileRequired);
  return { ...file, fields };
}

/**
 * Stores checked bytes under a new key and records the row; when the row cannot be written the stored
 * object is removed again, so nothing is half-written. Resolves with the row.
 */
export async function storeUpload(db: Db, storage: FileStorage, data: Buffer, checked: CheckedUpload, clientName: string, user: User): Promise<FileRow> {
  const key = newKey(checked.ext);
  await storage.put(key, data, checked.contentType);
  try {
    const row = await db
      .insertInto('files')
      .values({
        key,
        original_name: sanitiseName(clientName, key),
        content_type: checked.contentType,
        size: checked.size,
        width: checked.width,
        height: checked.height,
        uploader_id: user.id,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  } catch (e) {
    await storage.delete(key).catch(() => undefined);
    throw e;
  }
}

/** The address a stored file is served at (GET /files/:key, this server). */
export const fileUrl = (key: string) => `/files/${key}`;

/** A file as the list and the v2 upload answer it (sizes in bytes, pixels for images). */
export function presentFile(row: FileRow & { uploader_name?: string | null }): StoredFile {
  return {
    id: row.id,
    key: row.key,
    url: fileUrl(row.key),
    name: row.original_name,
    size: row.size,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    uploaderId: row.uploader_id,
    uploaderName: row.uploader_name ?? null,
    createdAt: row.created_at,
  };
}

/** True for the image types served inline (everything else is served as a download). */
export function isInlineImage(contentType: string): boolean {
  return ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp'].includes(contentType);
}

/**
 * Content-Disposition of a stored file: inline for images, attachment otherwise, with an ASCII fallback
 * name and the real name RFC 5987 encoded (`filename*=UTF-8''…`).
 */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Deletes a file row and its stored object. The caller has checked the right to do so. */
export async function deleteFile(db: Db, storage: FileStorage, row: FileRow): Promise<void> {
  await db.deleteFrom('files').where('id', '=', row.id).execute();
  await storage.delete(row.key);
}

/**
 * The download check of a stored file (docs/decisions.md 213-215, 302). A file no notice marked
 * restrictDownload links to as an attachment, and no report marked restrictDownload holds, is public:
 * resolves false. A restricted one resolves true
 * for a reader who may have it — a super manager, its uploader, or someone holding `download` in one of
 * the applications whose notices restrict it (their managers always do) — and otherwise throws 403
 * 该附件仅限有下载权限的用户下载，请先登录 (signed out or anonymous) or 您的角色没有「下载附件」权限，请联系站点管理员.
 */
export async function checkDownload(db: Db, row: FileRow, scope: RequestScope): Promise<boolean> {
  const viewer = scope.viewer;
  const byNotice = await db.selectFrom('restricted_files').select('application_id').distinct().where('file_key', '=', row.key).execute();
  // a report's PDF kept for 下载附件 (decision 302): the applications using the report's topic
  const byReport = await db
    .selectFrom('restricted_resource_files')
    .innerJoin('applications', 'applications.topic_id', 'restricted_resource_files.topic_id')
    .select('applications.id as application_id')
    .distinct()
    .where('restricted_resource_files.file_key', '=', row.key)
    .execute();
  const apps = [...new Map([...byNotice, ...byReport].map((a) => [a.application_id, a])).values()];
  if (!apps.length) return false;
  if (scope.superManager || (scope.signedIn && viewer!.id === row.uploader_id)) return true;
  const signedIn = !!viewer && !viewer.anonymous;
  if (signedIn) {
    for (const { application_id } of apps) {
      const app = await scope.application(application_id);
      if (app && (await viewerRights(scope, app)).rights.includes('download')) return true;
    }
  }
  throw rightRefusal('download', signedIn);
}

/**
 * A page of the files `owner` allows (the caller's own uploads; every upload for a super manager), newest
 * first, optionally those whose name contains `query` and of one kind (images, or everything else).
 */
export async function listFiles(db: Db, owner: OwnedBy, q: { page: number; size: number; query?: string; kind?: 'image' | 'file' }): Promise<Page<StoredFile>> {
  let base = db.selectFrom('files').leftJoin('users', 'users.id', 'files.uploader_id');
  if (!owner.all) base = base.where('files.uploader_id', '=', owner.userId);
  if (q.query) base = base.where(containsText('files.original_name', q.query));
  if (q.kind === 'image') base = base.where('files.content_type', 'like', 'image/%');
  if (q.kind === 'file') base = base.where('files.content_type', 'not like', 'image/%');
  return readPage(base, q, (qb) => qb.selectAll('files').select('users.name as uploader_name').orderBy('files.id', 'desc'), presentFile);
}

/** The stored file of a key, or undefined. */
export async function fileByKey(db: Db, key: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
}

/** The stored file of an id, or undefined. */
export async function fileById(db: Db, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}
