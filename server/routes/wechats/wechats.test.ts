/**
 * Wechat accounts and the feed reads (spec 2 §7): binding and unbinding by role (anonymous 401, a manager
 * of another application 403, the manager 200), refusals in Chinese, articles stored as wechat_article
 * resources, and GET /api/v1/modules/top-wechat-article, top-job and top-bulletin. Runs on SQLite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let otherManager: Client;
let appId: number;
let otherAppId: number;
let topicId: number;

async function makeManager(phone: string, applicationId: number): Promise<Client> {
  const c = await ctx.signIn(phone);
  const u = await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  await ctx.db.insertInto('application_managers').values({ application_id: applicationId, user_id: u.id }).execute();
  return c;
}

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '科技资讯');
  admin = await ctx.signIn('13700000101', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '资讯站', host: 'feeds.example.cn', topicId })).body.applicationId;
  otherAppId = (await admin.post('/api/v1/applications', { name: '别的站', host: 'other.example.cn' })).body.applicationId;
  // visitors read the feeds of a released site only (decision 394)
  await releaseApplication(admin, appId);
  manager = await makeManager('13700000102', appId);
  otherManager = await makeManager('13700000103', otherAppId);
});
afterAll(async () => {
  await ctx.close();
});

describe('binding an official account', () => {
  it('answers 401 without a session, 403 to a manager of another application, 201 to the manager', async () => {
    const body = { wechatId: 'gh_sci_news', name: '科技资讯速递' };
    const anon = await ctx.client().post(`/api/v1/applications/${appId}/wechat`, body);
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe(MSG.notSignedIn);
    const other = await otherManager.post(`/api/v1/applications/${appId}/wechat`, body);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(MSG.forbidden);
    const ok = await manager.post(`/api/v1/applications/${appId}/wechat`, body);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ wechatId: 'gh_sci_news', name: '科技资讯速递', applicationId: appId, message: MSG.wechatBound });
    const row = await ctx.db.selectFrom('wechat_accounts').selectAll().where('application_id', '=', appId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ wechat_id: 'gh_sci_news', name: '科技资讯速递' });
  });

  it('refuses a second binding of the same account with 409 and bad input with 400 in Chinese, writing nothing', async () => {
    const again = await manager.post(`/api/v1/applications/${appId}/wechat`, { wechatId: 'gh_sci_news', name: '再来一次' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.wechatTaken);
    const noName = await manager.post(`/api/v1/applications/${appId}/wechat`, { wechatId: 'gh_x' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe(MSG.wechatNameRequired);
    const badId = await manager.post(`/api/v1/applications/${appId}/wechat`, { wechatId: '公众号 1', name: '名' });
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toBe(MSG.wechatIdInvalid);
    const markup = await manager.post(`/api/v1/applications/${appId}/wechat`, { wechatId: 'gh_y', name: '<b>粗</b>' });
    expect(markup.status).toBe(400);
    expect(markup.body.error.message).toBe(MSG.noMarkup);
    const missingApp = await admin.post('/api/v1/applications/99999/wechat', { wechatId: 'gh_z', name: '无' });
    expect(missingApp.status).toBe(404);
    const n = await ctx.db
      .selectFrom('wechat_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('lists the accounts a user may choose: the managed applications, all for a super manager', async () => {
    await otherManager.post(`/api/v1/applications/${otherAppId}/wechat`, { wechatId: 'gh_other', name: '别的号' });
    expect((await manager.get('/api/v1/wechats/available')).body).toEqual([{ wechatId: 'gh_sci_news', name: '科技资讯速递' }]);
    expect((await otherManager.get('/api/v1/wechats/available')).body).toEqual([{ wechatId: 'gh_other', name: '别的号' }]);
    const all = (await admin.get('/api/v1/wechats/available')).body as Array<{ wechatId: string }>;
    expect(all.map((a) => a.wechatId).sort()).toEqual(['gh_other', 'gh_sci_news']);
    expect((await ctx.client().get('/api/v1/wechats/available')).status).toBe(401);
    expect((await otherManager.get(`/api/v1/applications/${appId}/wechats`)).status).toBe(403);
  });

  it('unbinds with DELETE { wechatId }: 403 for others, 404 when not bound', async () => {
    expect((await otherManager.del(`/api/v1/applications/${otherAppId}/wechat`, { wechatId: 'gh_missing' })).body.error.message).toBe(MSG.wechatNotBound);
    expect((await manager.del(`/api/v1/applications/${otherAppId}/wechat`, { wechatId: 'gh_other' })).status).toBe(403);
    expect((await ctx.client().del(`/api/v1/applications/${otherAppId}/wechat`, { wechatId: 'gh_other' })).status).toBe(401);
    const ok = await otherManager.del(`/api/v1/applications/${otherAppId}/wechat`, { wechatId: 'gh_other' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MSG.wechatUnbound);
    expect(await ctx.db.selectFrom('wechat_accounts').select('id').where('wechat_id', '=', 'gh_other').executeTakeFirst()).toBeUndefined();
  });
});

describe('articles and the wechat read', () => {
  const article = (n: number, extra: Record<string, unknown> = {}) => ({
    title: `第${n}篇：量子计算新进展`,
    groupName: n % 2 ? '前沿动态' : '学术活动',
    articleTime: `2026-03-0${n} 09:30:00`,
    thumbMediaUrl: `https://mmbiz.example.cn/${n}.jpg`,
    url: `https://mp.weixin.qq.com/s/a${n}`,
    ...extra,
  });

  it('adds articles as wechat_article resources of the topic; refuses bad ones in Chinese', async () => {
    for (const n of [1, 2, 3]) {
      const r = await manager.post(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles`, article(n));
      expect(r.status).toBe(201);
      expect(r.body.message).toBe(MSG.wechatArticleAdded);
    }
    const bad = await manager.post(
      `/api/v1/applications/${appId}/wechats/gh_sci_news/articles`,
      article(4, { url: 'javascript:alert(1)', articleTime: '2026-02-30 10:00:00' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ 'body.url': MSG.httpUrlInvalid, 'body.articleTime': MSG.articleTimeInvalid });
    const noTitle = await manager.post(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles`, article(4, { title: ' ' }));
    expect(noTitle.body.error.message).toBe(MSG.articleTitleRequired);
    expect((await otherManager.post(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles`, article(5))).status).toBe(403);
    expect((await manager.post(`/api/v1/applications/${appId}/wechats/gh_unbound/articles`, article(5))).status).toBe(404);
    const rows = await ctx.db
      .selectFrom('resources')
      .innerJoin('resource_topics', 'resource_topics.resource_id', 'resources.id')
      .select(['resources.title', 'resources.date', 'resources.fields', 'resource_topics.topic_id'])
      .where('resources.type', '=', 'wechat_article')
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.topic_id === topicId)).toBe(true);
    expect(JSON.parse(rows.find((r) => r.title.startsWith('第1篇'))!.fields)).toMatchObject({
      wechatId: 'gh_sci_news',
      groupName: '前沿动态',
      articleTime: '2026-03-01 09:30:00',
      url: 'https://mp.weixin.qq.com/s/a1',
    });
  });

  it('re-adding an article with the same url updates it instead of duplicating', async () => {
    await manager.post(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles`, article(3, { title: '第3篇（修订）' }));
    const list = await manager.get(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles`);
    expect(list.body.totalElements).toBe(3);
    expect(list.body.content.map((r: { material: { title: string } }) => r.material.title)).toEqual([
      '第3篇（修订）',
      '第2篇：量子计算新进展',
      '第1篇：量子计算新进展',
    ]);
  });

  it('GET top-wechat-article answers records newest first, paged, for anyone', async () => {
    const r = await ctx.client().get('/api/v1/modules/top-wechat-article?page=1&pageSize=2&wechatId=gh_sci_news');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(3);
    expect(r.body.records).toHaveLength(2);
    expect(r.body.records[0]).toMatchObject({
      groupName: '前沿动态',
      articleTime: '2026-03-03 09:30:00',
      material: { title: '第3篇（修订）', thumb_media_url: 'https://mmbiz.example.cn/3.jpg', url: 'https://mp.weixin.qq.com/s/a3' },
    });
    expect(r.body.records[0].groupId).toMatch(/^g[0-9a-f]{12}$/);
    const p2 = await ctx.client().get('/api/v1/modules/top-wechat-article?page=2&pageSize=2&wechatId=gh_sci_news');
    expect(p2.body.records.map((x: { material: { title: string } }) => x.material.title)).toEqual(['第1篇：量子计算新进展']);
    expect((await ctx.client().get('/api/v1/modules/top-wechat-article?wechatId=gh_nobody')).body).toMatchObject({ records: [], total: 0 });
    const missing = await ctx.client().get('/api/v1/modules/top-wechat-article?page=1');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(MSG.wechatIdQueryRequired);
  });

  it('the account list counts articles; deleting one removes it from the read', async () => {
    const accounts = (await manager.get(`/api/v1/applications/${appId}/wechats`)).body;
    expect(accounts).toEqual([expect.objectContaining({ wechatId: 'gh_sci_news', name: '科技资讯速递', articles: 3 })]);
    const first = (await manager.get(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles`)).body.content.at(-1);
    expect((await otherManager.del(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles/${first.id}`)).status).toBe(403);
    const del = await manager.del(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles/${first.id}`);
    expect(del.status).toBe(200);
    expect((await ctx.client().get('/api/v1/modules/top-wechat-article?wechatId=gh_sci_news')).body.total).toBe(2);
    expect((await manager.del(`/api/v1/applications/${appId}/wechats/gh_sci_news/articles/${first.id}`)).status).toBe(404);
  });
});

describe('job and bulletin reads', () => {
  beforeAll(async () => {
    const other = await ensureTopic(ctx.db, '别的专题');
    await upsertResources(ctx.db, [
      {
        type: 'job',
        sourceKey: 'j1',
        title: '机器学习研究员',
        date: '2026-04-01',
        topicId,
        fields: {
          work_address: '北京',
          update_time: '2026-04-01',
          salary: '30-50K',
          work_experience: '3-5年',
          work_time: '全职',
          edu_cation: '博士',
          institution: { name: '东湖实验室', logo: 'https://logo.example.cn/a.png', subjects: ['人工智能', '计算机科学', '统计学'] },
        },
      },
      { type: 'job', sourceKey: 'j2', title: '图书馆员', date: '2026-03-01', topicId, fields: { work_address: '武汉', institution: { name: '某大学图书馆' } } },
      { type: 'job', sourceKey: 'j3', title: '别处的岗位', date: '2026-05-01', topicId: other, fields: {} },
      {
        type: 'bulletin',
        sourceKey: 'b1',
        title: '本周科技快报',
        date: '2026-05-02',
        topicId,
        fields: { bulletinType: '快报', cover: '/c1.png', update_time: '2026-05-02', group: '第18期' },
      },
      {
        type: 'bulletin',
        sourceKey: 'b2',
        title: '芯片产业研究报告',
        date: '2026-05-01',
        topicId,
        fields: { bulletinType: '研究报告', update_time: '2026-05-01', group: '产业研究' },
      },
      { type: 'bulletin', sourceKey: 'b3', title: '一条快讯', date: '2026-04-20', topicId, fields: { bulletinType: '快讯' } },
    ]);
  });

  it('GET top-job answers hits with _source of the topic, newest first, at most 2 subjects', async () => {
    const r = await ctx.client().get(`/api/v1/modules/top-job?topicId=${topicId}&pageSize=8`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.hits.map((h: { _source: { title: string } }) => h._source.title)).toEqual(['机器学习研究员', '图书馆员']);
    expect(r.body.hits[0]._source).toMatchObject({
      title: '机器学习研究员',
      work_address: '北京',
      update_time: '2026-04-01',
      salary: '30-50K',
      work_experience: '3-5年',
      edu_cation: '博士',
      institution: { name: '东湖实验室', logo: 'https://logo.example.cn/a.png', subjects: ['人工智能', '计算机科学'] },
    });
    expect(r.body.hits[0]._source.uuid).toBe(r.body.hits[0]._id);
    expect((await ctx.client().get(`/api/v1/modules/top-job?topicId=${topicId}&pageSize=1`)).body.hits).toHaveLength(1);
    const bad = await ctx.client().get('/api/v1/modules/top-job?topicId=abc&pageSize=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['query.topicId', 'query.pageSize']));
  });

  it('GET top-bulletin filters by repeated type and answers { article, group }', async () => {
    const all = await ctx.client().get(`/api/v1/modules/top-bulletin?topicId=${topicId}`);
    expect(all.body.map((b: { article: { title: string } }) => b.article.title)).toEqual(['本周科技快报', '芯片产业研究报告', '一条快讯']);
    const two = await ctx.client().get(`/api/v1/modules/top-bulletin?topicId=${topicId}&type=${encodeURIComponent('快报')}&type=${encodeURIComponent('快讯')}`);
    expect(two.body.map((b: { article: { title: string } }) => b.article.title)).toEqual(['本周科技快报', '一条快讯']);
    expect(two.body[0]).toMatchObject({
      article: { title: '本周科技快报', cover: '/c1.png', update_time: '2026-05-02' },
      group: '第18期',
      bulletinType: '快报',
    });
    const one = await ctx.client().get(`/api/v1/modules/top-bulletin?topicId=${topicId}&type=${encodeURIComponent('研究报告')}`);
    expect(one.body).toHaveLength(1);
    const bad = await ctx.client().get(`/api/v1/modules/top-bulletin?topicId=${topicId}&type=${encodeURIComponent('周报')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.bulletinTypeInvalid);
  });

  it('the home page boot data carries the feed panels first pages', async () => {
    const { readPanel } = await import('../../reads/index.js');
    const app = { id: appId, topic_id: topicId };
    const jobs = await readPanel({ db: ctx.db, app }, { key: 'job', source: 'job', count: 1 });
    expect(jobs).toMatchObject({ totalElements: 2, page: 1, size: 1 });
    expect(jobs.content).toHaveLength(1);
    const bulletins = await readPanel({ db: ctx.db, app }, { key: 'bulletin', source: 'bulletin', count: 5, types: ['研究报告'] });
    expect((bulletins.content as Array<{ article: { title: string } }>).map((b) => b.article.title)).toEqual(['芯片产业研究报告']);
    const wx = await readPanel({ db: ctx.db, app }, { key: 'wechat', source: 'wechat_article', count: 8, wechatId: 'gh_sci_news' });
    expect(wx.totalElements).toBe(2);
  });
});

describe('the articles list of the console filtered by account (/console/wechats; decision 343)', () => {
  it('lists only the articles of the account asked for; a bad account is 400 in Chinese; others are refused', async () => {
    for (const wechatId of ['gh_filter_a', 'gh_filter_b']) {
      expect((await admin.post(`/api/v1/applications/${appId}/wechat`, { wechatId, name: `筛选${wechatId.slice(-1)}` })).status).toBe(201);
    }
    const add = (wechatId: string, title: string, day: number) =>
      admin.post(`/api/v1/applications/${appId}/wechats/${wechatId}/articles`, {
        title,
        groupName: '筛选',
        articleTime: `2026-04-0${day} 10:00:00`,
        url: `https://mp.weixin.qq.com/s/${wechatId}-${day}`,
      });
    expect((await add('gh_filter_a', '甲号第一篇', 1)).status).toBe(201);
    expect((await add('gh_filter_a', '甲号第二篇', 2)).status).toBe(201);
    expect((await add('gh_filter_b', '乙号文章', 3)).status).toBe(201);
    const list = (c: Client, query: string) => c.get(`/api/v1/topics/${topicId}/resources?type=wechat_article${query}`);

    const a = await list(manager, '&account=gh_filter_a');
    expect(a.status).toBe(200);
    expect(a.body.content.map((r: { title: string }) => r.title)).toEqual(['甲号第二篇', '甲号第一篇']);
    expect(a.body.totalElements).toBe(2);
    const b = await list(manager, '&account=gh_filter_b&query=' + encodeURIComponent('乙号'));
    expect(b.body.content.map((r: { title: string; fields: { wechatId: string } }) => `${r.title} ${r.fields.wechatId}`)).toEqual(['乙号文章 gh_filter_b']);
    expect((await list(manager, '&account=gh_nobody')).body.totalElements).toBe(0);
    // without the filter: every account's articles of the topic
    const all = (await list(manager, '&size=100')).body.content.map((r: { title: string }) => r.title);
    expect(all).toEqual(expect.arrayContaining(['甲号第一篇', '甲号第二篇', '乙号文章']));

    const bad = await list(manager, '&account=' + encodeURIComponent('gh bad!'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ 'query.account': MSG.wechatIdInvalid });
    expect((await list(otherManager, '&account=gh_filter_a')).status).toBe(403);
    expect((await list(ctx.client(), '&account=gh_filter_a')).status).toBe(401);
  });
});
