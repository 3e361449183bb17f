/**
 * No route answers 500 to bad input (Standards): every registered route gets malformed bodies, wrong
 * types, odd path parameters and junk queries, signed in as a super manager and as nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../test/harness.js';
import { MSG } from '../../common/messages.js';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13500000001', 'super');
  await admin.post('/api/v1/applications', { name: '站点', host: 'junk.example.cn' });
});
afterAll(async () => {
  await ctx.close();
});

const rawBodies = ['{', '[]', '"text"', '12', 'null', '{"a":{"b":{"c":[1,2,{"d":null}]}}}', JSON.stringify({ name: 'x'.repeat(100_000) })];
const objBodies: unknown[] = [
  { name: 1, host: [], topicId: 'x', homeConfig: 'x', offset: 'a', count: -1, mobile_number: 13800000000, sms_code: 123456 },
  { homeConfig: [{ page: 1, template: 'x' }] },
  { homeConfig: [{ page: 'home', template: [null, 1, 'x', { type: 'scholar' }] }] },
  { homeConfig: { info: 'x' } },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
];
const params = ['abc', '-1', '0', '99999999999999999999', '1.5', '%00', '%E4%B8%AD'];

describe('bad input never answers 500', () => {
  it('walks every route', async () => {
    const routes = ctx.app.atriumRoutes.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const who of [admin, ctx.client()] as Client[]) {
      for (const r of routes) {
        const urls = r.url.includes(':')
          ? params.map((p) => r.url.replace(/:[A-Za-z]+/g, p))
          : [r.url, `${r.url}?page=x&size=-5&offset=a&count=1e9&applicationId=abc&host=%00&query=${'%27'.repeat(50)}`];
        for (const url of urls) {
          const sends: Array<() => Promise<{ status: number; text: string; body: unknown }>> =
            r.method === 'GET' || r.method === 'DELETE'
              ? [() => who.request(r.method, url)]
              : [...rawBodies.map((raw) => () => who.request(r.method, url, undefined, { raw })), ...objBodies.map((b) => () => who.request(r.method, url, b))];
          for (const send of sends) {
            const res = await send();
            if (res.status >= 500) failures.push(`${r.method} ${url} -> ${res.status} ${res.text.slice(0, 120)}`);
            // every message a 400 names a field with is Chinese, never zod's English
            const fields = (res.body as { error?: { fields?: Record<string, unknown> } } | undefined)?.error?.fields ?? {};
            for (const [k, v] of Object.entries(fields)) {
              if (typeof v !== 'string' || !/[\u4e00-\u9fff]/.test(v)) failures.push(`${r.method} ${url} -> ${res.status} fields.${k}: ${String(v)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('a body that is not an object', () => {
  // the walk above may have signed its manager out: a manager of its own
  let manager: Client;
  beforeAll(async () => {
    manager = await ctx.signIn('13500000002', 'super');
  });

  it('answers 400 naming the body in Chinese: [], "x", 5 (应为对象); null, the same as no body (必填)', async () => {
    for (const raw of ['[]', '"x"', '5']) {
      const r = await manager.request('POST', '/api/v1/banners/title', undefined, { raw });
      expect(r.status, raw).toBe(400);
      expect(r.body.error, raw).toEqual({ code: 'bad_request', message: MSG.badRequest, fields: { body: '应为对象' } });
    }
    const r = await manager.request('POST', '/api/v1/banners/title', undefined, { raw: 'null' });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ body: '必填' });
  });

  it('answers 400 with 必填 for a missing field and 应为数字 for a wrong one where the schema has no message of its own', async () => {
    const missing = await manager.get('/api/v1/modules/top-notice');
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ 'query.applicationId': '必填' });
    const wrong = await manager.post('/api/v1/modules/top-monographs', { offset: 'a', count: 0 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toMatchObject({ 'body.offset': '应为数字', 'body.count': '不能小于 1' });
  });
});
