/**
 * Research reports: a manager creates (a draft), edits, publishes, withdraws and
 * deletes reports through the topic data calls; the fields' refusals (Chinese, naming the field), the
 * PDF checked by content, the body sanitised; access refusals; the visitor's list (published only, type
 * filter, search, paging) and detail (404 for unknown and withdrawn), and the PDF kept for 下载附件.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic } from '../../resources/store.js';
import { createStorage } from '../../files/storage.js';
import { checkUpload } from '../../files/check.js';
import { makePng } from '../../test/files.js';
import { storeUpload } from '../files/service.js';
import { MSG } from '../../../common/messages.js';
import type { ReportDetail, ReportListItem } from '../../../common/contracts/reports.js';
import type { Page } from '../../../common/page.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let ctx: TestContext;
let admin: Client;
let manager: Client;
let stranger: Client;
let loader: Client;
let plain: Client;
let visitor: Client;
let appId: number;
let topicId: number;
let pdfPath: string;
let pngPath: string;

const base = () => `/api/v1/topics/${topicId}/resources`;
const list = async (query = '') => (await visitor.get(`/api/v1/reports?applicationId=${appId}${query}`)).body as Page<ReportListItem>;
const report = (over: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) => ({
  type: 'report',
  published: false,
  title: '2025 年人工智能产业发展报告',
  date: '2025-06-01',
  fields: {
    reportType: '研究报告',
    author: ['张三', '李四'],
    institution: '科技情报研究所',
    summary: '本报告梳理了人工智能产业的发展。',
    body: '<p>第一章 <strong>总论</strong></p><script>alert(1)</script><p onclick="x()">第二章</p>',
    pdf: pdfPath,
    ...fields,
  },
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '人工智能');
  admin = await ctx.signIn('13500000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '报告站点', host: 'reports.example.cn', topicId })).body.applicationId;
  await releaseApplication(admin, appId);
  expect(
    (
      await admin.post(`/api/v1/applications/${appId}/role-config`, {
        roleConfig: [
          { id: 'user', name: '普通用户', rights: [] },
          { id: 'loader', name: '下载用户', rights: ['download'] },
        ],
        defaultUserRole: 'user',
      })
    ).status,
  ).toBe(200);
  expect((await admin.post('/api/v1/applications/users', { action: 'add', applicationId: appId, phone: '13500000004', roleId: 'loader' })).status).toBe(201);
  manager = await ctx.signIn('13500000002');
  stranger = await ctx.signIn('13500000003');
  loader = await ctx.signIn('13500000004');
  plain = await ctx.signIn('13500000005');
  visitor = ctx.client();
  const mgr = await ctx.db.selectFrom('users').select('id').where('phone', 'like', '%13500000002').executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('application_managers')
    .values({ application_id: appId, user_id: mgr.id, rights: JSON.stringify(['content']) })
    .execute();
  const storage = createStorage(ctx.config);
  const adminUser = await ctx.db.selectFrom('users').selectAll().where('phone', 'like', '%13500000001').executeTakeFirstOrThrow();
  const put = async (data: Buffer, name: string, kind: 'file' | 'image') => {
    const checked = await checkUpload(data, kind === 'file' ? { kind, maxMB: 20 } : { kind, maxKB: 2048 }, name);
    return `/files/${(await storeUpload(ctx.db, storage, data, checked, name, adminUser)).key}`;
  };
  pdfPath = await put(PDF, '人工智能报告.pdf', 'file');
  pngPath = await put(makePng(8, 8), '图.png', 'file');
});
afterAll(async () => {
  await ctx.close();
});

describe('the console: create, edit, publish, withdraw, delete', () => {
  let id: number;

  it('a manager creates a draft: stored with its fields, the body sanitised, invisible to visitors', async () => {
    const r = await manager.post(base(), report());
    expect(r.status).toBe(201);
    id = r.body.id;
    const row = await ctx.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'report', title: '2025 年人工智能产业发展报告', date: '2025-06-01' });
    const fields = JSON.parse(row.fields);
    expect(fields).toMatchObject({ reportType: '研究报告', author: ['张三', '李四'], institution: '科技情报研究所', pdf: pdfPath });
    expect(fields.body).toBe('<p>第一章 <strong>总论</strong></p><p>第二章</p>');
    const link = await ctx.db.selectFrom('resource_topics').select('published').where('resource_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(link.published)).toBe(0);
    expect((await list()).totalElements).toBe(0);
    const detail = await visitor.get(`/api/v1/reports/${id}?applicationId=${appId}`);
    expect([detail.status, detail.body.error.message]).toEqual([404, MSG.reportNotFound]);
  });

  it('the console list filters by report type, year and published state', async () => {
    const other = await manager.post(base(), report({ title: '行业白皮书', date: '2024-03-01' }, { reportType: '行业报告', pdf: '' }));
    expect(other.status).toBe(201);
    const q = async (s: string) => ((await manager.get(`${base()}?type=report${s}`)).body as Page<{ title: string }>).content.map((x) => x.title);
    expect(await q('')).toEqual(['2025 年人工智能产业发展报告', '行业白皮书']);
    expect(await q(`&reportType=${encodeURIComponent('行业报告')}`)).toEqual(['行业白皮书']);
    expect(await q('&year=2025')).toEqual(['2025 年人工智能产业发展报告']);
    expect(await q('&published=yes')).toEqual([]);
    const bad = await manager.get(`${base()}?type=report&reportType=${encodeURIComponent('小说')}`);
    expect([bad.status, bad.body.error.message]).toEqual([400, MSG.reportTypeInvalid]);
    expect((await manager.del(`${base()}/${other.body.id}`)).status).toBe(200);
  });

  it('publishing shows it to visitors: list, type filter, search, detail with its PDF', async () => {
    const p = await manager.post(`${base()}/bulk`, { action: 'publish', ids: [id] });
    expect(p.status).toBe(200);
    const all = await list();
    expect(all.totalElements).toBe(1);
    expect(all.content[0]).toMatchObject({ id, title: '2025 年人工智能产业发展报告', reportType: '研究报告', authors: ['张三', '李四'], hasPdf: true });
    expect((await list(`&type=${encodeURIComponent('研究报告')}`)).totalElements).toBe(1);
    expect((await list(`&type=${encodeURIComponent('咨询报告')}`)).totalElements).toBe(0);
    expect((await list(`&q=${encodeURIComponent('情报研究')}`)).totalElements).toBe(1);
    expect((await list(`&q=${encodeURIComponent('量子')}`)).totalElements).toBe(0);
    const bad = await visitor.get(`/api/v1/reports?applicationId=${appId}&type=${encodeURIComponent('小说')}`);
    expect([bad.status, bad.body.error.message]).toEqual([400, MSG.reportTypeInvalid]);
    const d = await visitor.get(`/api/v1/reports/${id}?applicationId=${appId}`);
    expect(d.status).toBe(200);
    const detail = d.body as ReportDetail;
    expect(detail).toMatchObject({
      institution: '科技情报研究所',
      body: '<p>第一章 <strong>总论</strong></p><p>第二章</p>',
      canDownload: true,
      downloadBlocked: null,
    });
    expect(detail.pdf).toMatchObject({ url: pdfPath, name: '人工智能报告.pdf' });
    const file = await visitor.get(pdfPath);
    expect(file.status).toBe(200);
  });

  it('an edit changes the stored fields; a blank optional field is removed', async () => {
    const r = await manager.put(`${base()}/${id}`, {
      title: '2025 年人工智能产业发展报告（修订版）',
      date: '2025-06-02',
      fields: { ...report().fields, institution: '' },
    });
    expect(r.status).toBe(200);
    const fields = JSON.parse((await ctx.db.selectFrom('resources').select('fields').where('id', '=', id).executeTakeFirstOrThrow()).fields);
    expect(fields.institution).toBeUndefined();
    expect((await list()).content[0].title).toBe('2025 年人工智能产业发展报告（修订版）');
  });

  it('a PDF kept for 下载附件: visitors and users without the right get no PDF and a 403 on the file; holders get both', async () => {
    const r = await manager.put(`${base()}/${id}`, { title: '受限报告', date: '2025-06-02', fields: { ...report().fields, restrictDownload: true } });
    expect(r.status).toBe(200);
    const as = async (c: Client) => (await c.get(`/api/v1/reports/${id}?applicationId=${appId}`)).body as ReportDetail;
    expect(await as(visitor)).toMatchObject({ restrictDownload: true, canDownload: false, downloadBlocked: 'signIn', pdf: null, hasPdf: true });
    expect(await as(plain)).toMatchObject({ canDownload: false, downloadBlocked: 'right', pdf: null });
    expect(await as(loader)).toMatchObject({ canDownload: true, downloadBlocked: null });
    expect((await as(loader)).pdf?.url).toBe(pdfPath);
    const v = await visitor.get(pdfPath);
    expect([v.status, v.body.error.message]).toEqual([403, MSG.downloadLoginRequired]);
    const p = await plain.get(pdfPath);
    expect([p.status, p.body.error.message]).toEqual([403, MSG.downloadRightMissing]);
    expect((await loader.get(pdfPath)).status).toBe(200);
    // the mark off: public again
    expect((await manager.put(`${base()}/${id}`, { title: '受限报告', date: '2025-06-02', fields: report().fields })).status).toBe(200);
    expect((await visitor.get(pdfPath)).status).toBe(200);
  });

  it('withdrawing hides it (404 for the detail), publishing shows it again', async () => {
    expect((await manager.post(`${base()}/bulk`, { action: 'withdraw', ids: [id] })).status).toBe(200);
    expect((await list()).totalElements).toBe(0);
    const d = await visitor.get(`/api/v1/reports/${id}?applicationId=${appId}`);
    expect([d.status, d.body.error.message]).toEqual([404, MSG.reportNotFound]);
  });

  it('deleting removes the row and its restriction', async () => {
    expect((await manager.put(`${base()}/${id}`, { title: '受限报告', fields: { ...report().fields, restrictDownload: true } })).status).toBe(200);
    expect(await ctx.db.selectFrom('restricted_resource_files').selectAll().where('resource_id', '=', id).execute()).toHaveLength(1);
    const r = await manager.del(`${base()}/${id}`);
    expect([r.status, r.body.message]).toEqual([200, MSG.resourceDeleted]);
    expect(await ctx.db.selectFrom('resources').selectAll().where('id', '=', id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('restricted_resource_files').selectAll().where('resource_id', '=', id).execute()).toEqual([]);
    expect((await visitor.get(pdfPath)).status).toBe(200);
  });
});

describe('refusals', () => {
  const before = async () =>
    (
      await ctx.db
        .selectFrom('resources')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('bad fields answer 400 with the Chinese message of the field, and nothing is written', async () => {
    const n = await before();
    const cases: Array<[Record<string, unknown>, Record<string, unknown>, string, string]> = [
      [{ title: '' }, {}, 'body.title', '请输入报告名称'],
      [{}, { reportType: '' }, 'body.fields.reportType', '请选择报告类型'],
      [{}, { reportType: '小说' }, 'body.fields.reportType', '请选择报告类型'],
      [{ date: '2025-02-30' }, {}, 'body.date', '日期格式应为 yyyy-MM-dd'],
      [{}, { pdf: 'https://evil.example.com/a.pdf' }, 'body.fields.pdf', MSG.reportPdfInvalid],
      [{}, { pdf: '/files/not-uploaded-0000000.pdf' }, 'body.fields.pdf', MSG.reportPdfInvalid],
      [{}, { pdf: pngPath }, 'body.fields.pdf', MSG.reportPdfNotPdf],
      [{}, { restrictDownload: 'yes' }, 'body.fields.restrictDownload', '附件仅限有下载权限的用户下载应为是或否'],
      [{}, { cover: 'javascript:alert(1)' }, 'body.fields.cover', ''],
      [{}, { secret: 1 }, 'body.fields', '包含不认识的字段：secret'],
    ];
    for (const [over, fields, key, message] of cases) {
      const r = await manager.post(base(), report(over, fields));
      expect(r.status, key).toBe(400);
      const got = r.body.error.fields?.[key] as string | undefined;
      expect(got, `${key}: ${JSON.stringify(r.body)}`).toBeTruthy();
      if (message) expect(got).toBe(message);
      expect(/[\u4e00-\u9fa5]/.test(r.body.error.message)).toBe(true);
    }
    expect(await before()).toBe(n);
  });

  it('refuses visitors (401), users who manage nothing here (403); a bad page or id answers 400/404', async () => {
    const n = await before();
    const a = await visitor.post(base(), report());
    expect([a.status, a.body.error.message]).toEqual([401, MSG.notSignedIn]);
    const s = await stranger.post(base(), report());
    expect(s.status).toBe(403);
    expect((await stranger.get(`${base()}?type=report`)).status).toBe(403);
    expect((await stranger.post(`${base()}/bulk`, { action: 'publish', ids: [1] })).status).toBe(403);
    expect(await before()).toBe(n);
    expect((await visitor.get(`/api/v1/reports?applicationId=${appId}&page=0`)).status).toBe(400);
    expect((await visitor.get('/api/v1/reports?applicationId=99999')).status).toBe(404);
    expect((await visitor.get(`/api/v1/reports/abc?applicationId=${appId}`)).status).toBe(404);
    expect((await visitor.get(`/api/v1/reports/1`)).status).toBe(400);
  });

  it('a report of another topic is not found through this site', async () => {
    const other = await ensureTopic(ctx.db, '别的专题');
    const r = await admin.post(`/api/v1/topics/${other}/resources`, report({ published: true }));
    expect(r.status).toBe(201);
    const d = await visitor.get(`/api/v1/reports/${r.body.id}?applicationId=${appId}`);
    expect(d.status).toBe(404);
  });
});
