/**
 * The purge of expired rows (decision 277), on the database of the project (SQLite or
 * PostgreSQL): rows past their expiry go, live ones stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { purgeExpired, startPurge, RATE_WINDOW_KEEP_MS } from './purge.js';
import { DAILY_CODE_WINDOW_MS } from '../../common/constants.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
const now = new Date('2026-11-26T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const H = 3600_000;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.drop();
});

async function seed() {
  const user = await db
    .insertInto('users')
    .values({ phone: '13900000077', email: null, name: '清理', affiliation: '', role: 'user', anonymous: 0, created_at: at(-100 * H) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sessions')
    .values([
      { token_hash: 'expired', user_id: user.id, created_at: at(-8 * 24 * H), expires_at: at(-1000) },
      { token_hash: 'live', user_id: user.id, created_at: at(-H), expires_at: at(6 * 24 * H) },
    ])
    .execute();
  const code = (target: string, createdMs: number, used: number) => ({
    target,
    code_hash: 'x',
    attempts: 0,
    used,
    created_at: at(createdMs),
    expires_at: at(createdMs + 5 * 60_000),
  });
  await db
    .insertInto('verification_codes')
    .values([
      code('sms:old-used', -DAILY_CODE_WINDOW_MS - H, 1),
      code('sms:old-unused', -DAILY_CODE_WINDOW_MS - 1000, 0),
      // used or expired but still counted by the daily limit: kept
      code('sms:today-used', -2 * H, 1),
      code('sms:today-expired', -H, 0),
      code('sms:live', -60_000, 0),
    ])
    .execute();
  await db
    .insertInto('rate_limits')
    .values([
      { key: 'sms-ip:old', window_start: at(-RATE_WINDOW_KEEP_MS - 1000), count: 3 },
      { key: 'sms-ip:current', window_start: at(-30_000), count: 1 },
    ])
    .execute();
  await db
    .insertInto('request_nonces')
    .values([
      { nonce: 'n-old', expires_at: at(-1) },
      { nonce: 'n-live', expires_at: at(60_000) },
    ])
    .execute();
  await db
    .insertInto('wechat_tickets')
    .values([
      { ticket: 't-old', openid: null, expires_at: at(-1000) },
      { ticket: 't-live', openid: 'o1', expires_at: at(60_000) },
    ])
    .execute();
  await db
    .insertInto('used_login_links')
    .values([
      { link_hash: 'l-old', expires_at: at(-1000) },
      { link_hash: 'l-live', expires_at: at(H) },
    ])
    .execute();
  const analysis = (key: string, heartbeatMs: number) => ({
    key,
    generation: 1,
    status: 'ready' as const,
    result: '{}',
    owner: 'p',
    started_at: at(heartbeatMs),
    heartbeat_at: at(heartbeatMs),
    finished_at: at(heartbeatMs),
  });
  await db
    .insertInto('literature_analyses')
    .values([analysis('a-old', -25 * H), analysis('a-live', -H)])
    .execute();
}

describe('purgeExpired', () => {
  it('deletes the rows past their expiry and keeps the live ones, with counts', async () => {
    await seed();
    const counts = await purgeExpired(db, now);
    expect(counts).toEqual({
      sessions: 1,
      verificationCodes: 2,
      rateLimits: 1,
      requestNonces: 1,
      wechatTickets: 1,
      usedLoginLinks: 1,
      auditLog: 0,
      browsingHistory: 0,
      ddsFiles: 0,
      literatureAnalyses: 1,
    });
    expect((await db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['live']);
    expect((await db.selectFrom('verification_codes').select('target').orderBy('target').execute()).map((r) => r.target)).toEqual([
      'sms:live',
      'sms:today-expired',
      'sms:today-used',
    ]);
    expect((await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['sms-ip:current']);
    expect((await db.selectFrom('request_nonces').select('nonce').execute()).map((r) => r.nonce)).toEqual(['n-live']);
    expect((await db.selectFrom('wechat_tickets').select('ticket').execute()).map((r) => r.ticket)).toEqual(['t-live']);
    expect((await db.selectFrom('used_login_links').select('link_hash').execute()).map((r) => r.link_hash)).toEqual(['l-live']);
    expect((await db.selectFrom('literature_analyses').select('key').execute()).map((r) => r.key)).toEqual(['a-live']);
    // a second purge finds nothing more
    expect(Object.values(await purgeExpired(db, now)).every((n) => n === 0)).toBe(true);
  });

  it('runs at start on a schedule that stops, and logs a failure instead of throwing', async () => {
    await db.insertInto('request_nonces').values({ nonce: 'n-stale', expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const lines: string[] = [];
    const log = {
      info: (_o: object, m: string) => {
        lines.push(m);
      },
      warn: (_o: object, m: string) => {
        lines.push(m);
      },
    };
    const schedule = startPurge(db, 60_000, log);
    expect((await schedule.first)?.requestNonces).toBeGreaterThanOrEqual(1);
    await schedule.stop();
    expect(await db.selectFrom('request_nonces').select('nonce').where('nonce', '=', 'n-stale').executeTakeFirst()).toBeUndefined();
    expect(lines.some((l) => l.includes('已清理过期数据'))).toBe(true);
    expect(await startPurge(db, 0, log).first).toBeNull();
    const broken = {
      deleteFrom() {
        throw new Error('数据库不可用');
      },
    } as unknown as Db;
    const failing = startPurge(broken, 60_000, log);
    expect(await failing.first).toBeNull();
    await failing.stop();
    expect(lines.at(-1)).toMatch(/清理过期数据失败.*数据库不可用/);
  });
});
