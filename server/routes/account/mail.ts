/**
 * The e-mail piece of account binding (spec 2 §7 'Application and account' PUT /api/v1/account/bind/email):
 * a minimal `MailProvider` and the call that sends a binding code by mail through the shared code service
 * (server/routes/auth/service.ts issueCode, target `email:<address>`). Kept in this one file so the lead
 * can swap it for the mail provider of server/notify/mail.ts (helper accounts-signin) when that lands.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { dropLatestCode, issueCode } from '../auth/service.js';
import { MSG } from '../../../common/messages.js';

/** Sends one plain-text mail; throws when the provider refuses. */
export interface MailProvider {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Development/test provider: appends `{ to, subject, text, at }` as one JSON line to a file. */
export class OutboxMailProvider implements MailProvider {
  constructor(readonly file: string) {}
  async send(to: string, subject: string, text: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    await fs.promises.appendFile(this.file, JSON.stringify({ to, subject, text, at: new Date().toISOString() }) + '\n');
  }
}

/**
 * The mail provider of a server: `ctx.mail` when the context carries one (the lead connects the real
 * provider there), else the outbox file `<dataDir>/outbox/mail.jsonl`.
 */
export function mailProviderOf(ctx: AppContext): MailProvider {
  const given = (ctx as AppContext & { mail?: MailProvider }).mail;
  return given ?? new OutboxMailProvider(path.join(ctx.config.dataDir, 'outbox', 'mail.jsonl'));
}

/** The code-service target of an e-mail address (lower-cased). */
export const emailTarget = (email: string) => `email:${email.toLowerCase()}`;

/**
 * Issues a 6-digit code for the address and mails it. Errors: 429 when asked again within a minute
 * (issueCode), 502 MSG.accountMailFailed when the provider fails (the code is dropped so one may retry).
 */
export async function sendEmailCode(db: Db, secret: string, mail: MailProvider, email: string): Promise<void> {
  const target = emailTarget(email);
  const code = await issueCode(db, secret, target);
  try {
    await mail.send(email, '【Atrium】邮箱验证码', `您的邮箱验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略本邮件。`);
  } catch {
    await dropLatestCode(db, target);
    throw new HttpError(502, 'mail_failed', MSG.accountMailFailed);
  }
}
