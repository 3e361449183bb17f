import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '016_user_rights';

/**
 * User rights take effect (helper user-rights, docs/decisions.md 210-217): a notice may keep its
 * attachments for users with the right `download`; the keys it links to are listed per notice so
 * that GET /files/{key} finds a restriction with one indexed lookup. Existing notices stay public.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('restrict_download', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('restricted_files')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('restricted_files_pk', ['notice_id', 'file_key'])
    .execute();
  await db.schema.createIndex('restricted_files_key').on('restricted_files').column('file_key').execute();
}
