import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '018_wechat_tickets';

/**
 * The QR tickets of the official-account WeChat provider (decision 229): the scan event may reach
 * any server process, the browser's 完成绑定 another one.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wechat_tickets')
    .addColumn('ticket', 'text', (c) => c.primaryKey())
    .addColumn('openid', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
