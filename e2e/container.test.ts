/**
 * 微应用 in the site frame end to end in Chromium (spec 1 §2 /container/**; docs/decisions.md 644-646):
 * a tiny page is served from a second local port; a manager adds a header-menu entry of kind 微应用 in
 * the header-menu editor (an address outside the allowed origin is refused in the dialog), saves it;
 * a signed-out visitor following it goes to sign in; a signed-in reader sees the micro-app in a
 * sandboxed iframe (no allow-top-navigation; its attempt to navigate the top page fails) inside the
 * site's header and footer, the page's CSP frame-src listing only the allowed origin, and a link to
 * open it in its own window; an entry stored with an address of another origin is refused on the page
 * with a message and nothing framed. Screenshots (desktop and a 390 px phone) go to test-artifacts/.
 */
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, freePort, pageHydrated, signInByApi, signInConsole, useE2e } from './support';
import { seriousViolations } from './axe';

const ADMIN = '13800138091';
const READER = '13800138092';
const PHONE_SIZE = { width: 390, height: 844 };
let microServer: http.Server | undefined;
let microPort = 0;
let otherPort = 0;

/** The micro-app: a page that says it loaded and then tries to navigate the top page away. */
const MICRO_PAGE = (port: number) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>问卷</title></head>
<body><h1>微应用已加载</h1><p id="out"></p><script>
setTimeout(function () {
  var out = document.getElementById('out');
  try { window.top.location.href = 'http://127.0.0.1:${port}/escaped.html'; out.textContent = '已尝试跳转'; }
  catch (e) { out.textContent = '顶层跳转被阻止'; }
}, 300);
</script></body></html>`;

const e2e = useE2e({
  admins: [ADMIN],
  setup: async () => {
    microPort = await freePort();
    otherPort = await freePort();
    microServer = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.url?.startsWith('/escaped') ? '<h1>跳出去了</h1>' : MICRO_PAGE(microPort));
    });
    await new Promise<void>((resolve) => microServer!.listen(microPort, '127.0.0.1', resolve));
  },
  teardown: () => new Promise<void>((resolve) => (microServer ? microServer.close(() => resolve()) : resolve())),
});

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
const microOrigin = () => `http://127.0.0.1:${microPort}`;
let appId = 0;
let entryHref = '';
/** the reader's signed-in browser state (one SMS sign-in: codes are rate-limited per phone) */
let readerState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined;
async function readerContext(opts: { viewport?: { width: number; height: number }; bypassCSP?: boolean } = {}) {
  if (!readerState) {
    const first = await e2e.newContext();
    await signInByApi(first, e2e.server, READER, e2e.base);
    readerState = await first.storageState();
    await first.close();
  }
  return e2e.browser.newContext({
    storageState: readerState,
    locale: 'zh-CN',
    viewport: opts.viewport ?? { width: 1400, height: 1000 },
    bypassCSP: opts.bypassCSP,
  });
}

describe('micro-app containers', () => {
  it('a manager adds a 微应用 entry; an address outside its allowed origin is refused in the dialog', async () => {
    const { page, server, base } = e2e;
    page.setDefaultTimeout(15_000);
    await signInConsole(page, server, ADMIN);
    appId = (await apiCall<{ applicationId: number }>(page, base, 'GET', '/api/v1/applications/config?host=localhost')).body.applicationId;
    await page.goto(`${server.url}/console/application/${appId}`);
    await page.getByRole('button', { name: '页头页脚与主题' }).click();
    await page.getByRole('heading', { name: '页头页脚与主题' }).waitFor();
    await page.getByRole('button', { name: '添加菜单' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('菜单名称').fill('问卷');
    await clickSettled(dialog.getByText('微应用', { exact: true }));
    await dialog.getByLabel('微应用地址').fill(`${microOrigin()}/app.html`);
    await dialog.getByLabel('允许的来源').fill(`http://127.0.0.1:${otherPort}`);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('微应用地址不属于允许的来源，已拒绝').waitFor();
    await shot(page, 'e2e-container-editor-refused.png');
    await dialog.getByLabel('允许的来源').fill(microOrigin());
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('menu-row').filter({ hasText: '问卷' }).getByText('微应用').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('页头配置保存成功').waitFor();
    const config = await apiCall<{ headerConfig: { menu: Array<{ id: string; title: string; kind?: string; origin?: string; url: string }> } }>(
      page,
      base,
      'GET',
      '/api/v1/applications/config?host=localhost',
    );
    const entry = config.body.headerConfig.menu.find((m) => m.title === '问卷')!;
    expect(entry).toMatchObject({ kind: 'microapp', origin: microOrigin(), url: `${microOrigin()}/app.html` });
    entryHref = `/container/${entry.id}`;
  });

  it('a signed-out visitor following the menu entry is sent to sign in', async () => {
    const { base } = e2e;
    const page = await e2e.newPage();
    await page.goto(base);
    const link = page.locator('.atr-nav__menu').getByRole('menuitem', { name: '问卷' });
    expect(await link.getAttribute('href')).toBe(entryHref);
    const res = await page.request.get(`${base}${entryHref}`, { maxRedirects: 0 });
    expect([res.status(), res.headers().location]).toEqual([302, `/login?redirect=${encodeURIComponent(entryHref)}`]);
    await pageHydrated(page);
    await clickSettled(link);
    await page.waitForURL(/\/login\?redirect=/);
    await page.close();
  });

  it('a signed-in reader sees the micro-app framed in the site, sandboxed, the CSP listing only its origin', async () => {
    const { base } = e2e;
    for (const [viewport, name] of [
      [undefined, 'e2e-container-desktop.png'],
      [PHONE_SIZE, 'e2e-container-phone.png'],
    ] as const) {
      const ctx = await readerContext({ viewport });
      const page = await ctx.newPage();
      const res = await page.goto(`${base}${entryHref}`);
      expect(res?.status()).toBe(200);
      const csp = res!.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(new RegExp(`frame-src ${microOrigin().replace(/\./g, '\\.')}(;|$)`));
      const frame = page.locator('iframe.atr-microapp__frame');
      expect(await frame.getAttribute('src')).toBe(`${microOrigin()}/app.html`);
      const sandbox = (await frame.getAttribute('sandbox')) ?? '';
      expect(sandbox.split(' ')).toContain('allow-scripts');
      expect(sandbox).not.toContain('allow-top-navigation');
      await page.frameLocator('iframe.atr-microapp__frame').getByRole('heading', { name: '微应用已加载' }).waitFor();
      // the micro-app's try to navigate the top page does not leave the site
      await page
        .frameLocator('iframe.atr-microapp__frame')
        .locator('#out')
        .filter({ hasText: /已尝试跳转|顶层跳转被阻止/ })
        .waitFor();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(entryHref);
      // in the site frame, with the link to its own window, and sized to the viewport
      await page.locator('.atr-footer').waitFor();
      const open = page.getByRole('link', { name: '在新窗口打开' });
      expect([await open.getAttribute('href'), await open.getAttribute('target')]).toEqual([`${microOrigin()}/app.html`, '_blank']);
      const box = await frame.boundingBox();
      const vp = viewport ?? { width: 1400, height: 1000 };
      expect(box!.height).toBeGreaterThan(Math.min(360, vp.height * 0.5) - 1);
      expect(box!.width).toBeLessThanOrEqual(vp.width);
      await shot(page, name);
      await ctx.close();
    }
    // axe, with the CSP bypassed to add it
    const ctx = await readerContext({ bypassCSP: true });
    const page = await ctx.newPage();
    await page.goto(`${base}${entryHref}`);
    await page.frameLocator('iframe.atr-microapp__frame').getByRole('heading', { name: '微应用已加载' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });

  it('an entry stored with an address of another origin is refused on the page, nothing framed', async () => {
    const { base, server } = e2e;
    const db = new Database(path.join(server.dataDir, 'atrium.db'));
    const row = db.prepare('select header_config from applications where id = ?').get(appId) as { header_config: string };
    const cfg = JSON.parse(row.header_config) as { menu: unknown[] };
    cfg.menu.push({ id: 'badapp', title: '坏应用', url: `http://127.0.0.1:${otherPort}/app.html`, kind: 'microapp', origin: microOrigin() });
    db.prepare('update applications set header_config = ? where id = ?').run(JSON.stringify(cfg), appId);
    db.close();
    const ctx = await readerContext({ viewport: PHONE_SIZE });
    const page = await ctx.newPage();
    const res = await page.goto(`${base}/container/badapp`);
    expect(res?.status()).toBe(200);
    await page.getByRole('alert').getByText('这个微应用的地址不属于站点允许的来源，已拒绝打开').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    // the refused origin is not in the CSP either
    expect(res!.headers()['content-security-policy']).not.toContain(String(otherPort));
    await shot(page, 'e2e-container-refused-phone.png');
    // an unknown entry
    await page.goto(`${base}/container/nothing-here`);
    await page.getByText('没有找到这个微应用').waitFor();
    await ctx.close();
  });
});
