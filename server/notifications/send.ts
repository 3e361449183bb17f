/**
 * The one way to tell a reader something (站内信, issue 29 §8; docs/decisions.md 554): every state change
 * of a reader's submission, feedback, question, delivery or membership calls `notify`, inside the caller's
 * transaction when it has one, so the message exists exactly when the change does.
 *
 * Stores one `notifications` row (plain text; the pages show it as text). E-mail delivery per the reader's
 * preferences is done from these rows, not here, so that a failing mail server never undoes a change.
 */
import type { Db } from '../db/index.js';

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

/** Writes the notification row; resolves with its id. Rejects only with the database's error. */
export async function notify(db: Db, n: Notice): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      application_id: n.applicationId,
      kind: n.kind,
      title: n.title.slice(0, 200),
      body: n.body.slice(0, 2000),
      link: n.link,
      created_at: new Date().toISOString(),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
