import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '042_moderation';

/**
 * The moderation engine (docs/decisions.md 550-556): one `submissions` table for every kind of thing a
 * reader submits and staff review, and the `notifications` the author receives.
 *
 * - `submissions`: the application, the kind (`comment`, …), the id of the submitted row of that kind
 *   (`ref_id`), its author, a short text for the queue (`summary`), the state (`pending`, `approved`,
 *   `rejected`, `withdrawn`), why it waits for a reviewer (`flags`, JSON array) and the words to mark
 *   (`marks`, JSON array), the rejection reason the author sees, the reviewer and the times.
 *   Indexed for the console list (application, kind, state, newest first) and the badge.
 * - `notifications`: one row per message to a reader (站内信 kept for the personal centre): the user, the
 *   application, the title and text (plain text), a link, when it was written and read.
 * - Existing managers holding 内容管理 get the new right `review` (审核), so that the comments of a
 *   site that had no queue before are reviewed by the people who managed its content.
 *
 * Same statements on SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('submissions'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('marks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reason', 'text')
    .addColumn('reviewer_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema.createIndex('submissions_queue').on('submissions').columns(['application_id', 'kind', 'status', 'created_at']).execute();
  await db.schema.createIndex('submissions_ref').on('submissions').columns(['kind', 'ref_id']).unique().execute();
  await db.schema.createIndex('submissions_author').on('submissions').columns(['author_id', 'created_at']).execute();

  await withId(db.schema.createTable('notifications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('application_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'created_at']).execute();

  await sql`update application_managers set rights = replace(rights, '"content"', '"content","review"') where rights like '%"content"%' and rights not like '%"review"%'`.execute(
    db,
  );
}
