import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '027_headlines_titles';

/** (docs/decisions.md 294, 296):
 * - `user_headlines`: the news domains a user follows (host tools API 'headline' getByUserId / save).
 * - `resources_type_title`: (type, title) in code-point order, for the title-prefix suggestions of
 *   scholars and conferences and the journal lookup; PostgreSQL indexes `title collate "C"` so a
 *   prefix range reads the index whatever the database's collation.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_headlines')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('domains', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  if (dialect === 'postgres') await sql`create index resources_type_title on resources (type, (title collate "C"))`.execute(db);
  else await db.schema.createIndex('resources_type_title').on('resources').columns(['type', 'title']).execute();
}
