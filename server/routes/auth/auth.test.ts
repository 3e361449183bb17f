/** Sign-in by SMS code (spec 1 §5, spec 2 §5 and §7 'Login'). */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('SMS sign-in', () => {
  it('sends a 6-digit code to the outbox and signs in with it', async () => {
    const c = ctx.client();
    const sent = await c.put('/api/v3/oauth/digits', { country_code: '86', mobile_number: '13800000001' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.codeSent);
    const line = JSON.parse(fs.readFileSync(ctx.outbox, 'utf8').trim().split('\n').at(-1)!);
    expect(line.to).toBe('13800000001');
    expect(line.text).toMatch(/\d{6}/);
    expect(typeof line.at).toBe('string');
    const stored = await ctx.db.selectFrom('verification_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).not.toContain(ctx.lastCode('13800000001'));

    const signedIn = await c.post('/api/v3/oauth/digits', { country_code: '86', mobile_number: '13800000001', sms_code: ctx.lastCode('13800000001') });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.phone).toBe('138****0001');
    const me = await c.get('/api/v1/session');
    expect(me.body.user.name).toBe('用户0001');
    const session = await ctx.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(c.cookies.get('atrium_session'));
  });

  it('refuses a malformed phone or code with the Chinese messages, writing nothing', async () => {
    const c = ctx.client();
    const before = await ctx.db.selectFrom('verification_codes').select('id').execute();
    const r1 = await c.put('/api/v3/oauth/digits', { country_code: '86', mobile_number: '12345' });
    expect(r1.status).toBe(400);
    expect(r1.body.error.message).toBe(MSG.phoneInvalid);
    expect(r1.body.error.fields['body.mobile_number']).toBe(MSG.phoneInvalid);
    const r2 = await c.put('/api/v3/oauth/digits', { country_code: '86' });
    expect(r2.status).toBe(400);
    expect(r2.body.error.fields['body.mobile_number']).toBe(MSG.phoneRequired);
    const r3 = await c.post('/api/v3/oauth/digits', { country_code: '86', mobile_number: '13800000002', sms_code: '12ab' });
    expect(r3.status).toBe(400);
    expect(r3.body.error.message).toBe(MSG.codeInvalid);
    const r4 = await c.request('PUT', '/api/v3/oauth/digits', undefined, { raw: '{"mobile_number":' });
    expect(r4.status).toBe(400);
    expect(r4.body.error.message).toBe(MSG.badJson);
    const r5 = await c.request('PUT', '/api/v3/oauth/digits', undefined, { raw: '[1,2,3]' });
    expect(r5.status).toBe(400);
    const after = await ctx.db.selectFrom('verification_codes').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('refuses unsafe calls without the XSRF header', async () => {
    const c = ctx.client();
    const r = await c.request('PUT', '/api/v3/oauth/digits', { mobile_number: '13800000003' }, { xsrf: false });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.xsrfMissing);
  });

  it('limits sending to one per minute per phone', async () => {
    const c = ctx.client();
    expect((await c.put('/api/v3/oauth/digits', { mobile_number: '13800000004' })).status).toBe(200);
    const again = await ctx.client().put('/api/v3/oauth/digits', { mobile_number: '13800000004' });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe(MSG.sendTooOften);
  });

  it('limits sending per address', async () => {
    const c = ctx.client('10.200.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.put('/api/v3/oauth/digits', { mobile_number: `1390000001${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('kills a code after 5 wrong tries and refuses an expired one', async () => {
    const c = ctx.client();
    await c.put('/api/v3/oauth/digits', { mobile_number: '13800000005' });
    const right = ctx.lastCode('13800000005');
    const wrong = right === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await c.post('/api/v3/oauth/digits', { mobile_number: '13800000005', sms_code: wrong })).body.error.message);
    expect(msgs.slice(0, 4).every((m) => m === MSG.codeWrongOrExpired)).toBe(true);
    expect(msgs[4]).toBe(MSG.codeTooManyTries);
    const late = await c.post('/api/v3/oauth/digits', { mobile_number: '13800000005', sms_code: right });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(MSG.codeTooManyTries);
    expect((await c.get('/api/v1/session')).body.user).toBeNull();

    await ctx.client().put('/api/v3/oauth/digits', { mobile_number: '13800000006' });
    await ctx.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('target', '=', 'sms:13800000006')
      .execute();
    const expired = await c.post('/api/v3/oauth/digits', { mobile_number: '13800000006', sms_code: ctx.lastCode('13800000006') });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(MSG.codeWrongOrExpired);
  });

  it('a code works once, and sign-out ends the session', async () => {
    const c = await ctx.signIn('13800000007');
    expect((await c.get('/api/v1/session')).body.user).not.toBeNull();
    const reuse = await ctx.client().post('/api/v3/oauth/digits', { mobile_number: '13800000007', sms_code: ctx.lastCode('13800000007') });
    expect(reuse.status).toBe(400);
    const token = c.cookies.get('atrium_session')!;
    expect((await c.del('/api/v1/session')).status).toBe(200);
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
    c.cookies.set('atrium_session', token);
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
  });
});
