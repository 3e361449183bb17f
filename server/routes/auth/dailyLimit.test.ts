/**
 * Daily caps on verification codes (decisions 247, 402, 403): DAILY_CODE_LIMIT codes in
 * 24 hours to one phone or mailbox at the request of one client address, then 429 今日验证码发送次数已达上限;
 * DAILY_CODE_TARGET_LIMIT whoever asks; a day later codes go again. Spellings of one mailbox count as one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DAILY_CODE_LIMIT, DAILY_CODE_TARGET_LIMIT, DAILY_CODE_WINDOW_MS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { capKey, issueCode } from '../../auth/service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('daily code limit', () => {
  it.each(['sms:13600001111', 'email:reader@example.cn'])('sends %s at most DAILY_CODE_LIMIT codes a day, a minute apart', async (target) => {
    const t0 = Date.parse('2026-11-20T08:00:00Z');
    for (let i = 0; i < DAILY_CODE_LIMIT; i += 1) {
      await expect(issueCode(ctx.db, 'k', target, new Date(t0 + i * 61_000))).resolves.toMatch(/^\d{6}$/);
    }
    await expect(issueCode(ctx.db, 'k', target, new Date(t0 + DAILY_CODE_LIMIT * 61_000))).rejects.toMatchObject({ status: 429, message: MSG.codeDailyLimit });
    const rows = await ctx.db.selectFrom('verification_codes').select('id').where('target', '=', target).execute();
    expect(rows).toHaveLength(DAILY_CODE_LIMIT);
    // a day after the first one, a code goes again
    await expect(issueCode(ctx.db, 'k', target, new Date(t0 + DAILY_CODE_WINDOW_MS + 1000))).resolves.toMatch(/^\d{6}$/);
  });

  it('answers the API with 429 and the Chinese message once the asking address has had its codes', async () => {
    const phone = '13600002222';
    const t0 = Date.now() - 60 * 60_000;
    for (let i = 0; i < DAILY_CODE_LIMIT; i += 1) await issueCode(ctx.db, 'k', `sms:${phone}`, { address: '10.66.0.1', now: new Date(t0 + i * 61_000) });
    const r = await ctx.client('10.66.0.1').put('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone });
    expect(r.status).toBe(429);
    expect(r.body.error.message).toBe(MSG.codeDailyLimit);
  });
});

describe('a stranger cannot lock the owner out (decision 402)', () => {
  it("leaves the owner's address its codes after a stranger used up theirs, up to the phone's own ceiling", async () => {
    const phone = '13600003333';
    const t0 = Date.now() - 3 * 60 * 60_000;
    let n = 0;
    const backdated = (address: string) => issueCode(ctx.db, 'k', `sms:${phone}`, { address, now: new Date(t0 + n++ * 61_000) });
    // the stranger at A asks for the owner's phone until refused
    for (let i = 0; i < DAILY_CODE_LIMIT; i += 1) await backdated('10.67.0.1');
    const stranger = ctx.client('10.67.0.1');
    const refused = await stranger.put('/api/v3/oauth/digits', { mobile_number: phone });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(MSG.codeDailyLimit);
    // the owner at B still gets a code, and signs in with it
    const owner = ctx.client('10.67.0.2');
    const sent = await owner.put('/api/v3/oauth/digits', { mobile_number: phone });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.codeSent);
    const rows = await ctx.db.selectFrom('verification_codes').select(['requester']).where('target', '=', `sms:${phone}`).orderBy('id').execute();
    expect(rows.map((r) => r.requester)).toEqual([...Array<string>(DAILY_CODE_LIMIT).fill('10.67.0.1'), '10.67.0.2']);
    expect((await owner.post('/api/v3/oauth/digits', { mobile_number: phone, sms_code: ctx.lastCode(phone) })).status).toBe(200);
    // a stranger from another /64 of the same network counts with the first one
    await ctx.db.deleteFrom('verification_codes').where('target', '=', `sms:${phone}`).where('requester', '=', '10.67.0.2').execute();
    for (let i = 0; i < DAILY_CODE_LIMIT; i += 1) await backdated('2001:db8:9:9::1');
    const sameNet = await ctx.client('2001:db8:9:9:ffff::2').put('/api/v3/oauth/digits', { mobile_number: phone });
    expect(sameNet.body.error.message).toBe(MSG.codeDailyLimit);
    // the phone's ceiling holds whoever asks
    for (let a = 3; n < DAILY_CODE_TARGET_LIMIT; a += 1) await backdated(`10.67.0.${a}`);
    const late = await ctx.client('10.67.1.1').put('/api/v3/oauth/digits', { mobile_number: phone });
    expect(late.status).toBe(429);
    expect(late.body.error.message).toBe(MSG.codeTargetDailyLimit);
    expect(await ctx.db.selectFrom('verification_codes').select('id').where('target', '=', `sms:${phone}`).execute()).toHaveLength(DAILY_CODE_TARGET_LIMIT);
  });
});

describe('spellings of one mailbox share its caps (decision 403)', () => {
  const variants = ['cap-test@example.cn', 'cap-test@example.cn.', '"cap-test"@example.cn', 'cap-test+1@example.cn', 'CAP-TEST+news@Example.CN.'];

  it('reads every spelling as the same mailbox', () => {
    for (const v of variants) expect(capKey(`email:${v.toLowerCase()}`)).toBe('email:cap-test@example.cn');
    expect(capKey('email:"a\\"b"@example.cn')).toBe('email:a"b@example.cn');
    expect(capKey('email:other@example.cn')).toBe('email:other@example.cn');
    expect(capKey('sms:13600001111')).toBe('sms:13600001111');
  });

  it('counts each spelling against the same daily cap and the same one-a-minute rule', async () => {
    const c = ctx.client('10.68.0.1');
    const first = await c.put('/api/v1/oauth/email/digits', { email: variants[0] });
    expect(first.status).toBe(200);
    for (const email of variants.slice(1)) {
      const r = await c.put('/api/v1/oauth/email/digits', { email });
      expect(r.status).toBe(429);
      expect(r.body.error.message).toBe(MSG.sendTooOften);
    }
    // the day's codes, asked in every spelling a minute apart (a new minute for the address's own limit)
    await ctx.db.deleteFrom('verification_codes').execute();
    await ctx.db.deleteFrom('rate_limits').where('key', '=', 'mail-ip:10.68.0.1').execute();
    const t0 = Date.now() - 60 * 60_000;
    for (let i = 0; i < DAILY_CODE_LIMIT; i += 1) {
      const email = variants[i % variants.length].toLowerCase();
      await issueCode(ctx.db, 'k', `email:${email}`, { address: '10.68.0.1', now: new Date(t0 + i * 61_000) });
    }
    for (const email of variants) {
      const r = await c.put('/api/v1/oauth/email/digits', { email });
      expect(r.status).toBe(429);
      expect(r.body.error.message).toBe(MSG.codeDailyLimit);
    }
    expect(await ctx.db.selectFrom('verification_codes').select('id').execute()).toHaveLength(DAILY_CODE_LIMIT);
  });
});
