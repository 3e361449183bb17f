/**
 * The input guard (server/http/input.ts) on both databases: a NUL in a query string or in a JSON body
 * (decision 258), or a JSON body nested deeper than 64 levels (decision 416), answers 400 with the
 * Chinese message, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { JSON_MAX_DEPTH, hasNul, jsonFault, jsonTooDeep } from './input.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('a NUL character in a request', () => {
  it('answers 400 in a query string, raw or encoded', async () => {
    for (const url of ['/api/v1/search?q=%E7%A0%94%00%E7%A9%B6', '/api/v1/applications/config?host=a%00.cn']) {
      const r = await ctx.client().get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.message).toBe(MSG.invalidCharacter);
    }
  });

  it('answers 400 in a JSON body and writes nothing', async () => {
    const admin = await ctx.signIn('13700000031', 'super');
    const before = await ctx.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await admin.post('/api/v1/applications', { name: '空\u0000字符', host: 'nul.example.cn' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(MSG.invalidCharacter);
    const after = await ctx.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // the same body without the NUL is taken
    expect((await admin.post('/api/v1/applications', { name: '空字符', host: 'nul.example.cn' })).status).toBe(201);
  });

  it('is found in nested strings and keys only', () => {
    expect(hasNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(hasNul({ ['k\u0000']: 1 })).toBe(true);
    expect(hasNul({ a: ['\\u0000', 0, null, true] })).toBe(false);
  });
});

/** JSON text of `levels` nested arrays around a number, or of nested objects `{"a":…}` */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const tooDeep = () => fillMsg(MSG.jsonTooDeep, { max: JSON_MAX_DEPTH });

describe('a JSON body nested too deep (decision 416)', () => {
  it('20,000 levels (40 KB) answer 400 with the message on an anonymous route, before the signature is asked for', async () => {
    for (const raw of [nestedArrays(20_000), nestedObjects(20_000)]) {
      const r = await ctx.client().request('PUT', '/api/v3/oauth/digits', undefined, { raw, sign: false });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ code: 'json_too_deep', message: tooDeep() });
    }
  });

  it('20,000 levels answer 400 on a signed route, and nothing is written', async () => {
    const admin = await ctx.signIn('13700000032', 'super');
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('applications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const deep = `{"name":"深层","host":"deep.example.cn","extra":${nestedArrays(20_000)}}`;
    const r = await admin.request('POST', '/api/v1/applications', undefined, { raw: deep });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(tooDeep());
    expect(await count()).toBe(before);
  });

  it('64 levels pass the guard (the route answers as usual); 65 do not', async () => {
    const admin = await ctx.signIn('13700000033', 'super');
    // 64 levels in all: the body object and 63 more below it
    const at = (levels: number) => `{"name":"层数","host":"depth-${levels}.example.cn","extra":${nestedArrays(levels - 1)}}`;
    const ok = await admin.request('POST', '/api/v1/applications', undefined, { raw: at(JSON_MAX_DEPTH) });
    expect(ok.status).toBe(201);
    const refused = await admin.request('POST', '/api/v1/applications', undefined, { raw: at(JSON_MAX_DEPTH + 1) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(tooDeep());
  });

  it('is found without recursion at any depth; NUL below the limit is still found', () => {
    const million = JSON.parse(nestedArrays(1_000_000)) as unknown;
    expect(jsonFault(million)).toBe('tooDeep');
    expect(jsonTooDeep(million)).toBe(true);
    expect(hasNul(million)).toBe(false);
    expect(jsonFault(JSON.parse(nestedObjects(64)))).toBeUndefined();
    expect(jsonFault(JSON.parse(nestedObjects(65)))).toBe('tooDeep');
    expect(jsonFault([[['x\u0000']]])).toBe('nul');
    expect(jsonFault({ a: 1, b: 'x', c: null, d: [true, 2.5] })).toBeUndefined();
    expect(jsonTooDeep(JSON.parse(nestedArrays(10)), 5)).toBe(true);
  });
});
