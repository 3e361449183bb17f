import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '026_report_files';

/**
 * Research reports (docs/decisions.md 302): a report marked restrictDownload keeps its PDF
 * for readers holding 下载附件 in an application using its topic. As `restricted_files` does for
 * notices, the keys are listed per report so that GET /files/{key} finds a restriction with one indexed
 * lookup; a deleted resource takes its rows with it.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('restricted_resource_files')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('restricted_resource_files_pk', ['resource_id', 'topic_id', 'file_key'])
    .execute();
  await db.schema.createIndex('restricted_resource_files_key').on('restricted_resource_files').column('file_key').execute();
}
