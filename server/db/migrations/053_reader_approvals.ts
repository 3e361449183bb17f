import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '053_reader_approvals';

/**
 * The site setting 新用户需审核 and the approvals of new readers (issue 29 §6 `/console/uc/auditUser`;
 * docs/decisions.md 660-664):
 *
 * - `applications.audit_new_users`: 1 holds a reader who has not joined the site yet until a reviewer
 *   approves them; 0 (the default) lets every reader in as before;
 * - `reader_approvals`: one row per application and reader held for approval (kind `auditUser` of the
 *   moderation engine, reviewed through `submissions`): its state as the engine last set it (`status`
 *   pending / approved / rejected / withdrawn) and the reason of a rejection, read once per request by
 *   the access check. Unique per application and reader.
 *
 * Same statements on SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('audit_new_users', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable('reader_approvals'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reader_approvals_app_user').on('reader_approvals').columns(['application_id', 'user_id']).unique().execute();
}
