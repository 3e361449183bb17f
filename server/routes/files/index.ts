/**
 * Upload calls (spec 2 §7 'Uploads') and serving stored files:
 * - POST /api/v2/files: an attachment (multipart `file` + `uid`) → `{ id, url, name, size, contentType, … }`;
 * - POST /api/v1/files: an image (jpeg/png, 2048 KB) → the relative path `/files/<key>` as text;
 * - GET /api/v1/files: the signed-in user's files (a super manager sees everyone's), a page;
 * - DELETE /api/v1/files/:id: the uploader or a super manager deletes a file;
 * - GET /api/v1/files/:key/info: a stored file's name, size and type for the console's editors (a
 *   resource field keeps `/files/<key>`; the editor shows the uploaded file's own name: issue 13 §1,
 *   docs/decisions.md 327); managers of some application and super managers; unknown key 404;
 * - GET /files/:key: the bytes, with the detected type, nosniff, a sandboxing CSP and a year of cache
 *   (a PDF with ?inline=1 is served inline, for the report page's viewer; docs/decisions.md 304); an
 *   attachment of a notice marked restrictDownload only for readers holding `download` (403 otherwise,
 *   never cached by shared caches; docs/decisions.md 213-215).
 * Both uploads need a signed-in user and the XSRF header (server/http/session.ts).
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { HttpError, forbidden, notFound } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { createStorage, type FileStorage } from '../../files/storage.js';
import { checkUpload } from '../../files/check.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { ATTACHMENT_MAX_MB, IMAGE_MAX_KB } from '../../../common/constants.js';
import { fileFields, idParams, imageFields, keyParams, listQuery } from './schema.js';
import { checkDownload, contentDisposition, deleteFile, fileUrl, isInlineImage, presentFile, receiveUpload, storeUpload } from './service.js';
import { containsText } from '../../db/like.js';
import { requireAnyManager } from '../roles/service.js';
import { readPage } from '../../db/paging.js';

export interface FileRouteOptions {
  /** the store to use; by default the one the configuration selects */
  storage?: FileStorage;
}

export default async function fileRoutes(app: FastifyInstance, { db, config }: AppContext, opts: FileRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, fieldSize: 4096 } });

  app.post('/api/v2/files', async (req) => {
    const user = requireUser(req);
    const up = await receiveUpload(req, ATTACHMENT_MAX_MB * 1024 * 1024);
    parse(fileFields, up.fields);
    if (up.tooLarge) throw new HttpError(413, 'too_large', fillMsg(MSG.uploadFileTooLarge, { n: ATTACHMENT_MAX_MB }));
    const checked = await checkUpload(up.data, { kind: 'file', maxMB: ATTACHMENT_MAX_MB }, up.filename);
    const row = await storeUpload(db, storage, up.data, checked, up.filename, user);
    return presentFile({ ...row, uploader_name: user.name });
  });

  app.post('/api/v1/files', async (req, reply) => {
    const user = requireUser(req);
    const up = await receiveUpload(req, IMAGE_MAX_KB * 1024);
    const f = parse(imageFields, up.fields);
    const maxKB = f.maxSize ?? IMAGE_MAX_KB;
    if (up.tooLarge) throw new HttpError(413, 'too_large', fillMsg(MSG.uploadImageTooLarge, { n: maxKB }));
    const checked = await checkUpload(
      up.data,
      { kind: 'image', maxKB, minWidth: f.minWidth, maxWidth: f.maxWidth, minHeight: f.minHeight, maxHeight: f.maxHeight },
      up.filename,
    );
    const row = await storeUpload(db, storage, up.data, checked, up.filename, user);
    return reply.type('text/plain; charset=utf-8').send(fileUrl(row.key));
  });

  app.get('/api/v1/files', async (req) => {
    const user = requireUser(req);
    const q = parse(listQuery, req.query, 'query');
    let base = db.selectFrom('files').leftJoin('users', 'users.id', 'files.uploader_id');
    if (user.role !== 'super') base = base.where('files.uploader_id', '=', user.id);
    if (q.query) base = base.where(containsText('files.original_name', q.query));
    if (q.kind === 'image') base = base.where('files.content_type', 'like', 'image/%');
    if (q.kind === 'file') base = base.where('files.content_type', 'not like', 'image/%');
    return readPage(base, q, (qb) => qb.selectAll('files').select('users.name as uploader_name').orderBy('files.id', 'desc'), presentFile);
  });

  app.get('/api/v1/files/:key/info', async (req) => {
    await requireAnyManager(db, requireUser(req));
    const k = keyParams.safeParse(req.params);
    if (!k.success) throw notFound(MSG.fileNotFound);
    const row = await db.selectFrom('files').selectAll().where('key', '=', k.data.key).executeTakeFirst();
    if (!row) throw notFound(MSG.fileNotFound);
    const { url, name, size, contentType } = presentFile(row);
    return { url, name, size, contentType };
  });

  app.delete('/api/v1/files/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parse(idParams, req.params, 'params');
    const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MSG.fileNotFound);
    if (user.role !== 'super' && row.uploader_id !== user.id) throw forbidden();
    await deleteFile(db, storage, row);
    return { id, message: MSG.fileDeleted };
  });

  app.get('/files/:key', async (req, reply) => {
    const k = keyParams.safeParse(req.params);
    if (!k.success) throw notFound(MSG.fileNotFound);
    const { key } = k.data;
    const row = await db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) throw notFound(MSG.fileNotFound);
    // an attachment of a notice marked restrictDownload: the right `download` (decisions 213-215), checked
    // before the bytes are read
    const restricted = await checkDownload(db, row, req.user);
    const obj = await storage.get(row.key);
    if (!obj) throw notFound(MSG.fileNotFound);
    // a PDF asked with ?inline=1 is shown in the page (the report page's viewer, decision 304)
    const pdfView = row.content_type === 'application/pdf' && (req.query as Record<string, unknown>).inline === '1';
    const inline = isInlineImage(row.content_type) || pdfView;
    return (
      reply
        .header('Content-Type', row.content_type)
        .header('Content-Length', String(obj.size ?? row.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        // a restricted file is never kept by a shared cache: the next reader may not hold the right
        .header('Cache-Control', restricted ? 'private, no-store' : 'public, max-age=31536000, immutable')
        .header('Content-Disposition', contentDisposition(row.original_name, inline))
        .send(obj.body)
    );
  });
}
