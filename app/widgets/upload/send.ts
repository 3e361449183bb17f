/**
 * Sends one file as multipart/form-data with XMLHttpRequest, for upload progress (fetch has none):
 * the file under `fieldName` (default `file`) after the extra data fields, cookies included, and the
 * XSRF-TOKEN cookie echoed in X-XSRF-TOKEN and the request signature, as app/api.ts does (spec 2 §6, §7 'Uploads').
 */
import { ApiError, signedHeaders } from '../../api';
import { uploadErrorMessage } from './rules';
import { scalarText } from '@common/text';

export interface SendOptions {
  url: string;
  file: Blob & { name?: string };
  fieldName?: string;
  /** extra text fields, sent before the file (the server reads the rules before the bytes) */
  data?: Record<string, unknown>;
  /** bytes sent so far and in all */
  onProgress?: (loaded: number, total: number) => void;
}

/** A failed upload: `message` is what to show (spec 2 §8), `status` 0 when no answer came. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly responseText: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The answer of a successful upload: parsed JSON when it is JSON, else the text (a relative path). */
export type UploadResponse = unknown;

/** Starts the upload; `promise` resolves with the answer of a 2xx reply or rejects with an UploadError. */
export function sendFile(opts: SendOptions): { promise: Promise<UploadResponse>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResponse>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.data ?? {})) {
      if (v === undefined || v === null) continue;
      form.append(k, v instanceof Blob ? v : typeof v === 'object' ? JSON.stringify(v) : scalarText(v));
    }
    form.append(opts.fieldName ?? 'file', opts.file, opts.file.name ?? 'file');
    xhr.open('POST', opts.url, true);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json, text/plain');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new UploadError(uploadErrorMessage(0, '', opts.url), 0, ''));
    xhr.onabort = () => reject(new UploadError(uploadErrorMessage(0, '', opts.url), 0, ''));
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError(uploadErrorMessage(xhr.status, text, opts.url), xhr.status, text));
        return;
      }
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    };
    // the XSRF header and the request signature (multipart: UNSIGNED-PAYLOAD; decision 221)
    signedHeaders('POST', opts.url, 'multipart').then(
      (headers) => {
        for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
        xhr.send(form);
      },
      (err: unknown) => {
        const message = err instanceof ApiError ? err.message : uploadErrorMessage(0, '', opts.url);
        reject(new UploadError(message, 0, ''));
      },
    );
  });
  return { promise, abort: () => xhr.abort() };
}

/** The file address in an upload answer: the text itself (POST /api/v1/files) or its `url` (v2). */
export function responseUrl(res: UploadResponse): string | null {
  if (typeof res === 'string') return res.trim() || null;
  if (res && typeof res === 'object' && typeof (res as { url?: unknown }).url === 'string') return (res as { url: string }).url;
  return null;
}
