import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '060_comment_versions';

/**
 * The version of each commented target's comments (docs/decisions.md 695): one row per application,
 * target type and target id, its `version` raised in the same transaction as every write that changes
 * what a reader of that target's comments sees (a comment posted, withdrawn, reviewed, liked,
 * reported). A visitor's page of comments is kept in the shared cache under the version it was read
 * in, so a hit costs this one primary-key read. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comment_versions')
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_versions_pk', ['application_id', 'target_type', 'target_id'])
    .execute();
}
