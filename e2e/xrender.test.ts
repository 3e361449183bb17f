/**
 * Composed pages `/xrender/{pageId}` end to end in Chromium (issue 31 §4; docs/decisions.md 700-705): a
 * manager creates a page in 栏目内容 › 页面管理, adds a module in the home page's editor opened on the
 * page, and while it is a draft a visitor is sent to /unrelease as for a draft site; the manager
 * publishes it, a visitor opens /xrender/{pageId} and reads the module's panel in the server's HTML
 * (before any script runs) with the page's title in <title>, inside the site's header and footer; an
 * edit in the editor reaches the visitor at once (the visitor cache is invalidated); an unknown page is
 * 页面不存在 with status 404; the header-menu editor offers the published page as a link. The published
 * page passes axe (no serious or critical violation), with one h1 and a main landmark. Screenshots
 * (desktop and a 390 px phone) go to test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, openModuleForm, pageHydrated, signInConsole, useE2e } from './support';
import { seriousViolations } from './axe';

const ADMIN = '13800138131';
const PHONE_SIZE = { width: 390, height: 844 };
const PAGE_ID = 'about-library';

const e2e = useE2e({ admins: [ADMIN] });
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
let appId = 0;
let siteName = '';

/** In the editor on a page: sets the module form's title, saves with 添加模块, waits for 页面已保存 and the drawer to close. */
async function saveModule(drawer: Locator, title: string): Promise<void> {
  await drawer.getByLabel('模块标题').fill(title);
  await drawer.getByRole('button', { name: '添加模块' }).click();
  await drawer.page().getByText('页面已保存').last().waitFor();
  await drawer.waitFor({ state: 'hidden' });
}

/** The page's HTML as the server sends it (no script runs), with its status and redirect. */
async function rawPage(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('composed pages', () => {
  it('a manager creates a page and adds a module to it in the editor', async () => {
    const { page, server, base } = e2e;
    page.setDefaultTimeout(20_000);
    await signInConsole(page, server, ADMIN);
    const config = await apiCall<{ applicationId: number; name: string }>(page, base, 'GET', '/api/v1/applications/config?host=localhost');
    appId = config.body.applicationId;
    siteName = config.body.name;
    await page.goto(`${server.url}/console/pages?applicationId=${appId}`);
    await page.getByRole('heading', { name: '页面管理' }).waitFor();
    await pageHydrated(page);
    await page.getByRole('button', { name: '新建页面' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('页面标题').fill('关于本馆');
    await dialog.getByLabel('页面路径').fill('Bad Path');
    await clickSettled(dialog.getByRole('button', { name: '确定' }));
    await dialog.getByText('页面路径只能由小写字母、数字和连字符组成').waitFor();
    await dialog.getByLabel('页面路径').fill(PAGE_ID);
    await clickSettled(dialog.getByRole('button', { name: '确定' }));
    await page.getByText('页面已创建').waitFor();
    const row = page.locator('tr').filter({ hasText: '关于本馆' });
    await row.getByText('草稿').waitFor();
    await row.getByText(`/xrender/${PAGE_ID}`).waitFor();
    await shot(page, 'e2e-xrender-console-list.png');

    await row.getByRole('link', { name: '编辑页面' }).click();
    await page.waitForURL(new RegExp(`/console/application/${appId}/pages/${PAGE_ID}/editor`));
    await page.getByText('编辑页面 · 关于本馆').waitFor();
    const drawer = await openModuleForm(page, '通知公告');
    await saveModule(drawer, '本馆公告');
    await page.locator('[data-module-type="notice"]').filter({ hasText: '本馆公告' }).waitFor();
    await shot(page, 'e2e-xrender-editor.png');

    // the page holds the module; the home page does not
    const stored = await apiCall<{ homeConfig: Array<{ template: Array<{ id: string; alias: string }> }> }>(
      page,
      server.url,
      'GET',
      `/api/v1/applications/${appId}/pages/${PAGE_ID}`,
    );
    const mod = stored.body.homeConfig[0].template.find((m) => m.alias === '本馆公告')!;
    expect(mod).toBeTruthy();
    const home = await apiCall<{ homeConfig: unknown }>(page, base, 'GET', '/api/v1/applications/config?host=localhost');
    expect(JSON.stringify(home.body.homeConfig)).not.toContain('本馆公告');
    // a notice of that module, for the panel to show
    const notice = await apiCall(page, server.url, 'POST', '/api/v1/notices', {
      applicationId: appId,
      moduleId: mod.id,
      title: '寒假开馆时间调整',
      content: '<p>寒假期间每天 9:00-17:00 开馆。</p>',
      publishDateTime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(notice.status).toBe(201);

    // the editor's revisions hold the page's saves
    await page.getByRole('button', { name: '历史版本' }).click();
    await page.locator('.ant-drawer-open').getByText('页面已创建').waitFor();
    await page.keyboard.press('Escape');
  });

  it('a draft page answers as a draft site does', async () => {
    const { base } = e2e;
    const draft = await rawPage(`${base}/xrender/${PAGE_ID}`);
    expect([draft.status, draft.location]).toEqual([302, '/unrelease']);
    const visitor = await e2e.newPage();
    await visitor.goto(`${base}/xrender/${PAGE_ID}`);
    await visitor.waitForURL(/\/unrelease$/);
    await visitor.getByText('该站点尚未发布').waitFor();
    await visitor.close();
    // the manager sees the draft, with its banner (the console's session, on the site's host)
    const cookies = await e2e.page.context().cookies(e2e.server.url);
    const ctx = await e2e.newContext();
    await ctx.addCookies(cookies.map(({ name, value, path: p }) => ({ name, value, path: p, domain: 'localhost' })));
    const manager = await ctx.newPage();
    await manager.goto(`${base}/xrender/${PAGE_ID}`);
    await manager.getByText('本页面尚未发布').waitFor();
    await manager.getByText('本馆公告').waitFor();
    await ctx.close();
  });

  it('published, the page is server-rendered for visitors with its panel, title, header and footer', async () => {
    const { page, server, base } = e2e;
    await page.goto(`${server.url}/console/pages?applicationId=${appId}`);
    await pageHydrated(page);
    const row = page.locator('tr').filter({ hasText: '关于本馆' });
    await clickSettled(row.getByRole('button', { name: '发布' }));
    await page.getByText('页面已发布').waitFor();
    await row.getByText('已发布').waitFor();

    const first = await rawPage(`${base}/xrender/${PAGE_ID}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain(`<title>关于本馆 - ${siteName}</title>`);
    expect(first.html).toContain('本馆公告');
    expect(first.html).toContain('寒假开馆时间调整');
    expect(first.html).toContain('atr-footer');
    expect(first.html).not.toContain('本页面尚未发布');

    for (const [viewport, name] of [
      [undefined, 'e2e-xrender-desktop.png'],
      [PHONE_SIZE, 'e2e-xrender-phone.png'],
    ] as const) {
      // no script: what the server sent
      const bare = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN', viewport: viewport ?? { width: 1400, height: 1000 } });
      const plain = await bare.newPage();
      await plain.goto(`${base}/xrender/${PAGE_ID}`);
      await plain.getByRole('heading', { name: '关于本馆' }).waitFor();
      await plain.getByText('寒假开馆时间调整').waitFor();
      await bare.close();
      const visitor = await e2e.newPage(viewport);
      await visitor.goto(`${base}/xrender/${PAGE_ID}`);
      await pageHydrated(visitor);
      await visitor.getByText('寒假开馆时间调整').waitFor();
      expect(await visitor.title()).toBe(`关于本馆 - ${siteName}`);
      await shot(visitor, name);
      await visitor.close();
    }
    // accessible as the other visitor pages are (e2e/accessibility.test.ts): axe, one h1, a main landmark;
    // axe is an inline script, which the site's CSP refuses, so this context bypasses it
    const axeContext = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const checked = await axeContext.newPage();
    await checked.goto(`${base}/xrender/${PAGE_ID}`);
    await pageHydrated(checked);
    await checked.getByText('寒假开馆时间调整').waitFor();
    expect(await seriousViolations(checked)).toEqual([]);
    expect(await checked.locator('h1').count()).toBe(1);
    expect(await checked.locator('main, [role="main"]').count()).toBeGreaterThan(0);
    await axeContext.close();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('an edit in the editor reaches the visitor at once; an unknown page is 404', async () => {
    const { page, server, base } = e2e;
    await page.goto(`${server.url}/console/application/${appId}/pages/${PAGE_ID}/editor`);
    await page.getByText('编辑页面 · 关于本馆').waitFor();
    const drawer = await openModuleForm(page, '资源链接');
    await saveModule(drawer, '常用链接');
    const after = await rawPage(`${base}/xrender/${PAGE_ID}`);
    expect(after.html).toContain('常用链接');
    // undo takes it away again, for the visitor too
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByText('已撤销').waitFor();
    expect((await rawPage(`${base}/xrender/${PAGE_ID}`)).html).not.toContain('常用链接');

    const unknown = await rawPage(`${base}/xrender/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('页面不存在');
  });

  it('the header-menu editor offers the published page as a link', async () => {
    const { page, server, base } = e2e;
    await page.goto(`${server.url}/console/application/${appId}`);
    await page.getByRole('button', { name: '页头页脚与主题' }).click();
    await page.getByRole('heading', { name: '页头页脚与主题' }).waitFor();
    await page.getByRole('button', { name: '添加菜单' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('站点页面').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '关于本馆' }).click();
    expect(await dialog.getByLabel('链接地址').inputValue()).toBe(`/xrender/${PAGE_ID}`);
    expect(await dialog.getByLabel('菜单名称').inputValue()).toBe('关于本馆');
    await shot(page, 'e2e-xrender-menu-editor.png');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('页头配置保存成功').waitFor();
    const visitor = await e2e.newPage();
    await visitor.goto(base);
    const link = visitor.locator('.atr-nav__menu').getByRole('menuitem', { name: '关于本馆' });
    expect(await link.getAttribute('href')).toBe(`/xrender/${PAGE_ID}`);
    await visitor.close();
  });
});
