import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '012_roles';

/**
 * Roles and rights (docs/decisions.md #135-#139): application_managers gets an id (for
 * DELETE /api/v1/applications/managers/{id}) and its rights (rows from before hold every right);
 * application_users holds each user's role in an application; applications get role_config and
 * default_user_role. Applications that existed were visible to everyone: they become 'released'.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const allRights = JSON.stringify(['home', 'content', 'settings', 'users']);
  await withId(db.schema.createTable('application_managers_012'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rights', 'text', (c) => c.notNull().defaultTo(allRights))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`insert into application_managers_012 (application_id, user_id) select application_id, user_id from application_managers`.execute(db);
  await db.schema.dropTable('application_managers').execute();
  await db.schema.alterTable('application_managers_012').renameTo('application_managers').execute();
  await db.schema.createIndex('application_managers_app_user').on('application_managers').columns(['application_id', 'user_id']).unique().execute();
  await db.schema.createIndex('application_managers_user').on('application_managers').column('user_id').execute();
  await db.schema
    .createTable('application_users')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('application_users_pk', ['application_id', 'user_id'])
    .execute();
  await db.schema.createIndex('application_users_role').on('application_users').columns(['application_id', 'role_id']).execute();
  await db.schema
    .alterTable('applications')
    .addColumn('role_config', 'text', (c) => c.notNull().defaultTo(JSON.stringify([{ id: 'user', name: '普通用户', rights: [] }])))
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('default_user_role', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.updateTable('applications').set({ status: 'released' }).execute();
}
