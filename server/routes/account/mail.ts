/**
 * The e-mail piece of account binding (spec 2 §7 'Application and account' PUT /api/v1/account/bind/email):
 * a minimal `MailProvider` and the call that sends a binding code by mail through the shared code service
 * (server/routes/auth/service.ts issueCode, target `email:<address>`), mailed by the configured provider
 * of server/notify/mail.ts.
 */
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { dropLatestCode, issueCode } from '../../auth/service.js';
import { MSG } from '../../../common/messages.js';
import { mailProviderFrom, type MailProvider } from '../../notify/mail.js';

export type { MailProvider };

/**
 * The mail provider of a server: the one the configuration asks for (server/notify/mail.ts: SMTP, the
 * development outbox, or off), the same that sends sign-in codes.
 */
export function mailProviderOf(ctx: AppContext): MailProvider {
  return mailProviderFrom(ctx.config);
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
