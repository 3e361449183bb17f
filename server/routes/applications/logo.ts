/**
 * The application's logo (spec 1 §3 'Application config' `logo`; spec 2 §7 'DELETE
 * /api/v1/applications/{id}/logo'; the upload is spec 2 §7 'Generic upload': multipart, the file under
 * field name `file`):
 * - POST /api/v1/applications/{id}/logo takes one image, checked by its content (file-type magic bytes,
 *   then image-size must read its dimensions and the file must end as its format ends): PNG or JPEG only, at most 500 KB (spec 1 §5 'JPG/PNG only,
 *   max size 500'). SVG is refused because it can carry script (docs/decisions.md 53). The file is kept
 *   under `<data folder>/files/logos/` with a generated name (never the client's) and the answer is the
 *   application config with `logo` = `/files/logos/<name>`.
 * - DELETE /api/v1/applications/{id}/logo clears the logo and removes the file.
 * - GET /files/logos/{name} serves a stored logo (immutable, nosniff).
 * Managers of the application and super managers only. This local storage is a stand-in that the shared
 * uploads storage (server/files/) will replace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { requireManager, requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { idParams } from './schema.js';
import { getApplication, presentConfig } from './service.js';

/** Largest logo, bytes (500 KB). */
export const LOGO_MAX_BYTES = 500 * 1024;
/** URL prefix of stored logos. */
export const LOGO_URL_PREFIX = '/files/logos/';
const LOGO_TYPES: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const LOGO_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;

const tooLarge = () => new HttpError(413, 'payload_too_large', MSG.logoTooLarge);

/**
 * Checks an uploaded logo by its bytes: PNG or JPEG with readable dimensions, at most LOGO_MAX_BYTES.
 * Returns the file extension; throws 400 (MSG.logoTypeInvalid) or 413 (MSG.logoTooLarge).
 */
export async function checkLogo(bytes: Uint8Array): Promise<'png' | 'jpg'> {
  if (bytes.length > LOGO_MAX_BYTES) throw tooLarge();
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? LOGO_TYPES[type.mime] : undefined;
  if (!ext) throw badRequest(MSG.logoTypeInvalid, { file: MSG.logoTypeInvalid });
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) throw new Error('no size');
  } catch {
    throw badRequest(MSG.logoTypeInvalid, { file: MSG.logoTypeInvalid });
  }
  if (!complete(bytes, ext)) throw badRequest(MSG.logoTypeInvalid, { file: MSG.logoTypeInvalid });
  return ext;
}

const PNG_END = Buffer.from('IEND', 'ascii');
/** A whole file, not a cut one: a PNG has its IEND chunk, a JPEG its end-of-image marker (FF D9), near the end. */
function complete(bytes: Uint8Array, ext: 'png' | 'jpg'): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return ext === 'png' ? tail.includes(PNG_END) : tail.includes(Buffer.from([0xff, 0xd9]));
}

/** The folder logos are kept in. */
export const logoDir = (dataDir: string) => path.join(dataDir, 'files', 'logos');

/** Writes the bytes under a generated name (write to a temporary file, then rename); returns the name. */
export function storeLogo(dataDir: string, bytes: Uint8Array, ext: 'png' | 'jpg'): string {
  const dir = logoDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  const tmp = path.join(dir, `.${name}.tmp`);
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, path.join(dir, name));
  return name;
}

/** Removes a stored logo given its URL path; other URLs (a demo image, an outside address) are left alone. */
export function removeLogoFile(dataDir: string, url: string | null | undefined): void {
  if (!url?.startsWith(LOGO_URL_PREFIX)) return;
  const name = url.slice(LOGO_URL_PREFIX.length);
  if (!LOGO_NAME.test(name)) return;
  fs.rmSync(path.join(logoDir(dataDir), name), { force: true });
}

async function readUpload(req: FastifyRequest): Promise<Uint8Array> {
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

/** Registers the logo calls (see the file comment). */
export default async function logoRoutes(app: FastifyInstance, { db, config }: AppContext) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  }

  app.post('/api/v1/applications/:id/logo', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    const before = await getApplication(db, id);
    await requireManager(db, req, id, 'settings');
    const bytes = await readUpload(req);
    const ext = await checkLogo(bytes);
    const name = storeLogo(config.dataDir, bytes, ext);
    const url = `${LOGO_URL_PREFIX}${name}`;
    try {
      await db.updateTable('applications').set({ logo: url, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    } catch (err) {
      removeLogoFile(config.dataDir, url);
      throw err;
    }
    removeLogoFile(config.dataDir, before.logo);
    return { ...(await presentConfig(db, await getApplication(db, id))), message: MSG.logoSaved };
  });

  app.delete('/api/v1/applications/:id/logo', async (req) => {
    const { id } = parse(idParams, req.params, 'params');
    requireUser(req);
    const before = await getApplication(db, id);
    await requireManager(db, req, id, 'settings');
    await db.updateTable('applications').set({ logo: null, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    removeLogoFile(config.dataDir, before.logo);
    return { ...(await presentConfig(db, await getApplication(db, id))), message: MSG.logoDeleted };
  });

  app.get('/files/logos/:name', async (req, reply) => {
    const { name } = req.params as { name: string };
    if (!LOGO_NAME.test(name)) throw notFound();
    const file = path.join(logoDir(config.dataDir), name);
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      throw notFound();
    }
    return reply
      .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
