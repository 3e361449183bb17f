import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '038_import_staging';

/**
 * A console import that stays invisible until it is published (docs/decisions.md 410): on SQLite the
 * import task writes in short transactions, so that the server's other writes never wait long for it,
 * and marks what it wrote until it is published.
 *
 * - `resources.import_task`: the task that created the record and has not published it yet (null for
 *   every published record).
 * - `resource_topics.import_task`: the task whose unpublished topic link this is (the link is written
 *   with `published = 0`, which no visitor reads, and is published with the others at the end).
 * - `tasks.publishing`: 1 once the task began to publish (its commit point: from then on a cancel is not
 *   heard, and a task cut off by a stopped server is run again, so that it ends complete).
 *
 * Partial indexes find a task's rows (there are none outside a running import). Same statements on
 * SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resources').addColumn('import_task', 'integer').execute();
  await db.schema.alterTable('resource_topics').addColumn('import_task', 'integer').execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('publishing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index resources_import_task on resources (import_task) where import_task is not null`.execute(db);
  await sql`create index resource_topics_import_task on resource_topics (import_task, resource_id) where import_task is not null`.execute(db);
}
