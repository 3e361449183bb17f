import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '050_communities';

/**
 * Communities (社区, issue 29 §5; docs/decisions.md 620-629):
 *
 * - `communities`: the application, name, cover (file key and content type in the uploads storage, or
 *   null), description (plain text), join rule (`open` / `approval` / `invitation`), the time it was
 *   archived (null while active), who created it, the times.
 * - `community_members`: one row per community and account: the role (`owner` / `moderator` /
 *   `member`) and the state (`active`; `requested`: asked to join, waiting for approval; `invited`:
 *   invited, not yet accepted). Indexed for a reader's communities.
 * - `community_posts`: title, plain-text body, pinned (0/1), removed (the time and who, null while
 *   shown), the times. Indexed for a community's page of posts, pinned first, newest first.
 *
 * Comments on posts are the comments of 043 with target type `post`. Same statements on SQLite and
 * PostgreSQL. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('communities'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover_key', 'text')
    .addColumn('cover_type', 'text')
    .addColumn('join_rule', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('communities_application').on('communities').columns(['application_id', 'created_at']).execute();

  await db.schema
    .createTable('community_members')
    .addColumn('community_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('community_members_pk', ['community_id', 'user_id'])
    .execute();
  await db.schema.createIndex('community_members_user').on('community_members').columns(['user_id', 'state']).execute();

  await withId(db.schema.createTable('community_posts'), dialect)
    .addColumn('community_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed_at', 'text')
    .addColumn('removed_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('community_posts_list').on('community_posts').columns(['community_id', 'removed_at', 'pinned', 'created_at']).execute();
}
