/**
 * The one way to tell a reader something (站内信, issue 29 §8; docs/decisions.md 554): every state change
 * of a reader's submission, feedback, question, delivery or membership calls `notify`, inside the caller's
 * transaction when it has one, so the message exists exactly when the change does.
 *
 * Stores one `notifications` row (plain text; the pages show it as text) and, when the reader has an
 * e-mail address and has not turned the e-mail of the kind's group off (decisions 581-582), one
 * `notification_mails` row in the same transaction. The mail itself is sent afterwards by the background
 * sender (server/notifications/mail.ts), so that a failing mail server never undoes a change.
 */
import type { Db } from '../db/index.js';
import { notifyGroupOf } from '../../common/helix.js';
import { readerSettings } from './settings.js';

/** A message to one reader. `title` ≤ 200 and `body` ≤ 2,000 characters of plain text; `link` a site path or null. */
export interface Notice {
  userId: number;
  applicationId: number | null;
  /** what it is about, e.g. `submission.approve`, `feedback.reply` */
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

/**
 * Writes the notification row, and its e-mail to send when the reader wants it; resolves with the
 * notification's id. Rejects only with the database's error.
 */
export async function notify(db: Db, n: Notice): Promise<number> {
  const t = new Date().toISOString();
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      application_id: n.applicationId,
      kind: n.kind,
      title: n.title.slice(0, 200),
      body: n.body.slice(0, 2000),
      link: n.link,
      created_at: t,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const user = await db.selectFrom('users').select('email').where('id', '=', n.userId).executeTakeFirst();
  const address = user?.email?.trim();
  if (address && !(await readerSettings(db, n.userId)).mailOff.includes(notifyGroupOf(n.kind))) {
    await db.insertInto('notification_mails').values({ notification_id: id, user_id: n.userId, address, error: null, created_at: t, sent_at: null }).execute();
  }
  return id;
}
