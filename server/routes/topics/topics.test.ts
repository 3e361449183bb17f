/**
 * Topics and their data in the console (decision 265), on both databases: who may do what
 * (401, 403), a topic's create / edit / delete (refused with the applications' names while one uses it,
 * and taking its own resources with it), the data list's filters, and the bulk actions: a withdrawn
 * resource leaves the visitor's panel read and search, a re-categorised one moves in the tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { createTestContext, insertApplication, releaseApplication, testDialect, type Client, type TestContext } from '../../test/harness.js';
import { topicResourcesReads } from '../../resources/topicData.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let stranger: Client;
let topicId: number;
let otherTopic: number;
let appId: number;
const ids: Record<string, number> = {};

const panel = async (kind: string) =>
  (await ctx.client().post(`/api/v4/modules/top-${kind}`, { offset: 0, count: 20, topicId })).body as {
    totalElements: number;
    content: Array<{ id: number; title: string }>;
  };
const list = (q: Record<string, string | number>, who: Client = admin) =>
  who.get(`/api/v1/topics/${topicId}/resources?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '图书情报');
  otherTopic = await ensureTopic(ctx.db, '医学');
  const r = await upsertResources(ctx.db, [
    {
      type: 'article',
      sourceKey: 'a1',
      title: '高校图书馆知识服务评价研究',
      date: '2023-05-01',
      fields: { keywords: ['知识服务'] },
      searchText: '知识服务',
      topicId,
      categoryOne: '管理学',
      categoryTwo: '图书情报与档案管理',
    },
    {
      type: 'article',
      sourceKey: 'a2',
      title: '数字图书馆用户行为分析',
      date: '2024-03-01',
      fields: {},
      searchText: '',
      topicId,
      categoryOne: '管理学',
      categoryTwo: '图书情报与档案管理',
    },
    {
      type: 'article',
      sourceKey: 'a3',
      title: '深度学习在文献分类中的应用',
      date: '2024-07-01',
      fields: {},
      searchText: '',
      topicId,
      categoryOne: '工学',
      categoryTwo: '计算机科学与技术',
    },
    { type: 'policy', sourceKey: 'p1', title: '关于推进公共图书馆数字化的意见', date: '2022-01-01', fields: {}, searchText: '', topicId },
  ]);
  ['a1', 'a2', 'a3', 'p1'].forEach((k, i) => {
    ids[k] = r.ids[i];
  });
  ids.other = (
    await upsertResources(ctx.db, [{ type: 'article', sourceKey: 'o1', title: '临床医学图书馆', date: null, fields: {}, topicId: otherTopic }])
  ).ids[0];
  admin = await ctx.signIn('13700000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '图情门户', host: 'lib.example.cn', topicId })).body.applicationId;
  // visitors read the topic of a released site (decision 394)
  await releaseApplication(admin, appId);
  manager = await ctx.signIn('13700000002');
  stranger = await ctx.signIn('13700000003');
  // a manager of the site with the content right, made as the console makes one
  expect((await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13700000002', rights: ['content'] })).status).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

describe('topics', () => {
  it("lists every topic with counts and users; only the manager's own topic is manageable", async () => {
    const all = (await admin.get('/api/v1/topics')).body as Array<{
      id: number;
      title: string;
      resources: number;
      applications: Array<{ name: string }>;
      manageable: boolean;
    }>;
    const mine = all.find((t) => t.id === topicId)!;
    expect(mine).toMatchObject({ title: '图书情报', resources: 4, applications: [{ name: '图情门户' }], manageable: true });
    const seen = (await manager.get('/api/v1/topics')).body as typeof all;
    expect(seen.find((t) => t.id === topicId)!.manageable).toBe(true);
    expect(seen.find((t) => t.id === otherTopic)!.manageable).toBe(false);
    expect((await ctx.client().get('/api/v1/topics')).status).toBe(401);
  });

  it('is for managers: a plain user gets 403; no draft of another manager is named (decision 418)', async () => {
    const site = (name: string, host: string, status: 'draft' | 'submitted' | 'released') =>
      insertApplication(ctx.db, { name, host, topicId: otherTopic, status });
    await site('医学门户', 'med.example.cn', 'released');
    await site('保密草稿站', 'secret-draft.example.cn', 'draft');
    await site('待审核的站', 'pending.example.cn', 'submitted');

    const plain = await stranger.get('/api/v1/topics');
    expect(plain.status).toBe(403);
    expect(plain.body.error.message).toBe(MSG.forbidden);
    expect(plain.text).not.toContain('保密草稿站');
    const visitor = ctx.client();
    await visitor.post('/api/v1/users/anonymous', { fingerprint: 'fp-topics-list-0123456789abcdef' });
    expect((await visitor.get('/api/v1/topics')).status).toBe(401);

    type Listed = Array<{ id: number; title: string; applications: Array<{ name: string }> }>;
    const names = (list: Listed, id: number) => list.find((x) => x.id === id)!.applications.map((a) => a.name);
    // the manager: every topic (the catalogues a site may choose), the released sites and their own draft
    const seen = await manager.get('/api/v1/topics');
    expect(seen.status).toBe(200);
    expect((seen.body as Listed).map((x) => x.title)).toEqual(expect.arrayContaining(['图书情报', '医学']));
    expect(names(seen.body as Listed, otherTopic)).toEqual(['医学门户']);
    expect(names(seen.body as Listed, topicId)).toEqual(['图情门户']);
    expect(seen.text).not.toContain('保密草稿站');
    expect(seen.text).not.toContain('待审核的站');
    // a super manager: every site
    expect(names((await admin.get('/api/v1/topics')).body as Listed, otherTopic)).toEqual(['医学门户', '保密草稿站', '待审核的站']);
  });

  it('lets a super manager create, rename and delete a topic; refuses others, bad input and a duplicate', async () => {
    const made = await admin.post('/api/v1/topics', { title: '科技查新', description: '查新报告与检索证明' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(MSG.topicCreated);
    expect((await admin.post('/api/v1/topics', { title: '科技查新' })).body.error.message).toBe(MSG.topicTitleTaken);
    const empty = await admin.post('/api/v1/topics', { title: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MSG.topicTitleRequired);
    expect((await admin.post('/api/v1/topics', { title: '<b>x</b>' })).status).toBe(400);
    expect((await admin.post('/api/v1/topics', { title: '封面', cover: 'javascript:alert(1)' })).status).toBe(400);
    expect((await manager.post('/api/v1/topics', { title: '越权专题' })).status).toBe(403);
    const id = made.body.id as number;
    const put = await admin.put(`/api/v1/topics/${id}`, { title: '科技查新服务', cover: '/files/cover.png', description: null });
    expect(put.status, put.text).toBe(200);
    expect(await ctx.db.selectFrom('topics').select(['title', 'cover', 'description']).where('id', '=', id).executeTakeFirst()).toEqual({
      title: '科技查新服务',
      cover: '/files/cover.png',
      description: null,
    });
    await upsertResources(ctx.db, [{ type: 'report', sourceKey: 'r-only', title: '只属于查新的报告', date: null, fields: {}, topicId: id }]);
    expect((await admin.del(`/api/v1/topics/${id}`)).status).toBe(200);
    expect(await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'r-only').executeTakeFirst()).toBeUndefined();
    expect((await admin.del(`/api/v1/topics/${id}`)).status).toBe(404);
  });

  it('refuses to delete a topic an application uses, naming it, and keeps everything', async () => {
    const r = await admin.del(`/api/v1/topics/${topicId}`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(MSG.topicInUse('图情门户'));
    expect((await panel('article')).totalElements).toBe(3);
  });
});

describe("a topic's data", () => {
  it('counts per type and refuses users who do not manage it', async () => {
    const s = await manager.get(`/api/v1/topics/${topicId}/stats`);
    expect(s.body.types).toEqual([
      { type: 'article', total: 3, published: 3 },
      { type: 'policy', total: 1, published: 1 },
    ]);
    expect((await stranger.get(`/api/v1/topics/${topicId}/stats`)).status).toBe(403);
    expect((await manager.get(`/api/v1/topics/${otherTopic}/resources?type=article`)).status).toBe(403);
    expect((await admin.get('/api/v1/topics/99999/stats')).status).toBe(404);
  });

  it('filters by title, category, year and state, 20 a page', async () => {
    expect((await list({ type: 'article' })).body).toMatchObject({ totalElements: 3, size: 20 });
    expect((await list({ type: 'article', query: '图书馆' })).body.content.map((x: { title: string }) => x.title).sort()).toEqual([
      '数字图书馆用户行为分析',
      '高校图书馆知识服务评价研究',
    ]);
    expect((await list({ type: 'article', category: '工学' })).body.content.map((x: { id: number }) => x.id)).toEqual([ids.a3]);
    expect(
      (await list({ type: 'article', category: '管理学', subcategory: '图书情报与档案管理', year: 2024 })).body.content.map((x: { id: number }) => x.id),
    ).toEqual([ids.a2]);
    expect((await list({ type: 'article', year: 'abc' })).body.error.message).toBe(MSG.yearInvalid);
    expect((await list({ type: 'nosuch' })).status).toBe(400);
  });

  it('searches titles through the bigram index: every term a substring of the title; counts match the rows (decision 375)', async () => {
    const titles = async (query: string, extra: Record<string, unknown> = {}) => {
      const b = (await list({ type: 'article', query, ...extra })).body as { content: Array<{ title: string }>; totalElements: number };
      return { titles: b.content.map((x) => x.title).sort(), total: b.totalElements };
    };
    expect(await titles('用户 行为')).toEqual({ titles: ['数字图书馆用户行为分析'], total: 1 });
    expect(await titles('文献分类')).toEqual({ titles: ['深度学习在文献分类中的应用'], total: 1 });
    expect(await titles('图书馆', { published: 'yes', year: 2023 })).toEqual({ titles: ['高校图书馆知识服务评价研究'], total: 1 });
    expect(await titles('临床')).toEqual({ titles: [], total: 0 }); // the other topic's
    expect(await titles('馆用户分')).toEqual({ titles: [], total: 0 }); // not a substring
    // a query without letters or digits cannot use the index: the title's LIKE answers it
    expect(await titles('%_')).toEqual({ titles: [], total: 0 });
  });

  it("reads the data page newest first from an index, without sorting the topic's links (decision 375)", async () => {
    // the page's own read, as the route runs it, with no state chosen (published and unpublished together)
    const c = topicResourcesReads(ctx.db, topicId, { type: 'article', page: 1, size: 20 }).page.compile();
    if (testDialect === 'postgres') {
      const text = await ctx.db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${c.sql}`, [...c.parameters]));
        await sql`reset enable_seqscan`.execute(conn);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).toContain('resource_topics_console');
      expect(text).not.toMatch(/Sort/);
    } else {
      const plan = await ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]));
      const text = plan.rows.map((r) => r.detail).join('\n');
      expect(text).toContain('resource_topics_console');
      expect(text).not.toContain('TEMP B-TREE');
    }
  });

  it('withdraws and publishes: a withdrawn resource leaves the panel read and the search, and comes back', async () => {
    const w = await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'withdraw', ids: [ids.a1, ids.other] });
    expect(w.body).toMatchObject({ changed: 1, message: MSG.bulkWithdrawn(1) });
    expect((await panel('article')).content.map((x) => x.id)).not.toContain(ids.a1);
    expect((await panel('article')).totalElements).toBe(2);
    const found = await ctx.client().get(`/api/v1/search?q=${encodeURIComponent('知识服务')}&topicId=${topicId}`);
    expect(found.body.totalElements).toBe(0);
    expect((await list({ type: 'article', published: 'no' })).body.content.map((x: { id: number }) => x.id)).toEqual([ids.a1]);
    await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'publish', ids: [ids.a1] });
    expect((await panel('article')).totalElements).toBe(3);
    expect((await ctx.client().get(`/api/v1/search?q=${encodeURIComponent('知识服务')}&topicId=${topicId}`)).body.totalElements).toBe(1);
    // the other topic's resource was left alone
    expect((await ctx.db.selectFrom('resource_topics').select('published').where('resource_id', '=', ids.other).executeTakeFirstOrThrow()).published).toBe(1);
  });

  it('re-categorises into a new category that the tree then shows, and refuses bad bulk input', async () => {
    const r = await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, {
      action: 'categorise',
      ids: [ids.a3],
      category: '交叉学科',
      subcategory: '智能图书馆',
    });
    expect(r.body.message).toBe(MSG.bulkCategorised(1));
    const tree = (await ctx.client().get(`/api/v1/topics/${topicId}/categories`)).body as Array<{ value: string; children?: Array<{ value: string }> }>;
    expect(tree.find((n) => n.value === '交叉学科')?.children).toEqual([{ label: '智能图书馆', value: '智能图书馆' }]);
    expect((await list({ type: 'article', category: '交叉学科' })).body.content.map((x: { id: number }) => x.id)).toEqual([ids.a3]);
    expect((await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'categorise', ids: [ids.a3], category: '' })).body.error.message).toBe(
      MSG.categoryRequired,
    );
    expect((await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'delete', ids: [] })).body.error.message).toBe(MSG.bulkNoneChosen);
    expect(
      (await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) })).body.error
        .message,
    ).toBe(MSG.bulkTooMany);
    expect((await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'explode', ids: [1] })).status).toBe(400);
    expect((await stranger.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'delete', ids: [ids.a3] })).status).toBe(403);
  });

  it('renames, moves and merges categories, and the resources follow', async () => {
    const put = (body: unknown, who: Client = manager) => who.put(`/api/v1/topics/${topicId}/categories`, body);
    const idsIn = async (category: string, subcategory?: string) =>
      (await list({ type: 'article', category, ...(subcategory ? { subcategory } : {}) })).body.content.map((x: { id: number }) => x.id).sort();
    const r = await put({ op: 'rename', path: ['管理学', '图书情报与档案管理'], to: '图书馆学' });
    expect(r.body.message).toBe(MSG.categoryRenamed);
    expect(await idsIn('管理学', '图书馆学')).toEqual([ids.a1, ids.a2].sort());
    expect((await put({ op: 'rename', path: ['工学'], to: '管理学' })).body.error.message).toBe(MSG.categoryExists('管理学'));
    const moved = await put({ op: 'move', path: ['交叉学科', '智能图书馆'], under: '管理学' });
    expect(moved.body.message).toBe(MSG.categoryMoved('智能图书馆', '管理学'));
    expect(await idsIn('管理学', '智能图书馆')).toEqual([ids.a3]);
    const merged = await put({ op: 'merge', path: ['管理学', '智能图书馆'], into: ['管理学', '图书馆学'] });
    expect(merged.body.message).toBe(MSG.categoryMerged('智能图书馆', '图书馆学'));
    expect(await idsIn('管理学', '图书馆学')).toEqual([ids.a1, ids.a2, ids.a3].sort());
    expect((await put({ op: 'merge', path: ['交叉学科'], into: ['管理学'] })).status).toBe(200);
    const tree = merged.body.tree as Array<{ value: string; children?: Array<{ value: string }> }>;
    expect(tree.find((n) => n.value === '管理学')!.children!.map((c) => c.value)).toEqual(['图书馆学']);
    expect(((await ctx.client().get(`/api/v1/topics/${topicId}/categories`)).body as Array<{ value: string }>).map((n) => n.value)).not.toContain('交叉学科');
    expect((await put({ op: 'merge', path: ['管理学'], into: ['管理学', '图书馆学'] })).body.error.message).toBe(MSG.categoryLevelsDiffer);
    expect((await put({ op: 'move', path: ['工学'], under: '管理学' })).body.error.message).toBe(MSG.categoryMoveSecondOnly);
    expect((await put({ op: 'rename', path: ['无此分类'], to: 'x' })).status).toBe(404);
    expect((await put({ op: 'explode', path: ['工学'] })).body.error.message).toBe(MSG.categoryChangeUnknown);
    expect((await put({ op: 'rename', path: ['工学'], to: '理工' }, stranger)).status).toBe(403);
  });

  it('adds, edits and deletes one record of a console type, and bulk-deletes', async () => {
    const made = await manager.post(`/api/v1/topics/${topicId}/resources`, { type: 'policy', title: '图书馆法实施细则', date: '2025-01-01', fields: {} });
    expect(made.status).toBe(201);
    expect((await panel('policy')).content.map((x) => x.title)).toContain('图书馆法实施细则');
    expect(
      (await manager.put(`/api/v1/topics/${topicId}/resources/${made.body.id}`, { title: '图书馆法实施细则（修订）', date: '2025-01-01', fields: {} })).status,
    ).toBe(200);
    expect((await manager.del(`/api/v1/topics/${topicId}/resources/${made.body.id}`)).status).toBe(200);
    const d = await manager.post(`/api/v1/topics/${topicId}/resources/bulk`, { action: 'delete', ids: [ids.a2, ids.p1] });
    expect(d.body.message).toBe(MSG.bulkDeleted(2));
    expect((await panel('policy')).totalElements).toBe(0);
    expect(await ctx.db.selectFrom('resources').select('id').where('id', 'in', [ids.a2, ids.p1]).execute()).toEqual([]);
  });
});

describe('records of the imported types (add and edit every type on the data page)', () => {
  const search = async (q: string, type?: string) =>
    (await ctx.client().get(`/api/v1/search?${new URLSearchParams({ q, topicId: String(topicId), ...(type ? { type } : {}) })}`)).body as {
      totalElements: number;
      content: Array<{ id: number; title: string }>;
    };
  const stored = async (id: number) => {
    const r = await ctx.db.selectFrom('resources').select(['title', 'date', 'fields', 'search_text']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ...r, fields: JSON.parse(r.fields) as Record<string, unknown> };
  };
  const audit = async (id: number) =>
    (await ctx.db.selectFrom('audit_log').select(['action', 'resource', 'route']).where('resource_id', '=', String(id)).orderBy('id').execute()).map(
      (r) => `${r.resource} ${r.action} ${r.route}`,
    );

  it('adds an article filed under a category, finds it by a 2-character substring, edits its title and the index follows', async () => {
    const made = await manager.post(`/api/v1/topics/${topicId}/resources`, {
      type: 'article',
      title: '馆藏元数据质量评估方法',
      date: '2024-09-01',
      category: '管理学',
      subcategory: '图书馆学',
      fields: { author: ['王晓', '李明'], keywords: ['元数据', '质量评估'], journal: '中国图书馆学报', doi: '10.1000/lib.2024.9', abstract: '摘要文字' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.message).toBe(MSG.resourceCreated);
    const id = made.body.id as number;
    expect(made.body.fields).toMatchObject({ author: ['王晓', '李明'], publish_year: 2024, journal: '中国图书馆学报' });
    // listed on the data page under its category, on the visitor's panel, and found by search
    expect((await list({ type: 'article', category: '管理学', subcategory: '图书馆学' })).body.content.map((x: { id: number }) => x.id)).toContain(id);
    expect((await panel('article')).content.map((x) => x.title)).toContain('馆藏元数据质量评估方法');
    expect((await search('藏元')).content.map((x) => x.id)).toEqual([id]);
    expect((await search('质量评估')).content.map((x) => x.id)).toContain(id); // a keyword
    expect((await stored(id)).search_text).not.toContain('摘要文字'); // never the abstract (decision 260)

    // an imported record's fields the form does not know are kept
    await ctx.db
      .updateTable('resources')
      .set({ fields: JSON.stringify({ ...(await stored(id)).fields, volume: '50', pages: '1-12' }) })
      .where('id', '=', id)
      .execute();
    const put = await manager.put(`/api/v1/topics/${topicId}/resources/${id}`, {
      title: '馆藏书目数据校对方法',
      date: '2023-03-01',
      fields: { author: ['王晓'], keywords: ['书目'], journal: '中国图书馆学报' },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.message).toBe(MSG.resourceSaved);
    const after = await stored(id);
    expect(after).toMatchObject({ title: '馆藏书目数据校对方法', date: '2023-03-01' });
    expect(after.fields).toEqual({ author: ['王晓'], keywords: ['书目'], journal: '中国图书馆学报', publish_year: 2023, volume: '50', pages: '1-12' });
    // the new title is found by a 2-character substring, the old one no longer
    expect((await search('校对')).content.map((x) => x.id)).toEqual([id]);
    expect((await search('目数')).content.map((x) => x.id)).toEqual([id]);
    expect((await search('藏元')).totalElements).toBe(0);
    expect((await search('质量评估')).content.map((x) => x.id)).not.toContain(id);
    // the category link stayed
    expect((await list({ type: 'article', category: '管理学', subcategory: '图书馆学' })).body.content.map((x: { id: number }) => x.id)).toContain(id);
    // both writes are in the audit log, as every console write
    expect(await audit(id)).toEqual([
      'topic_resource create /api/v1/topics/:topicId/resources',
      'topic_resource update /api/v1/topics/:topicId/resources/:resourceId',
    ]);
  });

  it('adds and edits a scholar (no date; the stored date and other fields kept)', async () => {
    const made = await admin.post(`/api/v1/topics/${topicId}/resources`, {
      type: 'scholar',
      title: '欧阳文澜',
      fields: { institution: '东湖理工大学', research_field: '信息检索', homepage: 'https://example.edu.cn/~oywl' },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as number;
    expect((await search('文澜', 'scholar')).content.map((x) => x.id)).toEqual([id]);
    expect((await search('东湖理工')).content.map((x) => x.id)).toContain(id); // the affiliation is searchable, as imported
    await ctx.db
      .updateTable('resources')
      .set({ fields: JSON.stringify({ ...(await stored(id)).fields, dblp_name: 'Wenlan Ouyang 0001', fruits_total: 12 }) })
      .where('id', '=', id)
      .execute();
    const put = await manager.put(`/api/v1/topics/${topicId}/resources/${id}`, {
      title: '欧阳文岚',
      fields: { institution: '西岭大学', research_field: '信息检索', homepage: 'https://example.edu.cn/~oywl', professional_title: '教授' },
    });
    expect(put.status, put.text).toBe(200);
    expect((await stored(id)).fields).toEqual({
      institution: '西岭大学',
      research_field: '信息检索',
      homepage: 'https://example.edu.cn/~oywl',
      professional_title: '教授',
      dblp_name: 'Wenlan Ouyang 0001',
      fruits_total: 12,
    });
    expect((await search('文岚', 'scholar')).content.map((x) => x.id)).toEqual([id]);
    expect((await search('文澜', 'scholar')).totalElements).toBe(0);
    expect((await search('东湖理工')).content.map((x) => x.id)).not.toContain(id);
  });

  it('stores an institution under its name, a journal with a decimal impact factor', async () => {
    const inst = await manager.post(`/api/v1/topics/${topicId}/resources`, {
      type: 'institution',
      title: '青溪大学',
      fields: { province: '浙江省', level: '本科' },
    });
    expect(inst.status, inst.text).toBe(201);
    expect(inst.body.fields).toEqual({ province: '浙江省', level: '本科', institution: '青溪大学' });
    const j = await manager.post(`/api/v1/topics/${topicId}/resources`, {
      type: 'journal',
      title: '图书情报知识',
      fields: { issn: '1003-2797', impact_factor: 3.108, partition: 2, frequency: '双月刊' },
    });
    expect(j.status, j.text).toBe(201);
    expect(j.body.fields).toMatchObject({ impact_factor: 3.108, partition: 2 });
    expect((await search('1003')).content.map((x) => x.id)).toContain(j.body.id); // the ISSN, as the journal import indexes it
  });

  it('refuses a bad body with 400 naming the fields, and users without the content right with 403', async () => {
    const bad = await manager.post(`/api/v1/topics/${topicId}/resources`, {
      type: 'article',
      title: '',
      date: '2024-13-01',
      fields: { author: '不是列表', doi: '<b>x</b>', nosuch: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ 'body.title': '请输入论文标题', 'body.date': '日期格式应为 yyyy-MM-dd' });
    const badFields = await manager.post(`/api/v1/topics/${topicId}/resources`, {
      type: 'journal',
      title: '某刊',
      fields: { partition: 7, impact_factor: 'x' },
    });
    expect(badFields.status).toBe(400);
    expect(badFields.body.error.fields).toMatchObject({
      'body.fields.partition': '分区须为 1 到 4 之间的整数',
      'body.fields.impact_factor': '影响因子须为 0 到 1000 之间的数',
    });
    const unknown = await manager.post(`/api/v1/topics/${topicId}/resources`, { type: 'scholar', title: '某人', fields: { nosuch: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('nosuch');
    const orphan = await manager.post(`/api/v1/topics/${topicId}/resources`, { type: 'article', title: '无门类', subcategory: '图书馆学', fields: {} });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error.fields).toMatchObject({ 'body.category': MSG.categoryRequired });
    expect((await manager.post(`/api/v1/topics/${topicId}/resources`, { type: 'nosuch', title: 'x', fields: {} })).body.error.message).toBe(
      MSG.unknownResourceType,
    );

    // a manager of the site without the content right, a signed-in stranger, a visitor
    const designer = await ctx.signIn('13700000004');
    expect((await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13700000004', rights: ['home'] })).status).toBe(201);
    const body = { type: 'article', title: '越权论文', fields: {} };
    expect((await designer.post(`/api/v1/topics/${topicId}/resources`, body)).status).toBe(403);
    expect((await stranger.post(`/api/v1/topics/${topicId}/resources`, body)).status).toBe(403);
    expect((await ctx.client().post(`/api/v1/topics/${topicId}/resources`, body)).status).toBe(401);
    const some = (await list({ type: 'article' })).body.content[0] as { id: number };
    expect((await designer.put(`/api/v1/topics/${topicId}/resources/${some.id}`, { title: '改名', fields: {} })).status).toBe(403);
    expect((await manager.post(`/api/v1/topics/${otherTopic}/resources`, body)).status).toBe(403);
    expect(await ctx.db.selectFrom('resources').select('id').where('title', '=', '越权论文').execute()).toEqual([]);
  });

  it("keeps the application's resource manager to the console types", async () => {
    const some = (await list({ type: 'article' })).body.content[0] as { id: number; title: string };
    const r = await manager.put(`/api/v1/applications/${appId}/resources/${some.id}`, { title: '经应用改名', fields: {} });
    expect(r.status).toBe(404);
    expect((await stored(some.id)).title).toBe(some.title);
  });
});
