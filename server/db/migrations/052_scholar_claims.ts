import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '052_scholar_claims';

/**
 * The rows of 学者认证与成果认领 (issue 29 §6; docs/decisions.md 650-656), each request reviewed through
 * `submissions` (042):
 *
 * - `scholar_requests` (kind `user_examine`): a reader's claim of a scholar profile (`request` 'claim',
 *   with its evidence: a verified `email` at the institution's domain, or a stored `document_key` with
 *   its name and content type) or the verified owner's edit of its biography and links (`request`
 *   'profile', `biography` and `links` JSON [{title,url}]); the note is plain text.
 * - `scholar_verifications`: the verified link of one account and one scholar profile (both unique:
 *   one account per profile and one profile per account, decision 651), written on approval of a claim.
 * - `fruit_appeals` (kind `fruit_appeal`): a verified scholar's 认领 (`mode` 'claim') or 申诉 ('appeal')
 *   of a research output (`resource_id`), with the reason.
 * - `output_authors`: the output's author links to scholars (decision 655): `state` 'author' (claimed) or
 *   'disputed' (the scholar is not its author), one row per output and scholar.
 * - `attribution_history`: every change of an author link: the output, the scholar, the link before and
 *   after ('' none, 'author', 'disputed'), who changed it, when, and the submission.
 *
 * Same statements on SQLite and PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('scholar_requests'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('scholar_id', 'integer', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text')
    .addColumn('email', 'text')
    .addColumn('document_key', 'text')
    .addColumn('document_name', 'text')
    .addColumn('document_type', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('biography', 'text')
    .addColumn('links', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scholar_requests_author').on('scholar_requests').columns(['author_id', 'created_at']).execute();
  await db.schema.createIndex('scholar_requests_scholar').on('scholar_requests').columns(['scholar_id', 'request']).execute();
  await db.schema
    .createTable('scholar_verifications')
    .addColumn('scholar_id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('fruit_appeals'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('scholar_id', 'integer', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fruit_appeals_author').on('fruit_appeals').columns(['author_id', 'created_at']).execute();
  await db.schema
    .createTable('output_authors')
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('scholar_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('output_authors_pk', ['resource_id', 'scholar_id'])
    .execute();
  await db.schema.createIndex('output_authors_scholar').on('output_authors').columns(['scholar_id', 'state']).execute();
  await withId(db.schema.createTable('attribution_history'), dialect)
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('scholar_id', 'integer', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('submission_id', 'integer')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attribution_history_resource').on('attribution_history').columns(['resource_id', 'at']).execute();
}
