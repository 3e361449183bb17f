/**
 * The NUL guard (server/http/input.ts, decision 258) on both databases: a NUL in a query string or in a
 * JSON body answers 400 with the Chinese message, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { MSG } from '../../common/messages.js';
import { hasNul } from './input.js';

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
