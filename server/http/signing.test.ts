/**
 * Signed requests (spec 2 §7 'Request wrapper'; decisions 220-224): the server refuses an
 * unsigned write, a replayed nonce, a timestamp more than 5 minutes off, a body or query that is not
 * the one signed and a key of another browser, each with 401, its code and a Chinese message, and
 * writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../test/harness.js';
import { MSG } from '../../common/messages.js';
import { SIGN_HEADER, bodyDigest, signRequest } from '../../common/requestSigning.js';

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13800000301', 'super');
});
afterAll(async () => {
  await ctx.close();
});

const count = async (host: string) => (await ctx.db.selectFrom('applications').select('id').where('host', '=', host).execute()).length;

describe('signed requests', () => {
  it('gives each browser its own key and the server clock', async () => {
    const a = ctx.client();
    const b = ctx.client();
    const ka = await a.get('/api/v1/session/signing-key');
    const kb = await b.get('/api/v1/session/signing-key');
    expect(ka.status).toBe(200);
    expect(ka.headers['cache-control']).toBe('no-store');
    expect(ka.body.key).toMatch(/^[0-9a-f]{64}$/);
    expect(ka.body.key).not.toBe(kb.body.key);
    expect(Math.abs(ka.body.serverTime - Date.now())).toBeLessThan(5000);
    // the same browser keeps its key
    expect((await a.get('/api/v1/session/signing-key')).body.key).toBe(ka.body.key);
  });

  it('accepts a signed write and refuses the same request replayed', async () => {
    const body = { name: '签名测试站', host: 'signed.example.cn' };
    const first = await admin.post('/api/v1/applications', body);
    expect(first.status).toBe(201);
    const replay = await admin.request('POST', '/api/v1/applications', body, { sign: false, headers: admin.lastSigned! });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toEqual({ code: 'nonce_reused', message: MSG.nonceReused });
    expect(await count('signed.example.cn')).toBe(1);
  });

  it('refuses an unsigned write with 401 signature_missing and writes nothing', async () => {
    const r = await admin.request('POST', '/api/v1/applications', { name: '无签名', host: 'unsigned.example.cn' }, { sign: false });
    expect(r.status).toBe(401);
    expect(r.body.error).toEqual({ code: 'signature_missing', message: MSG.signatureMissing });
    expect(MSG.signatureMissing).toBe('请求缺少签名，请刷新页面后重试');
    expect(await count('unsigned.example.cn')).toBe(0);
  });

  it('refuses a timestamp more than 5 minutes off, and accepts one 4 minutes off', async () => {
    const key = await admin.signingKey();
    const url = '/api/v1/applications';
    const send = (now: number, host: string) => {
      const payload = JSON.stringify({ name: '时间测试', host });
      return admin.request('POST', url, undefined, {
        raw: payload,
        sign: false,
        headers: signRequest({ keyHex: key, method: 'POST', url, body: payload, now }),
      });
    };
    const late = await send(Date.now() - 6 * 60_000, 'late.example.cn');
    expect(late.status).toBe(401);
    expect(late.body.error).toEqual({ code: 'timestamp_skew', message: MSG.timestampSkew });
    const early = await send(Date.now() + 6 * 60_000, 'early.example.cn');
    expect(early.body.error.code).toBe('timestamp_skew');
    expect((await send(Date.now() - 4 * 60_000, 'ok.example.cn')).status).toBe(201);
    expect((await count('late.example.cn')) + (await count('early.example.cn'))).toBe(0);
  });

  it('refuses a body that is not the one signed, and a validation header forged to match it', async () => {
    const key = await admin.signingKey();
    const url = '/api/v1/applications';
    const signed = JSON.stringify({ name: '原始', host: 'original.example.cn' });
    const forged = JSON.stringify({ name: '篡改', host: 'forged.example.cn' });
    const headers = signRequest({ keyHex: key, method: 'POST', url, body: signed, now: Date.now() });
    const r1 = await admin.request('POST', url, undefined, { raw: forged, sign: false, headers });
    expect(r1.status).toBe(401);
    expect(r1.body.error).toEqual({ code: 'validation_mismatch', message: MSG.validationMismatch });
    const r2 = await admin.request('POST', url, undefined, { raw: forged, sign: false, headers: { ...headers, [SIGN_HEADER.validation]: bodyDigest(forged) } });
    expect(r2.status).toBe(401);
    expect(r2.body.error).toEqual({ code: 'signature_invalid', message: MSG.signatureInvalid });
    expect(await count('forged.example.cn')).toBe(0);
  });

  it('signs the path and the query: another path or parameter is refused', async () => {
    const key = await admin.signingKey();
    const created = await admin.post('/api/v1/applications', { name: '删除测试', host: 'del.example.cn' });
    const id = created.body.applicationId as number;
    const other = await admin.post('/api/v1/applications', { name: '另一个', host: 'keep.example.cn' });
    const headers = signRequest({ keyHex: key, method: 'DELETE', url: `/api/v1/applications/${id}`, now: Date.now() });
    const moved = await admin.request('DELETE', `/api/v1/applications/${other.body.applicationId}`, undefined, { sign: false, headers });
    expect(moved.status).toBe(401);
    expect(moved.body.error.code).toBe('signature_invalid');
    expect(await count('keep.example.cn')).toBe(1);

    const q = signRequest({ keyHex: key, method: 'PUT', url: '/api/v1/applications/1/release?x=1', now: Date.now() });
    const changed = await admin.request('PUT', '/api/v1/applications/1/release?x=2', undefined, { sign: false, headers: q });
    expect(changed.body.error.code).toBe('signature_invalid');
  });

  it('refuses the signature of another browser (another key)', async () => {
    const stranger = ctx.client();
    const theirKey = await stranger.signingKey();
    const url = '/api/v1/applications';
    const payload = JSON.stringify({ name: '他人密钥', host: 'stranger.example.cn' });
    const r = await admin.request('POST', url, undefined, {
      raw: payload,
      sign: false,
      headers: signRequest({ keyHex: theirKey, method: 'POST', url, body: payload, now: Date.now() }),
    });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('signature_invalid');
    expect(await count('stranger.example.cn')).toBe(0);
  });

  it('refuses malformed signing headers with 401, never 500', async () => {
    const cases: Array<Record<string, string>> = [
      { [SIGN_HEADER.nonce]: 'short' },
      { [SIGN_HEADER.timestamp]: 'yesterday' },
      { [SIGN_HEADER.signature]: 'zz'.repeat(32) },
      { [SIGN_HEADER.validation]: 'UNSIGNED-PAYLOAD' },
    ];
    for (const bad of cases) {
      const r = await admin.request('POST', '/api/v1/actions', { resourceId: 1, action: 'browse' }, { headers: bad });
      expect(r.status, JSON.stringify(bad)).toBe(401);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('checks a signature on a GET when one is sent; an unsigned GET is answered', async () => {
    expect((await admin.get('/api/v1/applications')).status).toBe(200);
    expect((await admin.get('/api/v1/applications', { sign: true })).status).toBe(200);
    const headers = signRequest({ keyHex: await admin.signingKey(), method: 'GET', url: '/api/v1/applications?page=1', now: Date.now() });
    const r = await admin.get('/api/v1/applications?page=2', { sign: false, headers });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('signature_invalid');
  });

  it('lets a read sent as POST be repeated (its nonce is not kept) but not unsigned', async () => {
    const visitor = ctx.client();
    const body = { offset: 0, count: 5 };
    expect((await visitor.post('/api/v4/modules/top-scholar', body)).status).toBe(200);
    const again = await visitor.request('POST', '/api/v4/modules/top-scholar', body, { sign: false, headers: visitor.lastSigned! });
    expect(again.status).toBe(200);
    const unsigned = await visitor.request('POST', '/api/v4/modules/top-scholar', body, { sign: false });
    expect(unsigned.status).toBe(401);
  });

  it('keeps the nonces of writes in the database', async () => {
    await admin.post('/api/v1/applications', { name: '记录', host: 'nonce.example.cn' });
    const nonce = admin.lastSigned![SIGN_HEADER.nonce];
    const row = await ctx.db.selectFrom('request_nonces').selectAll().where('nonce', '=', nonce).executeTakeFirst();
    expect(row).toBeTruthy();
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
  });
});
