import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '017_restrict_download_default';

/**
 * A site-wide default for new notices' download restriction (docs/decisions.md 227): 0 keeps
 * attachments public, as before.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('restrict_download_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
