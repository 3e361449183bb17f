/**
 * The audit log (`/console/logs`; decisions 312-317), on both databases: every registered
 * write route is classified (recorded or not, with a reason), a notice edit is recorded with its
 * before/after, secrets (sign-in codes, client secrets) are never stored, each role reads its scope,
 * the filters and the CSV export, no call edits or deletes an entry, a failed recording never fails the
 * user's write, and the retention purge. The role matrix (server/routes/roleMatrix.test.ts) checks that
 * every successful write of its walk left an entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { AUDITED, NOT_AUDITED, WRITE_METHODS } from '../../audit/rules.js';
import { HIDDEN } from '../../audit/changes.js';
import { purgeExpired } from '../../maintenance/purge.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import type { AuditEntry } from '../../../common/contracts/auditLogs.js';
import type { Page } from '../../../common/page.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let plain: Client;
let appId: number;
let otherAppId: number;
let noticeId: number;

const SUPER_PHONE = '13700001001';
const MANAGER_PHONE = '13700001002';

async function userId(phone: string) {
  return (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
}
const entries = async (c: Client, query = '') => (await c.get<Page<AuditEntry>>(`/api/v1/audit-logs${query}`)).body;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn(SUPER_PHONE, 'super');
  manager = await ctx.signIn(MANAGER_PHONE);
  plain = await ctx.signIn('13700001003');
  appId = (await admin.post('/api/v1/applications', { name: '审计门户', host: 'audit.example.cn' })).body.applicationId;
  otherAppId = (await admin.post('/api/v1/applications', { name: '他站门户', host: 'audit-other.example.cn' })).body.applicationId;
  await ctx.db
    .insertInto('application_managers')
    .values({ application_id: appId, user_id: await userId(MANAGER_PHONE) })
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('audit log', () => {
  it('classifies every registered write route: recorded (with its rule) or not, with a reason', () => {
    const writes = ctx.app.atriumRoutes.filter((r) => WRITE_METHODS.has(r.method)).map((r) => `${r.method} ${r.url}`);
    expect(writes.length).toBeGreaterThan(50);
    const unclassified = writes.filter((k) => !(k in AUDITED) && !(k in NOT_AUDITED));
    expect(unclassified, 'classify these write routes in server/audit/rules.ts').toEqual([]);
    const stale = [...Object.keys(AUDITED), ...Object.keys(NOT_AUDITED)].filter((k) => !writes.includes(k));
    expect(stale, 'rules for routes the server no longer registers').toEqual([]);
    expect(Object.keys(AUDITED).filter((k) => k in NOT_AUDITED)).toEqual([]);
    // every console write route of the content, roles and settings calls is recorded
    for (const k of ['PUT /api/v1/notices/:id', 'POST /api/v1/links', 'PUT /api/v1/applications/:id', 'POST /api/v1/applications/managers'])
      expect(AUDITED[k]).toBeDefined();
  });

  it('records a notice edit with who, where, when and only the changed fields before and after', async () => {
    const created = await manager.post('/api/v1/notices', {
      applicationId: appId,
      title: '闭馆通知',
      type: '消息公告',
      content: '<p>周一闭馆</p>',
      publishDateTime: '2026-03-01T08:00:00.000Z',
    });
    expect(created.status).toBe(201);
    noticeId = created.body.id as number;
    const edited = await manager.put(`/api/v1/notices/${noticeId}`, { title: '闭馆通知（更正）', top: 1 });
    expect(edited.status).toBe(200);

    const page = await entries(admin, '?resource=notice');
    expect(page.totalElements).toBe(2);
    const [update, create] = page.content;
    expect(update).toMatchObject({
      action: 'update',
      resource: 'notice',
      resourceId: String(noticeId),
      applicationId: appId,
      applicationName: '审计门户',
      method: 'PUT',
      route: '/api/v1/notices/:id',
      status: 200,
    });
    expect(update.userLabel).toContain('137****1002');
    expect(update.userLabel).not.toContain(MANAGER_PHONE);
    expect(update.ip).toMatch(/^10\.9\./);
    expect(update.changes).toEqual({
      mode: 'diff',
      fields: [
        { field: 'title', before: '闭馆通知', after: '闭馆通知（更正）' },
        { field: 'top', before: 0, after: 1 },
      ],
    });
    expect(create).toMatchObject({ action: 'create', resource: 'notice', resourceId: String(noticeId), status: 201 });
    expect(create.changes.fields).toContainEqual({ field: 'title', after: '闭馆通知' });

    const one = await admin.get<AuditEntry>(`/api/v1/audit-logs/${update.id}`);
    expect(one.status).toBe(200);
    expect(one.body.changes.fields).toHaveLength(2);

    // a refused or failed write leaves no entry
    const refused = await plain.put(`/api/v1/notices/${noticeId}`, { title: '越权' });
    expect(refused.status).toBe(403);
    const bad = await manager.put(`/api/v1/notices/${noticeId}`, { title: '' });
    expect(bad.status).toBe(400);
    expect((await entries(admin, '?resource=notice')).totalElements).toBe(2);
  });

  it('shows a real before/after for the home config (per module), links and managers', async () => {
    const home = (alias: string) => ({
      homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [{ id: 'n1', type: 'notice', alias, span: 2 }] }],
    });
    expect((await admin.post(`/api/v1/applications/${appId}/home-config`, home('通知公告'))).status).toBe(200);
    expect((await admin.post(`/api/v1/applications/${appId}/home-config`, home('馆内通知'))).status).toBe(200);
    const hc = (await entries(admin, '?resource=home_config')).content[0];
    expect(hc.changes.fields).toHaveLength(1);
    expect(hc.changes.fields[0].field).toBe('home_config[0].template[0]');
    expect(hc.changes.fields[0].before).toContain('"alias":"通知公告"');
    expect(hc.changes.fields[0].after).toContain('"alias":"馆内通知"');

    const link = await manager.post('/api/v1/links', {
      applicationId: appId,
      title: '中国知网',
      url: 'https://www.cnki.net',
      publishDateTime: '2026-03-01T08:00:00.000Z',
    });
    expect(link.status).toBe(201);
    expect((await manager.put(`/api/v1/links/${link.body.id}`, { url: 'https://www.cnki.net/kns' })).status).toBe(200);
    expect((await entries(admin, '?resource=link&action=update')).content[0].changes.fields).toEqual([
      { field: 'url', before: 'https://www.cnki.net', after: 'https://www.cnki.net/kns' },
    ]);

    const added = await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13700001009', rights: ['content'] });
    expect(added.status).toBe(201);
    expect((await admin.put('/api/v1/applications/managers', { id: added.body.id, rights: ['home', 'content'] })).status).toBe(200);
    const rights = (await entries(admin, '?resource=manager&action=update')).content[0];
    expect(rights).toMatchObject({ applicationId: appId, resourceId: String(added.body.id) });
    expect(rights.changes.fields).toEqual([{ field: 'rights', before: '["content"]', after: '["home","content"]' }]);
  });

  it('never stores a sign-in code or a client secret', async () => {
    await admin.put(`/api/v1/applications/${appId}/oauth-uri`, {
      oauthUri: { issuer: 'https://sso.example.cn', clientId: 'portal', clientSecret: 'very-secret-value-42' },
    });
    const code = ctx.lastCode(SUPER_PHONE);
    const all = await ctx.db.selectFrom('audit_log').select(['changes', 'route']).execute();
    const text = JSON.stringify(all);
    expect(text).not.toContain('very-secret-value-42');
    expect(text).not.toContain(code);
    expect(all.some((r) => r.route.includes('oauth/digits'))).toBe(false);
    const sso = (await entries(admin, '?resource=oauth_uri')).content[0];
    expect(sso.changes.mode).toBe('body');
    expect(JSON.stringify(sso.changes.fields)).toContain(HIDDEN);
  });

  it('shows super managers every entry, a manager those of their applications, and refuses a plain user', async () => {
    await admin.put(`/api/v1/applications/${otherAppId}`, { name: '他站门户（新）' });
    const mine = await entries(manager);
    expect(mine.content.length).toBeGreaterThan(0);
    expect(mine.content.every((e) => e.applicationId === appId)).toBe(true);
    const otherEntry = (await entries(admin, `?applicationId=${otherAppId}`)).content[0];
    expect(otherEntry).toMatchObject({ resource: 'application', action: 'update', applicationName: '他站门户（新）' });
    expect(otherEntry.changes.fields).toEqual([{ field: 'name', before: '他站门户', after: '他站门户（新）' }]);
    const hidden = await manager.get(`/api/v1/audit-logs/${otherEntry.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe(MSG.auditNotFound);
    expect((await entries(manager, `?applicationId=${otherAppId}`)).totalElements).toBe(0);
    for (const url of ['/api/v1/audit-logs', '/api/v1/audit-logs/export.csv', `/api/v1/audit-logs/${otherEntry.id}`]) {
      const r = await plain.get(url);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(MSG.forbidden);
      expect((await ctx.client().get(url)).status).toBe(401);
    }
  });

  it('needs the 用户管理 right on the application (decision 419): without it none of its entries, with it on one site only that site', async () => {
    await admin.put(`/api/v1/applications/${appId}`, { name: '审计门户' });
    await admin.put(`/api/v1/applications/${otherAppId}`, { name: '他站门户（再改）' });
    const manage = async (phone: string, rights: Record<number, string[]>) => {
      const c = await ctx.signIn(phone);
      const id = await userId(phone);
      for (const [app, r] of Object.entries(rights)) {
        await ctx.db
          .insertInto('application_managers')
          .values({ application_id: Number(app), user_id: id, rights: JSON.stringify(r) })
          .execute();
      }
      return c;
    };
    // every right but 用户管理: refused on the list, the export and one entry, with the right named
    const noUsers = await manage('13700001021', { [appId]: ['home', 'content', 'settings'] });
    const one = (await entries(admin, `?applicationId=${appId}`)).content[0];
    for (const url of ['/api/v1/audit-logs', '/api/v1/audit-logs/export.csv', `/api/v1/audit-logs/${one.id}`]) {
      const r = await noUsers.get(url);
      expect(r.status, url).toBe(403);
      expect(r.body.error.message).toBe(fillMsg(MSG.rightMissing, { right: '用户管理' }));
      expect(r.text).not.toContain('审计门户');
    }
    // 用户管理 on this site, only 首页编辑 on the other: this site's entries, none of the other's
    const split = await manage('13700001022', { [appId]: ['users'], [otherAppId]: ['home'] });
    const seen = await entries(split, '?size=100');
    expect(seen.totalElements).toBeGreaterThan(0);
    expect(new Set(seen.content.map((e) => e.applicationId))).toEqual(new Set([appId]));
    const other = (await entries(admin, `?applicationId=${otherAppId}`)).content[0];
    expect((await split.get(`/api/v1/audit-logs/${other.id}`)).status).toBe(404);
    const csv = await split.get('/api/v1/audit-logs/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain('他站门户');
  });

  it('filters by person, resource, action and dates, 20 a page, and refuses bad filters in Chinese', async () => {
    const byPerson = await entries(admin, `?person=${MANAGER_PHONE}`);
    expect(byPerson.totalElements).toBe(4); // the notice and the link, each created and changed
    expect(byPerson.content.every((e) => e.userLabel.includes('137****1002'))).toBe(true);
    expect((await entries(admin, `?person=${encodeURIComponent('137****1002')}`)).totalElements).toBe(4);
    expect((await entries(admin, `?userId=${await userId(MANAGER_PHONE)}&action=update`)).totalElements).toBe(2);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await entries(admin, `?from=${today}&to=${today}`)).totalElements).toBeGreaterThan(3);
    expect((await entries(admin, '?to=2020-01-01')).totalElements).toBe(0);
    expect((await entries(admin)).size).toBe(20);
    const bad = await admin.get('/api/v1/audit-logs?from=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.auditDateInvalid);
    const backwards = await admin.get('/api/v1/audit-logs?from=2026-02-01&to=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe(MSG.auditDateRange);
    const kind = await admin.get('/api/v1/audit-logs?resource=nope');
    expect(kind.status).toBe(400);
    expect(kind.body.error.message).toBe(MSG.auditResourceInvalid);
  });

  it('exports the filtered entries as CSV with a BOM, Chinese labels and the before/after', async () => {
    const r = await admin.get('/api/v1/audit-logs/export.csv?resource=notice');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(r.headers['content-disposition'])).toContain("filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97");
    expect(r.text.charCodeAt(0)).toBe(0xfeff);
    const lines = r.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('时间,操作人,用户编号,地址,应用,应用编号,操作,对象,对象编号,接口,状态码,修改内容');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('审计门户');
    expect(lines[1]).toContain(',修改,通知,');
    expect(lines[1]).toContain('标题：闭馆通知 → 闭馆通知（更正）；置顶：0 → 1');
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
    // a manager's export holds only their applications
    const mine = await manager.get('/api/v1/audit-logs/export.csv');
    expect(mine.text).not.toContain('他站门户');
  });

  it('has no call that edits or deletes an entry', async () => {
    const id = (await entries(admin)).content[0].id;
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      const r = await admin.request(method, `/api/v1/audit-logs/${id}`, method === 'DELETE' ? undefined : { action: 'x' });
      expect(r.status, method).toBe(404);
    }
    expect((await admin.request('DELETE', '/api/v1/audit-logs')).status).toBe(404);
    expect((await admin.get(`/api/v1/audit-logs/${id}`)).status).toBe(200);
  });

  it("keeps the user's write when the entry cannot be written", async () => {
    await ctx.db.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const r = await manager.put(`/api/v1/notices/${noticeId}`, { title: '照常保存' });
      expect(r.status).toBe(200);
      expect((await ctx.db.selectFrom('notices').select('title').where('id', '=', noticeId).executeTakeFirstOrThrow()).title).toBe('照常保存');
    } finally {
      await ctx.db.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
  });

  it('purges entries older than the retention, and keeps them all with 0', async () => {
    const t = (days: number) => new Date(Date.now() - days * 864e5).toISOString();
    const old = {
      user_id: null,
      user_label: '旧操作',
      ip: '10.0.0.1',
      application_id: null,
      resource: 'notice',
      resource_id: '1',
      action: 'update',
      method: 'PUT',
      route: '/api/v1/notices/:id',
      changes: '{"mode":"body","fields":[]}',
      status: 200,
    };
    await ctx.db
      .insertInto('audit_log')
      .values([
        { ...old, at: t(400) },
        { ...old, at: t(20) },
      ])
      .execute();
    const count = async () => (await ctx.db.selectFrom('audit_log').select('id').where('user_label', '=', '旧操作').execute()).length;
    expect((await purgeExpired(ctx.db, new Date(), { auditRetentionDays: 0 })).auditLog).toBe(0);
    expect(await count()).toBe(2);
    expect((await purgeExpired(ctx.db, new Date(), { auditRetentionDays: 365 })).auditLog).toBe(1);
    expect(await count()).toBe(1);
    expect((await purgeExpired(ctx.db, new Date(), { auditRetentionDays: 10 })).auditLog).toBe(1);
    expect(await count()).toBe(0);
    expect((await entries(admin, '?resource=notice')).totalElements).toBe(2);
  });
});
