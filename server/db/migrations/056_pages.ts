import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '056_pages';

/**
 * Composed pages of an application (`/xrender/{pageId}`, docs/decisions.md 700-705): one row per page
 * with its path id (`page_id`, an ASCII slug unique within the application), its title, its state
 * (`draft` | `published`) and its configuration (`home_config`, JSON in the home configuration's list
 * form); `page_revisions` keeps every saved configuration of a page like `home_config_revisions` keeps
 * the home page's. Deleting the application or the page deletes its rows. Throws the database's error
 * when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('pages'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('home_config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addUniqueConstraint('pages_application_page', ['application_id', 'page_id'])
    .execute();
  await withId(db.schema.createTable('page_revisions'), dialect)
    .addColumn('page_row_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('home_config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_revisions_page').on('page_revisions').columns(['page_row_id', 'id']).execute();
}
