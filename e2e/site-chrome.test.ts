/**
 * End to end in Debian's Chromium: an application manager configures the site's header (a menu entry
 * with a sub menu, reordered with the keyboard), footer (copyright, ICP number, a friend link), theme
 * colour and logo in the console (/console/application/{id}/site), and the visitor page shows them: the
 * sub menu opens on hover and from the keyboard, the menu bar is in the primary colour, the ICP number
 * links to beian.miit.gov.cn. Screenshots are kept under test-artifacts/.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { artifacts, releaseAll, apiCall, createApplication, signInByApi, useE2e } from './support';

const ADMIN = '13800138001';
const MANAGER = '13800138002';
// the manager's page is opened in a context of their own below
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [ADMIN], page: false });
let managerContext: BrowserContext;
let page: Page;
let appId: number;

/** A real PNG (w x h) drawn by `pixel(x, y)`, built by hand: signature, IHDR, IDAT, IEND. */
function png(w: number, h: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(pixel(x, y), y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A made-up logo: a red square with a white bar, and two grey 'text' lines, on white. */
function logoPixel(x: number, y: number): [number, number, number] {
  if (x >= 4 && x < 44 && y >= 4 && y < 44) return y >= 20 && y < 28 && x >= 12 && x < 36 ? [255, 255, 255] : [192, 57, 43];
  if (x >= 54 && x < 154 && ((y >= 12 && y < 20) || (y >= 28 && y < 34 && x < 120))) return [90, 98, 112];
  return [255, 255, 255];
}

/** Signs a browser context in by the SMS code calls (the console's login form is covered by portal.test.ts). */
async function signIn(context: BrowserContext, phone: string) {
  await signInByApi(context, e2e.server, phone);
}

beforeAll(async () => {
  const { server, browser } = e2e;
  // the super manager creates the application on this server's host
  const adminContext = await browser.newContext();
  await signIn(adminContext, ADMIN);
  appId = await createApplication(adminContext, server.url, { name: '材料科学信息门户', host: `127.0.0.1:${server.port}` });
  await releaseAll(await adminContext.newPage(), server.url); // visitors see released sites only (decision #138)
  await adminContext.close();

  // an ordinary user becomes the manager of that application
  managerContext = await e2e.newContext();
  await signIn(managerContext, MANAGER);
  const db = new Database(path.join(server.dataDir, 'atrium.db'));
  const user = db.prepare('select id from users where phone = ?').get(MANAGER) as { id: number };
  db.prepare('insert into application_managers (application_id, user_id) values (?, ?)').run(appId, user.id);
  db.close();
  page = await managerContext.newPage();
});

/** Adds a menu entry (or, with `parent`, a sub menu entry) through the dialog. */
async function addEntry(title: string, url: string, parent?: string) {
  if (parent) await page.getByRole('button', { name: `添加子菜单 ${parent}` }).click();
  else await page.getByRole('button', { name: '添加菜单' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('菜单名称').fill(title);
  await dialog.getByLabel('链接地址').fill(url);
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a manager sets header, footer, theme and logo; the visitor sees them', () => {
  it('edits the header menu with a sub menu and saves it', async () => {
    const { server } = e2e;
    await page.goto(`${server.url}/console/application/${appId}`);
    await page.getByRole('button', { name: '页头页脚与主题' }).click();
    await page.waitForURL(/\/site/);
    await page.getByRole('heading', { name: '页头页脚与主题' }).waitFor();

    // an unsafe address is refused in the dialog with the server's rule and message
    await page.getByRole('button', { name: '添加菜单' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('菜单名称').fill('坏链接');
    await dialog.getByLabel('链接地址').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('地址须以 http:// 或 https:// 开头，或为以 / 开头的站内路径').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addEntry('资源发现', '/console/explore?scope=1');
    await addEntry('关于我们', '/about');
    await addEntry('机构简介', '/about/intro', '关于我们');
    await addEntry('联系我们', 'https://example.cn/contact', '关于我们');
    const rows = page.getByTestId('menu-row');
    await expect(rows.count()).resolves.toBe(2);

    // keyboard drag: 关于我们 moves above 资源发现
    const handle = rows.nth(1).locator('.atr-menu-row__handle').first();
    await handle.focus();
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250); // dnd-kit measures the rows between steps
    }
    await expect
      .poll(async () => (await rows.locator('.atr-menu-row__title').allTextContents()).filter((t) => t === '关于我们' || t === '资源发现'))
      .toEqual(['关于我们', '资源发现']);

    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('页头配置保存成功').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'site-chrome-header.png'), fullPage: true });
  });

  it('edits the footer: copyright, ICP number and a friend link', async () => {
    await page.getByRole('tab', { name: '页脚' }).click();
    const form = page.getByRole('form', { name: '页脚' });
    await form.getByLabel('版权信息').fill('<b>粗体</b>');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('不能包含 HTML 标签').waitFor();
    await form.getByLabel('版权信息').fill('© 2026 材料科学研究所 版权所有');
    await form.getByLabel('ICP 备案号').fill('京ICP备20260001号-1');
    await form.getByRole('button', { name: '添加友情链接' }).click();
    await form.getByLabel('友情链接 1 名称').fill('国家科技图书文献中心');
    await form.getByLabel('友情链接 1 链接地址').fill('https://www.nstl.gov.cn/');
    await form.getByLabel('微信服务号 二维码图片地址').fill('javascript:alert(1)');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('地址须以 http:// 或 https:// 开头，或为以 / 开头的站内路径').waitFor();
    await form.getByLabel('微信服务号 二维码图片地址').fill('');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByText('页脚配置保存成功').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'site-chrome-footer.png'), fullPage: true });
  });

  it('picks the theme colour with a live preview and saves it', async () => {
    await page.getByRole('tab', { name: '主题' }).click();
    const form = page.getByRole('form', { name: '主题' });
    await form.locator('.ant-color-picker-trigger').click();
    const hex = page.locator('.ant-color-picker-hex-input input').first();
    await hex.fill('c0392b');
    await hex.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('theme-preview-nav').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(192, 57, 43)');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByText('主题配置保存成功').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'site-chrome-theme.png'), fullPage: true });
  });

  it("uploads a logo; a text file named .png is refused with the server's message", async () => {
    await page.getByRole('tab', { name: 'Logo' }).click();
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('这不是图片') });
    await page.getByText('Logo 只能是 PNG 或 JPG 图片').waitFor();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(160, 48, logoPixel) });
    await page.getByText('Logo 上传成功').waitFor();
    await page.getByTestId('logo-preview').waitFor();
    expect(await page.getByTestId('logo-preview').getAttribute('src')).toMatch(/^\/files\/logos\/[0-9a-f]{32}\.png$/);
    await page.screenshot({ path: path.join(artifacts, 'site-chrome-logo.png'), fullPage: true });
  });

  it('the visitor page shows the header, sub menu, footer, theme colour and logo', async () => {
    const { server } = e2e;
    const visitor = await e2e.newPage({ width: 1400, height: 900 });
    await visitor.goto(`${server.url}/`);
    const nav = visitor.getByRole('navigation', { name: '站点导航' });
    await nav.getByText('资源发现').waitFor();
    expect(await visitor.locator('.atr-brand__logo').getAttribute('src')).toMatch(/^\/files\/logos\/.+\.png$/);
    expect(await visitor.locator('.atr-brand__logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    const menuTexts = (await nav.getByRole('menubar').locator(':scope > li > [role="menuitem"]').allTextContents()).map((t) => t.trim());
    expect(menuTexts.slice(0, 3)).toEqual(['首页', '关于我们', '资源发现']);
    expect(await visitor.locator('.atr-nav').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(192, 57, 43)');

    // the sub menu opens on hover
    await nav.getByText('关于我们').hover();
    const sub = visitor.locator('.atr-nav__popup').getByRole('menuitem', { name: '机构简介' });
    await sub.waitFor();
    await visitor.locator('.atr-nav__popup').getByRole('menuitem', { name: '联系我们' }).waitFor();
    await visitor.screenshot({ path: path.join(artifacts, 'site-chrome-visitor-submenu.png') });
    await visitor.mouse.move(700, 600);
    await sub.waitFor({ state: 'hidden' });
    await visitor.screenshot({ path: path.join(artifacts, 'site-chrome-visitor.png'), fullPage: true });

    // and from the keyboard: Tab past 登录 into the menu, arrows to 关于我们, ArrowDown opens its sub menu
    await visitor.locator('.atr-brand').focus();
    const focused = () => visitor.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await visitor.keyboard.press('Tab');
    expect(await focused()).toBe('登录');
    await visitor.keyboard.press('Tab');
    for (let i = 0; i < 4 && (await focused()) !== '关于我们'; i++) {
      await visitor.keyboard.press('ArrowRight');
      await visitor.waitForTimeout(100);
    }
    expect(await focused()).toBe('关于我们');
    await visitor.keyboard.press('ArrowDown');
    await sub.waitFor();
    await expect.poll(focused).toBe('机构简介');

    const footer = visitor.locator('footer');
    await footer.getByText('© 2026 材料科学研究所 版权所有').waitFor();
    expect(await footer.getByRole('link', { name: '京ICP备20260001号-1' }).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(await footer.getByRole('link', { name: '国家科技图书文献中心' }).getAttribute('href')).toBe('https://www.nstl.gov.cn/');
    await visitor.close();
  });

  it('a transparent menu lies over the page top in its font colour; the footer shows QR codes and the record link', async () => {
    const { server } = e2e;
    const current = await (await page.request.get(`${server.url}/api/v1/applications/${appId}/config`)).json();
    const h = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/header-config`, {
      headerConfig: { ...current.headerConfig, theme: 'dark', style: { transparentMenu: true, transparentMenuFontColor: '#ffe58f' } },
    });
    expect(h.status).toBe(200);
    const f = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/footer-config`, {
      footerConfig: {
        ...current.footerConfig,
        recordNumber: '京公网安备 11010802000001号',
        serviceAccount: { image: current.logo },
        androidApp: { image: current.logo, url: 'https://example.cn/app.apk' },
      },
    });
    expect(f.status).toBe(200);
    // a banner at the top of the home page, under the transparent header
    const home = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/home-config`, {
      homeConfig: [
        {
          page: 'home',
          style: 'card',
          groups: {},
          template: [
            {
              id: 'top-banner',
              type: 'carousel',
              alias: '首页轮播',
              span: 5,
              mode: 'default',
              column: 1,
              height: 420,
              items: [{ id: 1, dataType: 'picture', url: '/demo/banner-1.svg', title: '材料基因组计划' }],
            },
          ],
        },
      ],
    });
    expect(home.status).toBe(200);

    const visitor = await e2e.newPage({ width: 1400, height: 900 });
    await visitor.goto(`${server.url}/`);
    const header = visitor.locator('header.atr-header');
    await header.waitFor();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(
      await visitor
        .getByRole('navigation', { name: '站点导航' })
        .getByText('资源发现')
        .evaluate((el) => getComputedStyle(el.closest('li')!).color),
    ).toBe('rgb(255, 229, 143)');
    await visitor.locator('[data-module-type="carousel"]').getByText('材料基因组计划').first().waitFor();
    await visitor.waitForFunction(() => [...document.images].every((i) => i.complete));
    const footer = visitor.locator('footer');
    await footer.getByText('微信服务号').waitFor();
    expect(await footer.getByRole('img', { name: 'Android 客户端' }).getAttribute('src')).toBe(current.logo);
    expect(await footer.getByRole('link', { name: /Android 客户端/ }).getAttribute('href')).toBe('https://example.cn/app.apk');
    expect(await footer.getByRole('link', { name: '京公网安备 11010802000001号' }).getAttribute('href')).toContain('11010802000001');
    await visitor.screenshot({ path: path.join(artifacts, 'site-chrome-visitor-transparent.png'), fullPage: true });

    // the dark header theme without the transparent menu: the top bar takes the primary colour
    const dark = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/header-config`, {
      headerConfig: { ...current.headerConfig, theme: 'dark', style: { transparentMenu: false, transparentMenuFontColor: '' } },
    });
    expect(dark.status).toBe(200);
    await visitor.reload();
    await visitor.locator('[data-module-type="carousel"]').getByText('材料基因组计划').first().waitFor();
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(192, 57, 43)');
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await visitor.screenshot({ path: path.join(artifacts, 'site-chrome-visitor-dark.png') });
    await visitor.close();
  });
});
