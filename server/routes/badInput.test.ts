/**
 * No route answers 500 to bad input (Standards): every registered route gets malformed bodies, wrong
 * types, odd path parameters and junk queries, signed in as a super manager and as nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../test/harness.js';

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
          const sends: Array<() => Promise<{ status: number; text: string }>> =
            r.method === 'GET' || r.method === 'DELETE'
              ? [() => who.request(r.method, url)]
              : [...rawBodies.map((raw) => () => who.request(r.method, url, undefined, { raw })), ...objBodies.map((b) => () => who.request(r.method, url, b))];
          for (const send of sends) {
            const res = await send();
            if (res.status >= 500) failures.push(`${r.method} ${url} -> ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
