/** Applications API with its refusals: 401, 403, 400 naming fields, 404, 409. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext, releaseApplication } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let plain: Client;
let topicId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13900000001', 'super');
  plain = await ctx.signIn('13900000002');
  topicId = (
    await ctx.db
      .insertInto('topics')
      .values({ title: '计算机科学', cover: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await ctx.close();
});

const count = async () => (await ctx.db.selectFrom('applications').select('id').execute()).length;

describe('applications', () => {
  it('a super manager creates, lists, changes and deletes an application', async () => {
    const created = await admin.post('/api/v1/applications', { name: '图书馆门户', host: 'lib.example.cn', topicId });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(MSG.applicationCreated);
    const id = created.body.applicationId;
    const row = await ctx.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('图书馆门户');
    expect(row.host).toBe('lib.example.cn');
    expect(JSON.parse(row.home_config)).toEqual([{ page: 'home', template: [], style: 'card', groups: {} }]);

    const list = await admin.get('/api/v1/applications?page=1&size=200');
    expect(list.status).toBe(200);
    expect(list.body.content.map((a: { name: string }) => a.name)).toContain('图书馆门户');
    expect(list.body.content[0].topic.title).toBe('计算机科学');

    const changed = await admin.put(`/api/v1/applications/${id}`, { name: '研究所门户' });
    expect(changed.status).toBe(200);
    expect((await ctx.db.selectFrom('applications').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('研究所门户');

    // a draft answers visitors as an unknown host; released, it is read by host
    expect((await ctx.client().get('/api/v1/applications/config?host=lib.example.cn')).status).toBe(404);
    await releaseApplication(admin, id);
    const byHost = await ctx.client().get('/api/v1/applications/config?host=lib.example.cn');
    expect(byHost.status).toBe(200);
    expect(byHost.body.name).toBe('研究所门户');
    expect(byHost.body.topic.title).toBe('计算机科学');

    expect((await admin.del(`/api/v1/applications/${id}`)).status).toBe(200);
    expect(await ctx.db.selectFrom('applications').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a visitor who is not signed in (401) and a user without the role (403)', async () => {
    const anon = ctx.client();
    const n = await count();
    for (const [m, url] of [
      ['GET', '/api/v1/applications'],
      ['POST', '/api/v1/applications'],
      ['PUT', '/api/v1/applications/1'],
      ['DELETE', '/api/v1/applications/1'],
      ['POST', '/api/v1/applications/1/home-config'],
      ['GET', '/api/v1/applications/1/config'],
    ] as const) {
      const r = await anon.request(m, url, m === 'GET' ? undefined : { name: 'x', host: 'x.cn' });
      expect(r.status, `${m} ${url}`).toBe(401);
      expect(r.body.error.message).toBe(MSG.notSignedIn);
    }
    const app = await admin.post('/api/v1/applications', { name: '别人的站点', host: 'other.example.cn' });
    const id = app.body.applicationId;
    expect((await plain.post('/api/v1/applications', { name: '我的站点', host: 'mine.example.cn' })).status).toBe(403);
    expect((await plain.put(`/api/v1/applications/${id}`, { name: '改名' })).status).toBe(403);
    expect((await plain.del(`/api/v1/applications/${id}`)).status).toBe(403);
    expect((await plain.post(`/api/v1/applications/${id}/home-config`, { homeConfig: [] })).status).toBe(403);
    const r = await plain.get(`/api/v1/applications/${id}/config`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.forbidden);
    expect((await plain.get('/api/v1/applications')).body.content).toEqual([]);
    expect(await count()).toBe(n + 1);
  });

  it('an application manager may change their application but not create or delete', async () => {
    const app = await admin.post('/api/v1/applications', { name: '分馆', host: 'branch.example.cn' });
    const id = app.body.applicationId;
    const manager = await ctx.signIn('13900000003');
    const user = await ctx.db.selectFrom('users').select('id').where('phone', '=', '13900000003').executeTakeFirstOrThrow();
    await ctx.db.insertInto('application_managers').values({ application_id: id, user_id: user.id }).execute();
    expect((await manager.put(`/api/v1/applications/${id}`, { name: '分馆门户' })).status).toBe(200);
    expect((await manager.get('/api/v1/applications')).body.content.map((a: { name: string }) => a.name)).toEqual(['分馆门户']);
    expect((await manager.del(`/api/v1/applications/${id}`)).status).toBe(403);
  });

  it('refuses malformed bodies naming the fields, and writes nothing', async () => {
    const n = await count();
    const r1 = await admin.post('/api/v1/applications', { host: 'bad host!' });
    expect(r1.status).toBe(400);
    expect(r1.body.error.fields['body.name']).toBe(MSG.applicationNameRequired);
    expect(r1.body.error.fields['body.host']).toBe(MSG.hostInvalid);
    const r2 = await admin.post('/api/v1/applications', { name: '<script>alert(1)</script>', host: 'x.example.cn' });
    expect(r2.status).toBe(400);
    expect(r2.body.error.fields['body.name']).toBe(MSG.noMarkup);
    const r3 = await admin.post('/api/v1/applications', { name: 123, host: ['a'] });
    expect(r3.status).toBe(400);
    const r4 = await admin.request('POST', '/api/v1/applications', undefined, { raw: 'not json' });
    expect(r4.status).toBe(400);
    const r5 = await admin.post('/api/v1/applications', { name: '站点', host: 'y.example.cn', topicId: 99999 });
    expect(r5.status).toBe(400);
    expect(r5.body.error.fields.topicId).toBe(MSG.topicNotFound);
    expect((await admin.get('/api/v1/applications?page=abc')).status).toBe(400);
    expect((await admin.get('/api/v1/applications?size=100000')).status).toBe(400);
    expect(await count()).toBe(n);
  });

  it("accepts the spec's payload wrapped in `application` on create and change, and never answers 200 for a write that wrote nothing", async () => {
    const stored = async (id: number) => ctx.db.selectFrom('applications').select(['name', 'host', 'topic_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const created = await admin.post('/api/v1/applications', { application: { name: '学院门户', host: 'college.example.cn', topic: { id: topicId } } });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(MSG.applicationCreated);
    const id = created.body.applicationId;
    expect(await stored(id)).toEqual({ name: '学院门户', host: 'college.example.cn', topic_id: topicId });

    const changed = await admin.put(`/api/v1/applications/${id}`, { application: { name: '学院科技信息门户' } });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('学院科技信息门户');
    expect(await stored(id)).toEqual({ name: '学院科技信息门户', host: 'college.example.cn', topic_id: topicId });
    expect((await admin.put(`/api/v1/applications/${id}`, { application: { host: 'college2.example.cn', topicId: null } })).status).toBe(200);
    expect(await stored(id)).toEqual({ name: '学院科技信息门户', host: 'college2.example.cn', topic_id: null });
    // the unwrapped body still works
    expect((await admin.put(`/api/v1/applications/${id}`, { name: '学院门户' })).status).toBe(200);
    expect((await stored(id)).name).toBe('学院门户');

    // a wrapped field is checked as an unwrapped one
    const bad = await admin.put(`/api/v1/applications/${id}`, { application: { name: '<b>x</b>' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['body.name']).toBe(MSG.noMarkup);
    const noName = await admin.post('/api/v1/applications', { application: { host: 'nameless.example.cn' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields['body.name']).toBe(MSG.applicationNameRequired);

    // nothing the route knows: 400 with the message, nothing written
    for (const body of [{}, { application: {} }, { application: { title: '新名字' } }, { nmae: '新名字' }, { application: '新名字' }]) {
      const r = await admin.put(`/api/v1/applications/${id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toBe(MSG.applicationNothingToSave);
    }
    expect(await stored(id)).toEqual({ name: '学院门户', host: 'college2.example.cn', topic_id: null });
  });

  it('answers 404 for an unknown id or host, and 409 for a host already taken', async () => {
    expect((await admin.put('/api/v1/applications/999999', { name: '无' })).status).toBe(404);
    expect((await admin.del('/api/v1/applications/999999')).status).toBe(404);
    expect((await admin.get('/api/v1/applications/999999/config')).status).toBe(404);
    expect((await admin.get('/api/v1/applications/abc/config')).status).toBe(400);
    const h = await ctx.client().get('/api/v1/applications/config?host=nobody.example.cn');
    expect(h.status).toBe(404);
    expect(h.body.error.message).toBe(MSG.unknownHost);
    await admin.post('/api/v1/applications', { name: '甲', host: 'taken.example.cn' });
    const dup = await admin.post('/api/v1/applications', { name: '乙', host: 'TAKEN.example.cn' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(MSG.hostTaken);
    const other = await admin.post('/api/v1/applications', { name: '丙', host: 'free.example.cn' });
    const move = await admin.put(`/api/v1/applications/${other.body.applicationId}`, { host: 'taken.example.cn' });
    expect(move.status).toBe(409);
  });

  it('saves the home config, wraps the old single-object form, and refuses a bad module', async () => {
    const app = await admin.post('/api/v1/applications', { name: '首页测试', host: 'home.example.cn', topicId });
    const id = app.body.applicationId;
    const module = { id: 'm1', type: 'scholar', alias: '学者', span: 4 };
    const saved = await admin.post(`/api/v1/applications/${id}/home-config`, { homeConfig: { template: [module], style: 'card' } });
    expect(saved.status).toBe(200);
    const cfg = await admin.get(`/api/v1/applications/${id}/config`);
    expect(cfg.body.homeConfig).toHaveLength(1);
    expect(cfg.body.homeConfig[0].template[0]).toMatchObject(module);

    const bad = await admin.post(`/api/v1/applications/${id}/home-config`, {
      homeConfig: [{ page: 'home', template: [{ id: 'm2', type: 'scholar', alias: '', span: 9 }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['homeConfig.0.template.0.alias']).toBe(MSG.moduleTitleRequired);
    expect(bad.body.error.fields['homeConfig.0.template.0.span']).toBeDefined();
    const unknown = await admin.post(`/api/v1/applications/${id}/home-config`, {
      homeConfig: [{ page: 'home', template: [{ id: 'm3', type: 'nonsense', alias: 'x', span: 1 }] }],
    });
    expect(unknown.status).toBe(400);
    const again = await admin.get(`/api/v1/applications/${id}/config`);
    expect(again.body.homeConfig[0].template).toHaveLength(1);
    expect(again.body.homeConfig[0].template[0].alias).toBe('学者');
  });

  it('lists every released application as a topic-navigation option for signed-in users only', async () => {
    const nav = await admin.post('/api/v1/applications', { name: '导航目标站', host: 'nav.example.cn', topicId });
    expect((await ctx.client().get('/api/v1/applications/available')).status).toBe(401);
    // a draft is listed to its managers only
    expect(((await plain.get('/api/v1/applications/available')).body as Array<{ title: string }>).map((a) => a.title)).not.toContain('导航目标站');
    await releaseApplication(admin, nav.body.applicationId);
    const r = await plain.get('/api/v1/applications/available');
    expect(r.status).toBe(200);
    expect(r.body).toContainEqual(expect.objectContaining({ title: '导航目标站', name: '计算机科学', url: 'http://nav.example.cn/' }));
  });
});
