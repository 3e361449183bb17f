/**
 * Account settings API (spec 1 §2 /settings/account, spec 2 §7 'Application and account'): profile,
 * user info, binding mobile / e-mail / WeChat, unbinding, scholar is-register and update.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { issueCode } from '../../auth/service.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let alice: Client;
let bob: Client;
let aliceId: number;
let bobId: number;

const mailOutbox = () => path.join(ctx.config.dataDir, 'outbox', 'mail.jsonl');
function lastMailCode(to: string): string {
  const lines = fs.existsSync(mailOutbox()) ? fs.readFileSync(mailOutbox(), 'utf8').trim().split('\n').filter(Boolean) : [];
  const m = lines
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((x) => x.to === to)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no mail to ${to}`);
  return m[1];
}
const userRow = (id: number) => ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signIn('13700000001');
  bob = await ctx.signIn('13700000002');
  aliceId = (await alice.get('/api/v1/session')).body.user.id;
  bobId = (await bob.get('/api/v1/session')).body.user.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('every account call needs a signed-in user', () => {
  it('answers 401 to anonymous callers', async () => {
    const anon = ctx.client();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/users/${aliceId}/info`],
      ['PUT', '/api/v1/account/profile', { name: 'x' }],
      ['PUT', '/api/v1/account/bind/mobile', {}],
      ['PUT', '/api/v1/account/bind/email', {}],
      ['PUT', '/api/v1/account/bind/email/digits', {}],
      ['PUT', '/api/v1/account/bind/wechat', {}],
      ['GET', '/api/v1/wechat/qrcode/?client_name=web&client_id=1'],
      ['DELETE', '/api/v1/account/unbind', { uid: aliceId, login_id: '13700000001' }],
      ['GET', '/api/v1/scholars/is-register?key=name&value=x'],
      ['PUT', '/api/v2/scholars', { name: 'x' }],
    ];
    for (const [m, u, b] of calls) {
      const r = await anon.request(m, u, b);
      expect(r.status, `${m} ${u}`).toBe(401);
      expect(r.body.error.message).toBe(MSG.notSignedIn);
    }
  });
});

describe('profile and info', () => {
  it('saves a plain-text name and affiliation and shows them in the info', async () => {
    const r = await alice.put('/api/v1/account/profile', { name: ' 张三 ', affiliation: '中国科学院文献情报中心' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.accountProfileSaved);
    const row = await userRow(aliceId);
    expect([row.name, row.affiliation]).toEqual(['张三', '中国科学院文献情报中心']);
    const info = await alice.get(`/api/v1/users/${aliceId}/info`);
    expect(info.body).toMatchObject({
      id: aliceId,
      name: '张三',
      affiliation: '中国科学院文献情报中心',
      mobile: '13700000001',
      email: null,
      wechat: null,
      scholar: null,
    });
  });

  it('refuses markup, an empty name and a long one with Chinese messages, keeping the row', async () => {
    for (const [body, msg] of [
      [{ name: '<b>x</b>' }, MSG.accountNoMarkup],
      [{ name: '  ' }, MSG.accountNameRequired],
      [{ name: '名'.repeat(41) }, MSG.accountNameTooLong],
      [{ name: '李四', affiliation: 'a<script>' }, MSG.accountNoMarkup],
      [{}, MSG.accountNameRequired],
    ] as const) {
      const r = await alice.put('/api/v1/account/profile', body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(msg);
    }
    expect((await userRow(aliceId)).name).toBe('张三');
  });

  it("refuses another user's info (403) but lets a super manager read it", async () => {
    const r = await bob.get(`/api/v1/users/${aliceId}/info`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.forbidden);
    const admin = await ctx.signIn('13700000009', 'super');
    const a = await admin.get(`/api/v1/users/${aliceId}/info`);
    expect(a.status).toBe(200);
    expect(a.body.name).toBe('张三');
    expect((await admin.get('/api/v1/users/999999/info')).status).toBe(404);
    expect((await admin.get('/api/v1/users/abc/info')).status).toBe(400);
  });

  it('checks the id in its declared access (decision 355): 403 before the user is looked up, a malformed id keeps its 400', async () => {
    const unknown = await bob.get('/api/v1/users/999999/info');
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.message).toBe(MSG.forbidden);
    const bad = await bob.get('/api/v1/users/abc/info');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ message: MSG.userIdRequired, fields: { 'params.id': MSG.userIdRequired } });
  });
});

describe('binding and unbinding', () => {
  it('binds a new mobile number with its SMS code', async () => {
    const c = await ctx.signIn('13700000003');
    const id = (await c.get('/api/v1/session')).body.user.id;
    expect((await c.put('/api/v3/oauth/digits', { mobile_number: '13700000004' })).status).toBe(200);
    const wrong = await c.put('/api/v1/account/bind/mobile', {
      mobile_number: '13700000004',
      sms_code: '000000' === ctx.lastCode('13700000004') ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MSG.codeWrongOrExpired);
    const ok = await c.put('/api/v1/account/bind/mobile', { mobile_number: '13700000004', sms_code: ctx.lastCode('13700000004') });
    expect(ok.status).toBe(200);
    expect(ok.body.mobile).toBe('13700000004');
    expect((await userRow(id)).phone).toBe('13700000004');
  });

  it('refuses a number bound to another user with a Chinese message', async () => {
    const code = await issueCode(ctx.db, ctx.config.secret, 'sms:13700000001', new Date(Date.now() + 120_000));
    const r = await bob.put('/api/v1/account/bind/mobile', { mobile_number: '13700000001', sms_code: code });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(MSG.accountMobileTaken);
    expect((await userRow(bobId)).phone).toBe('13700000002');
    const bad = await bob.put('/api/v1/account/bind/mobile', { mobile_number: '123', sms_code: '123456' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.phoneInvalid);
  });

  it('binds an e-mail with the code sent by mail, and refuses it for a second user', async () => {
    const sent = await alice.put('/api/v1/account/bind/email/digits', { email: 'Zhang@Example.cn' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.accountEmailCodeSent);
    const again = await alice.put('/api/v1/account/bind/email/digits', { email: 'zhang@example.cn' });
    expect(again.status).toBe(429);
    const ok = await alice.put('/api/v1/account/bind/email', { email: 'Zhang@Example.cn', email_code: lastMailCode('Zhang@Example.cn') });
    expect(ok.status).toBe(200);
    expect((await userRow(aliceId)).email).toBe('zhang@example.cn');

    const code = await issueCode(ctx.db, ctx.config.secret, 'email:zhang@example.cn', new Date(Date.now() + 120_000));
    const taken = await bob.put('/api/v1/account/bind/email', { email: 'zhang@example.cn', email_code: code });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MSG.accountEmailTaken);
    expect((await userRow(bobId)).email).toBeNull();
    const bad = await bob.put('/api/v1/account/bind/email', { email: 'not-mail', email_code: '123456' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.emailInvalid);
  });

  it('binds WeChat through a QR ticket confirmed by the development provider', async () => {
    const qr = await bob.get('/api/v1/wechat/qrcode/?client_name=web&client_id=atrium');
    expect(qr.status).toBe(200);
    expect(qr.body.url).toContain(qr.body.ticket);
    const pending = await bob.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect(pending.status).toBe(400);
    expect(pending.body.error.message).toBe(MSG.wechatTicketPending);
    expect((await bob.post('/api/v1/wechat/dev/scan', { ticket: qr.body.ticket, openid: 'o_bob_123456' })).status).toBe(200);
    const ok = await bob.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect(ok.status).toBe(200);
    expect(ok.body.wechat).toBe('o_bob_123456');
    expect((await userRow(bobId)).wechat_openid).toBe('o_bob_123456');
    const reused = await bob.put('/api/v1/account/bind/wechat', { ticket: qr.body.ticket });
    expect(reused.body.error.message).toBe(MSG.wechatTicketInvalid);

    const qr2 = await alice.get('/api/v1/wechat/qrcode?client_name=web&client_id=atrium');
    await alice.post('/api/v1/wechat/dev/scan', { ticket: qr2.body.ticket, openid: 'o_bob_123456' });
    const taken = await alice.put('/api/v1/account/bind/wechat', { ticket: qr2.body.ticket });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MSG.accountWechatTaken);
    const noClient = await alice.get('/api/v1/wechat/qrcode/');
    expect(noClient.status).toBe(400);
    expect(noClient.body.error.message).toBe(MSG.wechatClientRequired);
  });

  it('unbinds a login id but refuses the last way to sign in, and another user', async () => {
    const other = await bob.del('/api/v1/account/unbind', { uid: aliceId, login_id: 'zhang@example.cn' });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(MSG.forbidden);
    // in the query too, and before the body is checked (decision 355)
    const otherInQuery = await bob.del(`/api/v1/account/unbind?uid=${aliceId}&login_id=zhang%40example.cn`);
    expect(otherInQuery.status).toBe(403);
    expect(otherInQuery.body.error.message).toBe(MSG.forbidden);
    const otherIncomplete = await bob.del('/api/v1/account/unbind', { uid: aliceId });
    expect(otherIncomplete.status).toBe(403);
    const badUid = await bob.del('/api/v1/account/unbind', { uid: 'abc', login_id: 'zhang@example.cn' });
    expect(badUid.status).toBe(400);
    expect(badUid.body.error).toMatchObject({ message: MSG.userIdRequired, fields: { 'body.uid': MSG.userIdRequired } });
    expect((await userRow(aliceId)).email).toBe('zhang@example.cn');
    const notMine = await bob.del('/api/v1/account/unbind', { uid: bobId, login_id: 'zhang@example.cn' });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error.message).toBe(MSG.accountLoginIdNotBound);
    // bob: phone + wechat → removing wechat leaves the phone, which is then the last one
    const ok = await bob.del('/api/v1/account/unbind', { uid: bobId, login_id: 'o_bob_123456' });
    expect(ok.status).toBe(200);
    expect((await userRow(bobId)).wechat_openid).toBeNull();
    const last = await bob.del('/api/v1/account/unbind', { uid: bobId, login_id: '13700000002' });
    expect(last.status).toBe(400);
    expect(last.body.error.message).toBe(MSG.accountUnbindLast);
    expect((await userRow(bobId)).phone).toBe('13700000002');
    const missing = await bob.del('/api/v1/account/unbind', { uid: bobId });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(MSG.accountLoginIdRequired);
  });
});

describe('scholar registration', () => {
  it('creates the scholar profile of a user, answers is-register, updates it in place', async () => {
    const before = await alice.get('/api/v1/scholars/is-register?key=phone&value=13700000001');
    expect(before.body).toEqual({ registered: false, scholarId: null });
    const made = await alice.put('/api/v2/scholars', { name: '张三', institution: '北京大学', research_field: '信息检索' });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe(MSG.scholarSaved);
    const res = await ctx.db.selectFrom('resources').selectAll().where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(res.type).toBe('scholar');
    expect(res.title).toBe('张三');
    expect(JSON.parse(res.fields)).toMatchObject({ institution: '北京大学', research_field: '信息检索' });
    for (const q of ['key=phone&value=13700000001', 'key=email&value=zhang@example.cn', `key=name&value=${encodeURIComponent('张三')}`]) {
      expect((await bob.get(`/api/v1/scholars/is-register?${q}`)).body).toEqual({ registered: true, scholarId: made.body.id });
    }
    const upd = await alice.put('/api/v2/scholars', { name: '张三丰', institution: '清华大学', research_field: '' });
    expect(upd.body.id).toBe(made.body.id);
    const count = await ctx.db.selectFrom('scholar_claims').select('user_id').execute();
    expect(count).toHaveLength(1);
    const info = await alice.get(`/api/v1/users/${aliceId}/info`);
    expect(info.body.scholar).toEqual({ id: made.body.id, name: '张三丰', institution: '清华大学', research_field: '' });
  });

  it('lets a user claim an unclaimed scholar found by name, and refuses a claimed one', async () => {
    const { ids } = await import('../../resources/store.js').then((m) =>
      m.upsertResources(ctx.db, [{ type: 'scholar', sourceKey: 'csr:wang', title: '王五', fields: { institution: '浙江大学' } }]),
    );
    const found = await bob.get(`/api/v1/scholars/is-register?key=name&value=${encodeURIComponent('王五')}`);
    expect(found.body).toEqual({ registered: false, scholarId: ids[0] });
    const claimed = await bob.put('/api/v2/scholars', { scholarId: ids[0], name: '王五', institution: '浙江大学', research_field: '数据库' });
    expect(claimed.status).toBe(200);
    expect(claimed.body.id).toBe(ids[0]);
    const c = await ctx.signIn('13700000005');
    const refused = await c.put('/api/v2/scholars', { scholarId: ids[0], name: '王五', institution: '', research_field: '' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MSG.scholarClaimedByOther);
    const nf = await c.put('/api/v2/scholars', { scholarId: 987654, name: '王五' });
    expect(nf.status).toBe(404);
    expect(nf.body.error.message).toBe(MSG.scholarNotFound);
    const bad = await c.get('/api/v1/scholars/is-register?key=id&value=1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.scholarKeyInvalid);
    const markup = await c.put('/api/v2/scholars', { name: '<i>x</i>' });
    expect(markup.body.error.message).toBe(MSG.accountNoMarkup);
    expect(
      await ctx.db
        .selectFrom('scholar_claims')
        .select('user_id')
        .where('user_id', '=', (await c.get('/api/v1/session')).body.user.id)
        .execute(),
    ).toHaveLength(0);
  });
});
