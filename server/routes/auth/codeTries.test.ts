/**
 * Wrong tries of sign-in codes under attack (decisions 400, 401): a code is compared at most
 * CODE_MAX_TRIES times even when the guesses arrive together, the per-address limit groups an IPv6 /64,
 * and a phone takes at most CODE_TRIES_PER_TARGET_PER_HOUR wrong tries an hour across its codes
 * (CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR of them from one address).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { CODE_MAX_TRIES, CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR, CODE_TRIES_PER_TARGET_PER_HOUR } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { issueCode } from '../../auth/service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A client that already holds its XSRF cookie and signing key, so that its calls can go together. */
async function ready(ip: string): Promise<Client> {
  const c = ctx.client(ip);
  await c.get('/healthz');
  await c.signingKey();
  return c;
}

/** The i-th wrong code for `right` (never `right` itself for i < 999,999). */
const wrongCode = (right: string, i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');

const codeRow = (target: string) =>
  ctx.db.selectFrom('verification_codes').selectAll().where('target', '=', target).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('simultaneous wrong guesses', () => {
  it('compares at most CODE_MAX_TRIES of 40 simultaneous wrong guesses, and the right code is then refused', async () => {
    const phone = '13800000021';
    expect((await ctx.client('10.76.0.1').put('/api/v3/oauth/digits', { mobile_number: phone })).status).toBe(200);
    const right = ctx.lastCode(phone);
    const stored = await codeRow(`sms:${phone}`);
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => ready(`10.77.${i}.1`)));
    // count the comparisons made against this code's stored hash (the timing-safe compare of checkCode)
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    let compared: number;
    let answers: { status: number; body: { error?: { message: string } } }[];
    try {
      answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => clients[i % 8].post('/api/v3/oauth/digits', { mobile_number: phone, sms_code: wrongCode(right, i) })),
      );
      compared = spy.mock.calls.filter(([a]) => Buffer.from(a as Uint8Array).toString('hex') === stored.code_hash).length;
    } finally {
      spy.mockRestore();
    }
    expect(compared).toBe(CODE_MAX_TRIES);
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.body.error?.message === MSG.codeWrongOrExpired)).toHaveLength(CODE_MAX_TRIES - 1);
    expect((await codeRow(`sms:${phone}`)).attempts).toBe(CODE_MAX_TRIES);

    const late = await clients[0].post('/api/v3/oauth/digits', { mobile_number: phone, sms_code: right });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(MSG.codeTooManyTries);
    expect((await clients[0].get('/api/v1/session')).body.user).toBeNull();
    expect((await codeRow(`sms:${phone}`)).used).toBe(0);
  });
});

describe('per-address limit', () => {
  it('counts every address of one IPv6 /64 together, and another /64 apart', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i += 1) {
      const c = ctx.client(`2001:db8:5:7:${i.toString(16)}::${i}`);
      statuses.push((await c.post('/api/v3/oauth/digits', { mobile_number: '13800000031', sms_code: '123456' })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await ctx.client('2001:db8:5:8::1').post('/api/v3/oauth/digits', { mobile_number: '13800000031', sms_code: '123456' });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(MSG.codeWrongOrExpired);
  });
});

describe('wrong tries per phone across codes', () => {
  it('refuses tries past the per-address and per-phone hourly limits with 429 and a Chinese message', async () => {
    const phone = '13800000041';
    const target = `sms:${phone}`;
    const t0 = Date.now() - 5 * 60_000 + 10_000;
    let codes = 0;
    /** a new code for the phone, a minute after the last one (the earlier ones are dead by then) */
    const newCode = async () => issueCode(ctx.db, ctx.config.secret, target, new Date(t0 + codes++ * 61_000));
    /** `n` wrong tries from `c`, their statuses and messages */
    const tries = async (c: Client, right: string, n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const r = await c.post('/api/v3/oauth/digits', { mobile_number: phone, sms_code: wrongCode(right, i) });
        out.push(`${r.status} ${r.body.error.message}`);
      }
      return out;
    };
    const a = ctx.client('10.78.0.1');
    const b = ctx.client('10.78.0.2');
    const c = ctx.client('10.78.0.3');
    const perAddress = CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR / CODE_MAX_TRIES;
    const perPhone = CODE_TRIES_PER_TARGET_PER_HOUR / CODE_MAX_TRIES;
    expect(Number.isInteger(perAddress) && Number.isInteger(perPhone)).toBe(true);
    // address A uses up its wrong tries for the phone, code after code
    for (let k = 0; k < perAddress; k += 1) {
      const answers = await tries(a, await newCode(), CODE_MAX_TRIES);
      expect(answers.at(-1)).toBe(`400 ${MSG.codeTooManyTries}`);
    }
    let right = await newCode();
    expect(await tries(a, right, 1)).toEqual([`429 ${MSG.codeTargetTriesLimit}`]);
    expect((await codeRow(target)).attempts).toBe(0);
    // other addresses go on until the phone's own limit
    const others = [b, c];
    let tried = CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR;
    for (let k = 0; tried < CODE_TRIES_PER_TARGET_PER_HOUR; k += 1) {
      if (k > 0) right = await newCode();
      const who = others[Math.floor((k * CODE_MAX_TRIES) / CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR)];
      expect((await tries(who, right, CODE_MAX_TRIES)).at(-1)).toBe(`400 ${MSG.codeTooManyTries}`);
      tried += CODE_MAX_TRIES;
    }
    expect(perPhone).toBeGreaterThan(perAddress);
    right = await newCode();
    const d = ctx.client('10.78.0.4');
    expect(await tries(d, right, 1)).toEqual([`429 ${MSG.codeTargetTriesLimit}`]);
    // the refused tries were not compared: the fresh code still has all its tries
    expect((await codeRow(target)).attempts).toBe(0);
  });

  it('counts wrong tries only: right codes in between do not use up the limit', async () => {
    const phone = '13800000042';
    const a = ctx.client('10.79.0.1');
    let k = 0;
    const newCode = () => issueCode(ctx.db, ctx.config.secret, `sms:${phone}`, new Date(Date.now() + k++ * 61_000));
    const post = (code: string) => a.post('/api/v3/oauth/digits', { mobile_number: phone, sms_code: code });
    let wrong = 0;
    // codes each tried wrong CODE_MAX_TRIES - 1 times, then signed in with
    while (wrong + CODE_MAX_TRIES - 1 < CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR) {
      const right = await newCode();
      for (let i = 0; i < CODE_MAX_TRIES - 1; i += 1) expect((await post(wrongCode(right, i))).status).toBe(400);
      wrong += CODE_MAX_TRIES - 1;
      expect((await post(right)).status).toBe(200);
    }
    const right = await newCode();
    for (; wrong < CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR; wrong += 1) {
      const r = await post(wrongCode(right, wrong));
      expect(r.status).toBe(400);
    }
    const over = await post(wrongCode(right, 99));
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(MSG.codeTargetTriesLimit);
  });
});
