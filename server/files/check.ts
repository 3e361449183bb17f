/**
 * Content checks of uploads (spec 2 §5 'Image upload', 'File upload'; docs/architecture.md §Uploads).
 * The type is read from the bytes with file-type, never from the client's name or mime type; the stored
 * extension comes from the detected type. Refusals are HttpErrors with the Chinese message of spec 2 §8.
 */
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { HttpError } from '../http/errors.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { EXT_CONTENT_TYPES } from './storage.js';

/** Rules of an image upload: jpeg/png only; `maxKB` in KB; the pixel ranges apply only when all four are set. */
export interface ImageRules {
  kind: 'image';
  maxKB?: number;
  minWidth?: number;
  maxWidth?: number;
  minHeight?: number;
  maxHeight?: number;
}

/** Rules of an attachment: the allowlist below; `maxMB` in MB (1 MB = 1024 × 1024 bytes). */
export interface FileRules {
  kind: 'file';
  maxMB?: number;
}

export type UploadRules = ImageRules | FileRules;

/** What a passed check found: extension and content type to store, size in bytes, pixels of images. */
export interface CheckedUpload {
  ext: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** Detected types accepted as attachments (by file-type's ext), mapped to the extension stored. */
const FILE_TYPES: Record<string, string> = {
  jpg: 'jpg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  pdf: 'pdf',
  rtf: 'rtf',
  epub: 'epub',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  zip: 'zip',
  '7z': '7z',
  rar: 'rar',
  gz: 'gz',
};
/** Legacy Office files are CFB containers: accepted only under these names (docs/decisions.md 81). */
const CFB_NAMES: Record<string, string> = { doc: 'doc', xls: 'xls', ppt: 'ppt' };

const IMAGE_TYPES = new Set(['jpg', 'png', 'apng']);

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

/**
 * True when the bytes are UTF-8 text without NUL or other control characters (tab, newlines and form
 * feed allowed) and without HTML/SVG/XML markup that a browser could run.
 */
export function isPlainText(buf: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }

  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  if (/<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i.test(text)) return false;
  return true;
}

/** The extension of a client file name, lower case, or '' (used only to tell legacy Office files apart). */
function nameExt(name: string | undefined): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name ?? '');
  return m ? m[1].toLowerCase() : '';
}

function dimensions(buf: Buffer): { width: number; height: number } | null {
  try {
    const s = imageSize(buf);
    if (!s.width || !s.height) return null;
    // EXIF orientations 5-8 turn the picture a quarter: the shown width is the stored height.
    return s.orientation && s.orientation >= 5 ? { width: s.height, height: s.width } : { width: s.width, height: s.height };
  } catch {
    return null;
  }
}

/**
 * Checks an upload's bytes against the rules; resolves with what to store, or throws an HttpError:
 * 413 `too_large` (请选择小于 N K 的图片 / 请选择小于 {N}M 的文件), 400 `bad_type` (图片格式不正确 /
 * 不支持该文件格式), 400 `bad_size` (width or height outside the range), 400 `empty` (no bytes).
 * `clientName` is only consulted for legacy Office files (CFB); never for the type of anything else.
 */
export async function checkUpload(buf: Buffer, rules: UploadRules, clientName?: string): Promise<CheckedUpload> {
  if (buf.length === 0) throw refuse(400, 'empty', MSG.uploadFileEmpty);
  if (rules.kind === 'image') {
    if (rules.maxKB !== undefined && buf.length > rules.maxKB * 1024) {
      throw refuse(413, 'too_large', fillMsg(MSG.uploadImageTooLarge, { n: rules.maxKB }));
    }
    const ft = await fileTypeFromBuffer(buf);
    const dims = ft && IMAGE_TYPES.has(ft.ext) ? dimensions(buf) : null;
    if (!ft || !dims) throw refuse(400, 'bad_type', MSG.uploadImageType);
    const { minWidth, maxWidth, minHeight, maxHeight } = rules;
    if (minWidth !== undefined && maxWidth !== undefined && minHeight !== undefined && maxHeight !== undefined) {
      if (dims.width < minWidth || dims.width > maxWidth) {
        throw refuse(400, 'bad_size', fillMsg(MSG.uploadImageWidth, { min: minWidth, max: maxWidth }));
      }
      if (dims.height < minHeight || dims.height > maxHeight) {
        throw refuse(400, 'bad_size', fillMsg(MSG.uploadImageHeight, { min: minHeight, max: maxHeight }));
      }
    }
    const ext = ft.ext === 'jpg' ? 'jpg' : 'png';
    return { ext, contentType: EXT_CONTENT_TYPES[ext], size: buf.length, ...dims };
  }
  if (rules.maxMB !== undefined && buf.length > rules.maxMB * 1024 * 1024) {
    throw refuse(413, 'too_large', fillMsg(MSG.uploadFileTooLarge, { n: rules.maxMB }));
  }
  const ft = await fileTypeFromBuffer(buf);
  let ext: string | undefined;
  if (ft) {
    ext = ft.ext === 'cfb' ? CFB_NAMES[nameExt(clientName)] : FILE_TYPES[ft.ext];
  } else if (isPlainText(buf)) {
    ext = 'txt';
  }
  if (!ext) throw refuse(400, 'bad_type', MSG.uploadFileType);
  const dims = ['jpg', 'png', 'gif', 'webp', 'bmp'].includes(ext) ? dimensions(buf) : null;
  return { ext, contentType: EXT_CONTENT_TYPES[ext], size: buf.length, width: dims?.width ?? null, height: dims?.height ?? null };
}

/**
 * The client's file name made safe for display and for Content-Disposition: no folders, no control or
 * bidi characters, at most 200 characters; `fallback` when nothing is left.
 */
export function sanitiseName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';

  const clean = base
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"<>]/g, '')
    .trim()
    .slice(0, 200);
  return clean && clean !== '.' && clean !== '..' ? clean : fallback;
}
