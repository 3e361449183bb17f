import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '036_code_requesters';

/**
 * Who asked for each verification code and which mailbox or phone it counts against (decisions 402,
 * 403): `cap_key`, the target as the daily caps count it (an e-mail address without case, quotes,
 * trailing dot of its domain or plus-tag; a phone as it is), and `requester`, the client address that
 * asked (an IPv6 address by its /64; '' when the code was made without one). Codes made before keep
 * their target as `cap_key`. Same statements on SQLite and PostgreSQL; throws the database's error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table verification_codes add column cap_key text not null default ''`.execute(db);
  await sql`alter table verification_codes add column requester text not null default ''`.execute(db);
  await sql`update verification_codes set cap_key = target`.execute(db);
  await sql`create index verification_codes_cap_key on verification_codes (cap_key, created_at)`.execute(db);
}
