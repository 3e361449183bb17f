/**
 * GET /welcome, POST /toolsApi/userLogin/login and GET /web/oauth/signin/simple (spec 2 §7 'Login',
 * 'Application and account'; docs/decisions.md 298), on SQLite and PostgreSQL: every 400 with its exact
 * `fields`, the 401 of an expired link, and junk input never answered with a 500.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { seal } from './service.js';
import { probeBadInput } from '../../test/badInputProbe.js';

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

describe('GET /welcome', () => {
  it('greets a visitor and a signed-in user as JSON', async () => {
    const r = await ctx.client().get('/welcome');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ service: 'atrium', message: MSG.welcome, signedIn: false, name: null });
    const c = await ctx.signIn('13700001701');
    const me = (await c.get('/welcome')).body;
    expect(me.signedIn).toBe(true);
    expect(me.message).toBe(`${me.name as string}，欢迎使用 Atrium`);
  });

  it('takes no input: junk queries still get the greeting, never a 500', async () => {
    expect((await ctx.client().get('/welcome?signedIn=1&name=%E4%B8%AD')).body).toMatchObject({ signedIn: false, name: null });
    expect(await probeBadInput(ctx.client(), 'GET', '/welcome')).toEqual([]);
  });
});

describe('POST /toolsApi/userLogin/login', () => {
  it('signs in by the sealed login-info, the plain fields agreeing with it', async () => {
    const c = ctx.client();
    const loginInfo = seal(key, { mobile: '13700001702', name: '周敏', institution: '上海图书馆', exp: inAnHour() });
    const r = await c.post('/toolsApi/userLogin/login', {
      mobile: '13700001702',
      name: '周敏',
      institution: '上海图书馆',
      avatar: 'https://x.example.cn/a.png',
      loginInfo,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.signedIn);
    const me = (await c.get('/api/v1/session')).body.user;
    expect(me.name).toBe('周敏');
    expect(me.affiliation).toBe('上海图书馆');
    // once only
    expect((await ctx.client().post('/toolsApi/userLogin/login', { loginInfo })).status).toBe(409);
  });

  it('refuses plain fields that differ from the sealed ones, naming each (400 with fields), without using up the link', async () => {
    const loginInfo = seal(key, { mobile: '13700001703', name: '吴刚', institution: '国家图书馆', exp: inAnHour() });
    const c = ctx.client();
    const r = await c.post('/toolsApi/userLogin/login', { mobile: '13700001799', loginInfo });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: 'login_info_mismatch', message: MSG.loginInfoMismatch, fields: { 'body.mobile': MSG.loginInfoMismatch } });
    const two = await c.post('/toolsApi/userLogin/login', { mobile: '13700001703', name: '吴钢', institution: '上海图书馆', loginInfo });
    expect(two.status).toBe(400);
    expect(two.body.error.fields).toEqual({ 'body.name': MSG.loginInfoMismatch, 'body.institution': MSG.loginInfoMismatch });
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
    expect(await ctx.db.selectFrom('users').select('id').where('phone', '=', '13700001799').executeTakeFirst()).toBeUndefined();
    // the refused calls did not use up the link; empty plain fields are not compared
    expect((await c.post('/toolsApi/userLogin/login', { mobile: '13700001703', name: '', loginInfo })).status).toBe(200);
  });

  it('refuses a missing, broken or forged link and bad plain fields (400 with fields), an expired link (401), a site without links (404)', async () => {
    const c = ctx.client('10.0.17.5');
    const alone = await c.post('/toolsApi/userLogin/login', { mobile: '13700001704', name: '任意' });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toEqual({ code: 'bad_request', message: MSG.loginInfoInvalid, fields: { 'body.loginInfo': MSG.loginInfoInvalid } });
    const badPhone = await c.post('/toolsApi/userLogin/login', { loginInfo: 'AAAA', mobile: '123' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.fields).toEqual({ 'body.mobile': MSG.phoneInvalid });
    const long = await c.post('/toolsApi/userLogin/login', { loginInfo: 'AAAA', name: '名'.repeat(51), institution: 5 });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ 'body.name': MSG.invalidInput, 'body.institution': MSG.invalidInput });
    const notObject = await c.request('POST', '/toolsApi/userLogin/login', undefined, { raw: '[]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.fields).toEqual({ body: '应为对象' });
    // a link that does not open, and one sealed with the right key around a payload that is not a login-info
    for (const loginInfo of ['AAAA', seal(crypto.randomBytes(32), { mobile: '13700001705', exp: inAnHour() }), seal(key, { mobile: '123', exp: inAnHour() })]) {
      const r = await c.post('/toolsApi/userLogin/login', { loginInfo });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ code: 'login_info_invalid', message: MSG.loginInfoInvalid, fields: { 'body.loginInfo': MSG.loginInfoInvalid } });
    }
    const expired = await c.post('/toolsApi/userLogin/login', {
      mobile: '13700001706',
      loginInfo: seal(key, { mobile: '13700001706', exp: Math.floor(Date.now() / 1000) - 1 }),
    });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({ code: 'login_info_expired', message: MSG.loginInfoExpired });
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
    const none = await off.client().post('/toolsApi/userLogin/login', { loginInfo: seal(key, { mobile: '13700001707', exp: inAnHour() }) });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(MSG.loginInfoOff);
  });

  it('never answers 500 to junk bodies or queries, and names every field in Chinese', async () => {
    expect(await probeBadInput(ctx.client('10.0.17.6'), 'POST', '/toolsApi/userLogin/login')).toEqual([]);
    expect(await probeBadInput(off.client('10.0.17.6'), 'POST', '/toolsApi/userLogin/login')).toEqual([]);
  });
});

describe('GET /web/oauth/signin/simple', () => {
  it('sends to the sign-in page coming back to the path asked for (a site path only)', async () => {
    const r = await ctx.client().get('/web/oauth/signin/simple?redirect=%2Fmicroapp%2Fexplore%3Ftype%3Djournal');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/console/login?redirect=%2Fmicroapp%2Fexplore%3Ftype%3Djournal');
    expect((await ctx.client().get('/web/oauth/signin/simple?redirect=https%3A%2F%2Fevil.example.com%2F')).headers.location).toBe(
      '/console/login?redirect=%2F',
    );
    expect((await ctx.client().get('/web/oauth/signin/simple')).headers.location).toBe('/console/login?redirect=%2F');
  });

  it("sends a site's visitor to the site's own sign-in page (decision 384)", async () => {
    const admin = await ctx.signIn('13900001708', 'super');
    const created = await admin.post('/api/v1/applications', { name: '登录入口站点', host: 'signin-simple.example.cn' });
    expect(created.status).toBe(201);
    const r = await ctx.client().request('GET', '/web/oauth/signin/simple?redirect=%2Fmicroapp%2Freport', undefined, { host: 'signin-simple.example.cn' });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/login?redirect=%2Fmicroapp%2Freport');
  });

  it('refuses a redirect that is not one text (400 with fields), and never answers 500 to junk queries', async () => {
    const long = await ctx.client().get(`/web/oauth/signin/simple?redirect=%2F${'a'.repeat(2000)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toEqual({ code: 'bad_request', message: MSG.invalidInput, fields: { 'query.redirect': MSG.invalidInput } });
    const twice = await ctx.client().get('/web/oauth/signin/simple?redirect=%2Fa&redirect=%2Fb');
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({ 'query.redirect': MSG.invalidInput });
    expect(await probeBadInput(ctx.client(), 'GET', '/web/oauth/signin/simple')).toEqual([]);
  });

  it('answers an unknown address under /web/oauth with a JSON 404', async () => {
    const r = await ctx.client().get('/web/oauth/nothing');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.routeNotFound);
  });
});
