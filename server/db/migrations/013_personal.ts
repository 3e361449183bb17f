import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '013_personal';

/**
 * Personalisation (decisions 150-152): users' actions on resources, the 不感兴趣 marks of
 * the recommendation page and journal subscriptions (app_id 0 when made without an application).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('user_actions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_actions_user').on('user_actions').columns(['user_id', 'action', 'created_at']).execute();
  await db.schema.createIndex('user_actions_resource').on('user_actions').columns(['resource_id', 'created_at']).execute();
  await db.schema
    .createTable('recommendation_dismissals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recommendation_dismissals_pk', ['user_id', 'resource_id'])
    .execute();
  await withId(db.schema.createTable('subscriptions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('app_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('subscriptions_key', ['user_id', 'resource_id', 'app_id'])
    .execute();
  await db.schema.createIndex('subscriptions_resource').on('subscriptions').columns(['resource_id']).execute();
}
