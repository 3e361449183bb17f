import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '048_dds';

/**
 * Document delivery 文献传递 (`/temp/dds`, `/console/helix/dds`; issue 29 §7; docs/decisions.md 600-609):
 * `dds_requests`, one row per reader's request with its citation (plain text), its state, the staff's
 * reason or the delivered file's key in the file storage (server/files/storage.ts), the link's expiry
 * and download count; `dds_settings`, one row per application that set its daily limit. Indexes serve
 * the console queue (application, state, newest first), the reader's list and daily count, and the purge
 * of expired files. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('dds_requests'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('authors', 'text', (c) => c.notNull())
    .addColumn('journal', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('volume', 'text', (c) => c.notNull())
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('doi', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_type', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('handler_id', 'integer')
    .addColumn('delivered_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dds_requests_application').on('dds_requests').columns(['application_id', 'state', 'id']).execute();
  await db.schema.createIndex('dds_requests_user').on('dds_requests').columns(['user_id', 'application_id', 'created_at']).execute();
  await db.schema.createIndex('dds_requests_expiry').on('dds_requests').columns(['expires_at']).execute();
  await db.schema
    .createTable('dds_settings')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('daily_limit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
