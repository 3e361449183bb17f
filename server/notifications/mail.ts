/**
 * The notifications' e-mail (issue 29 §8; docs/decisions.md 581): the background sender that works
 * through `notification_mails`, the outbox `notify` fills in the changing transaction. A row is only seen
 * once that transaction committed, so a mail is never sent for a change that was undone, and a failing
 * mail server never undoes a change: the attempt, its error and, after MAIL_ATTEMPTS, the state `failed`
 * are recorded on the row (shown to the reader beside the message, and logged).
 *
 * Several server processes may run the sender on one database: a row is claimed by raising its attempt
 * count from the value read (only one process wins), so a mail is not sent twice by two processes.
 */
import type { Db } from '../db/index.js';
import type { MailProvider } from '../notify/mail.js';
import { MAIL_ATTEMPTS } from '../../common/helix.js';
import { MSG, fillMsg } from '../../common/messages.js';

/** How often the sender looks for mail to send, ms. */
export const MAIL_INTERVAL_MS = 1000;
/** Mails sent per round. */
const BATCH = 20;

/** Where the sender reports (pino's logger fits). */
export interface MailLog {
  warn(obj: object, msg: string): void;
}

/** Control characters (a header injection in a subject, a terminal escape in a text) replaced by spaces. */
const clean = (s: string, keepNewlines: boolean) => s.replace(keepNewlines ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, ' ');

/**
 * The plain-text mail of a notification: the subject `[site] title`, the text with the body and the
 * page's address (https on the site's host). Reader-written text stays text: the mail has no HTML part.
 */
export function mailOf(
  n: { title: string; body: string; link: string | null },
  site: { name: string; host: string } | null,
): { subject: string; text: string } {
  const subject = clean(site ? `[${site.name}] ${n.title}` : n.title, false).slice(0, 250);
  const where = n.link ? (site?.host && n.link.startsWith('/') ? `https://${site.host}${n.link}` : n.link) : null;
  const parts = [clean(n.title, false), clean(n.body, true).trim(), where ? fillMsg(MSG.notifyMailLink, { url: where }) : '', MSG.notifyMailFooter];
  return { subject, text: parts.filter(Boolean).join('\n\n') + '\n' };
}

/**
 * Sends up to one batch of pending notification mails through `mail`; resolves with how many were sent
 * and how many attempts failed. A failed attempt keeps the row pending until its MAIL_ATTEMPTS-th, then
 * marks it `failed`; the error text is kept on the row. Rejects only with the database's error.
 */
export async function deliverNotificationMail(db: Db, mail: MailProvider, log?: MailLog): Promise<{ sent: number; failed: number }> {
  const rows = await db
    .selectFrom('notification_mails as m')
    .innerJoin('notifications as n', 'n.id', 'm.notification_id')
    .leftJoin('applications as a', 'a.id', 'n.application_id')
    .select(['m.id', 'm.address', 'm.attempts', 'n.title', 'n.body', 'n.link', 'a.name as siteName', 'a.host as siteHost'])
    .where('m.status', '=', 'pending')
    .orderBy('m.id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const r of rows) {
    const claimed = await db
      .updateTable('notification_mails')
      .set({ attempts: r.attempts + 1 })
      .where('id', '=', r.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', r.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const { subject, text } = mailOf(r, r.siteName != null && r.siteHost != null ? { name: r.siteName, host: r.siteHost } : null);
    try {
      await mail.send(r.address, subject, text);
      await db.updateTable('notification_mails').set({ status: 'sent', sent_at: new Date().toISOString(), error: null }).where('id', '=', r.id).execute();
      sent++;
    } catch (err) {
      failed++;
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      const last = r.attempts + 1 >= MAIL_ATTEMPTS;
      await db
        .updateTable('notification_mails')
        .set({ error: message, ...(last ? { status: 'failed' } : {}) })
        .where('id', '=', r.id)
        .execute();
      log?.warn({ mail: r.id, err: message }, last ? `通知邮件发送失败（已放弃）：${message}` : `通知邮件发送失败（将重试）：${message}`);
    }
  }
  return { sent, failed };
}

/** A running sender. */
export interface MailSender {
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Runs {@link deliverNotificationMail} every `intervalMs` ms (unref'd timer; a round still running is not
 * doubled; a database failure is logged and tried again at the next tick). `intervalMs` ≤ 0: nothing runs.
 */
export function startNotificationMail(db: Db, mail: MailProvider, log: MailLog, intervalMs = MAIL_INTERVAL_MS): MailSender {
  if (!(intervalMs > 0)) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = deliverNotificationMail(db, mail, log)
      .catch((err: unknown) => {
        if (!stopped) log.warn({ err }, `通知邮件发送出错：${(err as Error)?.message ?? String(err)}`);
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
