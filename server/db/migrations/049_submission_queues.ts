import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '049_submission_queues';

/**
 * The rows behind the submission review queues of issue 29 §6 (docs/decisions.md 610-619), each reviewed
 * through `submissions` (042):
 *
 * - `resource_recommendations`: a reader's recommended resource (kind `resource_verify`): the application,
 *   the author, how it was given (`mode` link / record / citation), the resource type, title, date and
 *   fields (JSON) to create with their search text, the category and subcategory (suggested by the reader, changed by the
 *   reviewer), and the resource created on approval (`resource_id`, null until then). Indexed for an
 *   author's own.
 *
 * Same statements on SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('resource_recommendations'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('subcategory', 'text')
    .addColumn('resource_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resource_recommendations_author').on('resource_recommendations').columns(['author_id', 'created_at']).execute();
}
