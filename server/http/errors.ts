/**
 * HTTP errors with a Chinese message for the interface (docs/architecture.md §Errors and messages: `{ error: { code, message } }`).
 */
import { ZodError } from 'zod';
import { MSG } from '../../common/messages.js';
import { isChinese, issueMessage, valueAt } from '../../common/zodIssues.js';

export class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.badRequest, fields?: Record<string, string>) => new HttpError(400, 'bad_request', message, fields);
export const unauthorized = () => new HttpError(401, 'not_signed_in', MSG.notSignedIn);
export const forbidden = () => new HttpError(403, 'forbidden', MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const tooMany = (message: string = MSG.tooManyRequests) => new HttpError(429, 'too_many_requests', message);

/** The seconds a client is asked to wait (Retry-After) after a 503 for a busy database. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * A 503 with the Chinese message 系统繁忙，请稍后再试 when `err` is the database refusing a statement
 * because another connection holds what it needs past its wait (docs/decisions.md 412): SQLite's
 * SQLITE_BUSY and SQLITE_LOCKED (and their extended codes), PostgreSQL's lock_not_available (55P03),
 * deadlock_detected (40P01) and serialization_failure (40001); null for any other error. Nothing was
 * written (the statement's transaction rolled back), so the client may send the request again after
 * BUSY_RETRY_AFTER_SECONDS.
 */
export function busyDatabase(err: unknown): HttpError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (/^SQLITE_(BUSY|LOCKED)/.test(code) || code === '55P03' || code === '40P01' || code === '40001') return new HttpError(503, 'busy', MSG.databaseBusy);
  return null;
}

/** `fromZod` was not given the value that was parsed. */
const NO_INPUT = Symbol('no input');

/**
 * Turns a zod error into a 400 naming each field at fault (key `where.path`, `(body)` for the whole
 * value when `where` is empty), each with a Chinese message (common/zodIssues.ts: a schema's
 * Chinese message kept, zod's English replaced); the summary is the first issue's message when the
 * schema gave it in Chinese, else 请求参数有误. `input`, the value parsed, tells a missing field (必填)
 * from a wrong one when given.
 */
export function fromZod(err: ZodError, where = '', input: unknown = NO_INPUT): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = [where, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)';
    const missing = input === NO_INPUT ? undefined : valueAt(input, issue.path) === undefined;
    if (!fields[key]) fields[key] = issueMessage(issue, missing);
  }
  const first = err.issues[0];
  const msg = first && isChinese(first.message) ? first.message : MSG.badRequest;
  return badRequest(msg, fields);
}
