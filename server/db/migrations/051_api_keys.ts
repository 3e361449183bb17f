import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '051_api_keys';

/**
 * Keys of the public read API (`/open/v1`, server/publicApi; docs/decisions.md 630-639): one row per key
 * of an application, with its name, its scopes (JSON array of read groups), its rate limit per minute,
 * the SHA-256 of the key (hex; the key itself is never stored) and its short visible prefix; `revoked_at`
 * set when a manager revokes it (the row stays, so its use stays counted). `api_key_usage` counts each
 * key's calls per UTC day (`YYYY-MM-DD`). Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('api_keys'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_application').on('api_keys').columns(['application_id', 'id']).execute();
  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
    .execute();
}
