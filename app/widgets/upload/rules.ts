/**
 * Pure rules of the upload widgets (spec 2 §4, §5, §8): the accept matcher (also applied to dragged
 * files), the progress cap, the browser-side image and file checks and the failure messages. The server
 * checks everything again (server/files/check.ts); these give the user the answer before sending.
 */
import { MSG, fillMsg } from '@common/messages';
import { UPLOAD_PROGRESS_CAP } from '@common/constants';

/** What the matcher needs of a file: its name and the mime type the browser guessed ('' when unknown). */
export interface FileLike {
  name: string;
  type: string;
}

/**
 * True when the file matches the `accept` list (comma-separated, as the input's accept attribute):
 * `.png` (extension, any case), `image/png` (exact mime type), `image/*` (mime wildcard) or `*` / `*\/*`.
 * An empty or missing list accepts everything (spec 2 §5 'Generic upload').
 */
export function matchesAccept(file: FileLike, accept: string | undefined): boolean {
  const items = (accept ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  const baseType = type.replace(/\/.*$/, '');
  return items.some((item) => {
    if (item === '*' || item === '*/*') return true;
    if (item.startsWith('.')) return name.endsWith(item);
    if (item.endsWith('/*')) return baseType !== '' && baseType === item.slice(0, -2);
    return type === item;
  });
}

/** Progress in percent while sending: 0 to 99, never 100 before the server answers (spec 2 §4, §9). */
export function sendingPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(UPLOAD_PROGRESS_CAP, Math.floor((loaded / total) * 100));
}

/** The states of the image uploader (spec 2 §4): idle, progress, success, error. */
export type UploadState =
  | { status: 'idle'; percent: 0 }
  | { status: 'progress'; percent: number }
  | { status: 'success'; percent: 100; url: string }
  | { status: 'error'; percent: 0; message: string };

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'success'; url: string }
  | { type: 'error'; message: string }
  | { type: 'reset' };

/** Next uploader state: progress 0-99 while sending, 100 on success, back to 0 with a message on failure. */
export function uploadReducer(state: UploadState, ev: UploadEvent): UploadState {
  switch (ev.type) {
    case 'start':
      return { status: 'progress', percent: 0 };
    case 'progress':
      return state.status === 'progress' ? { status: 'progress', percent: Math.max(state.percent, sendingPercent(ev.loaded, ev.total)) } : state;
    case 'success':
      return { status: 'success', percent: 100, url: ev.url };
    case 'error':
      return { status: 'error', percent: 0, message: ev.message };
    case 'reset':
      return { status: 'idle', percent: 0 };
  }
}

/** Image rules of spec 2 §5: size in KB, pixel ranges applied only when all four bounds are set. */
export interface ImageLimits {
  maxSizeKB?: number;
  minWidth?: number;
  maxWidth?: number;
  minHeight?: number;
  maxHeight?: number;
}

/** The refusal message for an image file before reading its pixels (type by mime type, size), or null. */
export function checkImageFile(file: FileLike & { size: number }, limits: ImageLimits): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return MSG.uploadImageType;
  if (limits.maxSizeKB !== undefined && file.size > limits.maxSizeKB * 1024) return fillMsg(MSG.uploadImageTooLarge, { n: limits.maxSizeKB });
  return null;
}

/** The refusal message for an image's pixel size (px), or null; no check unless all four bounds are set. */
export function checkImageDimensions(width: number, height: number, l: ImageLimits): string | null {
  if (l.minWidth === undefined || l.maxWidth === undefined || l.minHeight === undefined || l.maxHeight === undefined) return null;
  if (width < l.minWidth || width > l.maxWidth) return fillMsg(MSG.uploadImageWidth, { min: l.minWidth, max: l.maxWidth });
  if (height < l.minHeight || height > l.maxHeight) return fillMsg(MSG.uploadImageHeight, { min: l.minHeight, max: l.maxHeight });
  return null;
}

/** The refusal message for an attachment larger than `maxSizeMB` (MB), or null when no limit is set. */
export function checkFileSize(size: number, maxSizeMB: number | undefined): string | null {
  return maxSizeMB !== undefined && size > maxSizeMB * 1024 * 1024 ? fillMsg(MSG.uploadFileTooLarge, { n: maxSizeMB }) : null;
}

/**
 * The message of a failed generic upload (spec 2 §8, the `Upload` widget without `failMessage`): the
 * answer's `error` (our `{ error: { message } }` or a plain string), else the answer's text, else
 * 上传失败：{url} {status}. The image and attachment widgets use {@link uploadFailureMessage}.
 */
export function uploadErrorMessage(status: number, responseText: string, url: string): string {
  const text = (responseText ?? '').trim();
  if (text) {
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      if (body && typeof body === 'object') {
        const e = body.error;
        if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
        if (typeof e === 'string' && e) return e;
      }
    } catch {
      // not JSON: the text itself
    }
    if (text.length <= 200 && !/^\s*</.test(text)) return text;
  }
  return fillMsg(MSG.uploadPostFailed, { url, status });
}

/**
 * Codes of the server's refusals of an uploaded file by its content (server/files/check.ts and the upload
 * routes): empty, wrong type, too large, pixel size out of range.
 */
export const FILE_REFUSAL_CODES: readonly string[] = ['empty', 'bad_type', 'too_large', 'bad_size'];

/**
 * The message of a failed image or attachment upload (spec 2 §8: 图片上传失败，请稍后再试 /
 * 文件上传失败，请稍后再试). The server's own message is shown only when it refused the file
 * itself: a 400 or 413 answering `{ error: { code, message } }` with a code of {@link FILE_REFUSAL_CODES}
 * (图片格式不正确, 请选择小于 2048 K 的图片, …: the person can choose another file). Anything else is a
 * failure of the upload and shows `fallback`: no answer (`status` 0), a 5xx, a proxy's page, an answer
 * that is not ours, or a refusal that is not about the file (sign-in, rights, too many requests).
 */
export function uploadFailureMessage(status: number, responseText: string, fallback: string): string {
  if (status !== 400 && status !== 413) return fallback;
  try {
    const body = JSON.parse(responseText) as { error?: { code?: unknown; message?: unknown } } | null;
    const e = body?.error;
    if (e && typeof e.code === 'string' && FILE_REFUSAL_CODES.includes(e.code) && typeof e.message === 'string' && e.message.trim()) return e.message;
  } catch {
    // not JSON: not a refusal of ours
  }
  return fallback;
}

/** The image's address: the server's relative path joined to the file host (this server by default). */
export function joinFileHost(path: string, host = ''): string {
  if (/^https?:\/\//.test(path) || !host) return path;
  return `${host.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A byte count for people: 532 B, 12.5 KB, 3.2 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
