/** POST /api/v1/banners/title (spec 2 §7; docs/decisions.md 295), on SQLite and PostgreSQL; each 400 with its exact `fields`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { linkTarget } from './schema.js';
import { probeBadInput } from '../../test/badInputProbe.js';

let ctx: TestContext;
let admin: Client;
let appId: number;
let scholarId: number;
let reportId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700001401', 'super');
  const topicId = await ensureTopic(ctx.db, '横幅专题');
  const r = await upsertResources(ctx.db, [
    { type: 'scholar', sourceKey: 's1', title: '王晓明', date: null, fields: {}, topicId },
    { type: 'report', sourceKey: 'r1', title: '2024 科技发展报告', date: '2024-01-01', fields: {}, topicId },
  ]);
  [scholarId, reportId] = r.ids;
  appId = (await admin.post('/api/v1/applications', { name: '横幅站点', host: 'banner.example.cn' })).body.applicationId as number;
});
afterAll(async () => {
  await ctx.close();
});

/** A notice of the application, written directly (`active` 1 published, 0 not). */
async function insertNotice(title: string, active: number) {
  const at = new Date().toISOString();
  return ctx.db
    .insertInto('notices')
    .values({
      application_id: appId,
      module_id: null,
      user_id: null,
      title,
      type: '消息公告',
      content: `<p>${title}</p>`,
      top: 0,
      active,
      publish_date_time: at,
      create_date_time: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('POST /api/v1/banners/title', () => {
  it('reads the title of the resource, scholar or notice a link names', async () => {
    const a = await admin.post('/api/v1/banners/title', { url: `https://banner.example.cn/microapp/explore/resources/report/${reportId}?from=x` });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ title: '2024 科技发展报告', kind: 'resource', type: 'report' });
    expect((await admin.post('/api/v1/banners/title', { url: `/microapp/profile/${scholarId}` })).body.title).toBe('王晓明');
    const n = await insertNotice('开馆通知', 1);
    const t = await admin.post('/api/v1/banners/title', { url: `/resources/notices/${n.id}` });
    expect(t.body).toMatchObject({ title: '开馆通知', kind: 'notice' });
  });

  it('refuses links that name nothing (404), bad input (400), visitors (401) and plain users (403)', async () => {
    for (const url of ['/microapp/explore/resources/report/999999', `/microapp/explore/resources/scholar/${reportId}`, '/about', 'javascript:alert(1)']) {
      const r = await admin.post('/api/v1/banners/title', { url });
      expect(r.status, url).toBe(404);
      expect(r.body.error.message).toBe(MSG.bannerTitleNotFound);
    }
    const empty = await admin.post('/api/v1/banners/title', { url: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: 'bad_request', message: MSG.bannerUrlRequired, fields: { 'body.url': MSG.bannerUrlRequired } });
    for (const [body, message] of [
      [{}, MSG.bannerUrlRequired],
      [{ url: 5 }, MSG.bannerUrlRequired],
      [{ url: `/${'a'.repeat(2000)}` }, MSG.bannerUrlInvalid],
    ] as const) {
      const r = await admin.post('/api/v1/banners/title', body);
      expect(r.status, JSON.stringify(body).slice(0, 20)).toBe(400);
      expect(r.body.error.fields).toEqual({ 'body.url': message });
    }
    const notObject = await admin.request('POST', '/api/v1/banners/title', undefined, { raw: '[]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.fields).toEqual({ body: '应为对象' });
    expect((await ctx.client().post('/api/v1/banners/title', { url: '/' })).status).toBe(401);
    const plain = await ctx.signIn('13700001402');
    const r = await plain.post('/api/v1/banners/title', { url: `/microapp/profile/${scholarId}` });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("answers 404 for a notice of an application the caller does not manage, its title to that application's manager", async () => {
    const otherId = (await admin.post('/api/v1/applications', { name: '横幅他站', host: 'banner-other.example.cn' })).body.applicationId as number;
    const n = await insertNotice('闭馆通知', 0);
    const managerOf = async (phone: string, applicationId: number) => {
      const c = await ctx.signIn(phone);
      const id = (await c.get('/api/v1/session')).body.user.id as number;
      await ctx.db.insertInto('application_managers').values({ application_id: applicationId, user_id: id }).execute();
      return c;
    };
    const elsewhere = await managerOf('13700001403', otherId);
    const r = await elsewhere.post('/api/v1/banners/title', { url: `/resources/notices/${n.id}` });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(MSG.bannerTitleNotFound);
    const here = await managerOf('13700001404', appId);
    const t = await here.post('/api/v1/banners/title', { url: `/resources/notices/${n.id}` });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ title: '闭馆通知', kind: 'notice' });
  });

  it('never answers 500 to junk bodies or queries, signed in or not', async () => {
    expect(await probeBadInput(admin, 'POST', '/api/v1/banners/title')).toEqual([]);
    expect(await probeBadInput(ctx.client(), 'POST', '/api/v1/banners/title')).toEqual([]);
  });

  it('reads the link paths the panels produce', () => {
    expect(linkTarget('/microapp/explore/resources/notice/5')).toEqual({ kind: 'notice', id: 5 });
    expect(linkTarget('/microapp/explore/resources/journal/7/')).toEqual({ kind: 'resource', type: 'journal', id: 7 });
    expect(linkTarget('/microapp/profile/0')).toBeNull();
    expect(linkTarget('ftp://x/microapp/profile/1')).toBeNull();
  });
});
