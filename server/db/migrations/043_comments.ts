import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '043_comments';

/**
 * Readers' comments (docs/decisions.md 557-566), reviewed through `submissions` (042):
 *
 * - `comments`: the application, what it is about (`target_type` notice / resource / report / wechat and
 *   `target_id` as text), the comment it answers (`parent_id`, one level), the author, the plain text,
 *   whether it is shown (`visible` 0/1, set by the moderation state) and whether it waits for approval
 *   before it is shown (`held`), the counts of 点赞 and 举报, the time. Indexed for a page of a target's
 *   shown comments, oldest first, and for an author's own.
 * - `comment_likes`, `comment_reports`: one 点赞 and one 举报 per account and comment.
 * - `comment_settings`: per application, 先审后发 (`pre`) or 先发后审 (`post`), and the target types on
 *   which comments are open (JSON array); no row means 先审后发 on every type.
 * - `sensitive_words`: the application's 敏感词, one row per word.
 *
 * Same statements on SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('comments'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_target').on('comments').columns(['application_id', 'target_type', 'target_id', 'visible', 'created_at']).execute();
  await db.schema.createIndex('comments_author').on('comments').columns(['author_id', 'created_at']).execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('comment_reports')
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reports_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('comment_settings')
    .addColumn('application_id', 'integer', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sensitive_words')
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sensitive_words_pk', ['application_id', 'word'])
    .execute();
}
