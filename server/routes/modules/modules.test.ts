/** Panel reads (spec 2 §7 'Content'): top-{kind} on v3 and v4, top-notice, top-link, topics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, releaseApplication } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let topicId: number;
let otherTopic: number;
let appId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '计算机');
  otherTopic = await ensureTopic(ctx.db, '医学');
  await upsertResources(ctx.db, [
    {
      type: 'scholar',
      sourceKey: 'a',
      title: '张三',
      date: null,
      fields: { institution: '清华大学', fruits_total: 3 },
      topicId,
      categoryOne: '中国',
      categoryTwo: '北京',
    },
    { type: 'scholar', sourceKey: 'b', title: '李四', date: null, fields: { institution: '北京大学' }, topicId, categoryOne: '中国', categoryTwo: '北京' },
    { type: 'scholar', sourceKey: 'c', title: '王五', date: null, fields: { institution: '浙江大学' }, topicId, categoryOne: '中国', categoryTwo: '浙江' },
    { type: 'scholar', sourceKey: 'd', title: 'Alice', date: null, fields: { institution: 'MIT' }, topicId: otherTopic, categoryOne: '美国' },
    { type: 'article', sourceKey: 'x', title: '旧论文', date: '2019-01-01', fields: {}, topicId },
    { type: 'article', sourceKey: 'y', title: '新论文', date: '2024-05-01', fields: {}, topicId },
  ]);
  const admin = await ctx.signIn('13700000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '测试站', host: 'reads.example.cn', topicId })).body.applicationId;
  await releaseApplication(admin, appId);
  const t = (d: string) => new Date(d).toISOString();
  await ctx.db
    .insertInto('notices')
    .values([
      {
        application_id: appId,
        module_id: 'n1',
        user_id: null,
        title: '闭馆通知',
        type: '消息公告',
        content: '<p>x</p>',
        top: 0,
        active: 1,
        publish_date_time: t('2026-01-02'),
        create_date_time: t('2026-01-02'),
      },
      {
        application_id: appId,
        module_id: 'n1',
        user_id: null,
        title: '置顶公告',
        type: '消息公告',
        content: '<p>x</p>',
        top: 1,
        active: 1,
        publish_date_time: t('2025-01-01'),
        create_date_time: t('2025-01-01'),
      },
      {
        application_id: appId,
        module_id: 'n1',
        user_id: null,
        title: '草稿',
        type: '消息公告',
        content: '<p>x</p>',
        top: 0,
        active: 0,
        publish_date_time: t('2026-02-01'),
        create_date_time: t('2026-02-01'),
      },
    ])
    .execute();
  await ctx.db
    .insertInto('links')
    .values([
      {
        application_id: appId,
        module_id: 'l1',
        user_id: null,
        title: '中国知网',
        url: 'https://www.cnki.net',
        cover: null,
        link_category: null,
        top: 0,
        top_order: 1,
        active: 1,
        publish_date_time: t('2026-01-01'),
        create_date_time: t('2026-01-01'),
      },
      {
        application_id: appId,
        module_id: 'l1',
        user_id: null,
        title: '未发布链接',
        url: 'https://x.cn',
        cover: null,
        link_category: null,
        top: 0,
        top_order: 1,
        active: 0,
        publish_date_time: t('2026-01-01'),
        create_date_time: t('2026-01-01'),
      },
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('top-{kind}', () => {
  it('answers the same page on v3 and v4, filtered by topic', async () => {
    const c = ctx.client();
    const v3 = await c.post('/api/v3/modules/top-scholar', { offset: 0, count: 8, topicId });
    const v4 = await c.post('/api/v4/modules/top-scholar', { offset: 0, count: 8, topicId });
    expect(v3.status).toBe(200);
    expect(v3.body).toEqual(v4.body);
    expect(v3.body.content.map((s: { title: string }) => s.title)).toEqual(['张三', '李四', '王五']);
    expect(v3.body.totalElements).toBe(3);
    expect(v3.body.empty).toBe(false);
    expect(v3.body.content[0]).toMatchObject({ type: 'scholar', institution: '清华大学', fruits_total: 3 });
  });

  it('filters by category levels and by topic name, pages by offset and count', async () => {
    const c = ctx.client();
    const bj = await c.post('/api/v4/modules/top-scholar', { offset: 0, count: 8, topicId, categoryLevelOne: '中国', categoryLevelTwo: '北京' });
    expect(bj.body.content.map((s: { title: string }) => s.title)).toEqual(['张三', '李四']);
    const byName = await c.post('/api/v4/modules/top-scholar', { offset: 0, count: 8, topicName: '医学' });
    expect(byName.body.content.map((s: { title: string }) => s.title)).toEqual(['Alice']);
    const second = await c.post('/api/v4/modules/top-scholar', { offset: 2, count: 2, topicId });
    expect(second.body.content.map((s: { title: string }) => s.title)).toEqual(['王五']);
    expect(second.body.page).toBe(2);
    const articles = await c.post('/api/v4/modules/top-article', { offset: 0, count: 8, topicId });
    expect(articles.body.content.map((s: { title: string }) => s.title)).toEqual(['新论文', '旧论文']);
    const none = await c.post('/api/v4/modules/top-journal', { offset: 0, count: 8, topicId });
    expect(none.body).toMatchObject({ content: [], totalElements: 0, empty: true });
  });

  it('orders by a date changed by a later write without a topic, and counts new resources', async () => {
    const c = ctx.client();
    await upsertResources(ctx.db, [{ type: 'article', sourceKey: 'x', title: '旧论文', date: '2025-06-01', fields: {} }]);
    // written straight to the database: tell the shared cache, as the console's routes and the import do
    await ctx.app.visitorCache.invalidate();
    const after = await c.post('/api/v4/modules/top-article', { offset: 0, count: 8, topicId });
    expect(after.body.content.map((s: { title: string }) => s.title)).toEqual(['旧论文', '新论文']);
    await upsertResources(ctx.db, [{ type: 'article', sourceKey: 'z', title: '第三篇', date: '2020-01-01', fields: {}, topicId }]);
    await ctx.app.visitorCache.invalidate();
    expect((await c.post('/api/v4/modules/top-article', { offset: 0, count: 1, topicId })).body.totalElements).toBe(3);
  });

  it('answers a repeated read from the shared cache and shows a console write at once (decision 256)', async () => {
    const c = ctx.client();
    const read = async () =>
      (await c.post('/api/v4/modules/top-policy', { offset: 0, count: 8, topicId })).body as { totalElements: number; content: Array<{ title: string }> };
    const before = await read();
    expect(await read()).toEqual(before);
    const admin = await ctx.signIn('13700000009', 'super');
    expect((await admin.post(`/api/v1/applications/${appId}/resources`, { type: 'policy', title: '缓存之后的新政策', fields: {} })).status).toBe(201);
    const after = await read();
    expect(after.totalElements).toBe(before.totalElements + 1);
    expect(after.content.map((x) => x.title)).toContain('缓存之后的新政策');
  });

  it('refuses bad bodies with 400 and unknown kinds or topics with 404', async () => {
    const c = ctx.client();
    const r1 = await c.post('/api/v4/modules/top-scholar', { offset: -1, count: 'many', topicId });
    expect(r1.status).toBe(400);
    expect(Object.keys(r1.body.error.fields)).toEqual(expect.arrayContaining(['body.offset', 'body.count']));
    expect((await c.post('/api/v4/modules/top-scholar', { count: 1000 })).status).toBe(400);
    expect((await c.request('POST', '/api/v4/modules/top-scholar', undefined, { raw: '{{' })).status).toBe(400);
    expect((await c.post('/api/v4/modules/top-nothing', {})).status).toBe(404);
    const t = await c.post('/api/v4/modules/top-scholar', { topicName: '不存在' });
    expect(t.status).toBe(404);
    expect(t.body.error.message).toBe(MSG.topicNotFound);
  });
});

describe('top-notice and top-link', () => {
  it('lists published notices, pinned first', async () => {
    const r = await ctx.client().get(`/api/v1/modules/top-notice?applicationId=${appId}&offset=0&count=8`);
    expect(r.status).toBe(200);
    expect(r.body.content.map((n: { title: string }) => n.title)).toEqual(['置顶公告', '闭馆通知']);
    expect(r.body.content[1].publishDate).toBe('2026-01-02');
  });
  it('lists published links', async () => {
    const r = await ctx.client().get(`/api/v1/modules/top-link?applicationId=${appId}&moduleId=l1&offset=0&count=4`);
    expect(r.body.content.map((n: { title: string }) => n.title)).toEqual(['中国知网']);
  });
  it('refuses a missing or malformed application id', async () => {
    const c = ctx.client();
    const r = await c.get('/api/v1/modules/top-notice?offset=0&count=8');
    expect(r.status).toBe(400);
    expect(r.body.error.fields['query.applicationId']).toBeDefined();
    expect((await c.get('/api/v1/modules/top-link?applicationId=x')).status).toBe(400);
  });
});

describe('topics', () => {
  it('lists topics for managers (a plain user: 403, decision 418) and gives anyone the category tree with labels as values', async () => {
    expect((await ctx.client().get('/api/v1/topics')).status).toBe(401);
    const u = await ctx.signIn('13700000002');
    expect((await u.get('/api/v1/topics')).status).toBe(403);
    const topics = await (await ctx.signIn('13700000029', 'super')).get('/api/v1/topics');
    expect(topics.body.map((t: { title: string }) => t.title)).toEqual(['计算机', '医学']);
    const tree = await u.get(`/api/v1/topics/${topicId}/categories`);
    expect(tree.body).toEqual([
      {
        label: '中国',
        value: '中国',
        children: [
          { label: '北京', value: '北京' },
          { label: '浙江', value: '浙江' },
        ],
      },
    ]);
    expect((await u.get('/api/v1/topics/99999/categories')).status).toBe(404);
    expect((await u.get('/api/v1/topics/abc/categories')).status).toBe(400);
  });
});
