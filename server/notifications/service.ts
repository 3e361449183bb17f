/**
 * A reader's 站内信 (issue 29 §8; docs/decisions.md 580): their own notifications, newest first, with the
 * state of each one's e-mail; the unread count of the header's badge; marking one or all read. Every
 * read and write is filtered by the reader's id, so another reader's notification answers 404.
 */
import type { Db } from '../db/index.js';
import { readPage } from '../db/paging.js';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import type { Page } from '../../common/page.js';

/** One notification as its reader sees it. */
export interface ReaderNotification {
  id: number;
  applicationId: number | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
  /** the e-mail of it: pending, sent, failed, or null when none was due */
  mail: string | null;
  mailError: string | null;
}

/** Page `page` of `size` of the reader's notifications (only unread ones with `unread`), newest first. */
export async function listNotifications(db: Db, userId: number, q: { page: number; size: number; unread?: boolean }): Promise<Page<ReaderNotification>> {
  let base = db.selectFrom('notifications as n').where('n.user_id', '=', userId);
  if (q.unread) base = base.where('n.read_at', 'is', null);
  return readPage(
    base,
    q,
    (qb) =>
      qb
        .leftJoin('notification_mails as m', 'm.notification_id', 'n.id')
        .select(['n.id', 'n.application_id', 'n.kind', 'n.title', 'n.body', 'n.link', 'n.created_at', 'n.read_at', 'm.status as mail', 'm.error as mailError'])
        .orderBy('n.id', 'desc'),
    (r) => ({
      id: r.id,
      applicationId: r.application_id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.created_at,
      readAt: r.read_at,
      mail: r.mail ?? null,
      mailError: r.mail === 'failed' ? (r.mailError ?? null) : null,
    }),
  );
}

/** How many of the reader's notifications are unread. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the reader's notification `id` read (already read: unchanged); 404 消息不存在 when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number): Promise<void> {
  const row = await db.selectFrom('notifications').select('read_at').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG.notificationNotFound);
  if (!row.read_at)
    await db.updateTable('notifications').set({ read_at: new Date().toISOString() }).where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Marks every unread notification of the reader read; resolves with how many changed. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const res = await db
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
