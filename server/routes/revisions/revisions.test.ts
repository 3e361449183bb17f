/**
 * Home config revisions: each save is kept with its author, time and
 * summary in the same transaction as the config; managers list, read and restore them; others are
 * refused (401 / 403); unknown revisions 404 and bad ids 400 in Chinese; old revisions are pruned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext, releaseApplication } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { HOME_CONFIG_REVISIONS_KEPT, chinaTime } from './service.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let plain: Client;
let appId: number;
let otherAppId: number;

const notice = (id: string, alias: string, span = 1) => ({ id, type: 'notice', alias, span });
const home = (...template: unknown[]) => [{ page: 'home', template, style: 'card', groups: {} }];
const revisionsUrl = (id = appId) => `/api/v1/applications/${id}/home-config/revisions`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700000001', 'super');
  manager = await ctx.signIn('13700000002');
  plain = await ctx.signIn('13700000003');
  appId = (await admin.post('/api/v1/applications', { name: '版本站点', host: 'rev.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId); // visitors read its config by host (a draft's is its managers' only)
  otherAppId = (await admin.post('/api/v1/applications', { name: '别的站点', host: 'rev-other.example.cn' })).body.applicationId;
  const m = await ctx.db.selectFrom('users').select('id').where('phone', '=', '13700000002').executeTakeFirstOrThrow();
  await ctx.db.insertInto('application_managers').values({ application_id: appId, user_id: m.id }).execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('home config revisions', () => {
  it('keeps every save with author, time and summary, newest first, and restores an older one', async () => {
    const first = await manager.post(`/api/v1/applications/${appId}/home-config`, {
      homeConfig: home(notice('n1', '通知公告')),
      summary: '添加模块「通知公告」',
    });
    expect(first.status).toBe(200);
    const second = await admin.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: home(notice('n1', '通知公告'), notice('n2', '学术动态', 2)) });
    expect(second.status).toBe(200);
    expect(second.body.revisionId).toBeGreaterThan(first.body.revisionId);

    const list = await manager.get(`${revisionsUrl()}?page=1&size=10`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 2, empty: false, page: 1, size: 10 });
    const [newest, oldest] = list.body.content;
    expect(newest.summary).toBe(MSG.homeConfigSaveDefault);
    expect(newest.authorName).toBe('管理员0001');
    expect(oldest.summary).toBe('添加模块「通知公告」');
    expect(oldest.authorId).toBe((await ctx.db.selectFrom('users').select('id').where('phone', '=', '13700000002').executeTakeFirstOrThrow()).id);
    expect(newest).not.toHaveProperty('homeConfig');
    expect(Date.parse(oldest.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const one = await manager.get(`${revisionsUrl()}/${oldest.id}`);
    expect(one.status).toBe(200);
    expect(one.body.homeConfig[0].template.map((m: { alias: string }) => m.alias)).toEqual(['通知公告']);

    const restored = await manager.post(`${revisionsUrl()}/${oldest.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(MSG.revisionRestored);
    expect(restored.body.homeConfig[0].template.map((m: { alias: string }) => m.alias)).toEqual(['通知公告']);
    const row = await ctx.db.selectFrom('applications').select('home_config').where('id', '=', appId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.home_config)[0].template.map((m: { id: string }) => m.id)).toEqual(['n1']);
    const after = await manager.get(revisionsUrl());
    expect(after.body.totalElements).toBe(3);
    expect(after.body.content[0].summary).toBe(`恢复到 ${chinaTime(oldest.createdAt)} 的版本`);
    expect(after.body.content[0].id).toBe(restored.body.revisionId);
    // the visitor reads the restored config
    const visitor = await ctx.client().get('/api/v1/applications/config?host=rev.example.cn');
    expect(visitor.body.homeConfig[0].template.map((m: { alias: string }) => m.alias)).toEqual(['通知公告']);
  });

  it('pages the list', async () => {
    const p2 = await manager.get(`${revisionsUrl()}?page=2&size=2`);
    expect(p2.status).toBe(200);
    expect(p2.body).toMatchObject({ totalElements: 3, page: 2, size: 2 });
    expect(p2.body.content).toHaveLength(1);
    expect(p2.body.content[0].summary).toBe('添加模块「通知公告」');
  });

  it('refuses a refused save without writing a revision or the config', async () => {
    const before = (await manager.get(revisionsUrl())).body.totalElements;
    const bad = await manager.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: home(notice('n9', '')) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.moduleTitleRequired);
    const long = await manager.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: home(notice('n9', '好')), summary: '长'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields['body.summary']).toBe('不能超过 200 个字');
    const markup = await manager.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: home(notice('n9', '好')), summary: '<script>x</script>' });
    expect(markup.status).toBe(400);
    expect(markup.body.error.message).toBe(MSG.noMarkup);
    expect((await manager.get(revisionsUrl())).body.totalElements).toBe(before);
    const row = await ctx.db.selectFrom('applications').select('home_config').where('id', '=', appId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.home_config)[0].template.map((m: { id: string }) => m.id)).toEqual(['n1']);
  });

  it('answers 401 to a visitor, 403 to a user who does not manage the application', async () => {
    const rev = (await manager.get(revisionsUrl())).body.content[0].id;
    const anon = ctx.client();
    for (const [m, url] of [
      ['GET', revisionsUrl()],
      ['GET', `${revisionsUrl()}/${rev}`],
      ['POST', `${revisionsUrl()}/${rev}/restore`],
    ] as const) {
      const a = await anon.request(m, url);
      expect(a.status, `${m} ${url}`).toBe(401);
      expect(a.body.error.message).toBe(MSG.notSignedIn);
      const p = await plain.request(m, url);
      expect(p.status, `${m} ${url}`).toBe(403);
      expect(p.body.error.message).toBe(MSG.forbidden);
    }
    // a manager of one application cannot read another's revisions
    expect((await manager.get(revisionsUrl(otherAppId))).status).toBe(403);
  });

  it('answers 404 for an unknown revision or one of another application, 400 for bad ids', async () => {
    const rev = (await manager.get(revisionsUrl())).body.content[0].id;
    for (const url of [`${revisionsUrl()}/999999`, `${revisionsUrl(otherAppId)}/${rev}`]) {
      const r = await admin.get(url);
      expect(r.status, url).toBe(404);
      expect(r.body.error.message).toBe(MSG.revisionNotFound);
    }
    const restore = await admin.post(`${revisionsUrl()}/999999/restore`);
    expect(restore.status).toBe(404);
    expect(restore.body.error.message).toBe(MSG.revisionNotFound);
    expect((await admin.get(`${revisionsUrl(999999)}`)).body.error.message).toBe(MSG.applicationNotFound);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const r = await admin.get(`${revisionsUrl()}/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await admin.get(`${revisionsUrl()}?size=500`)).status).toBe(400);
  });

  it(`keeps only the newest ${HOME_CONFIG_REVISIONS_KEPT} revisions of an application`, async () => {
    const at = new Date().toISOString();
    const cfg = JSON.stringify(home(notice('n1', '旧版本')));
    const rows = Array.from({ length: HOME_CONFIG_REVISIONS_KEPT }, (_, i) => ({
      application_id: otherAppId,
      author_id: null,
      author_name: '导入',
      summary: `旧版本 ${i}`,
      home_config: cfg,
      created_at: at,
    }));
    await ctx.db.insertInto('home_config_revisions').values(rows).execute();
    const appRevisions = async (id: number) =>
      ctx.db.selectFrom('home_config_revisions').select(['id', 'summary']).where('application_id', '=', id).orderBy('id', 'asc').execute();
    const keptOfFirst = (await appRevisions(appId)).length;
    const saved = await admin.post(`/api/v1/applications/${otherAppId}/home-config`, { homeConfig: home(notice('n2', '新版本')), summary: '最新' });
    expect(saved.status).toBe(200);
    const left = await appRevisions(otherAppId);
    expect(left).toHaveLength(HOME_CONFIG_REVISIONS_KEPT);
    expect(left[0].summary).toBe('旧版本 1');
    expect(left.at(-1)!.summary).toBe('最新');
    // another application's revisions are untouched
    expect((await appRevisions(appId)).length).toBe(keptOfFirst);
  });
});
