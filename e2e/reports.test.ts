/**
 * Research reports end to end in Chromium (`/console/reports/**`, §2 the visitor pages;
 * docs/decisions.md 300-304): a manager creates a report with a PDF (the real upload call) on
 * /console/reports/new, finds it as a draft in the list and publishes it; a visitor finds it on
 * /microapp/report, filters by type, searches, opens /microapp/report/detail/{id} with its body and
 * the PDF in the page and as a download; the research-output panel's report item and its 更多 lead
 * there; a report keeping its PDF for 下载附件 shows the visitor a message and no link; after
 * withdrawal the detail page says 该报告不存在或已撤回 and the list no longer has it. The pages work
 * without JavaScript. Screenshots (desktop and a 390 px phone) go to test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { apiCall, artifacts, chooseOption, createApplication, pageHydrated, releaseAll, repoRoot, signInConsole, useE2e } from './support';
import { makePng } from '../server/test/files';

const PHONE = '13800138031';
const PHONE_SIZE = { width: 390, height: 844 };

/** A one-page PDF with a line of text (objects, cross-reference table and trailer with real offsets). */
function pdfWithText(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 28 Tf 72 760 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const e2e = useE2e({ admins: [PHONE] });
let appId: number;
let topic: number;
let reportId = 0;
let site = '';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, PHONE);
  const t = await apiCall<{ id: number }>(page, server.url, 'POST', '/api/v1/topics', { title: '人工智能研究' });
  expect(t.status).toBe(201);
  topic = t.body.id;
  // the visitor's site on this server's 127.0.0.1 address (localhost is the demo site)
  appId = await createApplication(page, server.url, { name: '报告门户', host: `127.0.0.1:${server.port}`, topicId: topic });
  site = server.url;
  await releaseAll(page, server.url);
  const hc = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/home-config`, {
    homeConfig: [
      { page: 'home', style: 'card', groups: {}, template: [{ id: 'fruit-e2e', type: 'fruit', alias: '科研成果', span: 5, dataType: ['report', 'article'] }] },
    ],
  });
  expect(hc.status).toBe(200);
});

describe('reports', () => {
  it('a manager creates a report with a PDF on /console/reports/new; it is a draft until published', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/reports?applicationId=${appId}`);
    await page.getByRole('menuitem', { name: '研究报告' }).waitFor();
    await page.getByRole('button', { name: '新建报告' }).click();
    await page.waitForURL(/\/console\/reports\/new\?applicationId=/);
    await page.getByLabel('报告名称').fill('2025 年人工智能产业发展报告');
    // a missing type is refused in Chinese before anything is sent
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: '请选择报告类型' }).waitFor();
    await chooseOption(page.locator('body'), '报告类型', '咨询报告');
    await page.getByLabel('作者').fill('张三');
    await page.keyboard.press('Enter');
    await page.getByLabel('发布机构').fill('科技情报研究所');
    await page.getByLabel('发布日期').fill('2025-06-01');
    await page.getByLabel('发布机构').click(); // leaves the picker with the typed day (Enter would submit the form)
    await page.getByLabel('摘要').fill('本报告梳理了 2025 年人工智能产业的发展态势与政策建议。');
    const body = page.locator('.atr-rte__content');
    await body.click();
    await page.keyboard.type('第一章 总论：产业规模持续扩大。');
    // a file that is not a PDF is refused by content, whatever its name
    const upload = page.locator('.ant-form-item').filter({ hasText: 'PDF 全文' }).locator('input[type=file]');
    await upload.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just words, not a pdf\n') });
    await page.getByText('PDF 全文只接受 PDF 文件，请重新上传').waitFor();
    await upload.setInputFiles({ name: 'AI-report-2025.pdf', mimeType: 'application/pdf', buffer: pdfWithText('AI Industry Report 2025') });
    await page.getByText('PDF 已上传').waitFor();
    await shot(page, 'reports-console-editor.png');
    await page.getByRole('button', { name: '保存' }).click();
    await page
      .getByText('报告已存为草稿，发布后访客可见')
      .waitFor()
      .catch(async (err: unknown) => {
        await shot(page, 'debug-save.png');
        throw err;
      });
    await page.waitForURL(/\/console\/reports\?applicationId=/);
    const row = page.locator('.ant-table-row').filter({ hasText: '2025 年人工智能产业发展报告' });
    await row.getByText('未发布').waitFor();
    await row.getByText('咨询报告').waitFor();
    // the visitor does not see a draft
    const list = await apiCall(page, server.url, 'GET', `/api/v1/reports?applicationId=${appId}`);
    expect(list.body.totalElements).toBe(0);
    // filters: by type (none of 年度报告), then back
    await chooseOption(page.locator('body'), '报告类型', '年度报告');
    await page.getByText('没有符合条件的报告').waitFor();
    expect(page.url()).toContain('reportType=');
    await chooseOption(page.locator('body'), '报告类型', '全部类型');
    await row.getByRole('button', { name: '发布' }).click();
    await page.getByText('报告已发布').waitFor();
    await row.getByText('已发布').waitFor();
    await shot(page, 'reports-console-list.png');
    const stored = await apiCall(page, server.url, 'GET', `/api/v1/topics/${topic}/resources?type=report&query=${encodeURIComponent('人工智能产业')}`);
    reportId = stored.body.content[0].id;
    expect(stored.body.content[0]).toMatchObject({ published: true, fields: { reportType: '咨询报告', author: ['张三'], institution: '科技情报研究所' } });
  });

  it('a visitor finds it on /microapp/report, filters by type, searches, and opens it with its PDF', async () => {
    const { server } = e2e;
    const page = await e2e.newPage();
    await page.goto(`${site}/microapp/report`);
    await page.getByRole('heading', { name: '研究报告', level: 1 }).waitFor();
    await page.getByRole('link', { name: '2025 年人工智能产业发展报告' }).waitFor();
    await shot(page, 'reports-list.png');
    await page.getByRole('link', { name: '研究报告', exact: true }).click();
    await page.waitForURL(/type=/);
    await page.getByText('没有符合条件的报告').waitFor();
    await page.getByRole('link', { name: '咨询报告', exact: true }).click();
    await page.getByRole('link', { name: '2025 年人工智能产业发展报告' }).waitFor();
    await page.getByRole('searchbox').fill('情报研究所');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/q=/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('咨询报告');
    await page.getByText('共 1 篇报告').waitFor();
    await page.getByRole('link', { name: '2025 年人工智能产业发展报告' }).click();
    await page.waitForURL(new RegExp(`/microapp/report/detail/${reportId}$`));
    await page.getByRole('heading', { name: '2025 年人工智能产业发展报告' }).waitFor();
    await page.getByText('科技情报研究所').waitFor();
    await page.getByText('第一章 总论：产业规模持续扩大。').waitFor();
    const frame = page.locator('iframe.atr-report__pdf');
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^\/files\/.+\.pdf\?inline=1$/);
    const shown = await page.request.get(`${site}${src}`);
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toBe('application/pdf');
    expect(shown.headers()['content-disposition']).toMatch(/^inline/);
    const download = page.getByRole('link', { name: '下载 PDF' });
    expect(await download.getAttribute('download')).toBe('AI-report-2025.pdf');
    const file = await page.request.get(`${site}${await download.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.waitForTimeout(3000); // Chromium's PDF viewer draws the page a moment after the frame loads
    await shot(page, 'report-detail.png');
    // a phone
    const phone = await e2e.newPage(PHONE_SIZE);
    await phone.goto(`${site}/microapp/report/detail/${reportId}`);
    await phone.getByRole('heading', { name: '2025 年人工智能产业发展报告' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_SIZE.width);
    await phone.waitForTimeout(3000);
    await shot(phone, 'report-detail-phone.png');
    await phone.goto(`${site}/microapp/report`);
    await phone.getByRole('link', { name: '2025 年人工智能产业发展报告' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_SIZE.width);
    await shot(phone, 'reports-list-phone.png');
    await phone.context().close();
    await page.context().close();
    expect(e2e.pageErrors).toEqual([]);
    void server;
  });

  it('the report pages load no more JavaScript than the other visitor pages (the detail page with its comments), and not the rich-text editor; home stays under 150 KB', async () => {
    /**
     * gzip bytes of the scripts a fresh visitor's page loads (the built files' .gz), checking none is the
     * editor. `chunk`: the page's lazy chunk (an antd page): it and antd's providers are awaited, then a
     * second without a new script. Network-idle alone is not enough: on a busy machine the network fell
     * idle while the entry script still ran, before it asked for the page (5 or 10 scripts counted of 42),
     * and Playwright's network-idle, once reached, does not wait again.
     */
    const load = async (url: string, chunk?: string) => {
      const page = await e2e.newPage();
      const scripts: string[] = [];
      let lastScript = Date.now();
      page.on('response', (r) => {
        // the site's own scripts (not those of Chromium's PDF viewer in the frame)
        if (r.request().resourceType() === 'script' && r.url().startsWith(`${site}/assets/`)) {
          scripts.push(new URL(r.url()).pathname);
          lastScript = Date.now();
        }
      });
      const lazy = chunk
        ? Promise.all([chunk, 'AntdProviders'].map((c) => page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/assets/${c}-`))))
        : null;
      await page.goto(url);
      await lazy;
      await pageHydrated(page);
      while (Date.now() - lastScript < 1000) await page.waitForTimeout(200);
      let gz = 0;
      for (const s of scripts) {
        const file = path.join(repoRoot, 'dist/app', s);
        gz += fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file)).length;
        expect(fs.readFileSync(file, 'utf8'), s).not.toMatch(/prosemirror|@tiptap/i);
      }
      await page.context().close();
      console.log(`${new URL(url).pathname}: ${scripts.length} scripts, ${(gz / 1024).toFixed(1)} KB gzip`);
      return gz;
    };
    expect(await load(`${site}/`)).toBeLessThan(150 * 1024);
    const bulletins = await load(`${site}/microapp/bulletin`, 'BulletinsPage');
    expect(await load(`${site}/microapp/report`, 'ReportsPage')).toBeLessThanOrEqual(bulletins);
    // a detail page also loads its comments once shown (decision 565): their chunk and antd's form parts,
    // 11 KB gzip when measured, allowed for on top of the bulletins page
    const commentsAllowance = 16 * 1024;
    expect(await load(`${site}/microapp/report/detail/${reportId}`, 'ReportPage')).toBeLessThanOrEqual(bulletins + commentsAllowance);
  });

  it('works without JavaScript: the server renders the list, the type links, the search form and the detail', async () => {
    const ctx = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(`${site}/microapp/report`);
    await page.getByRole('link', { name: '咨询报告', exact: true }).click();
    await page.waitForURL(/type=/);
    await page.getByRole('searchbox').fill('人工智能');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/q=/);
    await page.getByText('共 1 篇报告').waitFor();
    await page.getByRole('link', { name: '2025 年人工智能产业发展报告' }).click();
    await page.waitForURL(/\/microapp\/report\/detail\//);
    await page.getByText('第一章 总论：产业规模持续扩大。').waitFor();
    expect(await page.locator('iframe.atr-report__pdf').count()).toBe(1);
    await ctx.close();
  });

  it("the research-output panel's report item and its 更多 lead to the report pages", async () => {
    const page = await e2e.newPage();
    await page.goto(`${site}/`);
    const panel = page.locator('.atr-p--fruit');
    await panel.getByRole('tab', { name: '报告' }).click();
    const item = panel.getByRole('link', { name: '2025 年人工智能产业发展报告' });
    expect(await item.getAttribute('href')).toBe(`/microapp/report/detail/${reportId}`);
    expect(await panel.getByRole('link', { name: /更多/ }).getAttribute('href')).toBe('/microapp/report');
    await panel.getByRole('tab', { name: '论文' }).click();
    expect(await panel.getByRole('link', { name: /更多/ }).getAttribute('href')).toMatch(/^\/top-resources\?/);
    await page.context().close();
  });

  it('a PDF kept for 下载附件 shows the visitor a message and no link; the file answers 403', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/reports/${reportId}/edit?applicationId=${appId}`);
    await page.getByLabel('报告名称').waitFor();
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('报告已保存').waitFor();
    const visitor = await e2e.newPage();
    await visitor.goto(`${site}/microapp/report/detail/${reportId}`);
    await visitor.getByText('该报告的 PDF 全文仅限有「下载附件」权限的用户查看和下载').waitFor();
    const signIn = visitor.getByRole('link', { name: '登录后查看全文' });
    expect(await signIn.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/microapp/report/detail/${reportId}`)}`);
    expect(await visitor.locator('iframe').count()).toBe(0);
    expect(await visitor.getByRole('link', { name: '下载 PDF' }).count()).toBe(0);
    await shot(visitor, 'report-detail-locked.png');
    const stored = await apiCall(page, server.url, 'GET', `/api/v1/topics/${topic}/resources?type=report&id=${reportId}`);
    const file = await visitor.request.get(`${site}${stored.body.content[0].fields.pdf}`);
    expect(file.status()).toBe(403);
    await visitor.context().close();
  });

  it('withdrawn: the detail page says the report is gone and the list no longer has it', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/reports?applicationId=${appId}`);
    const row = page.locator('.ant-table-row').filter({ hasText: '2025 年人工智能产业发展报告' });
    await row.getByRole('button', { name: '撤回' }).click();
    await page.getByText('报告已撤回').waitFor();
    await row.getByText('未发布').waitFor();
    const visitor = await e2e.newPage();
    await visitor.goto(`${site}/microapp/report/detail/${reportId}`);
    await visitor.getByText('该报告不存在或已撤回').waitFor();
    await shot(visitor, 'report-detail-withdrawn.png');
    // the server renders the not-found page too (a visitor without JavaScript, a crawler)
    const noJs = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const plain = await noJs.newPage();
    expect((await plain.goto(`${site}/microapp/report/detail/${reportId}`))?.status()).toBe(404);
    await plain.getByText('该报告不存在或已撤回').waitFor();
    expect((await plain.goto(`${site}/microapp/report/detail/999999`))?.status()).toBe(404);
    await plain.getByText('该报告不存在或已撤回').waitFor();
    expect((await plain.goto(`${site}/microapp/report`))?.status()).toBe(200);
    await noJs.close();
    await visitor.goto(`${site}/microapp/report`);
    await visitor.getByText('暂无报告').waitFor();
    await visitor.context().close();
  });

  it('an upload that fails says so once: one toast for the cover (beside its error state) and one for the PDF (decision 427)', async () => {
    const { page, server } = e2e;
    const failing = (route: Route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'text/plain; charset=utf-8', body: 'disk full' }) : route.fallback();
    await page.goto(`${server.url}/console/reports/new?applicationId=${appId}`);
    await page.getByLabel('报告名称').waitFor();
    await page.route('**/api/v1/files', failing);
    await page.route('**/api/v2/files', failing);
    try {
      const toasts = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
      await page.locator('.atr-image-upload input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(300, 400) });
      await page.locator('.atr-image-upload__error').filter({ hasText: '图片上传失败，请稍后再试' }).waitFor();
      await toasts('图片上传失败，请稍后再试').first().waitFor();
      await page.waitForTimeout(500); // a second toast would be shown by now
      expect(await toasts('图片上传失败，请稍后再试').count()).toBe(1);
      await shot(page, 'reports-console-upload-failed.png');
      const upload = page.locator('.ant-form-item').filter({ hasText: 'PDF 全文' }).locator('input[type=file]');
      await upload.setInputFiles({ name: 'r.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Failing upload') });
      await toasts('文件上传失败，请稍后再试').first().waitFor();
      await page.waitForTimeout(500);
      expect(await toasts('文件上传失败，请稍后再试').count()).toBe(1);
      // the PDF field is ready for another try
      await expect(upload.count()).resolves.toBe(1);
    } finally {
      await page.unroute('**/api/v1/files', failing);
      await page.unroute('**/api/v2/files', failing);
    }
  });
});
