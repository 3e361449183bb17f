import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '031_session_devices';

/**
 * The device and address of a session (`/console/settings/account`, decision 337): the
 * browser's User-Agent (at most 300 characters) and the client address it signed in from, both shown
 * to the session's own user only, so that they can tell their devices apart and end one of them.
 * Sessions made before this migration have neither. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
}
