/**
 * Fixed-window rate limits kept in the database, so that several processes share them (docs/architecture.md §Scale).
 * Each hit is one atomic statement (decision 400): simultaneous hits never slip past the limit.
 */
import { isIPv6 } from 'node:net';
import type { Db } from '../db/index.js';

/**
 * Counts one hit on `key` and answers whether it is within `limit`, with the seconds left of the current
 * window of `windowMs` ms (at least 1; the window starts with the first hit after the last one ended).
 * One upsert that increments (or starts a new window) and returns the count, on SQLite and PostgreSQL
 * alike, so that concurrent hits each see their own count (decision 400). Rejects only with the
 * database's error.
 */
export async function hitWindow(db: Db, key: string, limit: number, windowMs: number, now = new Date()): Promise<{ ok: boolean; retryAfter: number }> {
  const start = now.toISOString();
  const ended = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', ended)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb.case().when('rate_limits.window_start', '<=', ended).then(start).else(eb.ref('rate_limits.window_start')).end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const left = Date.parse(row.window_start) + windowMs - now.getTime();
  return { ok: Number(row.count) <= limit, retryAfter: Math.max(1, Math.ceil(left / 1000)) };
}

/** Counts one hit on `key` ({@link hitWindow}); false when more than `limit` hits fell in the window of `windowMs` ms. */
export async function hit(db: Db, key: string, limit: number, windowMs: number, now = new Date()): Promise<boolean> {
  return (await hitWindow(db, key, limit, windowMs, now)).ok;
}

/**
 * Gives back one hit on `key` (a counted attempt that turned out not to count, decision 401); never
 * below 0. Rejects only with the database's error.
 */
export async function unhit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

/**
 * The key under which a client address is limited (decision 400): an IPv4 address as it is (also when
 * written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address by its /64 (`2001:db8:1:2::/64`), since one
 * subscriber is handed a whole /64. Anything else (not an IP address) is returned lower-cased.
 */
export function addressKey(ip: string): string {
  const bare = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(bare)) return bare;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  // a dotted IPv4 tail stands for the last two groups
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  const n = all.map((g) => parseInt(g, 16));
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare)?.[1];
  if (dotted && n.slice(0, 5).every((g) => g === 0) && n[5] === 0xffff) return dotted;
  return `${n
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
