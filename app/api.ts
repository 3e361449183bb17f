/**
 * The browser's API client (spec 2 §7 'Request wrapper', §6, §9; docs/architecture.md §Server).
 *
 * - Every request carries credentials (cookies); unsafe methods echo the `XSRF-TOKEN` cookie in the
 *   `X-XSRF-TOKEN` header.
 * - Every request is signed (common/requestSigning.ts; decisions 220-224): a nonce, a timestamp on the
 *   server's clock, the body's SHA-256 as the validation header and an HMAC-SHA256 signature with the
 *   browser's key (embedded in the page, else asked of GET /api/v1/session/signing-key). A refusal of
 *   the signature itself (a stale key, a wrong clock) fetches the key again and sends once more.
 * - Timeout 30000 ms; a GET that fails on the network or with a 5xx is retried once after 3000 ms,
 *   with a new nonce.
 * - Any failure REJECTS with an {@link ApiError} carrying the HTTP status, the server's error code and
 *   fields and its Chinese message. The original left the promise pending when the body had an error
 *   field (spec 2 §8); we never do (docs/decisions.md #3).
 */
import { SITE_MSG } from '@common/siteMessages';
import { typedApi } from '@common/typedApi';
import type { ApiErrorBody, Page } from '@common/page';
import type { PanelRead } from '@modules/types';
import type { HostApi, HostQueryValue, HostRequestOptions } from '@modules/kit/host';
import { SIGNING_KEY_PATH } from '@common/constants';

/** A refused or failed call: `message` is Chinese and meant for the user. */
export class ApiError extends Error {
  /** HTTP status, or 0 when no answer came (network failure, timeout) */
  readonly status: number;
  /** the server's error code (`conflict`, `bad_request`, ...) or `network` / `timeout` / `bad_response` */
  readonly code: string;
  /** field -> message, when the server named the fields at fault */
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The Chinese message of any error (an ApiError's own message, otherwise a generic one). */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return SITE_MSG.requestFailed;
}

/** A query parameter's value (defined with the modules' view of this client, modules/kit/host.ts). */
export type QueryValue = HostQueryValue;

/** One call's options: method, query (arrays as repeated keys), JSON body, abort signal. */
export type RequestOptions = HostRequestOptions;

/** spec 2 §9 'HTTP' */
export const HTTP_TIMEOUT_MS = 30_000;
export const HTTP_RETRY_DELAY_MS = 3_000;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Reads a cookie of the current document (undefined outside a browser). */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || typeof document.cookie !== 'string') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Builds `path?query` with repeated keys for arrays. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether a failure is worth one more try: no answer at all, or a 5xx. */
const retryable = (err: ApiError) => err.status === 0 || err.status >= 500;

/** The browser's signing key, the XSRF token it belongs to, and the server clock minus ours (ms). */
interface Signing {
  xsrf: string;
  key: string;
  offsetMs: number;
}
let signing: Signing | null = null;
let signingFetch: Promise<Signing> | null = null;

/** What the server embeds in the page (server/web/index.ts): the key of the page's XSRF token. */
function embeddedSigning(): Signing | null {
  const g = globalThis as { __ATRIUM_SIGNING__?: { xsrf?: unknown; key?: unknown; serverTime?: unknown } | null };
  const e = g.__ATRIUM_SIGNING__;
  g.__ATRIUM_SIGNING__ = null; // used once: a later key comes from the API
  if (!e || typeof e.key !== 'string' || typeof e.xsrf !== 'string' || typeof e.serverTime !== 'number') return null;
  return { xsrf: e.xsrf, key: e.key, offsetMs: e.serverTime - Date.now() };
}

/** Asks the server for this browser's signing key; rejects with an ApiError (签名密钥) when it cannot. */
async function fetchSigning(): Promise<Signing> {
  const t0 = Date.now();
  let res: Response;
  let body: { key?: unknown; serverTime?: unknown } | undefined;
  try {
    res = await fetch(SIGNING_KEY_PATH, { credentials: 'include', headers: { Accept: 'application/json' } });
    body = (await res.json()) as typeof body;
  } catch {
    throw new ApiError(0, 'network', SITE_MSG.networkError);
  }
  const t1 = Date.now();
  const xsrf = readCookie(XSRF_COOKIE);
  if (!res.ok || !body || typeof body.key !== 'string' || typeof body.serverTime !== 'number' || !xsrf) {
    throw new ApiError(res.ok ? 0 : res.status, 'signing_key', SITE_MSG.signingKeyFailed);
  }
  return { xsrf, key: body.key, offsetMs: body.serverTime - (t0 + t1) / 2 };
}

/** The signing key of the current XSRF cookie (from the page, the cache or the server). */
async function currentSigning(): Promise<Signing> {
  const xsrf = readCookie(XSRF_COOKIE);
  if (!signing) signing = embeddedSigning();
  if (signing && xsrf && signing.xsrf === xsrf) return signing;
  signingFetch ??= fetchSigning().finally(() => {
    signingFetch = null;
  });
  signing = await signingFetch;
  return signing;
}

/** Codes of refusals that a fresh key (or a corrected clock) may cure. */
const SIGNING_REFUSALS = new Set(['signature_missing', 'signature_invalid', 'timestamp_skew']);

/**
 * The headers a call needs beside its own: the XSRF header (unsafe methods) and the four signing
 * headers over `body` (the exact string sent; undefined for none; `'multipart'` for an upload, signed
 * as UNSIGNED-PAYLOAD). `url` is the path and query as sent. Rejects with an ApiError when no key can
 * be had. Used by the upload widgets too (app/widgets/upload/send.ts).
 */
export async function signedHeaders(method: string, url: string, body: string | undefined | 'multipart'): Promise<Record<string, string>> {
  // the hashing code loads with the first call that needs it: the home page's first paint makes none
  const [s, { signRequest, UNSIGNED_PAYLOAD }] = await Promise.all([currentSigning(), import('@common/requestSigning')]);
  const headers = signRequest({
    keyHex: s.key,
    method,
    url,
    body: body === 'multipart' ? UNSIGNED_PAYLOAD : body,
    now: Date.now() + s.offsetMs,
  });
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  return headers;
}

/** Forgets the signing key, so that the next call asks for it again (after a refusal of the signature). */
export function forgetSigningKey(): void {
  signing = null;
}

/** Answers a call in the server's own process (the server renderer's in-process requests). */
export type ServerTransport = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;
let serverTransport: ServerTransport | null = null;

/**
 * Sends every call through `t` instead of fetch, unsigned (entry-server.tsx: the server renders a page
 * with the answers of its own API, for the visitor whose request it renders). Never set in a browser.
 */
export function setServerTransport(t: ServerTransport | null): void {
  serverTransport = t;
}

/**
 * One exchange: fetch `url` with the signed headers and a 30000 ms timeout (which covers reading the
 * answer with `read`). A network failure or a timeout rejects with an ApiError; an aborted `signal` (the
 * caller gave up) rejects with the abort itself.
 */
async function exchange<B>(
  url: string,
  method: string,
  payload: string | undefined,
  accept: string,
  read: (res: Response) => Promise<B>,
  signal?: AbortSignal,
): Promise<{ res: Response; body: B }> {
  const transport = serverTransport;
  const headers: Record<string, string> = { Accept: accept, ...(transport ? {} : await signedHeaders(method, url, payload)) };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort);
  try {
    const res = transport
      ? await transport(url, { method, headers, body: payload })
      : await fetch(url, { method, headers, credentials: 'include', signal: controller.signal, body: payload });
    return { res, body: await read(res) };
  } catch (err) {
    if (timedOut) throw new ApiError(0, 'timeout', SITE_MSG.requestTimeout);
    if (signal?.aborted) throw err; // the caller gave up: not an error to show
    throw new ApiError(0, 'network', SITE_MSG.networkError);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * The refusal an answer carries, or null: an HTTP error, or a 2xx whose JSON has an `error` field (the
 * server's code, fields and Chinese message; a generic Chinese message by status when it gave none).
 */
function refusalOf(res: Response, body: unknown): ApiError | null {
  const errorField = body && typeof body === 'object' && 'error' in body ? (body as ApiErrorBody).error : undefined;
  if (res.ok && !errorField) return null;
  const status = res.ok ? 400 : res.status;
  const fallback =
    status >= 500
      ? SITE_MSG.serverError
      : status === 401
        ? SITE_MSG.notSignedIn
        : status === 403
          ? SITE_MSG.forbidden
          : status === 404
            ? SITE_MSG.notFound
            : status === 429
              ? SITE_MSG.tooManyRequests
              : SITE_MSG.requestFailed;
  const e = errorField && typeof errorField === 'object' ? errorField : undefined;
  const message = e && typeof e.message === 'string' && e.message ? e.message : fallback;
  const code = e && typeof e.code === 'string' ? e.code : `http_${status}`;
  return new ApiError(status, code, message, e?.fields);
}

/** JSON of an answer's text: undefined when empty or not JSON. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One JSON attempt: the parsed answer, or an ApiError for every failure (a 2xx that is not JSON too). */
async function attempt<T>(url: string, method: string, opts: RequestOptions): Promise<T> {
  const payload = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  const { res, body: text } = await exchange(url, method, payload, 'application/json', (r) => r.text(), opts.signal);
  const body = parseJson(text);
  if (res.ok && body === undefined && text.trim() !== '') throw new ApiError(res.status, 'bad_response', SITE_MSG.badResponse);
  const refused = refusalOf(res, body);
  if (refused) throw refused;
  return body as T;
}

/** Runs `send`; when the server refuses the signature itself, forgets the key and sends once more (a new key, a new nonce). */
async function withFreshKey<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || !SIGNING_REFUSALS.has(err.code)) throw err;
  }
  forgetSigningKey();
  return send();
}

/**
 * Calls the API. Resolves with the parsed JSON answer; rejects with an {@link ApiError} on a network
 * failure, a timeout, an HTTP error or an answer carrying an `error` field.
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const url = buildUrl(path, opts.query);
  try {
    return await attemptSigned<T>(url, method, opts);
  } catch (err) {
    if (method !== 'GET' || !(err instanceof ApiError) || !retryable(err) || opts.signal?.aborted) throw err;
  }
  await sleep(HTTP_RETRY_DELAY_MS);
  if (opts.signal?.aborted) throw new ApiError(0, 'aborted', SITE_MSG.requestFailed);
  return attemptSigned<T>(url, method, opts);
}

/** An attempt; when the server refuses the signature itself, once more with a fresh key (a new nonce). */
const attemptSigned = <T>(url: string, method: string, opts: RequestOptions): Promise<T> => withFreshKey(() => attempt<T>(url, method, opts));

/**
 * This client as the modules receive it (modules/kit/host.ts `HostApi`, provided by
 * app/site/ModuleHost.tsx): {@link request}, {@link errorMessage} and the typed calls over `request`
 * (common/typedApi.ts; the browser's `api` of shared/apiClient.ts is the same object).
 */
export const hostApi: HostApi = {
  request,
  errorMessage,
  api: typedApi((path, init) => request(path, { ...init, query: init.query as Record<string, QueryValue> | undefined })),
};

/** GET with query parameters. */
export const apiGet = <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) => request<T>(path, { query, signal });
/** POST a JSON body. */
export const apiPost = <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} });
/** PUT a JSON body. */
export const apiPut = <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} });
/** DELETE. */
export const apiDelete = <T>(path: string) => request<T>(path, { method: 'DELETE' });

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/**
 * The blob-download helper of spec 2 §7 'Request wrapper': POSTs a JSON body (signed, with the XSRF
 * header; timeout 30000 ms; not retried, a POST is not safe to repeat) and saves the answer as a file
 * through a temporary object URL. The name comes from Content-Disposition, else `fallbackName`.
 * Resolves with the name and size (bytes); rejects with an ApiError carrying the server's Chinese
 * message on any failure.
 */
export async function downloadBlob(path: string, body: unknown, fallbackName: string): Promise<{ name: string; size: number }> {
  const payload = JSON.stringify(body ?? {});
  const { res, blob } = await withFreshKey(async () => {
    const { res: r, body: b } = await exchange(path, 'POST', payload, '*/*', (x) => x.blob());
    if (!r.ok) throw refusalOf(r, parseJson(await b.text())) ?? new ApiError(r.status, `http_${r.status}`, SITE_MSG.requestFailed);
    return { res: r, blob: b };
  });
  const name = dispositionName(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return { name, size: blob.size };
}

/** Saves a blob as a file named `name` through a temporary object URL (browser only). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** What a panel read needs to know about the site (a subset of SiteContext). */
export interface ReadSite {
  applicationId: number;
  topicId: number | null;
}

/**
 * Runs one panel read (modules/types.ts `PanelRead`): the first page, answered by the server's read
 * registry through GET /api/v1/modules/panel-read (docs/architecture.md §One read path; decision 241). The
 * browser never switches over the read's source. Rejects with an ApiError like every call.
 */
export function runRead(read: PanelRead, site: ReadSite, signal?: AbortSignal): Promise<Page<unknown>> {
  return apiGet<Page<unknown>>('/api/v1/modules/panel-read', { applicationId: site.applicationId, read: JSON.stringify(read) }, signal);
}
