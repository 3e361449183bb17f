import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '015_request_nonces';

/**
 * Signed requests (spec 2 §7 'Request wrapper', decision 222): nonces of writes, shared by processes.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_nonces_expires').on('request_nonces').column('expires_at').execute();
}
