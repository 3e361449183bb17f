/**
 * Server-rendered visitor pages in Chromium:
 * - with JavaScript off, the demo home page shows its panels' items; a notice's detail link and a
 *   panel's 更多 link open pages with their content; the page has a title and a description;
 * - with JavaScript on, every visitor route the home page links to (and the status pages) hydrates
 *   without a hydration error or a page error;
 * - a lazy page's chunks are announced with modulepreload links in its HTML, the home page's are not;
 * - two server processes on one PostgreSQL database: a notice published through one shows at once on
 *   the other's cached home page (skipped without TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ConsoleMessage, Page } from 'playwright-core';
import { apiCall, launchChromium, signInByApi, startServer, useE2e, type RunningServer } from './support';

const PHONE = '13800138061';
const e2e = useE2e({ admins: [PHONE], page: false });

/** Console errors that mean the server's markup and the browser's first render differ. */
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

/** Opens `url` with JavaScript on and returns the hydration errors and page errors it logged. */
async function hydrationProblems(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (['error', 'warning'].includes(m.type()) && HYDRATION.test(m.text())) problems.push(`${url}: ${m.text().slice(0, 300)}`);
  };
  const onError = (e: Error) => problems.push(`${url}: ${e.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return problems;
}

describe('visitor pages without JavaScript', () => {
  it("shows the demo home page's panels and follows a detail link and a more link", async () => {
    const ctx = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const res = await page.goto(`${e2e.base}/`);
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Atrium 科技信息门户');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Atrium 科技信息门户');
    for (const text of ['通知公告', '关于本站演示数据的说明', '学者风采', '林知远', '最新论文']) {
      await expect(page.getByText(text, { exact: false }).first().isVisible(), text).resolves.toBe(true);
    }
    await page.screenshot({ path: 'test-artifacts/ssr-home-nojs.png', fullPage: true });
    // a notice's detail link opens the notice with its content
    await page
      .getByRole('link', { name: /关于本站演示数据的说明/ })
      .first()
      .click();
    await page.waitForURL(/\/resources\/notices\/\d+/);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('关于本站演示数据的说明');
    await expect(page.getByText('均为 Atrium 自带的', { exact: false }).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: 'test-artifacts/ssr-notice-nojs.png', fullPage: true });
    // a panel's more link (it opens in a new tab) leads to a page listing the panel's items
    await page.goto(`${e2e.base}/`);
    const panel = page.locator('[data-module-type="news"]').first();
    const href = await panel.locator('a.atr-p-more').getAttribute('href');
    expect(href).toMatch(/^\//);
    const firstItem = (await panel.locator('a[href*="/microapp/explore/resources/"]').first().innerText()).replace(/…$/, '').trim().slice(0, 8);
    const more = await page.goto(new URL(href!, e2e.base).toString());
    expect(more?.status()).toBe(200);
    await expect(page.getByText(firstItem, { exact: false }).first().isVisible(), firstItem).resolves.toBe(true);
    await page.screenshot({ path: 'test-artifacts/ssr-more-nojs.png', fullPage: true });
    await ctx.close();
  });
});

describe('hydration', () => {
  it('hydrates every visitor page the home page links to without a hydration or page error', async () => {
    const page = await e2e.newPage();
    const problems = await hydrationProblems(page, `${e2e.base}/`);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    // one page per route shape (ids and queries aside), and the status pages
    const byShape = new Map<string, string>();
    for (const h of hrefs) {
      const shape = new URL(h, 'http://x').pathname.replace(/\d+/g, ':id');
      if (!h.startsWith('/console') && !byShape.has(shape)) byShape.set(shape, h);
    }
    for (const extra of [
      '/microapp/explore',
      '/microapp/navigator',
      '/microapp/widget/tools',
      '/microapp/jobs',
      '/microapp/wechat',
      '/microapp/bulletin',
      '/block/404',
      '/unrelease',
    ]) {
      if (!byShape.has(extra)) byShape.set(extra, extra);
    }
    expect(byShape.size).toBeGreaterThan(8);
    for (const href of byShape.values()) problems.push(...(await hydrationProblems(page, `${e2e.base}${href}`)));
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the rendered page announces its code', () => {
  it('preloads the chunks of a lazy page in the HTML, and none on the home page', async () => {
    const raw = async (path: string) => await (await fetch(`${e2e.base}${path}`)).text();
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const home = preloads(await raw('/'));
    const reports = preloads(await raw('/microapp/report'));
    // the page's chunk and antd's providers come with the entry (decision 724); the home page keeps index.html's
    expect(reports.some((h) => h.startsWith('/assets/ReportsPage-'))).toBe(true);
    expect(reports.some((h) => h.startsWith('/assets/AntdProviders-'))).toBe(true);
    expect(home.some((h) => /\/assets\/(ReportsPage|AntdProviders)-/.test(h))).toBe(false);
    expect(new Set(reports).size).toBe(reports.length);
    // every preloaded file exists and is the JavaScript the browser then runs
    for (const h of reports) {
      const res = await fetch(`${e2e.base}${h}`);
      expect([h, res.status, res.headers.get('content-type')]).toEqual([h, 200, expect.stringContaining('javascript')]);
    }
    const page = await e2e.newPage();
    expect(await hydrationProblems(page, `${e2e.base}/microapp/report`)).toEqual([]);
    await page.close();
  });
});

describe('two server processes on one PostgreSQL database', () => {
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)("shows a notice published through one process at once on the other's cached home page", async () => {
    const name = `atrium_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = url!.replace(/\/[^/]*$/, `/${name}`);
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    const browser = await launchChromium();
    try {
      a = await startServer({ DATABASE_URL: dbUrl }); // seeds the demo
      b = await startServer({ DATABASE_URL: dbUrl });
      a.cli('admin', 'add', '--phone', PHONE);
      const ctx = await browser.newContext({ locale: 'zh-CN' });
      const homeOfB = async () => await (await ctx.request.get(`http://localhost:${b!.port}/`)).text();
      expect(await homeOfB()).not.toContain('刚刚发布的闭馆通知');
      expect(await homeOfB()).not.toContain('刚刚发布的闭馆通知'); // now from B's cache
      const manager = await browser.newContext({ locale: 'zh-CN' });
      await signInByApi(manager, a, PHONE, `http://localhost:${a.port}`);
      const created = await apiCall(manager, `http://localhost:${a.port}`, 'POST', '/api/v1/notices', {
        applicationId: 1,
        moduleId: 'demo-notice',
        title: '刚刚发布的闭馆通知',
        type: '消息公告',
        content: '<p>周一闭馆</p>',
        top: 1,
        active: 1,
        publishDateTime: new Date().toISOString(),
      });
      expect(created.status).toBe(201);
      const deadline = Date.now() + 1000;
      let html = '';
      while (Date.now() < deadline && !html.includes('刚刚发布的闭馆通知')) html = await homeOfB();
      expect(html).toContain('刚刚发布的闭馆通知');
    } finally {
      await browser.close();
      await b?.stop();
      await a?.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
