import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '057_saved_searches';

/**
 * A reader's saved advanced searches and search history on a site (`/exploreV3`, issue 31 §2;
 * docs/decisions.md 684-685). `saved_searches`: a name, the search as the address's query (`query`),
 * whether new results are sent daily (`notify`), the highest resource id already told of (`seen_id`) and
 * when the last look was (`notified_at`). `search_history`: each search a signed-in reader ran (its
 * query and total), the newest kept. Deleting the user or the application deletes their rows. Throws
 * the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('saved_searches'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_searches_user').on('saved_searches').columns(['user_id', 'application_id', 'id']).execute();
  await db.schema.createIndex('saved_searches_due').on('saved_searches').columns(['notify', 'notified_at']).execute();
  await withId(db.schema.createTable('search_history'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_history_user').on('search_history').columns(['user_id', 'application_id', 'id']).execute();
}
