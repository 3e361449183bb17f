/**
 * Application export (spec 2 §7 '/toolsApi/applicationExport/export'; decision 225): a manager gets one
 * JSON file with the configuration, notices and links; others are refused; bad input is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { MSG, fillMsg } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let appId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13800000401', 'super');
  const created = await admin.post('/api/v1/applications', { name: '导出测试门户', host: 'export.example.cn' });
  appId = created.body.applicationId;
  const n = await admin.post('/api/v1/notices', {
    applicationId: appId,
    moduleId: null,
    title: '闭馆通知',
    type: '消息公告',
    content: '<p>周一闭馆</p><script>x</script>',
    top: 0,
    active: 1,
    publishDateTime: '2026-03-01T08:00:00.000Z',
  });
  expect(n.status).toBe(201);
  const l = await admin.post('/api/v1/links', {
    applicationId: appId,
    moduleId: null,
    title: '中国知网',
    url: 'https://www.cnki.net',
    top: 0,
    topOrder: 1,
    active: 1,
  });
  expect(l.status).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

describe('application export', () => {
  it('gives a manager the application as a JSON attachment', async () => {
    const r = await admin.post('/toolsApi/applicationExport/export', { applicationId: appId });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="atrium-export\.example\.cn-\d{8}\.json"$/);
    expect(r.body.format).toBe('atrium-application-export');
    // indented for a person to read (the file is a backup)
    expect(r.text).toContain('\n  "format": "atrium-application-export"');
    expect(r.body.application.name).toBe('导出测试门户');
    expect(r.body.application.homeConfig).toBeTruthy();
    expect(r.body.notices.map((x: { title: string }) => x.title)).toEqual(['闭馆通知']);
    expect(r.body.notices[0].content).not.toContain('<script');
    expect(r.body.links.map((x: { title: string }) => x.title)).toEqual(['中国知网']);
  });

  it('refuses visitors, users and managers of other applications', async () => {
    expect((await ctx.client().post('/toolsApi/applicationExport/export', { applicationId: appId })).status).toBe(401);
    const user = await ctx.signIn('13800000402');
    const r = await user.post('/toolsApi/applicationExport/export', { applicationId: appId });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.forbidden);
  });

  it('needs the 站点设置 right: a manager holding every other right gets 403 with the right named (decision 419)', async () => {
    const makeManager = async (phone: string, rights: string[]) => {
      const c = await ctx.signIn(phone);
      const u = await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('application_managers')
        .values({ application_id: appId, user_id: u.id, rights: JSON.stringify(rights) })
        .execute();
      return c;
    };
    const without = await makeManager('13800000403', ['home', 'content', 'users']);
    const refused = await without.post('/toolsApi/applicationExport/export', { applicationId: appId });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(fillMsg(MSG.rightMissing, { right: '站点设置' }));
    expect(refused.text).not.toContain('闭馆通知');
    const holder = await makeManager('13800000404', ['settings']);
    const ok = await holder.post('/toolsApi/applicationExport/export', { applicationId: appId });
    expect(ok.status).toBe(200);
    expect(ok.body.application.name).toBe('导出测试门户');
  });

  it('answers bad input with 400 or 404 and a Chinese message', async () => {
    const bad = await admin.post('/toolsApi/applicationExport/export', { applicationId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.applicationIdRequired);
    const missing = await admin.post('/toolsApi/applicationExport/export', { applicationId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MSG.applicationNotFound);
    const unsigned = await admin.request('POST', '/toolsApi/applicationExport/export', { applicationId: appId }, { sign: false });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe('signature_missing');
  });
});
