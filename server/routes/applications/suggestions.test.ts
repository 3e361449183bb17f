/** GET /api/v1/applications/suggestions and GET /api/v2/applications/suggestions (spec 2 §7; docs/decisions.md 296), on both databases; each 400 with its exact `fields`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { probeBadInput } from '../../test/badInputProbe.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let managerId: number;
let libraryId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700001501', 'super');
  manager = await ctx.signIn('13700001502');
  managerId = (await manager.get('/api/v1/session')).body.user.id as number;
  libraryId = (await admin.post('/api/v1/applications', { name: '图书馆门户', host: 'lib.example.cn' })).body.applicationId as number;
  await admin.post('/api/v1/applications', { name: '科研门户', host: 'research.example.cn' });
  await admin.post('/api/v1/applications', { name: '图书_情报 100%', host: 'odd.example.cn' });
  expect((await admin.post('/api/v1/applications/managers', { applicationId: libraryId, phone: '13700001502', rights: ['home'] })).status).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/applications/suggestions', () => {
  it('suggests the applications the caller may manage whose name or host contains the text', async () => {
    const all = await admin.get('/api/v1/applications/suggestions?query=%E5%9B%BE%E4%B9%A6');
    expect(all.status).toBe(200);
    expect((all.body as { name: string }[]).map((a) => a.name).sort()).toEqual(['图书_情报 100%', '图书馆门户']);
    expect((await admin.get('/api/v1/applications/suggestions?query=RESEARCH')).body).toEqual([
      { applicationId: expect.any(Number), name: '科研门户', host: 'research.example.cn' },
    ]);
    // % and _ are text, not wildcards
    expect((await admin.get('/api/v1/applications/suggestions?query=_')).body.map((a: { name: string }) => a.name)).toEqual(['图书_情报 100%']);
    // a manager: only theirs
    expect((await manager.get('/api/v1/applications/suggestions?query=%E9%97%A8%E6%88%B7')).body).toEqual([
      { applicationId: libraryId, name: '图书馆门户', host: 'lib.example.cn' },
    ]);
  });

  it('refuses a missing, empty or long text (400 with fields) and a visitor (401)', async () => {
    for (const [q, message] of [
      ['', MSG.suggestQueryRequired],
      ['?query=%20', MSG.suggestQueryRequired],
      ['?query=a&query=b', MSG.suggestQueryRequired],
      [`?query=${'x'.repeat(51)}`, MSG.suggestQueryTooLong],
    ] as const) {
      const r = await admin.get(`/api/v1/applications/suggestions${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toEqual({ code: 'bad_request', message, fields: { 'query.query': message } });
    }
    const visitor = await ctx.client().get('/api/v1/applications/suggestions?query=a');
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toEqual({ code: 'not_signed_in', message: MSG.notSignedIn });
  });

  it('never answers 500 to junk queries, signed in or not', async () => {
    for (const who of [admin, manager, ctx.client()]) expect(await probeBadInput(who, 'GET', '/api/v1/applications/suggestions')).toEqual([]);
  });
});

describe('GET /api/v2/applications/suggestions', () => {
  it("lists the user's applications: their own for a manager, anyone's for a super manager", async () => {
    expect((await manager.get(`/api/v2/applications/suggestions?userId=${managerId}`)).body).toEqual([
      { applicationId: libraryId, name: '图书馆门户', host: 'lib.example.cn' },
    ]);
    expect((await admin.get(`/api/v2/applications/suggestions?userId=${managerId}`)).body).toHaveLength(1);
    const adminId = (await admin.get('/api/v1/session')).body.user.id as number;
    expect((await admin.get(`/api/v2/applications/suggestions?userId=${adminId}`)).body).toHaveLength(3);
  });

  it("refuses another user's list to a manager (403), an unknown user (404), a bad id (400), a visitor (401)", async () => {
    const adminId = (await admin.get('/api/v1/session')).body.user.id as number;
    const r = await manager.get(`/api/v2/applications/suggestions?userId=${adminId}`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.suggestOtherUser);
    expect((await admin.get('/api/v2/applications/suggestions?userId=999999')).status).toBe(404);
    for (const q of ['', '?userId=abc', '?userId=0', '?userId=-1', '?userId=1.5', '?userId=99999999999']) {
      const bad = await admin.get(`/api/v2/applications/suggestions${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.body.error, q).toEqual({ code: 'bad_request', message: MSG.userNotFound, fields: { 'query.userId': MSG.userNotFound } });
    }
    expect((await ctx.client().get(`/api/v2/applications/suggestions?userId=${managerId}`)).status).toBe(401);
  });

  it('checks another userId in its declared access (decision 355): 403 before the user is looked up, a malformed id keeps its 400', async () => {
    const unknown = await manager.get('/api/v2/applications/suggestions?userId=999999');
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.message).toBe(MSG.suggestOtherUser);
    const bad = await manager.get('/api/v2/applications/suggestions?userId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'bad_request', message: MSG.userNotFound, fields: { 'query.userId': MSG.userNotFound } });
    const signedOut = await ctx.client().get(`/api/v2/applications/suggestions?userId=${managerId}`);
    expect(signedOut.body.error.message).toBe(MSG.notSignedIn);
  });

  it('never answers 500 to junk queries, signed in or not', async () => {
    for (const who of [admin, manager, ctx.client()]) expect(await probeBadInput(who, 'GET', '/api/v2/applications/suggestions')).toEqual([]);
  });
});
