/**
 * Reads of the module lists (spec 2 §7 'Content', 'GET /tools appid'): policy, standard, book and
 * science data through top-{kind} (books also through top-monographs v1/v2), the tools of an
 * application's topic through GET /tools, and the same reads embedded in the home page (readPanel).
 * Items are written by the JSON-lines import, as a manager would load them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type TestContext } from '../../test/harness.js';
import { importFiles } from '../../import/run.js';
import { ensureTopic } from '../../resources/store.js';
import { readPanel } from '../../reads/index.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let topicId: number;
let appId: number;
let bareAppId: number;
const ids: Record<string, number> = {};

const LINES = [
  {
    type: 'policy',
    title: '关于加快推进科研数据开放共享的指导意见',
    date: '2026-03-18',
    fields: { issuer: '科学技术部', docNumber: '国科发〔2026〕12号' },
    category: ['科技政策', '数据'],
  },
  { type: 'policy', title: '高校图书馆数字资源建设规范', date: '2025-07-01', fields: { issuer: '教育部' }, category: ['教育政策'] },
  {
    type: 'standard',
    title: '信息与文献 参考文献著录规则',
    date: '2015-12-01',
    fields: { standard_no: 'GB/T 7714-2015', article_date: '2015-12-01', status: '现行' },
  },
  { type: 'book', title: '数字图书馆导论', date: '2021-01-01', fields: { year: 2021, author: '王知行', publisher: '科学出版社' } },
  { type: 'book', title: '信息检索原理', date: '2019-05-01', fields: { year: 2019, author: '李青' } },
  { type: 'sciencedata', title: '中国近海海表温度逐日数据集', date: '2025-11-02', fields: { publish_date: '2025-11-02', publisher: '国家海洋科学数据中心' } },
  {
    type: 'tool',
    title: '党费计算器',
    date: '2024-01-01',
    fields: { description: '按月收入计算应缴党费', cover: '/t/dues.svg', link: 'https://host.cn/tools/party-dues' },
  },
  { type: 'tool', title: '文献翻译', date: '2025-01-01', fields: { description: '中英文献在线翻译', cover: null, link: 'https://translate.example.com/' } },
  { type: 'tool', title: '引文格式转换', date: '2023-01-01', fields: { description: 'GB/T 7714 与 APA 互转', link: '/tools/cite' } },
];

beforeAll(async () => {
  ctx = await createTestContext();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lists-'));
  const file = path.join(dir, 'lists.jsonl');
  fs.writeFileSync(file, LINES.map((l) => JSON.stringify(l)).join('\n'));
  const other = path.join(dir, 'other.jsonl');
  fs.writeFileSync(other, JSON.stringify({ type: 'tool', title: '别的专题的工具', fields: { link: 'https://x.cn' } }));
  const summary = await importFiles(ctx.db, 'jsonl', [file], { topic: '图书情报' });
  expect(summary.skipped).toEqual([]);
  await importFiles(ctx.db, 'jsonl', [other], { topic: '别的专题' });
  fs.rmSync(dir, { recursive: true, force: true });
  topicId = await ensureTopic(ctx.db, '图书情报');
  for (const r of await ctx.db.selectFrom('resources').select(['id', 'title']).execute()) ids[r.title] = r.id;
  const admin = await ctx.signIn('13700000011', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '图情门户', host: 'lists.example.cn', topicId })).body.applicationId;
  bareAppId = (await admin.post('/api/v1/applications', { name: '无专题', host: 'bare.example.cn' })).body.applicationId;
  // visitors read the tools and lists of a released site only (decision 394)
  await releaseApplication(admin, appId);
  await releaseApplication(admin, bareAppId);
});
afterAll(async () => {
  await ctx?.close();
});

const titles = (body: { content: Array<{ title: string }> }) => body.content.map((x) => x.title);

describe('top reads of the module lists', () => {
  it("answers the topic's policies, standards, books and data sets, newest first, with their fields", async () => {
    const c = ctx.client();
    const policy = await c.post('/api/v4/modules/top-policy', { offset: 0, count: 8, topicId });
    expect(policy.status).toBe(200);
    expect(titles(policy.body)).toEqual(['关于加快推进科研数据开放共享的指导意见', '高校图书馆数字资源建设规范']);
    expect(policy.body.content[0]).toMatchObject({ type: 'policy', issuer: '科学技术部', docNumber: '国科发〔2026〕12号', date: '2026-03-18' });
    const byCategory = await c.post('/api/v4/modules/top-policy', { offset: 0, count: 8, topicId, categoryLevelOne: '教育政策' });
    expect(titles(byCategory.body)).toEqual(['高校图书馆数字资源建设规范']);
    const standard = await c.post('/api/v4/modules/top-standard', { offset: 0, count: 8, topicId });
    expect(standard.body.content[0]).toMatchObject({ title: '信息与文献 参考文献著录规则', standard_no: 'GB/T 7714-2015', article_date: '2015-12-01' });
    const data = await c.post('/api/v3/modules/top-sciencedata', { offset: 0, count: 8, topicId });
    expect(data.body.content[0]).toMatchObject({ title: '中国近海海表温度逐日数据集', publish_date: '2025-11-02' });
  });

  it('answers books on top-book and on the top-monographs aliases of v1 and v2', async () => {
    const c = ctx.client();
    const v4 = await c.post('/api/v4/modules/top-book', { offset: 0, count: 2, topicId });
    expect(titles(v4.body)).toEqual(['数字图书馆导论', '信息检索原理']);
    expect(v4.body.content[0]).toMatchObject({ author: '王知行', year: 2021, publisher: '科学出版社' });
    for (const v of ['v1', 'v2']) {
      const r = await c.post(`/api/${v}/modules/top-monographs`, { offset: 0, count: 2, topicId });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(v4.body);
    }
    const one = await c.post('/api/v1/modules/top-monographs', { offset: 1, count: 1, topicName: '图书情报' });
    expect(titles(one.body)).toEqual(['信息检索原理']);
    const bad = await c.post('/api/v2/modules/top-monographs', { count: 'many' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['body.count']).toBeDefined();
  });
});

describe('GET /tools', () => {
  it("lists the tools of the application's topic, newest first, without other topics' tools", async () => {
    const r = await ctx.client().get(`/tools?appid=${appId}`);
    expect(r.status).toBe(200);
    expect(titles(r.body)).toEqual(['文献翻译', '党费计算器', '引文格式转换']);
    expect(r.body).toMatchObject({ totalElements: 3, empty: false, page: 1, size: 20 });
    expect(r.body.content[1]).toMatchObject({
      type: 'tool',
      description: '按月收入计算应缴党费',
      cover: '/t/dues.svg',
      link: 'https://host.cn/tools/party-dues',
    });
    const v1 = await ctx.client().get(`/api/v1/tools?appid=${appId}&page=2&size=2`);
    expect(titles(v1.body)).toEqual(['引文格式转换']);
  });

  it("answers the chosen tools in the chosen order, leaving out unknown ids and other topics' tools", async () => {
    const q = [ids['引文格式转换'], ids['别的专题的工具'], 999999, ids['党费计算器']].map((i) => `ids=${i}`).join('&');
    const r = await ctx.client().get(`/tools?appid=${appId}&${q}`);
    expect(titles(r.body)).toEqual(['引文格式转换', '党费计算器']);
    const one = await ctx.client().get(`/tools?appid=${appId}&ids=${ids['文献翻译']}`);
    expect(titles(one.body)).toEqual(['文献翻译']);
  });

  it('answers an empty page for an application without a topic', async () => {
    const r = await ctx.client().get(`/tools?appid=${bareAppId}`);
    expect(r.body).toMatchObject({ content: [], totalElements: 0, empty: true });
  });

  it('refuses a missing or malformed appid or ids with 400 in Chinese, an unknown application with 404', async () => {
    const c = ctx.client();
    for (const url of ['/tools', '/tools?appid=abc', '/tools?appid=0', '/tools?appid=1.5', '/api/v1/tools?appid=-3', '/tools?appid=99999999999']) {
      const r = await c.get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.message).toBe(MSG.toolAppIdInvalid);
      expect(r.body.error.fields['query.appid']).toBe(MSG.toolAppIdInvalid);
    }
    for (const bad of ['x', '0', '99999999999']) {
      const badIds = await c.get(`/tools?appid=${appId}&ids=${ids['文献翻译']}&ids=${bad}`);
      expect(badIds.status).toBe(400);
      expect(badIds.body.error.message).toBe(MSG.toolIdsInvalid);
    }
    const size = await c.get(`/tools?appid=${appId}&size=1000`);
    expect(size.status).toBe(400);
    const missing = await c.get('/tools?appid=987654');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MSG.applicationNotFound);
  });
});

describe('reads embedded in the home page', () => {
  it("runs a tool read with the chosen ids and a book read on the application's topic", async () => {
    const app = { id: appId, topic_id: topicId };
    const tools = await readPanel({ db: ctx.db, app }, { key: 'tool', source: 'tool', count: 4, ids: [String(ids['党费计算器']), ids['文献翻译'], 'x'] });
    expect(tools.content.map((t) => (t as { title: string }).title)).toEqual(['党费计算器', '文献翻译']);
    const books = await readPanel({ db: ctx.db, app }, { key: 'book', source: 'top', kind: 'book', count: 2 });
    expect(books.totalElements).toBe(2);
    const none = await readPanel({ db: ctx.db, app: { id: bareAppId, topic_id: null } }, { key: 'tool', source: 'tool', count: 4, ids: [ids['党费计算器']] });
    expect(none.empty).toBe(true);
  });
});
