import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '020_cache_generation';

/**
 * The generation of the shared visitor cache (server/cache/sharedCache.ts; docs/decisions.md 240):
 * one row, bumped by every write that changes what visitors see.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<{ cache_generation: { id: number; generation: number } }>): Promise<void> {
  await db.schema
    .createTable('cache_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('cache_generation').values({ id: 1, generation: 0 }).execute();
}
