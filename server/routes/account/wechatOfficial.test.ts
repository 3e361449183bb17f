/**
 * Binding WeChat through an official account (decision 229), against a stand-in of WeChat's API on a
 * free loopback port (the real one is not reachable here) and with the pushes WeChat would make to our
 * message server, signed as WeChat signs them: the QR code is WeChat's, the scan event names the
 * ticket, 完成绑定 binds the openid once; a forged push changes nothing; WeChat down or refusing gives a
 * Chinese message; a revoked access token is taken again once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { startWechatStandIn, wechatPushQuery, wechatScanXml, type WechatStandInState } from '../../test/wechatStandIn.js';
import { UnconfiguredWechatProvider } from './wechat.js';

const APPID = 'wx0123456789abcdef';
const SECRET = 'official-account-secret';
const TOKEN = 'message-server-token';

let standIn: Awaited<ReturnType<typeof startWechatStandIn>>;
let wx: WechatStandInState;
let ctx: TestContext;
let user: Client;

/** A push to our message server, signed as WeChat signs it (or with `signature` as given). */
const push = (xml: string, signature?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/wechat/callback?${wechatPushQuery(TOKEN, signature)}&openid=x`,
    headers: { 'content-type': 'text/xml' },
    payload: xml,
  });
const openidOf = async (phone: string) =>
  (await ctx.db.selectFrom('users').select('wechat_openid').where('phone', '=', phone).executeTakeFirstOrThrow()).wechat_openid;

beforeAll(async () => {
  standIn = await startWechatStandIn(APPID, SECRET);
  wx = standIn.state;
  ctx = await createTestContext({ wechat: { appId: APPID, secret: SECRET, token: TOKEN, apiBase: standIn.url } });
  user = await ctx.signIn('13700000061');
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});
beforeEach(() => {
  wx.creates = [];
});

describe('WeChat through an official account', () => {
  it("shows WeChat's QR code; the scan event binds the openid on 完成绑定, once", async () => {
    const qr = await user.get('/api/v1/wechat/qrcode/?client_name=atrium-web&client_id=1');
    expect(qr.status).toBe(200);
    expect(wx.creates).toHaveLength(1);
    expect(wx.creates[0].body).toEqual({ expire_seconds: 300, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: qr.body.ticket } } });
    expect(qr.body).toEqual({ ticket: qr.body.ticket, url: `http://weixin.qq.com/q/${qr.body.ticket}`, expiresIn: 300_000 });
    expect(JSON.stringify(qr.body)).not.toContain('ACCESS_');

    const early = await user.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect([early.status, early.body.error.message]).toEqual([400, MSG.wechatTicketPending]);

    const pushed = await push(wechatScanXml('oWx_scanner_0001', 'SCAN', qr.body.ticket));
    expect([pushed.statusCode, pushed.body]).toEqual([200, 'success']);
    const bound = await user.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect([bound.status, bound.body.wechat, bound.body.message]).toEqual([200, 'oWx_scanner_0001', MSG.accountBindDone]);
    expect(await openidOf('13700000061')).toBe('oWx_scanner_0001');
    const again = await user.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect([again.status, again.body.error.message]).toEqual([400, MSG.wechatTicketInvalid]);
    // the development stand-in for a scan does not exist beside a real account
    expect((await user.post('/api/v1/wechat/dev/scan', { ticket: qr.body.ticket, openid: 'o_forged_1' })).status).toBe(404);
  });

  it('a person who follows the account by scanning (subscribe, qrscene_) is bound too', async () => {
    const other = await ctx.signIn('13700000062');
    const qr = await other.get('/api/v1/wechat/qrcode/?client_name=atrium-web&client_id=2');
    expect((await push(wechatScanXml('oWx_follower_002', 'subscribe', `qrscene_${qr.body.ticket}`))).body).toBe('success');
    expect((await other.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket })).body.wechat).toBe('oWx_follower_002');
  });

  it('a push with a wrong signature, or not XML, changes nothing; the message server verification echoes only for WeChat', async () => {
    const third = await ctx.signIn('13700000063');
    const qr = await third.get('/api/v1/wechat/qrcode/?client_name=atrium-web&client_id=3');
    const forged = await push(wechatScanXml('oWx_attacker_01', 'SCAN', qr.body.ticket), 'ab'.repeat(20));
    expect([forged.statusCode, JSON.parse(forged.body).error.message]).toEqual([403, MSG.wechatSignatureInvalid]);
    expect((await push('not xml <<<')).body).toBe('success');
    expect((await push('<xml><MsgType>text</MsgType><FromUserName>o1</FromUserName></xml>')).body).toBe('success');
    const pending = await third.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect(pending.body.error.message).toBe(MSG.wechatTicketPending);
    expect(await openidOf('13700000063')).toBeNull();

    const ts = '1700000000';
    const nonce = 'n1';
    const sig = crypto.createHash('sha1').update([TOKEN, ts, nonce].sort().join('')).digest('hex');
    const ok = await ctx.app.inject({ method: 'GET', url: `/wechat/callback?signature=${sig}&timestamp=${ts}&nonce=${nonce}&echostr=hello123` });
    expect([ok.statusCode, ok.body]).toEqual([200, 'hello123']);
    const bad = await ctx.app.inject({ method: 'GET', url: `/wechat/callback?signature=${'0'.repeat(40)}&timestamp=${ts}&nonce=${nonce}&echostr=hello123` });
    expect(bad.statusCode).toBe(403);
  });

  it('a revoked access token is taken again once; WeChat refusing or unreachable gives a Chinese message and no ticket', async () => {
    const calls = wx.tokenCalls;
    wx.revokeNext = true;
    const qr = await user.get('/api/v1/wechat/qrcode/?client_name=atrium-web&client_id=1');
    expect(qr.status).toBe(200);
    expect(wx.tokenCalls).toBe(calls + 1);
    expect(wx.creates.map((c) => c.token)).toEqual([`ACCESS_${wx.issued - 1}`, `ACCESS_${wx.issued}`]);

    const tickets = async () => (await ctx.db.selectFrom('wechat_tickets').select('ticket').execute()).length;
    const before = await tickets();
    const down = await createTestContext({ wechat: { appId: APPID, secret: SECRET, token: TOKEN, apiBase: 'http://127.0.0.1:9' } });
    try {
      const c = await down.signIn('13700000064');
      const r = await c.get('/api/v1/wechat/qrcode/?client_name=atrium-web&client_id=4');
      expect([r.status, r.body.error.message]).toEqual([502, MSG.wechatUnavailable]);
      expect(await down.db.selectFrom('wechat_tickets').selectAll().execute()).toEqual([]);
    } finally {
      await down.close();
    }
    const wrong = await createTestContext({ wechat: { appId: APPID, secret: 'wrong', token: TOKEN, apiBase: standIn.url } });
    try {
      const c = await wrong.signIn('13700000065');
      const r = await c.get('/api/v1/wechat/qrcode/?client_name=atrium-web&client_id=5');
      expect([r.status, r.body.error.message]).toEqual([502, MSG.wechatUnavailable]);
    } finally {
      await wrong.close();
    }
    expect(await tickets()).toBe(before);
  });

  it('a production server without an account says WeChat binding is not configured', async () => {
    await expect(new UnconfiguredWechatProvider().createQr()).rejects.toMatchObject({ status: 503, message: MSG.wechatNotConfigured });
  });
});
