import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '028_audit_log';

/**
 * The audit log of console writes (`/console/logs`; docs/decisions.md 312-317): one row per
 * successful write by a signed-in user, with who, when, from which address, the application, the resource
 * and its id, the action, and the changed fields as JSON. No foreign keys: an entry outlives the user,
 * application or row it names. Indexes serve the console's filters (time, person, application, resource).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_label', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('application_id', 'integer')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('audit_log_application').on('audit_log').columns(['application_id', 'at']).execute();
  await db.schema.createIndex('audit_log_resource').on('audit_log').columns(['resource', 'at']).execute();
}
