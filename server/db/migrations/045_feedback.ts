import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '045_feedback';

/**
 * Readers' feedback to a site (`/temp/contact`, `/console/fb/feedback`; issue 29 item 3;
 * docs/decisions.md 570-579): one row per feedback, with its category, plain text, the site path it
 * came from, the stored screenshot's key (server/files/storage.ts), its state and the staff's reply.
 * Indexes serve the console's list (application, state, newest first) and the reader's 我的反馈.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('feedback'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('screenshot_key', 'text')
    .addColumn('screenshot_type', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reply', 'text')
    .addColumn('handler_id', 'integer')
    .addColumn('replied_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_application').on('feedback').columns(['application_id', 'state', 'id']).execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'application_id', 'id']).execute();
}
