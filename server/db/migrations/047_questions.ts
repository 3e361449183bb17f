import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '047_questions';

/**
 * Reference questions 参考咨询 (`/console/issues`, `/microapp/helix/ask`, `/microapp/helix/faq`;
 * issue 29 item 4; docs/decisions.md 590-599): one row per question (title, plain text, discipline,
 * state, the staff member it is assigned to, its FAQ publication), its thread of answers, asks-back
 * and the reader's supplements, its attachments (keys in the file storage), and each application's
 * answer period in working days. Indexes serve the console's list (application, state, newest first),
 * the reader's 我的咨询, the thread and the public FAQ. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('questions'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('discipline', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('unassigned'))
    .addColumn('assignee_id', 'integer')
    .addColumn('answered_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('faq_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('faq_question', 'text')
    .addColumn('faq_published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_application').on('questions').columns(['application_id', 'state', 'id']).execute();
  await db.schema.createIndex('questions_user').on('questions').columns(['user_id', 'application_id', 'id']).execute();
  await db.schema.createIndex('questions_faq').on('questions').columns(['application_id', 'faq_published', 'id']).execute();

  await withId(db.schema.createTable('question_messages'), dialect)
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('author_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_messages_question').on('question_messages').columns(['question_id', 'id']).execute();

  await withId(db.schema.createTable('question_attachments'), dialect)
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_attachments_question').on('question_attachments').columns(['question_id', 'id']).execute();

  await db.schema
    .createTable('question_settings')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('due_days', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
