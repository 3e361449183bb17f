/**
 * A daily cap on verification codes per phone and per e-mail address (issue 10 §8; decision 247):
 * DAILY_CODE_LIMIT codes in 24 hours, then 429 今日验证码发送次数已达上限; a day later codes go again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DAILY_CODE_LIMIT, DAILY_CODE_WINDOW_MS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { issueCode } from '../../auth/service.js';

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

  it('answers the API with 429 and the Chinese message once the cap is reached', async () => {
    const phone = '13600002222';
    const t0 = Date.now() - 60 * 60_000;
    for (let i = 0; i < DAILY_CODE_LIMIT; i += 1) await issueCode(ctx.db, 'k', `sms:${phone}`, new Date(t0 + i * 61_000));
    const r = await ctx.client().put('/api/v3/oauth/digits', { country_code: '86', mobile_number: phone });
    expect(r.status).toBe(429);
    expect(r.body.error.message).toBe(MSG.codeDailyLimit);
  });
});
