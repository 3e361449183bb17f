/**
 * GET /technology/news/v2/domain/list and the headline calls of the host tools API (spec 2 §7;
 * docs/decisions.md 294), on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

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

  it('refuses a visitor (401), another user’s id (403), and bad input (400) without writing', async () => {
    expect((await ctx.client().get(`/toolsApi/headline/getByUserId?userId=${readerId}`)).status).toBe(401);
    const other = await ctx.signIn('13700001302', 'super');
    const r = await other.get(`/toolsApi/headline/getByUserId?userId=${readerId}`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.headlineNotYours);
    expect((await other.post('/toolsApi/headline/save', { userId: readerId, domains: ['x'] })).status).toBe(403);
    const bad = await reader.post('/toolsApi/headline/save', { userId: readerId, domains: ['<b>x</b>'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.headlineDomainInvalid);
    const many = await reader.post('/toolsApi/headline/save', { userId: readerId, domains: Array.from({ length: 21 }, (_, i) => `领域${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toBe(MSG.headlineTooMany);
    expect((await reader.get('/toolsApi/headline/getByUserId')).status).toBe(400);
    expect((await reader.get(`/toolsApi/headline/getByUserId?userId=${readerId}`)).body.domains).toEqual([]);
  });

  it('answers an unknown host tools call with a JSON 404, not the web page', async () => {
    const r = await reader.get('/toolsApi/headline/nothing');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.routeNotFound);
  });
});
