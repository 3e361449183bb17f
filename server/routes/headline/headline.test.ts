/**
 * GET /technology/news/v2/domain/list and the headline calls of the host tools API (spec 2 §7;
 * docs/decisions.md 294), on SQLite and PostgreSQL; each 400 with its exact `fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { probeBadInput } from '../../test/badInputProbe.js';

let ctx: TestContext;
let reader: Client;
let readerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const topicId = await ensureTopic(ctx.db, '科技资讯');
  await upsertResources(ctx.db, [
    { type: 'news', sourceKey: 'n1', title: '大模型进展', date: '2024-05-01', fields: {}, topicId, categoryOne: '人工智能' },
    { type: 'news', sourceKey: 'n2', title: '算力调度', date: '2024-05-02', fields: {}, topicId, categoryOne: '人工智能' },
    { type: 'news', sourceKey: 'n3', title: '固态电池', date: '2024-05-03', fields: {}, topicId, categoryOne: '新能源' },
    { type: 'policy', sourceKey: 'p1', title: '不是新闻', date: '2024-05-03', fields: {}, topicId, categoryOne: '政策法规' },
  ]);
  reader = await ctx.signIn('13700001301');
  readerId = (await reader.get('/api/v1/session')).body.user.id as number;
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /technology/news/v2/domain/list', () => {
  it('lists the news domains with their counts, most first, for anybody, as JSON', async () => {
    const r = await ctx.client().get('/technology/news/v2/domain/list');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { label: '人工智能', value: '人工智能', count: 2 },
      { label: '新能源', value: '新能源', count: 1 },
    ]);
  });
});

describe('headline', () => {
  it('is empty before a save, then holds the saved domains (duplicates once)', async () => {
    const empty = await reader.get(`/toolsApi/headline/getByUserId?userId=${readerId}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ userId: readerId, domains: [], updatedAt: null });
    const saved = await reader.post('/toolsApi/headline/save', { userId: readerId, domains: ['新能源', ' 人工智能 ', '新能源'] });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MSG.headlineSaved);
    expect(saved.body.domains).toEqual(['新能源', '人工智能']);
    const read = await reader.get(`/toolsApi/headline/getByUserId?userId=${readerId}`);
    expect(read.body.domains).toEqual(['新能源', '人工智能']);
    expect(typeof read.body.updatedAt).toBe('string');
    const row = await ctx.db.selectFrom('user_headlines').selectAll().where('user_id', '=', readerId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.domains)).toEqual(['新能源', '人工智能']);
    // a second save replaces the list
    expect((await reader.post('/toolsApi/headline/save', { userId: readerId, domains: [] })).body.domains).toEqual([]);
  });

  it('refuses a visitor (401), another user’s id (403), and bad input (400 with fields) without writing', async () => {
    const visitor = ctx.client();
    expect((await visitor.get(`/toolsApi/headline/getByUserId?userId=${readerId}`)).status).toBe(401);
    const notSignedIn = await visitor.post('/toolsApi/headline/save', { userId: readerId, domains: ['新能源'] });
    expect(notSignedIn.status).toBe(401);
    expect(notSignedIn.body.error).toEqual({ code: 'not_signed_in', message: MSG.notSignedIn });
    const other = await ctx.signIn('13700001302', 'super');
    const r = await other.get(`/toolsApi/headline/getByUserId?userId=${readerId}`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.headlineNotYours);
    expect((await other.post('/toolsApi/headline/save', { userId: readerId, domains: ['x'] })).status).toBe(403);
    const bad = await reader.post('/toolsApi/headline/save', { userId: readerId, domains: ['<b>x</b>'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'bad_request', message: MSG.headlineDomainInvalid, fields: { 'body.domains.0': MSG.headlineDomainInvalid } });
    const many = await reader.post('/toolsApi/headline/save', { userId: readerId, domains: Array.from({ length: 21 }, (_, i) => `领域${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.error).toEqual({ code: 'bad_request', message: MSG.headlineTooMany, fields: { 'body.domains': MSG.headlineTooMany } });
    for (const [body, fields] of [
      [{ domains: ['新能源'] }, { 'body.userId': MSG.headlineUserRequired }],
      [
        { userId: 'abc', domains: 'x' },
        { 'body.userId': MSG.headlineUserRequired, 'body.domains': MSG.headlineDomainsRequired },
      ],
      [
        { userId: readerId, domains: ['新能源', '', 5] },
        { 'body.domains.1': MSG.headlineDomainInvalid, 'body.domains.2': MSG.headlineDomainInvalid },
      ],
      [{ userId: readerId, domains: [`${'长'.repeat(51)}`] }, { 'body.domains.0': MSG.headlineDomainInvalid }],
    ] as const) {
      const res = await reader.post('/toolsApi/headline/save', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    const notObject = await reader.request('POST', '/toolsApi/headline/save', undefined, { raw: '[]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.fields).toEqual({ body: '应为对象' });
    for (const q of ['', '?userId=', '?userId=abc', '?userId=0', '?userId=1.5', '?userId=99999999999']) {
      const res = await reader.get(`/toolsApi/headline/getByUserId${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toEqual({ code: 'bad_request', message: MSG.headlineUserRequired, fields: { 'query.userId': MSG.headlineUserRequired } });
    }
    expect((await reader.get(`/toolsApi/headline/getByUserId?userId=${readerId}`)).body.domains).toEqual([]);
  });

  it('never answers 500 to junk queries or bodies, signed in or not', async () => {
    for (const who of [reader, ctx.client()]) {
      expect(await probeBadInput(who, 'GET', '/toolsApi/headline/getByUserId')).toEqual([]);
      expect(await probeBadInput(who, 'POST', '/toolsApi/headline/save')).toEqual([]);
    }
    expect(await probeBadInput(ctx.client(), 'GET', '/technology/news/v2/domain/list')).toEqual([]);
  });

  it('answers an unknown host tools call with a JSON 404, not the web page', async () => {
    const r = await reader.get('/toolsApi/headline/nothing');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.routeNotFound);
  });
});
