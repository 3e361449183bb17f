/** GET /api/v2/scholars/{id} (spec 2 §7; docs/decisions.md 297), on SQLite and PostgreSQL; each 400 with its exact `fields`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { probeBadInput } from '../../test/badInputProbe.js';

let ctx: TestContext;
let admin: Client;
let me: Client;
let meId: number;
let scholarId: number;
let elsewhereId: number;
let journalId: number;
let appId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700001601', 'super');
  me = await ctx.signIn('13700001602');
  meId = (await me.get('/api/v1/session')).body.user.id as number;
  const topicId = await ensureTopic(ctx.db, '学者专题');
  const other = await ensureTopic(ctx.db, '别的专题');
  const r = await upsertResources(ctx.db, [
    { type: 'scholar', sourceKey: 's1', title: '李华', date: null, fields: { institution: '清华大学' }, topicId },
    { type: 'scholar', sourceKey: 's2', title: '赵强', date: null, fields: {}, topicId: other },
    { type: 'journal', sourceKey: '1234-5678', title: '情报学报', date: null, fields: {}, topicId },
  ]);
  [scholarId, elsewhereId, journalId] = r.ids;
  appId = (await admin.post('/api/v1/applications', { name: '学者站点', host: 'scholar.example.cn', topicId })).body.applicationId as number;
  await admin.put(`/api/v1/applications/${appId}/release`);
  await admin.put(`/api/v1/applications/${appId}/pass`);
  // the signed-in user claims 李华 (PUT /api/v2/scholars)
  expect((await me.put('/api/v2/scholars', { scholarId, name: '李华', institution: '清华大学', research_field: '情报学' })).status).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v2/scholars/{id}', () => {
  it('answers the scholar with its fields and whether it is claimed, to anybody', async () => {
    const r = await ctx.client().get(`/api/v2/scholars/${scholarId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: scholarId, type: 'scholar', title: '李华', claimed: true });
    expect(r.body.claimedByMe).toBeUndefined();
    expect((await ctx.client().get(`/api/v2/scholars/${elsewhereId}`)).body.claimed).toBe(false);
  });

  it("with user_id (the caller's own) tells claimedByMe; with app_id only the application's scholars", async () => {
    expect((await me.get(`/api/v2/scholars/${scholarId}?user_id=${meId}`)).body.claimedByMe).toBe(true);
    expect((await me.get(`/api/v2/scholars/${elsewhereId}?user_id=${meId}`)).body.claimedByMe).toBe(false);
    expect((await me.get(`/api/v2/scholars/${scholarId}?app_id=${appId}`)).status).toBe(200);
    const r = await me.get(`/api/v2/scholars/${elsewhereId}?app_id=${appId}`);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.scholarNotFound);
  });

  it('refuses what is not a scholar (404), bad ids (400), another user_id (403) and user_id without sign-in (401)', async () => {
    expect((await ctx.client().get(`/api/v2/scholars/${journalId}`)).status).toBe(404);
    expect((await ctx.client().get('/api/v2/scholars/999999')).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const bad = await ctx.client().get(`/api/v2/scholars/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.error, id).toEqual({ code: 'bad_request', message: MSG.scholarNotFound, fields: { 'params.id': MSG.scholarNotFound } });
    }
    for (const q of ['app_id=x', 'app_id=0', 'app_id=1.5']) {
      const badApp = await ctx.client().get(`/api/v2/scholars/${scholarId}?${q}`);
      expect(badApp.status, q).toBe(400);
      expect(badApp.body.error, q).toEqual({ code: 'bad_request', message: MSG.applicationNotFound, fields: { 'query.app_id': MSG.applicationNotFound } });
    }
    expect((await ctx.client().get(`/api/v2/scholars/${scholarId}?app_id=999999`)).status).toBe(404);
    const other = await me.get(`/api/v2/scholars/${scholarId}?user_id=${meId + 1000}`);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(MSG.scholarClaimNotYours);
    const signedOut = await ctx.client().get(`/api/v2/scholars/${scholarId}?user_id=${meId}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.message).toBe(MSG.notSignedIn);
  });

  it('checks user_id in its declared access (decision 355): a super manager too gets 403, a malformed one keeps its 400', async () => {
    const r = await admin.get(`/api/v2/scholars/${scholarId}?user_id=${meId}`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.scholarClaimNotYours);
    for (const who of [ctx.client(), me]) {
      const bad = await who.get(`/api/v2/scholars/${scholarId}?user_id=abc`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual({ code: 'bad_request', message: MSG.userNotFound, fields: { 'query.user_id': MSG.userNotFound } });
    }
    // a request without user_id stays public
    expect((await ctx.client().get(`/api/v2/scholars/${scholarId}?app_id=${appId}`)).status).toBe(200);
  });

  it('never answers 500 to junk ids or queries, signed in or not', async () => {
    for (const who of [ctx.client(), me]) {
      for (const id of [String(scholarId), 'abc', '%00', '%E4%B8%AD', '1e3']) expect(await probeBadInput(who, 'GET', `/api/v2/scholars/${id}`)).toEqual([]);
    }
  });
});
