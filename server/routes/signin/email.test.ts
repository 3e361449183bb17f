/** Sign-in by e-mail code (spec 2 §5 'Email', §7 'Login'): a real SMTP server, the outbox, the suffix rule. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, releaseApplication } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { mailText, startSmtpServer, type TestSmtp } from '../../test/signinServers.js';

let smtp: TestSmtp;
let ctx: TestContext;
let outboxCtx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ mailProvider: 'smtp', smtpUrl: smtp.url, mailFrom: 'Atrium <no-reply@atrium.test>' });
  outboxCtx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await outboxCtx.close();
  await smtp.close();
});

const lastMailCode = (to: string) => {
  const m = smtp.messages.filter((x) => x.to.includes(to)).at(-1);
  if (!m) throw new Error(`no mail to ${to}`);
  return mailText(m.raw).match(/\b(\d{6})\b/)![1];
};

describe('e-mail code through SMTP', () => {
  it('delivers a 6-digit code and signs in with it, creating the user', async () => {
    const c = ctx.client();
    const sent = await c.put('/api/v1/oauth/email/digits', { email: ' Zhang.San@Example.CN ' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.codeSent);
    const m = smtp.messages.at(-1)!;
    expect(m.to).toEqual(['zhang.san@example.cn']);
    expect(m.raw).toContain('no-reply@atrium.test');
    const text = mailText(m.raw);
    expect(text).toContain('登录验证码');
    const code = lastMailCode('zhang.san@example.cn');
    const stored = await ctx.db.selectFrom('verification_codes').selectAll().where('target', '=', 'email:zhang.san@example.cn').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).not.toContain(code);

    const r = await c.post('/api/v1/oauth/email/digits', { email: 'zhang.san@example.cn', email_code: code });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.signedIn);
    const me = await c.get('/api/v1/session');
    expect(me.body.user.name).toBe('zhang.san');
    const row = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'zhang.san@example.cn').executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    // the code works once
    const again = await ctx.client().post('/api/v1/oauth/email/digits', { email: 'zhang.san@example.cn', email_code: code });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(MSG.codeWrongOrExpired);
  });

  it('refuses missing or malformed input with the Chinese messages', async () => {
    const c = ctx.client();
    const r1 = await c.put('/api/v1/oauth/email/digits', {});
    expect(r1.status).toBe(400);
    expect(r1.body.error.fields['body.email']).toBe(MSG.emailRequired);
    const r2 = await c.put('/api/v1/oauth/email/digits', { email: 'not-an-address' });
    expect(r2.body.error.message).toBe(MSG.emailInvalid);
    const r3 = await c.post('/api/v1/oauth/email/digits', { email: 'a@b.cn' });
    expect(r3.body.error.fields['body.email_code']).toBe(MSG.emailCodeRequired);
    const r4 = await c.post('/api/v1/oauth/email/digits', { email: 'a@b.cn', email_code: '12a' });
    expect(r4.status).toBe(400);
    expect(r4.body.error.message).toBe(MSG.codeInvalid);
  });

  it('locks a code after 5 wrong tries', async () => {
    const c = ctx.client();
    await c.put('/api/v1/oauth/email/digits', { email: 'lock@example.cn' });
    const right = lastMailCode('lock@example.cn');
    const wrong = right === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await c.post('/api/v1/oauth/email/digits', { email: 'lock@example.cn', email_code: wrong })).body.error.message);
    expect(msgs.slice(0, 4)).toEqual(Array(4).fill(MSG.codeWrongOrExpired));
    expect(msgs[4]).toBe(MSG.codeTooManyTries);
    const late = await c.post('/api/v1/oauth/email/digits', { email: 'lock@example.cn', email_code: right });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(MSG.codeTooManyTries);
    expect(late.body.error.fields.email_code).toBe(MSG.codeTooManyTries);
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
  });

  it('sends once a minute per address and at most 5 per minute per client address', async () => {
    expect((await ctx.client().put('/api/v1/oauth/email/digits', { email: 'often@example.cn' })).status).toBe(200);
    const again = await ctx.client().put('/api/v1/oauth/email/digits', { email: 'often@example.cn' });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe(MSG.sendTooOften);
    const c = ctx.client('10.201.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.put('/api/v1/oauth/email/digits', { email: `ip${i}@example.cn` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('an unreachable SMTP server answers 502 and leaves no code', async () => {
    const dead = await createTestContext({ mailProvider: 'smtp', smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=1' });
    try {
      const r = await dead.client().put('/api/v1/oauth/email/digits', { email: 'dead@example.cn' });
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe(MSG.mailFailed);
      expect(await dead.db.selectFrom('verification_codes').selectAll().execute()).toHaveLength(0);
    } finally {
      await dead.close();
    }
  });
});

describe('e-mail code through the outbox, and the suffix rule of the application', () => {
  it('writes the mail as a JSON line in the outbox', async () => {
    const c = outboxCtx.client();
    expect((await c.put('/api/v1/oauth/email/digits', { email: 'dev@example.cn' })).status).toBe(200);
    const line = JSON.parse(fs.readFileSync(outboxCtx.config.mailOutbox, 'utf8').trim().split('\n').at(-1)!);
    expect(line.to).toBe('dev@example.cn');
    expect(line.subject).toBe(MSG.emailCodeSubject);
    const code = line.text.match(/\b(\d{6})\b/)[1];
    expect((await c.post('/api/v1/oauth/email/digits', { email: 'dev@example.cn', email_code: code })).status).toBe(200);
  });

  it('only managers set mailAllowSuffix; a refused address gets 403 on that host only', async () => {
    const admin = await outboxCtx.signIn('13900000001', 'super');
    const created = await admin.post('/api/v1/applications', { name: '北大门户', host: 'pku.example.cn' });
    await releaseApplication(admin, created.body.applicationId);
    expect(created.status).toBe(201);
    const id = created.body.applicationId;
    const stranger = await outboxCtx.signIn('13900000002');
    const denied = await stranger.put(`/api/v1/applications/${id}/oauth-uri`, { mailAllowSuffix: 'pku.edu.cn' });
    expect(denied.status).toBe(403);
    const bad = await admin.put(`/api/v1/applications/${id}/oauth-uri`, { mailAllowSuffix: 'pku edu!cn' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.mailSuffixInvalid);
    const saved = await admin.put(`/api/v1/applications/${id}/oauth-uri`, { mailAllowSuffix: '@pku.edu.cn，Stu.PKU.edu.cn' });
    expect(saved.status).toBe(200);
    expect(saved.body.mailAllowSuffix).toBe('pku.edu.cn,stu.pku.edu.cn');
    const config = await outboxCtx.client().get('/api/v1/applications/config?host=pku.example.cn');
    expect(config.body.mailAllowSuffix).toBe('pku.edu.cn,stu.pku.edu.cn');

    const v = outboxCtx.client();
    const refused = await v.request('PUT', '/api/v1/oauth/email/digits', { email: 'someone@gmail.com' }, { host: 'pku.example.cn' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MSG.mailNotAllowed);
    const refusedSignIn = await v.request(
      'POST',
      '/api/v1/oauth/email/digits',
      { email: 'someone@gmail.com', email_code: '123456' },
      { host: 'pku.example.cn' },
    );
    expect(refusedSignIn.status).toBe(403);
    expect((await v.request('PUT', '/api/v1/oauth/email/digits', { email: 'li@math.pku.edu.cn' }, { host: 'pku.example.cn' })).status).toBe(200);
    expect((await v.request('PUT', '/api/v1/oauth/email/digits', { email: 'li@notpku.edu.cn' }, { host: 'pku.example.cn' })).status).toBe(403);
    // another host has no rule
    expect((await v.put('/api/v1/oauth/email/digits', { email: 'someone@gmail.com' })).status).toBe(200);
  });
});
