import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '006_home_config_revisions';

/**
 * Every saved home config is kept as a revision: who, when, what
 * changed, and the whole config, so an older one can be previewed and restored. Read newest first
 * per application; at most HOME_CONFIG_REVISIONS_KEPT per application (docs/decisions.md 61).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('home_config_revisions'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('home_config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index home_config_revisions_app on home_config_revisions (application_id, id desc)`.execute(db);
}
