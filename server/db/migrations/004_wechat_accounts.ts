import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '004_wechat_accounts';

/**
 * Official accounts bound to an application (spec 1 §1 'wechat account binding', spec 2 §7
 * POST/DELETE /api/v1/applications/{id}/wechat); a wechatId is bound at most once per application.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('wechat_accounts'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('wechat_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wechat_accounts_app_wechat').on('wechat_accounts').columns(['application_id', 'wechat_id']).unique().execute();
  await db.schema.createIndex('wechat_accounts_wechat').on('wechat_accounts').column('wechat_id').execute();
}
