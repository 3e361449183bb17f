/**
 * The application's logo (spec 1 §3 'Application config' `logo`; spec 2 §7 'DELETE
 * /api/v1/applications/{id}/logo'; the upload is spec 2 §7 'Generic upload': multipart, the file under
 * field name `file`):
 * - POST /api/v1/applications/{id}/logo takes one image, checked by its content with the shared upload
 *   check (server/files/check.ts: file-type magic bytes, readable dimensions) and, here, the file must end
 *   as its format ends: PNG or JPEG only, at most 500 KB (spec 1 §5 'JPG/PNG only, max size 500'). SVG
 *   is refused because it can carry script (docs/decisions.md 53). The file is kept in the uploads storage
 *   (server/files/storage.ts: the `logos` folder of the files folder, or the S3 bucket) under a generated
 *   name (never the client's) and the answer is the application config with `logo` = `/files/logos/<name>`.
 * - DELETE /api/v1/applications/{id}/logo clears the logo and removes the file.
 * - GET /files/logos/{name} serves a stored logo (immutable, nosniff).
 * Managers of the application holding `settings` and super managers change it; anyone reads a logo.
 * Declared contracts: the access and the answers are in each route's options.
 */
import crypto from 'node:crypto';
import { noRows } from '../../policies/rows.js';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import { z } from 'zod';
import { declared } from '../../http/contract.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { managerAccess, publicAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { checkUpload, type CheckedUpload } from '../../files/check.js';
import { createStorage, type FileStorage } from '../../files/storage.js';
import { MSG } from '../../../common/messages.js';
import { idParams } from './schema.js';
import { applicationConfigSavedAnswer, logoFileAnswer } from '../../../common/contracts/applications.js';
import { getApplication, presentConfig, setLogo } from './service.js';

/** Largest logo, bytes (500 KB). */
export const LOGO_MAX_BYTES = 500 * 1024;
/** URL prefix of stored logos. */
export const LOGO_URL_PREFIX = '/files/logos/';
const LOGO_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;
/** The file name of GET /files/logos/{name}; any other name than a stored logo's is 404 in the handler. */
const logoParams = z.object({ name: z.string().describe('标志文件名（32 位十六进制加 .png 或 .jpg）') });
const tags = ['应用'];

const tooLarge = () => new HttpError(413, 'payload_too_large', MSG.logoTooLarge);
const invalid = () => badRequest(MSG.logoTypeInvalid, { file: MSG.logoTypeInvalid });

/**
 * Checks an uploaded logo by its bytes: PNG or JPEG with readable dimensions, whole (not cut), at most
 * LOGO_MAX_BYTES. Returns what to store; throws 400 (MSG.logoTypeInvalid) or 413 (MSG.logoTooLarge).
 */
export async function checkLogo(bytes: Buffer): Promise<CheckedUpload> {
  let checked: CheckedUpload;
  try {
    checked = await checkUpload(bytes, { kind: 'image', maxKB: LOGO_MAX_BYTES / 1024 });
  } catch (err) {
    if (err instanceof HttpError) throw err.status === 413 ? tooLarge() : invalid();
    throw err;
  }
  if (!complete(bytes, checked.ext)) throw invalid();
  return checked;
}

const PNG_END = Buffer.from('IEND', 'ascii');
/** A whole file, not a cut one: a PNG has its IEND chunk, a JPEG its end-of-image marker (FF D9), near the end. */
function complete(bytes: Buffer, ext: string): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  return ext === 'png' ? tail.includes(PNG_END) : tail.includes(Buffer.from([0xff, 0xd9]));
}

/** The store of logos: the uploads storage, in the `logos` folder of the files folder when it is local. */
export const logoStorage = (config: Pick<Config, 'filesDir' | 's3'>): FileStorage =>
  createStorage({ filesDir: path.join(config.filesDir, 'logos'), s3: config.s3 });

/** Removes a stored logo given its URL path; other URLs (a demo image, an outside address) are left alone. */
export async function removeLogo(storage: FileStorage, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith(LOGO_URL_PREFIX)) return;
  const name = url.slice(LOGO_URL_PREFIX.length);
  if (LOGO_NAME.test(name)) await storage.delete(name);
}

async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(MSG.logoNotMultipart);
  let file;
  try {
    file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10 } });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(MSG.logoRequired);
  }
  if (!file) throw badRequest(MSG.logoRequired, { file: MSG.logoRequired });
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || (err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(MSG.logoRequired);
  }
}

/** Sends a stored logo: its bytes (a stream), immutable, nosniff. */
function sendLogo(reply: FastifyReply, stored: NonNullable<Awaited<ReturnType<FileStorage['get']>>>) {
  if (stored.size !== undefined) reply.header('content-length', String(stored.size));
  return reply
    .type(stored.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(stored.body);
}

/** Registers the logo calls (see the file comment). */
export default async function logoRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const storage = logoStorage(config);
  /** Removes a replaced or refused logo file; a store that fails here is logged, the call still answers. */
  const drop = (req: FastifyRequest, url: string | null | undefined) =>
    removeLogo(storage, url).catch((err: unknown) => req.log.warn({ err, url }, 'logo file not removed'));
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  }
  const r = declared(app);
  const settings = managerAccess(applicationInPath, 'settings');

  r.post(
    '/api/v1/applications/:id/logo',
    {
      // multipart (the file under `file`): no body schema, the upload is read and checked below
      schema: {
        summary: '上传站点标志（PNG 或 JPEG，至多 500 KB；multipart，字段 file）',
        tags,
        params: idParams,
        response: { 200: applicationConfigSavedAnswer },
      },
      config: { access: settings },
    },
    async (req) => {
      const { id } = req.params;
      const before = await getApplication(db, id);
      const bytes = await readUpload(req);
      const checked = await checkLogo(bytes);
      const name = `${crypto.randomBytes(16).toString('hex')}.${checked.ext}`;
      await storage.put(name, bytes, checked.contentType);
      const url = `${LOGO_URL_PREFIX}${name}`;
      try {
        await setLogo(db, id, url);
      } catch (err) {
        await drop(req, url);
        throw err;
      }
      await drop(req, before.logo);
      return { ...(await presentConfig(db, await getApplication(db, id))), message: MSG.logoSaved };
    },
  );

  r.delete(
    '/api/v1/applications/:id/logo',
    {
      schema: { summary: '删除站点标志', tags, params: idParams, response: { 200: applicationConfigSavedAnswer } },
      config: { access: settings },
    },
    async (req) => {
      const { id } = req.params;
      const before = await getApplication(db, id);
      await setLogo(db, id, null);
      await drop(req, before.logo);
      return { ...(await presentConfig(db, await getApplication(db, id))), message: MSG.logoDeleted };
    },
  );

  r.get(
    '/files/logos/:name',
    {
      schema: { summary: '站点标志图片', tags, params: logoParams, response: { 200: logoFileAnswer } },
      config: { rows: noRows, access: publicAccess },
    },
    async (req, reply) => {
      const { name } = req.params;
      if (!LOGO_NAME.test(name)) throw notFound();
      const stored = await storage.get(name);
      if (!stored) throw notFound();
      return sendLogo(reply, stored);
    },
  );
}
