import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '011_signin';

/**
 * Sign-in (helper accounts-signin, docs/decisions.md 120-134): an application's single
 * sign-on settings and e-mail suffix rule; identities by provider (OpenID subject, anonymous
 * fingerprint hash) linked to users; OAuth clients an application registers for client login.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('oauth_uri', 'text').execute();
  await db.schema.alterTable('applications').addColumn('mail_allow_suffix', 'text').execute();
  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();
  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sso', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}
