/**
 * Encrypted login-info links (spec 1 §6), anonymous visitors (spec 1 §3 'Users'), sign-out everywhere,
 * and a changed role taking effect on the next request.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { USER_COOKIE_MS } from '../../../common/constants.js';
import { seal, samePath } from './service.js';

const key = crypto.randomBytes(32);
let ctx: TestContext;
let off: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginInfoKey: key });
  off = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await off.close();
});

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('login-info link', () => {
  it('signs in by phone, creating the user with name and institution', async () => {
    const c = ctx.client();
    const loginInfo = seal(key, { mobile: '13700000001', name: '陈静', institution: '中国科学院文献情报中心', exp: inAnHour() });
    const r = await c.post('/api/v1/oauth/login-info', { loginInfo });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.signedIn);
    const me = (await c.get('/api/v1/session')).body.user;
    expect(me.name).toBe('陈静');
    expect(me.affiliation).toBe('中国科学院文献情报中心');
    const row = await ctx.db.selectFrom('users').selectAll().where('phone', '=', '13700000001').executeTakeFirstOrThrow();
    expect(row.anonymous).toBe(0);
    // an existing user gets the new name and institution
    const again = seal(key, { mobile: '13700000001', name: '陈静静', institution: '北京大学图书馆', exp: inAnHour() });
    await ctx.client().post('/api/v1/oauth/login-info', { loginInfo: again });
    const users = await ctx.db.selectFrom('users').selectAll().where('phone', '=', '13700000001').execute();
    expect(users).toHaveLength(1);
    expect(users[0].affiliation).toBe('北京大学图书馆');
  });

  it('refuses a tampered, foreign-key or malformed parameter with 400 and a Chinese message', async () => {
    const good = seal(key, { mobile: '13700000002', name: '甲', institution: '乙', exp: inAnHour() });
    const raw = Buffer.from(good, 'base64url');
    raw[15] ^= 1;
    const c = ctx.client();
    for (const loginInfo of [
      raw.toString('base64url'),
      seal(crypto.randomBytes(32), { mobile: '13700000002', exp: inAnHour() }),
      'abc',
      '!!!',
      seal(key, { mobile: '123', exp: inAnHour() }),
      seal(key, 'text'),
    ]) {
      const r = await c.post('/api/v1/oauth/login-info', { loginInfo });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.loginInfoInvalid);
      expect(r.body.error.fields).toEqual({ 'body.loginInfo': MSG.loginInfoInvalid });
    }
    const missing = await c.post('/api/v1/oauth/login-info', {});
    expect(missing.body.error).toEqual({ code: 'bad_request', message: MSG.loginInfoInvalid, fields: { 'body.loginInfo': MSG.loginInfoInvalid } });
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
    expect(await ctx.db.selectFrom('users').selectAll().where('phone', '=', '13700000002').execute()).toHaveLength(0);
  });

  it('signs in once: the same link in another browser is refused with 409 and a Chinese message', async () => {
    const loginInfo = seal(key, { mobile: '13700000005', name: '一次', exp: inAnHour() });
    const first = ctx.client();
    expect((await first.post('/api/v1/oauth/login-info', { loginInfo })).status).toBe(200);
    const other = ctx.client();
    const again = await other.post('/api/v1/oauth/login-info', { loginInfo });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.loginInfoUsed);
    expect((await other.get('/api/v1/session')).body.user).toBeNull();
    // the first browser stays signed in
    expect((await first.get('/api/v1/session')).body.user.name).toBe('一次');
  });

  it('signs in once whatever the spelling: padding and other spellings of the last character are refused (decision 404)', async () => {
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // a link of 2 characters past a multiple of 4: its last character has 4 unused bits (16 spellings), its padding is '=='
    let loginInfo = '';
    for (let i = 0; loginInfo.length % 4 !== 2; i += 1) loginInfo = seal(key, { mobile: '13700000006', name: `多次${'a'.repeat(i)}`, exp: inAnHour() });
    const last = B64URL.indexOf(loginInfo.at(-1)!);
    const spellings = [...B64URL].filter((_, j) => j >> 4 === last >> 4).map((ch) => loginInfo.slice(0, -1) + ch);
    expect(spellings).toHaveLength(16);
    const variants = spellings.flatMap((v) => [v, `${v}=`, `${v}==`, `${v}===`]).filter((v) => v !== loginInfo);
    expect(variants).toHaveLength(63);

    const first = ctx.client();
    expect((await first.post('/api/v1/oauth/login-info', { loginInfo })).status).toBe(200);
    const answers: string[] = [];
    for (const v of variants) {
      const c = ctx.client();
      const r = await c.post('/api/v1/oauth/login-info', { loginInfo: v });
      answers.push(`${r.status} ${r.body.error?.message}`);
      expect((await c.get('/api/v1/session')).body.user).toBeNull();
    }
    // the one other canonical spelling (with its exact padding) is the same link, already used; the rest are not canonical
    expect(answers.filter((a) => a === `409 ${MSG.loginInfoUsed}`)).toHaveLength(1);
    expect(answers[variants.indexOf(`${loginInfo}==`)]).toBe(`409 ${MSG.loginInfoUsed}`);
    expect(answers.filter((a) => a === `400 ${MSG.loginInfoInvalid}`)).toHaveLength(62);
    expect(
      await ctx.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .where('users.phone', '=', '13700000006')
        .select('token_hash')
        .execute(),
    ).toHaveLength(1);
  });

  it('takes a link padded as Java writes it, once, and refuses a non-canonical spelling even on first use', async () => {
    let loginInfo = '';
    for (let i = 0; loginInfo.length % 4 !== 3; i += 1) loginInfo = seal(key, { mobile: '13700000007', name: `补位${'a'.repeat(i)}`, exp: inAnHour() });
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = B64URL.indexOf(loginInfo.at(-1)!);
    const odd = loginInfo.slice(0, -1) + B64URL[last ^ 1];
    const refused = await ctx.client().post('/api/v1/oauth/login-info', { loginInfo: odd });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(MSG.loginInfoInvalid);
    expect((await ctx.client().post('/api/v1/oauth/login-info', { loginInfo: `${loginInfo}=` })).status).toBe(200);
    const again = await ctx.client().post('/api/v1/oauth/login-info', { loginInfo });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.loginInfoUsed);
  });

  it('refuses an expired parameter with 401', async () => {
    const c = ctx.client();
    const r = await c.post('/api/v1/oauth/login-info', { loginInfo: seal(key, { mobile: '13700000003', exp: Math.floor(Date.now() / 1000) - 5 }) });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe(MSG.loginInfoExpired);
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
  });

  it('is off without a key', async () => {
    const r = await off.client().post('/api/v1/oauth/login-info', { loginInfo: seal(key, { mobile: '13700000004', exp: inAnHour() }) });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.loginInfoOff);
  });
});

describe('anonymous visitors', () => {
  it('creates one user per fingerprint with a generated name, a one-day cookie, and no console rights', async () => {
    const c = ctx.client();
    const fp = 'a3f1c2d4e5b6978812345678abcdef01';
    const r = await c.post('/api/v1/users/anonymous', { fingerprint: fp });
    expect(r.status).toBe(200);
    expect(r.body.user.anonymous).toBe(true);
    expect(r.body.user.name).toMatch(/^访客[A-Z0-9]{4}$/);
    expect(r.body.user.affiliation).toBe(MSG.anonymousAffiliation);
    const set = ([] as string[]).concat(r.headers['set-cookie'] as string[]).find((s) => s.startsWith('atrium_session='))!;
    const expires = new Date(set.match(/Expires=([^;]+)/)![1]).getTime();
    expect(Math.abs(expires - (Date.now() + USER_COOKIE_MS))).toBeLessThan(5000);
    const session = await ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', r.body.user.id).executeTakeFirstOrThrow();
    expect(Math.abs(new Date(session.expires_at).getTime() - (Date.now() + USER_COOKIE_MS))).toBeLessThan(5000);

    const again = await ctx.client().post('/api/v1/users/anonymous', { fingerprint: fp });
    expect(again.body.user.id).toBe(r.body.user.id);
    expect(again.body.user.name).toBe(r.body.user.name);
    const ids = await ctx.db.selectFrom('user_identities').selectAll().where('provider', '=', 'fingerprint').execute();
    expect(ids).toHaveLength(1);
    expect(ids[0].subject).not.toContain(fp);

    const list = await c.get('/api/v1/applications');
    expect(list.status).toBe(401);
    expect(list.body.error.message).toBe(MSG.notSignedIn);
    expect((await c.put('/api/v1/applications/1/oauth-uri', { mailAllowSuffix: 'x.cn' })).status).toBe(401);
  });

  it('keeps a signed-in user as is, refuses a bad fingerprint, and limits creations per client address', async () => {
    const signed = await ctx.signIn('13700000009');
    const r = await signed.post('/api/v1/users/anonymous', { fingerprint: 'ffffffffffffffff' });
    expect(r.body.user.anonymous).toBe(false);
    const bad = await ctx.client().post('/api/v1/users/anonymous', { fingerprint: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.fingerprintInvalid);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await ctx.client('10.202.0.1').post('/api/v1/users/anonymous', { fingerprint: `fp-limit-${i}-0000` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('sessions', () => {
  it('DELETE /api/v1/sessions ends every session of the user', async () => {
    const a = await ctx.signIn('13700000010');
    const b = ctx.client();
    // a second browser of the same user (a login-info link, since SMS codes are one a minute)
    const user = await ctx.db.selectFrom('users').select('id').where('phone', '=', '13700000010').executeTakeFirstOrThrow();
    const loginInfo = seal(key, { mobile: '13700000010', exp: inAnHour() });
    expect((await b.post('/api/v1/oauth/login-info', { loginInfo })).status).toBe(200);
    expect(await ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(2);
    // GET /api/v1/sessions lists both, newest first, marking the asking browser's own (decision 293)
    const listed = await a.get('/api/v1/sessions');
    expect(listed.status).toBe(200);
    const items = listed.body.content as { id: string; createdAt: string; expiresAt: string; current: boolean }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.every((s) => /^[0-9a-f]{12}$/.test(s.id) && s.expiresAt > s.createdAt)).toBe(true);
    expect(((await b.get('/api/v1/sessions')).body.content as { current: boolean }[]).filter((s) => s.current)).toHaveLength(1);
    const other = await ctx.signIn('13700000011');
    expect((await other.get('/api/v1/sessions')).body.content).toHaveLength(1);
    const r = await a.del('/api/v1/sessions');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.signedOutEverywhere);
    expect((await a.get('/api/v1/session')).body.user).toBeNull();
    expect((await b.get('/api/v1/session')).body.user).toBeNull();
    expect((await other.get('/api/v1/session')).body.user).not.toBeNull();
    expect((await ctx.client().del('/api/v1/sessions')).status).toBe(401);
    expect((await ctx.client().get('/api/v1/sessions')).status).toBe(401);
    expect((await a.get('/api/v1/sessions')).status).toBe(401);
  });

  it('shows each device and address, and signs one device out (DELETE /api/v1/sessions/{id}, decision 337)', async () => {
    const a = await ctx.signIn('13700000013');
    const phone = ctx.client('10.1.2.3');
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const loginInfo = seal(key, { mobile: '13700000013', exp: inAnHour() });
    const signedIn = await phone.request('POST', '/api/v1/oauth/login-info', { loginInfo }, { headers: { 'user-agent': ua } });
    expect(signedIn.status).toBe(200);
    const items = (await a.get('/api/v1/sessions')).body.content as { id: string; current: boolean; device: string | null; ip: string | null }[];
    const other = items.find((s) => !s.current)!;
    expect(other).toMatchObject({ device: 'Safari 17 · iOS', ip: '10.1.2.3' });
    // another user cannot end it, nor can a made-up id
    const stranger = await ctx.signIn('13700000014');
    const refused = await stranger.del(`/api/v1/sessions/${other.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(MSG.sessionNotFound);
    expect((await a.del('/api/v1/sessions/not-an-id')).status).toBe(400);
    // the owner ends the phone's session: the phone is signed out, this browser stays signed in
    const ended = await a.del(`/api/v1/sessions/${other.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ ok: true, current: false, message: MSG.sessionEnded });
    expect((await phone.get('/api/v1/session')).body.user).toBeNull();
    expect((await a.get('/api/v1/session')).body.user).not.toBeNull();
    expect((await a.get('/api/v1/sessions')).body.content).toHaveLength(1);
  });

  it('a changed role takes effect on the next request', async () => {
    const c = await ctx.signIn('13700000012');
    expect((await c.post('/api/v1/applications', { name: '新站点', host: 'role.example.cn' })).status).toBe(403);
    await ctx.db.updateTable('users').set({ role: 'super' }).where('phone', '=', '13700000012').execute();
    expect((await c.post('/api/v1/applications', { name: '新站点', host: 'role.example.cn' })).status).toBe(201);
    await ctx.db.updateTable('users').set({ role: 'user' }).where('phone', '=', '13700000012').execute();
    expect((await c.del('/api/v1/applications/1')).status).toBe(403);
  });
});

describe('samePath', () => {
  it('keeps same-site paths and drops everything else', () => {
    expect(samePath('/console/applications?x=1#a')).toBe('/console/applications?x=1#a');
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil', 'evil', '/\u0000x', '', undefined]) expect(samePath(evil)).toBe('/');
  });
});

describe('configuration of the sign-in providers', () => {
  it('refuses the mail outbox in production, turns mail off there without SMTP, and checks the login-info key', async () => {
    const { loadConfig } = await import('../../config.js');
    const prod = { NODE_ENV: 'production', ATRIUM_SECRET: 'x'.repeat(32), ATRIUM_SMS_PROVIDER: 'http', ATRIUM_SMS_GATEWAY_URL: 'http://sms.invalid' };
    expect(() => loadConfig({ ...prod, ATRIUM_MAIL_PROVIDER: 'outbox' }, { dataDir: ctx.config.dataDir })).toThrow(/outbox 邮件通道/);
    expect(loadConfig(prod, { dataDir: ctx.config.dataDir }).mailProvider).toBe('off');
    const smtp = loadConfig(
      { ...prod, ATRIUM_SMTP_HOST: 'mail.example.cn', ATRIUM_SMTP_USER: 'a@b', ATRIUM_SMTP_PASS: 'p:w' },
      { dataDir: ctx.config.dataDir },
    );
    expect(smtp.mailProvider).toBe('smtp');
    expect(smtp.smtpUrl).toBe('smtp://a%40b:p%3Aw@mail.example.cn:587');
    expect(() => loadConfig({ NODE_ENV: 'test', ATRIUM_LOGIN_INFO_KEY: Buffer.alloc(16).toString('base64') }, { dataDir: ctx.config.dataDir })).toThrow(
      /32 字节/,
    );
    expect(loadConfig({ NODE_ENV: 'test', ATRIUM_LOGIN_INFO_KEY: key.toString('base64') }, { dataDir: ctx.config.dataDir }).loginInfoKey?.equals(key)).toBe(
      true,
    );
  });

  it('answers 503 with a Chinese message when e-mail sign-in is off', async () => {
    const offMail = await createTestContext({ mailProvider: 'off' });
    try {
      const r = await offMail.client().put('/api/v1/oauth/email/digits', { email: 'a@example.cn' });
      expect(r.status).toBe(503);
      expect(r.body.error.message).toBe(MSG.mailOff);
      expect((await offMail.client().get('/api/v1/oauth/options')).body.email).toBe(false);
    } finally {
      await offMail.close();
    }
  });
});

describe('request log', () => {
  it('never holds a login-info link or an SSO code', async () => {
    const { redactUrl, requestSerializer } = await import('../../http/redact.js');
    expect(redactUrl('/?loginInfo=abc.def&x=1')).toBe('/?loginInfo=%5Bredacted%5D&x=1');
    expect(redactUrl('/api/v1/oauth/sso/callback?code=c0de&state=s7&iss=http%3A%2F%2Fidp')).not.toMatch(/c0de|s7/);
    expect(redactUrl('/console/applications?page=2')).toBe('/console/applications?page=2');
    const lines: string[] = [];
    const { default: Fastify } = await import('fastify');
    const { Writable } = await import('node:stream');
    const app = Fastify({
      logger: {
        level: 'info',
        serializers: { req: requestSerializer },
        stream: new Writable({
          write(c, _e, cb) {
            lines.push(String(c));
            cb();
          },
        }),
      } as never,
    });
    app.get('/', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/?loginInfo=SECRET-LINK' });
    await app.close();
    expect(lines.join('')).toContain('loginInfo=%5Bredacted%5D');
    expect(lines.join('')).not.toContain('SECRET-LINK');
  });
});
