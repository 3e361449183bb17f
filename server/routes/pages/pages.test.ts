/**
 * Composed pages (`/xrender/{pageId}`, decisions 700-705): a manager with 编辑首页 creates a page, a
 * second one with the same path id is refused in Chinese, saves its configuration (kept as revisions,
 * restorable), publishes and withdraws it, deletes it; a visitor reads a published page only; another
 * application's page is 404; a manager without the right and a plain user are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let viewerOnly: Client;
let plain: Client;
let visitor: Client;
let appId: number;
let otherAppId: number;

const notice = (id: string, alias: string) => ({ id, type: 'notice', alias, span: 1 });
const home = (...template: unknown[]) => [{ page: 'home', template, style: 'card', groups: {} }];
const pagesUrl = (id = appId) => `/api/v1/applications/${id}/pages`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13710000001', 'super');
  manager = await ctx.signIn('13710000002');
  viewerOnly = await ctx.signIn('13710000003');
  plain = await ctx.signIn('13710000004');
  visitor = ctx.client();
  appId = (await admin.post('/api/v1/applications', { name: '页面站点', host: 'pages.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId);
  otherAppId = (await admin.post('/api/v1/applications', { name: '别的站点', host: 'pages-other.example.cn' })).body.applicationId;
  await releaseApplication(admin, otherAppId);
  const idOf = async (phone: string) => (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: await idOf('13710000002'), rights: JSON.stringify(['home']) },
      { application_id: appId, user_id: await idOf('13710000003'), rights: JSON.stringify(['content']) },
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('composed pages', () => {
  it('creates a draft page and refuses a second page with the same path id', async () => {
    const created = await manager.post(pagesUrl(), { pageId: 'about', title: '关于我们' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ pageId: 'about', title: '关于我们', state: 'draft', publishedAt: null, message: MSG.pageCreated });
    const row = await ctx.db.selectFrom('pages').selectAll().where('application_id', '=', appId).where('page_id', '=', 'about').executeTakeFirstOrThrow();
    expect(row.title).toBe('关于我们');

    const again = await manager.post(pagesUrl(), { pageId: 'about', title: '又一个' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(MSG.pageIdTaken);
    expect(again.body.error.fields['body.pageId']).toBe(MSG.pageIdTaken);

    // the same path id in another application is another page
    expect((await admin.post(pagesUrl(otherAppId), { pageId: 'about', title: '别站的关于' })).status).toBe(200);

    const bad = await manager.post(pagesUrl(), { pageId: 'Über uns', title: '坏路径' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['body.pageId']).toBe(MSG.pageIdInvalid);
    const noTitle = await manager.post(pagesUrl(), { pageId: 'empty-title', title: ' ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.fields['body.title']).toBe(MSG.pageTitleRequired);

    const list = await manager.get(pagesUrl());
    expect(list.body.content.map((p: { pageId: string }) => p.pageId)).toEqual(['about']);
  });

  it('saves the configuration with revisions and restores an older one', async () => {
    const first = await manager.post(`${pagesUrl()}/about/home-config`, { homeConfig: home(notice('n1', '本馆简介')), summary: '添加模块「本馆简介」' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MSG.pageSaved);
    const second = await manager.post(`${pagesUrl()}/about/home-config`, { homeConfig: home(notice('n1', '本馆简介'), notice('n2', '开放时间')) });
    expect(second.status).toBe(200);

    const one = await manager.get(`${pagesUrl()}/about`);
    expect(one.body.homeConfig[0].template.map((m: { alias: string }) => m.alias)).toEqual(['本馆简介', '开放时间']);
    // the home page is untouched
    const app = await ctx.db.selectFrom('applications').select('home_config').where('id', '=', appId).executeTakeFirstOrThrow();
    expect(app.home_config).not.toContain('开放时间');

    const revisions = await manager.get(`${pagesUrl()}/about/revisions`);
    expect(revisions.status).toBe(200);
    // created, then two saves, newest first
    expect(revisions.body.content.map((r: { summary: string }) => r.summary)).toEqual([MSG.homeConfigSaveDefault, '添加模块「本馆简介」', MSG.pageCreated]);
    const older = revisions.body.content[1];
    const read = await manager.get(`${pagesUrl()}/about/revisions/${older.id}`);
    expect(read.body.homeConfig[0].template.map((m: { alias: string }) => m.alias)).toEqual(['本馆简介']);
    const restored = await manager.post(`${pagesUrl()}/about/revisions/${older.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(MSG.revisionRestored);
    const row = await ctx.db
      .selectFrom('pages')
      .select('home_config')
      .where('page_id', '=', 'about')
      .where('application_id', '=', appId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.home_config)[0].template.map((m: { id: string }) => m.id)).toEqual(['n1']);

    // a revision of another page is not this page's
    const otherRevs = await admin.get(`${pagesUrl(otherAppId)}/about/revisions`);
    expect((await manager.get(`${pagesUrl()}/about/revisions/${otherRevs.body.content[0].id}`)).status).toBe(404);

    const refused = await manager.post(`${pagesUrl()}/about/home-config`, { homeConfig: home({ id: 'x', type: 'no-such-type', alias: '坏模块', span: 1 }) });
    expect(refused.status).toBe(400);
  });

  it('shows a published page to visitors, and a draft page only to the managers', async () => {
    const draftRead = await visitor.get(`/api/v1/xrender/about?applicationId=${appId}`);
    expect(draftRead.status).toBe(404);
    expect(draftRead.body.error.message).toBe(MSG.pageNotFound);
    expect((await manager.get(`/api/v1/xrender/about?applicationId=${appId}`)).status).toBe(200);

    const published = await manager.post(`${pagesUrl()}/about/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ state: 'published', message: MSG.pagePublished });
    expect(published.body.publishedAt).toBeTruthy();
    const seen = await visitor.get(`/api/v1/xrender/about?applicationId=${appId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.title).toBe('关于我们');
    expect(seen.body.homeConfig[0].template.map((m: { alias: string }) => m.alias)).toEqual(['本馆简介']);

    const renamed = await manager.put(`${pagesUrl()}/about`, { title: '本馆概况' });
    expect(renamed.body.title).toBe('本馆概况');
    expect((await visitor.get(`/api/v1/xrender/about?applicationId=${appId}`)).body.title).toBe('本馆概况');

    const withdrawn = await manager.post(`${pagesUrl()}/about/withdraw`);
    expect(withdrawn.body).toMatchObject({ state: 'draft', message: MSG.pageWithdrawn });
    expect((await visitor.get(`/api/v1/xrender/about?applicationId=${appId}`)).status).toBe(404);
    expect((await visitor.get(`/api/v1/xrender/nothing-here?applicationId=${appId}`)).status).toBe(404);
  });

  it("answers 404 for another application's page and refuses callers without the right", async () => {
    // the other application's page is not reachable through this application's path
    expect((await manager.get(`${pagesUrl()}/missing`)).status).toBe(404);
    const foreign = await manager.get(`${pagesUrl(otherAppId)}/about`);
    expect(foreign.status).toBe(403);
    expect((await admin.get(`${pagesUrl()}/nope`)).body.error.message).toBe(MSG.pageNotFound);
    // a page only another application has is not found through this application, even by a super manager
    expect((await admin.post(pagesUrl(otherAppId), { pageId: 'other-only', title: '别站独有' })).status).toBe(200);
    const elsewhere = await admin.get(`${pagesUrl()}/other-only`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe(MSG.pageNotFound);
    expect((await admin.post(`${pagesUrl()}/other-only/publish`)).status).toBe(404);

    // a manager of the application without 编辑首页 reads the list (menu links) but changes nothing
    expect((await viewerOnly.get(pagesUrl())).status).toBe(200);
    const refused = await viewerOnly.post(pagesUrl(), { pageId: 'mine', title: '我的' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await viewerOnly.post(`${pagesUrl()}/about/publish`)).status).toBe(403);
    expect((await plain.get(pagesUrl())).status).toBe(403);
    expect((await visitor.get(pagesUrl())).status).toBe(401);
  });

  it("guards the items of a page's 仅登录可见 module as the home page's (decision 706)", async () => {
    expect((await manager.post(pagesUrl(), { pageId: 'inner', title: '内部页面' })).status).toBe(200);
    const saved = await manager.post(`${pagesUrl()}/inner/home-config`, { homeConfig: home({ ...notice('members', '馆员通知'), loginOnly: true }) });
    expect(saved.status).toBe(200);
    expect((await manager.post(`${pagesUrl()}/inner/publish`, {})).status).toBe(200);
    const posted = await admin.post('/api/v1/notices', {
      applicationId: appId,
      moduleId: 'members',
      title: '仅馆员可见的通知',
      content: '<p>内部</p>',
      publishDateTime: new Date().toISOString(),
    });
    expect(posted.status).toBe(201);
    for (const url of [
      `/api/v1/notices?applicationId=${appId}&moduleId=members`,
      `/api/v1/modules/top-notice?applicationId=${appId}&moduleId=members`,
      `/api/v1/notices/${posted.body.noticeId}`,
    ]) {
      const v = await visitor.get(url);
      expect([url, v.status, v.body.error?.message]).toEqual([url, 403, MSG.panelLoginRequired]);
      expect([url, (await admin.get(url)).status]).toEqual([url, 200]);
    }
    const titles = async (url: string) => ((await visitor.get(url)).body.content as Array<{ title: string }>).map((n) => n.title);
    expect(await titles(`/api/v1/notices?applicationId=${appId}`)).not.toContain('仅馆员可见的通知');
    expect(await titles(`/api/v1/modules/top-notice?applicationId=${appId}`)).not.toContain('仅馆员可见的通知');
  });

  it('deletes a page with its revisions', async () => {
    const row = await ctx.db.selectFrom('pages').select('id').where('page_id', '=', 'about').where('application_id', '=', appId).executeTakeFirstOrThrow();
    const deleted = await manager.del(`${pagesUrl()}/about`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(MSG.pageDeleted);
    expect(await ctx.db.selectFrom('pages').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
    expect(await ctx.db.selectFrom('page_revisions').select('id').where('page_row_id', '=', row.id).executeTakeFirst()).toBeUndefined();
    expect((await manager.del(`${pagesUrl()}/about`)).status).toBe(404);
  });
});
