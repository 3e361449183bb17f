import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '0001_initial';

/**
 * The first schema (the foundation slice): users, sessions, codes and rate limits; topics, their
 * categories and resources; applications and their managers; notices and links. Its stored name has
 * four digits (the only one); its file has three, like the others.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('affiliation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('verification_codes'), dialect)
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['target', 'created_at']).execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('topics'), dialect)
    .addColumn('title', 'text', (c) => c.notNull().unique())
    .addColumn('cover', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('categories'), dialect)
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_topic').on('categories').columns(['topic_id', 'parent_id', 'label']).unique().execute();
  await withId(db.schema.createTable('applications'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull().unique())
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
    .addColumn('logo', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('home_config', 'text', (c) => c.notNull())
    .addColumn('header_config', 'text', (c) => c.notNull())
    .addColumn('footer_config', 'text', (c) => c.notNull())
    .addColumn('theme_config', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('application_managers')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('application_managers_pk', ['application_id', 'user_id'])
    .execute();
  await withId(db.schema.createTable('resources'), dialect)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resources_type_key').on('resources').columns(['type', 'source_key']).unique().execute();
  await db.schema.createIndex('resources_type_date').on('resources').columns(['type', 'date']).execute();
  await db.schema
    .createTable('resource_topics')
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('category_one', 'text')
    .addColumn('category_two', 'text')
    .addPrimaryKeyConstraint('resource_topics_pk', ['resource_id', 'topic_id'])
    .execute();
  await db.schema.createIndex('resource_topics_topic').on('resource_topics').columns(['topic_id', 'category_one', 'category_two']).execute();
  await withId(db.schema.createTable('notices'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('module_id', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('publish_date_time', 'text', (c) => c.notNull())
    .addColumn('create_date_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_app').on('notices').columns(['application_id', 'active', 'publish_date_time']).execute();
  await withId(db.schema.createTable('links'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('module_id', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('cover', 'text')
    .addColumn('link_category', 'text')
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('publish_date_time', 'text', (c) => c.notNull())
    .addColumn('create_date_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('links_app').on('links').columns(['application_id', 'active', 'publish_date_time']).execute();
}
