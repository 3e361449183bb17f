/**
 * Uploads of the rich-text editor (spec 2 §7 'Uploads', §4 progress, §5 limits, §8 messages), kept
 * inside the widget (of the upload widgets it uses only the pure failure-message rule):
 * - images: POST /api/v1/files, multipart `file` + `uid`; the answer is the relative path (/files/…);
 * - attachments: POST /api/v2/files, multipart `file` + `uid`; the answer carries the file's `url`.
 * Both send cookies, the X-XSRF-TOKEN header and the request signature (app/api.ts `signedHeaders`). Progress runs
 * 0-99 while sending and 100 on success. Files are checked in the browser first (type, size); the server
 * checks again.
 */
import { MSG } from '@common/messages';
import { ATTACHMENT_MAX_MB, IMAGE_MAX_KB } from '@common/constants';
import { signedHeaders } from '../../api';
import { uploadFailureMessage } from '../upload/rules';

/** Image types the editor accepts (spec 2 §5: jpeg and png only). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/** Fills {N} of a message. */
export const fill = (msg: string, n: number) => msg.replace('{N}', String(n));

/**
 * Checks an image before upload: JPG/PNG and at most `maxKB` KB. Returns the Chinese refusal, or null
 * when the image may go.
 */
export function checkImage(file: { type: string; size: number }, maxKB: number = IMAGE_MAX_KB): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.rtImageTypeInvalid;
  if (file.size > maxKB * 1024) return fill(MSG.rtImageTooLarge, maxKB);
  return null;
}

/** Checks an attachment before upload: at most `maxMB` MB (spec 2 §5, read as enforced). */
export function checkFile(file: { size: number }, maxMB: number = ATTACHMENT_MAX_MB): string | null {
  return file.size > maxMB * 1024 * 1024 ? fill(MSG.rtFileTooLarge, maxMB) : null;
}

/** An upload that failed: `message` is Chinese, for the user. */
export class UploadError extends Error {}

/** Reads the address from an answer: a JSON string, `{ url | path | data }`, or the plain text itself. */
export function addressOf(text: string): string {
  const t = text.trim();
  try {
    const v: unknown = JSON.parse(t);
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const k of ['url', 'path', 'data']) if (typeof o[k] === 'string') return o[k];
    }
    return '';
  } catch {
    return t;
  }
}

/**
 * Sends one file as multipart (`file`, `uid`) with credentials and the XSRF header; resolves with the
 * address of the stored file; rejects with an UploadError carrying `failMsg` (图片上传失败，请稍后再试 …,
 * spec 2 §8), or the server's message when it refused the file itself (400/413 empty, bad_type,
 * too_large, bad_size: the rule of the upload widgets, app/widgets/upload/rules.ts `uploadFailureMessage`).
 * `onProgress` receives 0-99 while sending and 100 at the end; `fields` are extra form fields (maxSize, …).
 */
export function postFile(
  url: string,
  file: File,
  uid: string | number | undefined,
  failMsg: string,
  onProgress?: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => {
      onProgress?.(0);
      reject(new UploadError(failMsg));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.timeout = 120_000;
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      const address = xhr.status >= 200 && xhr.status < 300 ? addressOf(text) : '';
      if (!address) {
        onProgress?.(0);
        reject(new UploadError(uploadFailureMessage(xhr.status, text, failMsg)));
        return;
      }
      onProgress?.(100);
      resolve(address);
    };
    const form = new FormData();
    form.append('uid', uid == null ? '' : String(uid));
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    onProgress?.(0);
    // the XSRF header and the request signature (multipart: UNSIGNED-PAYLOAD; decision 221)
    signedHeaders('POST', url, 'multipart').then(
      (headers) => {
        for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
        xhr.send(form);
      },
      () => {
        onProgress?.(0);
        reject(new UploadError(failMsg));
      },
    );
  });
}

/** Uploads an image (POST /api/v1/files); resolves with its address (/files/…). */
export function uploadImage(file: File, uid?: string | number, onProgress?: (p: number) => void): Promise<string> {
  return postFile('/api/v1/files', file, uid, MSG.rtImageUploadFailed, onProgress);
}

/** Uploads an attachment (POST /api/v2/files); resolves with its address. */
export function uploadAttachment(file: File, uid?: string | number, onProgress?: (p: number) => void): Promise<string> {
  return postFile('/api/v2/files', file, uid, MSG.rtFileUploadFailed, onProgress);
}

/** The natural size of an image at `src` in px, or null when it cannot be loaded (spec 2 §7 'Uploads'). */
export function imageSize(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}
