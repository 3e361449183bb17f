import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '046_personal_centre';

/**
 * The personal centre and the notifications' e-mail (docs/decisions.md 580-589):
 * - `notification_mails`: the outbox of notification e-mails, one row per mail to send, written in the
 *   same transaction as its notification and sent afterwards by a background sender; `status` pending,
 *   sent or failed, the attempts and the last error (kept, visible to staff and the reader's 设置).
 * - `reader_settings`: one row per reader who changed a setting: the notification groups whose e-mail is
 *   off (JSON array) and whether the browsing history is off.
 * - `favorites` (我的收藏) and `browsing_history` (浏览历史): the reader, the site, what (type and id),
 *   its title and site path when it was saved, and the time; one row per reader, site and item.
 * - `helix_settings`: per application, the personal-centre sections that are off (JSON array).
 * Same statements on SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('notification_mails'), dialect)
    .addColumn('notification_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('notification_mails_status').on('notification_mails').columns(['status', 'id']).execute();
  await db.schema.createIndex('notification_mails_notification').on('notification_mails').columns(['notification_id']).execute();

  await db.schema
    .createTable('reader_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('mail_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('history_off', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  for (const table of ['favorites', 'browsing_history'] as const) {
    await withId(db.schema.createTable(table), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('application_id', 'integer', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_item`).on(table).columns(['user_id', 'application_id', 'target_type', 'target_id']).unique().execute();
    await db.schema.createIndex(`${table}_user_at`).on(table).columns(['user_id', 'application_id', 'at']).execute();
  }
  await db.schema.createIndex('browsing_history_at').on('browsing_history').columns(['at']).execute();
  await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();

  await db.schema
    .createTable('helix_settings')
    .addColumn('application_id', 'integer', (c) => c.primaryKey())
    .addColumn('sections_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
