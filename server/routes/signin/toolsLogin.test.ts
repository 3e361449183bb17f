/**
 * GET /welcome, POST /toolsApi/userLogin/login and GET /web/oauth/signin/simple (spec 2 §7 'Login',
 * 'Application and account'; docs/decisions.md 298), on SQLite and PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { seal } from './service.js';

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

  it('refuses plain fields that differ from the sealed ones, plain fields alone, a broken link, and a site without links', async () => {
    const loginInfo = seal(key, { mobile: '13700001703', name: '吴刚', exp: inAnHour() });
    const c = ctx.client();
    const r = await c.post('/toolsApi/userLogin/login', { mobile: '13700001799', loginInfo });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(MSG.loginInfoMismatch);
    expect((await c.get('/api/v1/session')).body.user).toBeNull();
    expect(await ctx.db.selectFrom('users').select('id').where('phone', '=', '13700001799').executeTakeFirst()).toBeUndefined();
    // the refused call did not use up the link
    expect((await c.post('/toolsApi/userLogin/login', { mobile: '13700001703', loginInfo })).status).toBe(200);
    const alone = await ctx.client().post('/toolsApi/userLogin/login', { mobile: '13700001704', name: '任意' });
    expect(alone.status).toBe(400);
    expect(alone.body.error.message).toBe(MSG.loginInfoInvalid);
    expect((await ctx.client().post('/toolsApi/userLogin/login', { loginInfo: 'AAAA', mobile: '123' })).status).toBe(400);
    expect((await ctx.client().post('/toolsApi/userLogin/login', { loginInfo: 'AAAA' })).body.error.message).toBe(MSG.loginInfoInvalid);
    const none = await off.client().post('/toolsApi/userLogin/login', { loginInfo });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(MSG.loginInfoOff);
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

  it('answers an unknown address under /web/oauth with a JSON 404', async () => {
    const r = await ctx.client().get('/web/oauth/nothing');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.routeNotFound);
  });
});
