import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '014_account';

/**
 * Account settings and personal topic links (helper settings, docs/decisions.md 160-169): a WeChat
 * identity on the user, the user's ordered topic links, and the scholar profile a user claims.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('wechat_openid', 'text').execute();
  await db.schema.createIndex('users_wechat_openid').on('users').column('wechat_openid').unique().execute();
  await withId(db.schema.createTable('user_links'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('resource_object', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_links_user_kind').on('user_links').columns(['user_id', 'kind', 'position']).execute();
  await db.schema
    .createTable('scholar_claims')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().unique().references('resources.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
