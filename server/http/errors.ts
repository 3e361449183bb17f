/**
 * HTTP errors with a Chinese message for the interface (DESIGN.md: `{ error: { code, message } }`).
 */
import { ZodError } from 'zod';
import { MSG } from '../../common/messages.js';

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

/** Turns a zod error into a 400 naming each field at fault, with the first message as the summary. */
export function fromZod(err: ZodError, where = ''): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = [where, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)';
    if (!fields[key]) fields[key] = issue.message;
  }
  const first = err.issues[0];
  const msg = first && /[\u4e00-\u9fff]/.test(first.message) ? first.message : MSG.badRequest;
  return badRequest(msg, fields);
}
