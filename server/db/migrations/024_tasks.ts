import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '024_tasks';

/**
 * Background tasks (docs/decisions.md 267): imports from the console run as persisted
 * tasks with their progress, log of skipped rows, cancel and retry; a task left running by a
 * stopped server is marked interrupted when the next one starts.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('tasks'), dialect)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owner', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text')
    .execute();
  await db.schema.createIndex('tasks_status').on('tasks').columns(['status', 'id']).execute();
}
