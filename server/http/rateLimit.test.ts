/**
 * The database rate limits (decision 400): a hit is one atomic statement, so simultaneous hits never
 * pass the limit; client addresses are keyed with IPv6 grouped by /64.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { addressKey, hit, unhit } from './rateLimit.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop();
});

describe('hit', () => {
  it('lets exactly `limit` of 50 simultaneous hits through, and a new window starts afresh', async () => {
    const now = new Date('2026-11-20T08:00:00Z');
    const results = await Promise.all(Array.from({ length: 50 }, () => hit(db, 'race', 10, 60_000, now)));
    expect(results.filter(Boolean)).toHaveLength(10);
    const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', 'race').executeTakeFirstOrThrow();
    expect(row.count).toBe(50);
    expect(await hit(db, 'race', 10, 60_000, new Date(now.getTime() + 30_000))).toBe(false);
    expect(await hit(db, 'race', 10, 60_000, new Date(now.getTime() + 60_000))).toBe(true);
    const fresh = await db.selectFrom('rate_limits').selectAll().where('key', '=', 'race').executeTakeFirstOrThrow();
    expect(fresh).toEqual({ key: 'race', window_start: new Date(now.getTime() + 60_000).toISOString(), count: 1 });
  });

  it('gives a hit back, never below 0', async () => {
    const now = new Date('2026-11-20T09:00:00Z');
    expect(await hit(db, 'back', 1, 60_000, now)).toBe(true);
    expect(await hit(db, 'back', 1, 60_000, now)).toBe(false);
    await unhit(db, 'back');
    await unhit(db, 'back');
    await unhit(db, 'back');
    expect((await db.selectFrom('rate_limits').select('count').where('key', '=', 'back').executeTakeFirstOrThrow()).count).toBe(0);
    expect(await hit(db, 'back', 1, 60_000, now)).toBe(true);
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('0:0:0:0:0:FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:2:3::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::10.1.2.3')).toBe('64:ff9b:0:0::/64');
  });
});
