import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '034_detail_signin';

/**
 * The site setting 详情页需登录 (spec 1 §2 lists /microapp/** and /container/** among the
 * routes that need login): 1 sends a visitor who is not signed in from those pages to sign in. 0 (the
 * default) keeps every site as public as before. Same statement on SQLite and PostgreSQL.
 * Throws the database's error when the statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('detail_signin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
