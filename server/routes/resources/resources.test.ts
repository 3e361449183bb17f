/**
 * The console resource manager: roles, bad input (400, Chinese), no topic (409), another
 * topic's resource (404), the stored rows, and topic_type_counts kept right so the panel read total
 * (POST /api/v4/modules/top-{kind}) follows every create and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let stranger: Client;
let topicId: number;
let otherTopic: number;
let appId: number;
let bareAppId: number;
let foreignId: number;

const base = () => `/api/v1/applications/${appId}/resources`;
const panelTotal = async (kind: string, topic = topicId) =>
  (await ctx.client().post(`/api/v4/modules/top-${kind}`, { offset: 0, count: 8, topicId: topic })).body as {
    totalElements: number;
    content: Array<{ title: string } & Record<string, unknown>>;
  };
const storedCount = async (type: string, topic = topicId) =>
  (await ctx.db.selectFrom('topic_type_counts').select('n').where('topic_id', '=', topic).where('type', '=', type).executeTakeFirst())?.n ?? 0;

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '科技政策');
  otherTopic = await ensureTopic(ctx.db, '医学');
  const r = await upsertResources(ctx.db, [
    { type: 'policy', sourceKey: 'other-1', title: '别的专题的政策', date: '2024-01-01', fields: {}, topicId: otherTopic },
  ]);
  foreignId = r.ids[0];
  admin = await ctx.signIn('13600000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '政策门户', host: 'policy.example.cn', topicId })).body.applicationId;
  bareAppId = (await admin.post('/api/v1/applications', { name: '无专题站', host: 'bare.example.cn' })).body.applicationId;
  // visitors read the panels of a released site only (decision 394)
  await releaseApplication(admin, appId);
  await releaseApplication(admin, bareAppId);
  manager = await ctx.signIn('13600000002');
  stranger = await ctx.signIn('13600000003');
  const mgr = await ctx.db.selectFrom('users').select('id').where('phone', 'like', '%13600000002').executeTakeFirstOrThrow();
  await ctx.db.insertInto('application_managers').values({ application_id: appId, user_id: mgr.id }).execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('roles', () => {
  it('refuses anonymous visitors (401) and users who do not manage the application (403)', async () => {
    const anon = await ctx.client().get(`${base()}?type=policy`);
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe(MSG.notSignedIn);
    const s = await stranger.post(base(), { type: 'policy', title: '越权', fields: {} });
    expect(s.status).toBe(403);
    expect(s.body.error.message).toBe(MSG.forbidden);
    expect((await stranger.get(`${base()}?type=policy`)).status).toBe(403);
    expect(await storedCount('policy')).toBe(0);
  });

  it('answers 404 for a missing application and 409 with a Chinese message when it has no topic', async () => {
    expect((await admin.get('/api/v1/applications/99999/resources?type=policy')).status).toBe(404);
    const r = await admin.post(`/api/v1/applications/${bareAppId}/resources`, { type: 'policy', title: '无处安放', fields: {} });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe('应用还没有关联专题');
    expect((await admin.get(`/api/v1/applications/${bareAppId}/resources?type=policy`)).status).toBe(409);
  });
});

describe('create, list, change, delete', () => {
  let policyId: number;

  it('lets a manager create a policy; the row, its topic link and the panel total follow', async () => {
    const before = await panelTotal('policy');
    const r = await manager.post(base(), {
      type: 'policy',
      title: '关于加快科技成果转化的若干意见',
      date: '2025-03-01',
      fields: { issuer: '科技部', docNumber: '国科发〔2025〕12号', summary: '促进成果转化。', url: 'https://www.most.gov.cn/a.html' },
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe(MSG.resourceCreated);
    policyId = r.body.id;
    const row = await ctx.db.selectFrom('resources').selectAll().where('id', '=', policyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'policy', title: '关于加快科技成果转化的若干意见', date: '2025-03-01' });
    expect(JSON.parse(row.fields)).toEqual({
      issuer: '科技部',
      docNumber: '国科发〔2025〕12号',
      summary: '促进成果转化。',
      url: 'https://www.most.gov.cn/a.html',
    });
    const link = await ctx.db.selectFrom('resource_topics').selectAll().where('resource_id', '=', policyId).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ topic_id: topicId, type: 'policy', date_key: '2025-03-01' });
    const after = await panelTotal('policy');
    expect(after.totalElements).toBe(before.totalElements + 1);
    expect(after.content[0]).toMatchObject({ title: '关于加快科技成果转化的若干意见', issuer: '科技部', docNumber: '国科发〔2025〕12号' });
    expect(await storedCount('policy')).toBe(1);
  });

  it('lists newest first, searches titles with % and _ taken literally, pages by 20', async () => {
    await manager.post(base(), { type: 'policy', title: '旧政策 100%_达标', date: '2019-05-01', fields: {} });
    await manager.post(base(), { type: 'policy', title: '无日期的政策', fields: {} });
    await manager.post(base(), { type: 'tool', title: '文献计量工具', fields: { link: 'https://tool.example.cn', description: '计量分析' } });
    const list = await manager.get(`${base()}?type=policy`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 3, page: 1, size: 20, empty: false });
    expect(list.body.content.map((x: { title: string }) => x.title)).toEqual(['关于加快科技成果转化的若干意见', '旧政策 100%_达标', '无日期的政策']);
    expect(list.body.content[0].fields.issuer).toBe('科技部');
    const pct = await manager.get(`${base()}?type=policy&query=${encodeURIComponent('%_')}`);
    expect(pct.body.content.map((x: { title: string }) => x.title)).toEqual(['旧政策 100%_达标']);
    const none = await manager.get(`${base()}?type=policy&query=${encodeURIComponent('_')}&page=1&size=20`);
    expect(none.body.totalElements).toBe(1);
    const tools = await manager.get(`${base()}?type=tool`);
    expect(tools.body.content.map((x: { title: string }) => x.title)).toEqual(['文献计量工具']);
    const p2 = await manager.get(`${base()}?type=policy&page=2&size=2`);
    expect(p2.body.content).toHaveLength(1);
  });

  it('stores a job with nested institution fields and its date as update_time', async () => {
    const r = await manager.post(base(), {
      type: 'job',
      title: '博士后研究人员',
      date: '2026-10-01',
      fields: { institution: { name: '东湖理工大学', subjects: ['计算机', '统计'] }, work_address: '武汉', edu_cation: '博士' },
    });
    expect(r.status).toBe(201);
    expect(r.body.fields).toEqual({
      institution: { name: '东湖理工大学', subjects: ['计算机', '统计'] },
      work_address: '武汉',
      edu_cation: '博士',
      update_time: '2026-10-01',
    });
  });

  it('changes a resource, keeps fields it does not edit, and moves it in the panel order', async () => {
    await ctx.db
      .updateTable('resources')
      .set({ fields: JSON.stringify({ issuer: '科技部', imported_note: '来自导入' }) })
      .where('id', '=', policyId)
      .execute();
    const r = await manager.put(`${base()}/${policyId}`, {
      title: '关于加快科技成果转化的若干意见（修订）',
      date: '2018-01-01',
      fields: { issuer: '国务院', url: '/policies/1' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.resourceSaved);
    const row = await ctx.db.selectFrom('resources').selectAll().where('id', '=', policyId).executeTakeFirstOrThrow();
    expect(row.title).toBe('关于加快科技成果转化的若干意见（修订）');
    expect(JSON.parse(row.fields)).toEqual({ issuer: '国务院', url: '/policies/1', imported_note: '来自导入' });
    const link = await ctx.db.selectFrom('resource_topics').select('date_key').where('resource_id', '=', policyId).executeTakeFirstOrThrow();
    expect(link.date_key).toBe('2018-01-01');
    const panel = await panelTotal('policy');
    expect(panel.content[0].title).toBe('旧政策 100%_达标');
    expect(panel.totalElements).toBe(3);
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const n = await storedCount('policy');
    const cases: Array<[unknown, string, string]> = [
      [{ type: 'policy', title: '', fields: {} }, 'body.title', '请输入政策名称'],
      [{ type: 'policy', title: '<script>alert(1)</script>', fields: {} }, 'body.title', MSG.noMarkup],
      [{ type: 'policy', title: '坏链接', fields: { url: 'javascript:alert(1)' } }, 'body.fields.url', MSG.linkInvalid],
      [{ type: 'policy', title: '坏日期', date: '2025-02-30', fields: {} }, 'body.date', '日期格式应为 yyyy-MM-dd'],
      [{ type: 'policy', title: '多余字段', fields: { hack: 1 } }, 'body.fields', '包含不认识的字段：hack'],
      [{ type: 'tool', title: '缺链接', fields: {} }, 'body.fields.link', '请输入工具链接'],
      [{ type: 'bulletin', title: '错类型', fields: { bulletinType: '周报' } }, 'body.fields.bulletinType', '请选择快报类型'],
      [{ type: 'policy', title: '摘要有标签', fields: { summary: '<img src=x onerror=alert(1)>' } }, 'body.fields.summary', MSG.noMarkup],
    ];
    for (const [body, field, message] of cases) {
      const r = await manager.post(base(), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toBe(message);
      expect(r.body.error.fields[field]).toBe(message);
    }
    const unknown = await manager.post(base(), { type: 'article', title: '论文', fields: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(MSG.unknownResourceType);
    expect((await manager.get(`${base()}?type=nothing`)).body.error.message).toBe(MSG.unknownResourceType);
    expect((await manager.get(base())).status).toBe(400);
    const retype = await manager.put(`${base()}/${policyId}`, { type: 'tool', title: 'x', fields: {} });
    expect(retype.status).toBe(400);
    expect(retype.body.error.message).toBe(MSG.resourceTypeFixed);
    expect((await manager.request('POST', base(), undefined, { raw: '{' })).status).toBe(400);
    expect(await storedCount('policy')).toBe(n);
  });

  it('answers 404 for a resource of another topic or a missing one, touching nothing', async () => {
    const put = await manager.put(`${base()}/${foreignId}`, { title: '篡改', fields: {} });
    expect(put.status).toBe(404);
    expect(put.body.error.message).toBe(MSG.resourceNotFound);
    expect((await manager.del(`${base()}/${foreignId}`)).status).toBe(404);
    expect((await manager.del(`${base()}/99999`)).status).toBe(404);
    const row = await ctx.db.selectFrom('resources').select('title').where('id', '=', foreignId).executeTakeFirstOrThrow();
    expect(row.title).toBe('别的专题的政策');
    expect(await storedCount('policy', otherTopic)).toBe(1);
  });

  it('deletes a resource; the row, the link and the panel total follow', async () => {
    const before = await panelTotal('policy');
    const s = await stranger.del(`${base()}/${policyId}`);
    expect(s.status).toBe(403);
    const r = await admin.del(`${base()}/${policyId}`);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.resourceDeleted);
    expect(await ctx.db.selectFrom('resources').select('id').where('id', '=', policyId).executeTakeFirst()).toBeUndefined();
    expect(await ctx.db.selectFrom('resource_topics').select('topic_id').where('resource_id', '=', policyId).executeTakeFirst()).toBeUndefined();
    expect((await panelTotal('policy')).totalElements).toBe(before.totalElements - 1);
    expect(await storedCount('policy')).toBe(before.totalElements - 1);
  });

  it('deleting a resource shared with another topic only unlinks it here', async () => {
    const shared = await upsertResources(ctx.db, [{ type: 'policy', sourceKey: 'shared', title: '共享政策', date: null, fields: {}, topicId: otherTopic }]);
    await upsertResources(ctx.db, [{ type: 'policy', sourceKey: 'shared', title: '共享政策', date: null, fields: {}, topicId }]);
    const n = await storedCount('policy');
    expect((await manager.del(`${base()}/${shared.ids[0]}`)).status).toBe(200);
    expect(await ctx.db.selectFrom('resources').select('id').where('id', '=', shared.ids[0]).executeTakeFirst()).toBeDefined();
    expect(await storedCount('policy')).toBe(n - 1);
    expect(await storedCount('policy', otherTopic)).toBe(2);
  });
});
