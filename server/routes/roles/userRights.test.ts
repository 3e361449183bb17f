/**
 * The user rights taking effect (docs/decisions.md 136, 210-219), through the HTTP API on SQLite and
 * PostgreSQL: 仅登录可见 modules (`panels`) left out of the served configuration and boot data and refused
 * on their reads with Chinese messages; notice attachments kept for the right `download` (403 on
 * /files/{key}), images and unmarked notices staying public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { definitionOf } from '../../../modules/registry.js';
import { homeBoot } from '../../web/index.js';
import { createStorage } from '../../files/storage.js';
import { checkUpload } from '../../files/check.js';
import { makeDocx, makePng } from '../../test/files.js';
import { storeUpload } from '../files/service.js';
import { SESSION_COOKIE, sha256 } from '../../http/session.js';

const HOST = 'rights.example.cn';
const MSG_PANEL_LOGIN = '该栏目仅登录用户可见，请先登录';
const MSG_PANEL_RIGHT = '您的角色没有「查看仅登录可见的栏目」权限，请联系站点管理员';
const MSG_DL_LOGIN = '该附件仅限有下载权限的用户下载，请先登录';
const MSG_DL_RIGHT = '您的角色没有「下载附件」权限，请联系站点管理员';

let ctx: TestContext;
let admin: Client;
let visitor: Client;
/** a user of the default role (no rights) */
let plain: Client;
/** role 'member': panels */
let member: Client;
/** role 'loader': download */
let loader: Client;
let appId: number;
const notices = {} as Record<'open' | 'secret' | 'nested', number>;
let secretLinkId: number;

const userOf = (phone: string) => ctx.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
const defaults = (type: string) => definitionOf(type)!.defaults({ groupTemplate: false });
const ids = (cfg: { homeConfig: Array<{ template: Array<{ id: string }> }> }) => cfg.homeConfig[0].template.map((m) => m.id);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700000001', 'super');
  visitor = ctx.client();
  appId = (await admin.post('/api/v1/applications', { name: '权限站点', host: HOST })).body.applicationId;
  const flex = {
    ...defaults('flex'),
    id: 'box',
    alias: '会员专区',
    loginOnly: true,
    componentNumber: 1,
    components: [{ id: 's1', type: 'div', modules: [{ ...defaults('notice'), id: 'nested', alias: '专区通知' }] }],
  };
  const saved = await admin.post(`/api/v1/applications/${appId}/home-config`, {
    homeConfig: [
      {
        page: 'home',
        style: 'card',
        groups: {},
        template: [
          { ...defaults('notice'), id: 'open', alias: '公开通知' },
          { ...defaults('notice'), id: 'secret', alias: '内部通知', loginOnly: true },
          { ...defaults('resource'), id: 'secret-links', alias: '内部链接', loginOnly: true },
          flex,
        ],
      },
    ],
  });
  expect(saved.status).toBe(200);
  expect((await admin.put(`/api/v1/applications/${appId}/release`)).status).toBe(200);
  expect((await admin.put(`/api/v1/applications/${appId}/pass`)).status).toBe(200);
  const roles = await admin.post(`/api/v1/applications/${appId}/role-config`, {
    roleConfig: [
      { id: 'user', name: '普通用户', rights: [] },
      { id: 'member', name: '会员', rights: ['panels'] },
      { id: 'loader', name: '下载用户', rights: ['download'] },
    ],
    defaultUserRole: 'user',
  });
  expect(roles.status).toBe(200);
  expect((await admin.post('/api/v1/applications/users', { action: 'add', applicationId: appId, phone: '13700000003', roleId: 'member' })).status).toBe(201);
  expect((await admin.post('/api/v1/applications/users', { action: 'add', applicationId: appId, phone: '13700000004', roleId: 'loader' })).status).toBe(201);
  plain = await ctx.signIn('13700000002');
  member = await ctx.signIn('13700000003');
  loader = await ctx.signIn('13700000004');
  const t = new Date().toISOString();
  for (const m of ['open', 'secret', 'nested'] as const) {
    const r = await admin.post('/api/v1/notices', { applicationId: appId, moduleId: m, title: `${m} 通知`, content: `<p>${m} 的内容</p>`, publishDateTime: t });
    expect(r.status).toBe(201);
    notices[m] = r.body.noticeId;
  }
  const link = await admin.post('/api/v1/links', { applicationId: appId, moduleId: 'secret-links', title: '内部系统', url: 'https://intra.example.cn/' });
  expect(link.status).toBe(201);
  secretLinkId = link.body.linkId;
});
afterAll(async () => {
  await ctx.close();
});

describe('仅登录可见 modules (right panels)', () => {
  it('the configuration by host leaves them out for a visitor and a user without panels, keeps them for a member and managers', async () => {
    for (const c of [visitor, plain, loader]) {
      const cfg = await c.get(`/api/v1/applications/config?host=${HOST}`);
      expect(cfg.status).toBe(200);
      expect(ids(cfg.body)).toEqual(['open']);
      expect(JSON.stringify(cfg.body)).not.toContain('内部通知');
      expect(JSON.stringify(cfg.body)).not.toContain('专区通知');
    }
    for (const c of [member, admin]) {
      const cfg = await c.get(`/api/v1/applications/config?host=${HOST}`);
      expect(ids(cfg.body)).toEqual(['open', 'secret', 'secret-links', 'box']);
      expect(cfg.body.homeConfig[0].template[1]).toMatchObject({ alias: '内部通知', loginOnly: true });
    }
  });

  it('the editor reads every module with its mark (GET /applications/{id}/config, managers)', async () => {
    const cfg = await admin.get(`/api/v1/applications/${appId}/config`);
    expect(cfg.status).toBe(200);
    expect(ids(cfg.body)).toEqual(['open', 'secret', 'secret-links', 'box']);
    expect(cfg.body.homeConfig[0].template.filter((m: { loginOnly?: boolean }) => m.loginOnly).map((m: { id: string }) => m.id)).toEqual([
      'secret',
      'secret-links',
      'box',
    ]);
  });

  it('the boot data of the home page carries neither their configuration nor their first pages', async () => {
    const asVisitor = await homeBoot(ctx.db, HOST, null, null);
    expect(ids(asVisitor.config!)).toEqual(['open']);
    expect(Object.keys(asVisitor.data).sort()).toEqual(['open']);
    expect(JSON.stringify(asVisitor)).not.toContain('secret 通知');
    const plainUser = await userOf('13700000002');
    expect(Object.keys((await homeBoot(ctx.db, HOST, null, plainUser)).data)).toEqual(['open']);
    const memberUser = await userOf('13700000003');
    const asMember = await homeBoot(ctx.db, HOST, null, memberUser);
    expect(ids(asMember.config!)).toEqual(['open', 'secret', 'secret-links', 'box']);
    expect(Object.keys(asMember.data).sort()).toEqual(['nested', 'open', 'secret', 'secret-links']);
    expect(JSON.stringify(asMember.data.secret)).toContain('secret 通知');
  });

  it('the reads of a marked module answer 403 with a Chinese message: sign in, or the role lacks the right', async () => {
    const reads = [
      `/api/v1/modules/top-notice?applicationId=${appId}&moduleId=secret`,
      `/api/v1/modules/top-notice?applicationId=${appId}&moduleId=nested`,
      `/api/v1/modules/top-link?applicationId=${appId}&moduleId=secret-links`,
      `/api/v1/notices?applicationId=${appId}&moduleId=secret`,
      `/api/v1/links?applicationId=${appId}&moduleId=secret-links`,
      `/api/v1/notices/${notices.secret}`,
      `/api/v1/notices/${notices.nested}`,
      `/api/v1/links/${secretLinkId}`,
    ];
    for (const url of reads) {
      const v = await visitor.get(url);
      expect([url, v.status, v.body.error?.message]).toEqual([url, 403, MSG_PANEL_LOGIN]);
      const p = await plain.get(url);
      expect([url, p.status, p.body.error?.message]).toEqual([url, 403, MSG_PANEL_RIGHT]);
      expect([url, (await member.get(url)).status]).toEqual([url, 200]);
      expect([url, (await admin.get(url)).status]).toEqual([url, 200]);
    }
    const page = await member.get(`/api/v1/modules/top-notice?applicationId=${appId}&moduleId=secret`);
    expect(page.body.content.map((n: { title: string }) => n.title)).toEqual(['secret 通知']);
  });

  it("reads without a module leave the marked modules' items out for viewers without the right", async () => {
    const titles = async (c: Client, url: string) => (await c.get(url)).body.content.map((n: { title: string }) => n.title).sort();
    const all = `/api/v1/modules/top-notice?applicationId=${appId}`;
    expect(await titles(visitor, all)).toEqual(['open 通知']);
    expect(await titles(plain, `/api/v1/notices?applicationId=${appId}`)).toEqual(['open 通知']);
    expect(await titles(visitor, `/api/v1/modules/top-link?applicationId=${appId}`)).toEqual([]);
    expect(await titles(member, all)).toEqual(['nested 通知', 'open 通知', 'secret 通知']);
    expect(await titles(admin, `/api/v1/notices?applicationId=${appId}`)).toEqual(['nested 通知', 'open 通知', 'secret 通知']);
    // the public module's own reads stay open to everybody
    expect((await visitor.get(`/api/v1/modules/top-notice?applicationId=${appId}&moduleId=open`)).status).toBe(200);
    expect((await visitor.get(`/api/v1/notices/${notices.open}`)).status).toBe(200);
  });

  it('an unmarked module is public again; a site without marks is served as before', async () => {
    const cfg = (await admin.get(`/api/v1/applications/${appId}/config`)).body;
    const template = cfg.homeConfig[0].template.map((m: { id: string }) => (m.id === 'secret' ? { ...m, loginOnly: false } : m));
    expect((await admin.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: [{ ...cfg.homeConfig[0], template }] })).status).toBe(200);
    expect(ids((await visitor.get(`/api/v1/applications/config?host=${HOST}`)).body)).toEqual(['open', 'secret']);
    expect((await visitor.get(`/api/v1/notices/${notices.secret}`)).status).toBe(200);
    const back = template.map((m: { id: string }) => (m.id === 'secret' ? { ...m, loginOnly: true } : m));
    expect((await admin.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: [{ ...cfg.homeConfig[0], template: back }] })).status).toBe(200);
    expect((await visitor.get(`/api/v1/notices/${notices.secret}`)).status).toBe(403);
  });

  it('an anonymous (fingerprint) visitor counts as signed out', async () => {
    const t = new Date();
    const uid = (
      await ctx.db
        .insertInto('users')
        .values({ phone: null, email: null, name: '访客ABCD', affiliation: '', role: 'user', anonymous: 1, created_at: t.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const token = 'fingerprint-session-token';
    await ctx.db
      .insertInto('sessions')
      .values({ token_hash: sha256(token), user_id: uid, created_at: t.toISOString(), expires_at: new Date(t.getTime() + 3_600_000).toISOString() })
      .execute();
    const fp = ctx.client();
    fp.cookies.set(SESSION_COOKIE, token);
    expect(ids((await fp.get(`/api/v1/applications/config?host=${HOST}`)).body)).toEqual(['open']);
    const r = await fp.get(`/api/v1/notices/${notices.secret}`);
    expect([r.status, r.body.error.message]).toEqual([403, MSG_PANEL_LOGIN]);
  });

  it('refuses a loginOnly that is not a boolean, naming the field', async () => {
    const res = await admin.post(`/api/v1/applications/${appId}/home-config`, {
      homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [{ ...defaults('notice'), id: 'x', alias: '通知', loginOnly: 'yes' }] }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain('homeConfig.0.template.0.loginOnly');
  });
});

describe('attachments for the right download', () => {
  let doc: string;
  let png: string;
  let publicDoc: string;
  const attachment = (key: string, name: string) => `<a class="atr-attachment" href="/files/${key}" download>${name}</a>`;

  beforeAll(async () => {
    const storage = createStorage(ctx.config);
    const adminUser = await userOf('13700000001');
    const put = async (data: Buffer, name: string, kind: 'file' | 'image') => {
      const checked = await checkUpload(data, kind === 'file' ? { kind, maxMB: 20 } : { kind, maxKB: 2048 }, name);
      return (await storeUpload(ctx.db, storage, data, checked, name, adminUser)).key;
    };
    doc = await put(makeDocx(), '会员手册.docx', 'file');
    png = await put(makePng(8, 8), '插图.png', 'image');
    publicDoc = await put(makeDocx(), '公开材料.docx', 'file');
  });

  it('a notice is public by default: its attachment downloads for a visitor as before', async () => {
    const r = await admin.post('/api/v1/notices', {
      applicationId: appId,
      moduleId: 'open',
      title: '公开附件',
      content: `<p>${attachment(publicDoc, '公开材料.docx')}</p>`,
      publishDateTime: new Date().toISOString(),
    });
    expect(r.status).toBe(201);
    expect(r.body.restrictDownload).toBe(0);
    const read = await visitor.get(`/api/v1/notices/${r.body.noticeId}`);
    expect(read.body).toMatchObject({ restrictDownload: 0, canDownload: true, downloadBlocked: null });
    const file = await visitor.get(`/files/${publicDoc}`);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a notice marked restrictDownload keeps its attachments for users holding download; its images stay visible', async () => {
    const r = await admin.post('/api/v1/notices', {
      applicationId: appId,
      moduleId: 'open',
      title: '会员资料',
      restrictDownload: 1,
      publishDateTime: new Date().toISOString(),
      content: `<p>说明 <img src="/files/${png}" alt="插图"> ${attachment(doc, '会员手册.docx')}</p>`,
    });
    expect(r.status).toBe(201);
    expect(r.body.restrictDownload).toBe(1);
    const rows = await ctx.db.selectFrom('restricted_files').selectAll().where('notice_id', '=', r.body.noticeId).execute();
    expect(rows).toEqual([{ file_key: doc, notice_id: r.body.noticeId, application_id: appId }]);

    const v = await visitor.get(`/files/${doc}`);
    expect([v.status, v.body.error.message, v.body.error.code]).toEqual([403, MSG_DL_LOGIN, 'download_forbidden']);
    for (const c of [plain, member]) {
      const p = await c.get(`/files/${doc}`);
      expect([p.status, p.body.error.message]).toEqual([403, MSG_DL_RIGHT]);
    }
    for (const c of [loader, admin]) {
      const ok = await c.get(`/files/${doc}`);
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(ok.headers['cache-control']).toBe('private, no-store');
    }
    const image = await visitor.get(`/files/${png}`);
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);

    // the notice tells each reader whether the page may offer the download
    expect((await visitor.get(`/api/v1/notices/${r.body.noticeId}`)).body).toMatchObject({
      restrictDownload: 1,
      canDownload: false,
      downloadBlocked: 'signIn',
    });
    expect((await plain.get(`/api/v1/notices/${r.body.noticeId}`)).body).toMatchObject({ canDownload: false, downloadBlocked: 'right' });
    expect((await loader.get(`/api/v1/notices/${r.body.noticeId}`)).body).toMatchObject({ canDownload: true, downloadBlocked: null });
    expect((await admin.get(`/api/v1/notices/${r.body.noticeId}`)).body).toMatchObject({ canDownload: true });

    // unmarking makes the attachment public again; marking again restricts it; deleting the notice frees it
    const off = await admin.put(`/api/v1/notices/${r.body.noticeId}`, { restrictDownload: 0 });
    expect([off.status, off.body.restrictDownload]).toEqual([200, 0]);
    expect((await visitor.get(`/files/${doc}`)).status).toBe(200);
    expect((await admin.put(`/api/v1/notices/${r.body.noticeId}`, { restrictDownload: 1 })).status).toBe(200);
    expect((await visitor.get(`/files/${doc}`)).status).toBe(403);
    expect((await admin.del(`/api/v1/notices/${r.body.noticeId}`)).status).toBe(200);
    expect(await ctx.db.selectFrom('restricted_files').selectAll().where('file_key', '=', doc).execute()).toEqual([]);
    expect((await visitor.get(`/files/${doc}`)).status).toBe(200);
  });

  it('a content change rewrites the restricted keys; a bad flag is refused in Chinese and nothing changes', async () => {
    const r = await admin.post('/api/v1/notices', {
      applicationId: appId,
      title: '换附件',
      restrictDownload: true,
      publishDateTime: new Date().toISOString(),
      content: `<p>${attachment(doc, 'a')}</p>`,
    });
    expect(r.status).toBe(201);
    const keys = async () =>
      (await ctx.db.selectFrom('restricted_files').select('file_key').where('notice_id', '=', r.body.noticeId).execute()).map((x) => x.file_key);
    expect(await keys()).toEqual([doc]);
    expect((await admin.put(`/api/v1/notices/${r.body.noticeId}`, { content: `<p>${attachment(publicDoc, 'b')}</p>` })).status).toBe(200);
    expect(await keys()).toEqual([publicDoc]);
    expect((await visitor.get(`/files/${doc}`)).status).toBe(200);
    expect((await visitor.get(`/files/${publicDoc}`)).status).toBe(403);
    const bad = await admin.put(`/api/v1/notices/${r.body.noticeId}`, { restrictDownload: 'x' });
    expect(bad.status).toBe(400);
    expect([bad.body.error.message, bad.body.error.fields['body.restrictDownload']]).toEqual(['取值须为 0 或 1', '取值须为 0 或 1']);
    expect(await keys()).toEqual([publicDoc]);
    expect((await admin.del(`/api/v1/notices/${r.body.noticeId}`)).status).toBe(200);
  });

  it('the site default (role config) marks new notices that do not say otherwise; an explicit 0 still wins; a bad value is refused', async () => {
    const cfg = (await admin.get(`/api/v1/applications/${appId}/config`)).body;
    expect(cfg.restrictDownloadDefault).toBe(0);
    const on = await admin.post(`/api/v1/applications/${appId}/role-config`, {
      roleConfig: cfg.roleConfig,
      defaultUserRole: cfg.defaultUserRole,
      restrictDownloadDefault: 1,
    });
    expect([on.status, on.body.restrictDownloadDefault]).toEqual([200, 1]);
    expect((await admin.get(`/api/v1/applications/${appId}/config`)).body.restrictDownloadDefault).toBe(1);
    const body = { applicationId: appId, moduleId: 'open', publishDateTime: new Date().toISOString(), content: `<p>${attachment(publicDoc, 'a')}</p>` };
    const marked = await admin.post('/api/v1/notices', { ...body, title: '默认限下载' });
    expect([marked.status, marked.body.restrictDownload]).toEqual([201, 1]);
    expect((await visitor.get(`/files/${publicDoc}`)).status).toBe(403);
    const open = await admin.post('/api/v1/notices', { ...body, title: '明确公开', restrictDownload: 0 });
    expect(open.body.restrictDownload).toBe(0);
    // saving the roles without the field leaves the default as it is
    expect(
      (await admin.post(`/api/v1/applications/${appId}/role-config`, { roleConfig: cfg.roleConfig, defaultUserRole: cfg.defaultUserRole })).body
        .restrictDownloadDefault,
    ).toBe(1);
    const bad = await admin.post(`/api/v1/applications/${appId}/role-config`, {
      roleConfig: cfg.roleConfig,
      defaultUserRole: cfg.defaultUserRole,
      restrictDownloadDefault: 'yes',
    });
    expect([bad.status, bad.body.error.fields['body.restrictDownloadDefault']]).toEqual([400, '取值须为 0 或 1']);
    expect(
      (await ctx.db.selectFrom('applications').select('restrict_download_default').where('id', '=', appId).executeTakeFirstOrThrow()).restrict_download_default,
    ).toBe(1);
    const off = await admin.post(`/api/v1/applications/${appId}/role-config`, {
      roleConfig: cfg.roleConfig,
      defaultUserRole: cfg.defaultUserRole,
      restrictDownloadDefault: 0,
    });
    expect(off.body.restrictDownloadDefault).toBe(0);
    expect((await admin.post('/api/v1/notices', { ...body, title: '默认公开' })).body.restrictDownload).toBe(0);
    for (const id of [marked.body.noticeId, open.body.noticeId]) expect((await admin.del(`/api/v1/notices/${id}`)).status).toBe(200);
    expect((await visitor.get(`/files/${publicDoc}`)).status).toBe(200);
  });

  it('only managers change the mark', async () => {
    const r = await admin.post('/api/v1/notices', {
      applicationId: appId,
      title: '仅管理员可改',
      publishDateTime: new Date().toISOString(),
      content: `<p>${attachment(doc, 'a')}</p>`,
    });
    const put = await loader.put(`/api/v1/notices/${r.body.noticeId}`, { restrictDownload: 1 });
    expect(put.status).toBe(403);
    expect((await ctx.db.selectFrom('notices').select('restrict_download').where('id', '=', r.body.noticeId).executeTakeFirstOrThrow()).restrict_download).toBe(
      0,
    );
  });
});
