/**
 * Keys of the public read API (docs/decisions.md 631-632, 635): issued by an application's managers,
 * shown once, stored as the SHA-256 of the key beside a short visible prefix, revoked (never deleted, so
 * their use stays counted). A key is `atr_` + 43 characters of base64url (32 random bytes); its prefix
 * is its first 12 characters.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import { PUBLIC_API_SCOPES, type PublicApiScope } from '../../common/publicApi.js';
import type { ApiKey, ApiKeyUsage } from '../../common/contracts/publicApi.js';

/** The length of a key's visible prefix (`atr_` and 8 characters). */
export const PREFIX_LENGTH = 12;

/** SHA-256 of a key, hex (what is stored and looked up). */
export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: `atr_` + base64url of 32 random bytes. */
export const newKey = (): string => `atr_${randomBytes(32).toString('base64url')}`;

/** Today's UTC day, `YYYY-MM-DD`. */
export const utcDay = (d = new Date()): string => d.toISOString().slice(0, 10);

/** The stored scopes of a key as a list (unknown names dropped). */
export function parseScopes(text: string): PublicApiScope[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? PUBLIC_API_SCOPES.filter((s) => v.includes(s)) : [];
  } catch {
    return [];
  }
}

/** A key as the gate needs it. */
export interface KeyRow {
  id: number;
  applicationId: number;
  scopes: PublicApiScope[];
  ratePerMinute: number;
  revoked: boolean;
}

/** The key whose hash is that of `key`, or null. Rejects only with the database's error. */
export async function keyByValue(db: Db, key: string): Promise<KeyRow | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'application_id', 'scopes', 'rate_per_minute', 'revoked_at'])
    .where('key_hash', '=', hashKey(key))
    .executeTakeFirst();
  return row
    ? { id: row.id, applicationId: row.application_id, scopes: parseScopes(row.scopes), ratePerMinute: row.rate_per_minute, revoked: row.revoked_at != null }
    : null;
}

/** Counts one call of key `id` on today's UTC day (one upsert) and notes when it was last used. */
export async function countUse(db: Db, id: number, now = new Date()): Promise<void> {
  await db
    .insertInto('api_key_usage')
    .values({ key_id: id, day: utcDay(now), count: 1 })
    .onConflict((oc) => oc.columns(['key_id', 'day']).doUpdateSet((eb) => ({ count: eb('api_key_usage.count', '+', 1) })))
    .execute();
  await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', id).execute();
}

/** The keys of application `applicationId`, newest first, with today's and all their calls. */
export async function listKeys(db: Db, applicationId: number): Promise<ApiKey[]> {
  const rows = await db.selectFrom('api_keys').selectAll().where('application_id', '=', applicationId).orderBy('id', 'desc').execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const today = utcDay();
  const usage = await db.selectFrom('api_key_usage').select(['key_id', 'day', 'count']).where('key_id', 'in', ids).execute();
  return rows.map((r) => {
    const own = usage.filter((u) => u.key_id === r.id);
    return {
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      scopes: parseScopes(r.scopes),
      ratePerMinute: r.rate_per_minute,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
      lastUsedAt: r.last_used_at,
      today: Number(own.find((u) => u.day === today)?.count ?? 0),
      total: own.reduce((n, u) => n + Number(u.count), 0),
    };
  });
}

/**
 * Issues a key for application `applicationId`: `name`, `scopes`, `ratePerMinute` as given (checked by
 * the route's schema). Answers the stored row as listed plus the key itself, the only time it is told.
 */
export async function createKey(
  db: Db,
  applicationId: number,
  input: { name: string; scopes: PublicApiScope[]; ratePerMinute: number },
  userId: number | null,
): Promise<ApiKey & { key: string }> {
  const key = newKey();
  const now = new Date().toISOString();
  const scopes = PUBLIC_API_SCOPES.filter((s) => input.scopes.includes(s));
  const row = await db
    .insertInto('api_keys')
    .values({
      application_id: applicationId,
      name: input.name,
      prefix: key.slice(0, PREFIX_LENGTH),
      key_hash: hashKey(key),
      scopes: JSON.stringify(scopes),
      rate_per_minute: input.ratePerMinute,
      created_by: userId,
      created_at: now,
      revoked_at: null,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: input.name,
    prefix: key.slice(0, PREFIX_LENGTH),
    scopes,
    ratePerMinute: input.ratePerMinute,
    createdAt: now,
    revokedAt: null,
    lastUsedAt: null,
    today: 0,
    total: 0,
    key,
  };
}

/** Revokes key `keyId` of application `applicationId` (again: no change); 404 when it has no such key. */
export async function revokeKey(db: Db, applicationId: number, keyId: number): Promise<void> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'revoked_at'])
    .where('id', '=', keyId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.apiKeyNotFound);
  if (row.revoked_at == null) await db.updateTable('api_keys').set({ revoked_at: new Date().toISOString() }).where('id', '=', keyId).execute();
}

/** The calls of each key of the applications `applicationIds` over the last `days` UTC days (today first). */
export async function keyUsage(db: Db, applicationIds: number[], days = 7, now = new Date()): Promise<ApiKeyUsage> {
  const dayList = Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - i * 86_400_000)));
  if (!applicationIds.length) return { days: dayList, keys: [] };
  const keys = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'revoked_at'])
    .where('application_id', 'in', applicationIds)
    .orderBy('id', 'desc')
    .execute();
  if (!keys.length) return { days: dayList, keys: [] };
  const usage = await db
    .selectFrom('api_key_usage')
    .select(['key_id', 'day', 'count'])
    .where(
      'key_id',
      'in',
      keys.map((k) => k.id),
    )
    .where('day', '>=', dayList[dayList.length - 1])
    .execute();
  return {
    days: dayList,
    keys: keys.map((k) => {
      const counts = dayList.map((d) => Number(usage.find((u) => u.key_id === k.id && u.day === d)?.count ?? 0));
      return { id: k.id, name: k.name, prefix: k.prefix, revoked: k.revoked_at != null, counts, total: counts.reduce((a, b) => a + b, 0) };
    }),
  };
}
