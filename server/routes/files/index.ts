/**
 * Upload calls (spec 2 §7 'Uploads') and serving stored files:
 * - POST /api/v2/files: an attachment (multipart `file` + `uid`) → `{ id, url, name, size, contentType, … }`;
 * - POST /api/v1/files: an image (jpeg/png, 2048 KB) → the relative path `/files/<key>` as text;
 * - GET /api/v1/files: the signed-in user's files (a super manager sees everyone's), a page;
 * - DELETE /api/v1/files/:id: the uploader or a super manager deletes a file;
 * - GET /api/v1/files/:key/info: a stored file's name, size and type for the console's editors (a
 *   resource field keeps `/files/<key>`; the editor shows the uploaded file's own name,
 *   docs/decisions.md 327); managers of some application and super managers; unknown key 404;
 * - GET /files/:key: the bytes, with the detected type, nosniff, a sandboxing CSP and a year of cache
 *   (a PDF with ?inline=1 is served inline, for the report page's viewer; docs/decisions.md 304); an
 *   attachment of a notice marked restrictDownload only for readers holding `download` (403 otherwise,
 *   never cached by shared caches; docs/decisions.md 213-215).
 * Both uploads need a signed-in user and the XSRF header (server/http/session.ts).
 * Declared contracts: the schemas and the access are in each route's options; the two
 * uploads are multipart and declare no body (their fields are checked by the handler as before).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ownedBy } from '../../policies/rows.js';
import { managedRows, noRows, ownRows } from '../../policies/rows.js';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { parse } from '../../http/parse.js';
import { HttpError, notFound } from '../../http/errors.js';
import { anyManagerAccess, ownerAccess, publicAccess, signedInAccess, type OwnerOf } from '../../policies/access.js';
import { createStorage, type FileStorage, type StoredObject } from '../../files/storage.js';
import { checkUpload } from '../../files/check.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { ATTACHMENT_MAX_MB, IMAGE_MAX_KB } from '../../../common/constants.js';
import { pageOf } from '../../../common/contracts/common.js';
import { fileBytesAnswer, fileDeletedAnswer, fileInfoAnswer, imagePathAnswer, storedFileAnswer } from '../../../common/contracts/files.js';
import { fileFields, fileQuery, idParams, imageFields, keyParams, keyText, listQuery } from './schema.js';
import {
  checkDownload,
  contentDisposition,
  deleteFile,
  fileById,
  fileByKey,
  fileUrl,
  isInlineImage,
  listFiles,
  presentFile,
  receiveUpload,
  storeUpload,
  type FileRow,
} from './service.js';

export interface FileRouteOptions {
  /** the store to use; by default the one the configuration selects */
  storage?: FileStorage;
}

const tags = ['文件'];

/**
 * Sends a stored file's bytes with the detected type, nosniff, a sandboxing CSP and a year of cache
 * (never in a shared cache when `restricted`), inline or as an attachment under its own name.
 */
function sendBytes(reply: FastifyReply, row: FileRow, obj: StoredObject, restricted: boolean, inline: boolean): FastifyReply {
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
}

/**
 * Who uploaded the file a request names (`:id`), for the owner access (decision 360): 400 for a malformed
 * id (the route's own validation answer), 404 for a file that does not exist.
 */
const uploaderOf: OwnerOf = async (db, req) => {
  const row = await fileById(db, parse(idParams, req.params, 'params').id);
  if (!row) throw notFound(MSG.fileNotFound);
  return row.uploader_id;
};

export default async function fileRoutes(app: FastifyInstance, { db, config }: AppContext, opts: FileRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 20, fieldSize: 4096 } });
  const r = declared(app);
  const signedIn = { access: signedInAccess, rows: ownRows };

  r.post(
    '/api/v2/files',
    { schema: { summary: '上传附件（multipart：file、uid）', tags, response: { 200: storedFileAnswer } }, config: signedIn },
    async (req) => {
      const user = currentUser(req);
      const up = await receiveUpload(req, ATTACHMENT_MAX_MB * 1024 * 1024);
      parse(fileFields, up.fields);
      if (up.tooLarge) throw new HttpError(413, 'too_large', fillMsg(MSG.uploadFileTooLarge, { n: ATTACHMENT_MAX_MB }));
      const checked = await checkUpload(up.data, { kind: 'file', maxMB: ATTACHMENT_MAX_MB }, up.filename);
      const row = await storeUpload(db, storage, up.data, checked, up.filename, user);
      return presentFile({ ...row, uploader_name: user.name });
    },
  );

  r.post(
    '/api/v1/files',
    { schema: { summary: '上传图片（multipart：file、uid、maxSize 及宽高限制）', tags, response: { 200: imagePathAnswer } }, config: signedIn },
    async (req, reply) => {
      const user = currentUser(req);
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
    },
  );

  r.get(
    '/api/v1/files',
    {
      schema: { summary: '我上传的文件（超级管理员看到全部）', tags, querystring: listQuery, response: { 200: pageOf(storedFileAnswer) } },
      config: signedIn,
    },
    async (req) => listFiles(db, ownedBy(req.scope), req.query),
  );

  r.get(
    '/api/v1/files/:key/info',
    {
      schema: { summary: '已存文件的名称、大小和类型（控制台编辑器用）', tags, params: keyText, response: { 200: fileInfoAnswer } },
      config: { rows: managedRows, access: anyManagerAccess },
    },
    async (req) => {
      // a key the server could not have generated is a file that does not exist (404), not a 400
      const k = keyParams.safeParse(req.params);
      const row = k.success ? await fileByKey(db, k.data.key) : undefined;
      if (!row) throw notFound(MSG.fileNotFound);
      const { url, name, size, contentType } = presentFile(row);
      return { url, name, size, contentType };
    },
  );

  r.delete(
    '/api/v1/files/:id',
    {
      schema: { summary: '删除文件（上传者或超级管理员）', tags, params: idParams, response: { 200: fileDeletedAnswer } },
      config: { access: ownerAccess(uploaderOf) },
    },
    async (req) => {
      const { id } = req.params;
      const row = await fileById(db, id);
      if (!row) throw notFound(MSG.fileNotFound);
      await deleteFile(db, storage, row);
      return { id, message: MSG.fileDeleted };
    },
  );

  r.get(
    '/files/:key',
    {
      schema: { summary: '读取已存文件的内容', tags, params: keyText, querystring: fileQuery, response: { 200: fileBytesAnswer } },
      config: { rows: noRows, access: publicAccess },
    },
    async (req, reply) => {
      const k = keyParams.safeParse(req.params);
      const row = k.success ? await fileByKey(db, k.data.key) : undefined;
      if (!row) throw notFound(MSG.fileNotFound);
      // an attachment of a notice marked restrictDownload: the right `download` (decisions 213-215), checked
      // before the bytes are read
      const restricted = await checkDownload(db, row, req.scope);
      const obj = await storage.get(row.key);
      if (!obj) throw notFound(MSG.fileNotFound);
      // a PDF asked with ?inline=1 is shown in the page (the report page's viewer, decision 304)
      const pdfView = row.content_type === 'application/pdf' && req.query.inline === '1';
      const inline = isInlineImage(row.content_type) || pdfView;
      return sendBytes(reply, row, obj, restricted, inline);
    },
  );
}
