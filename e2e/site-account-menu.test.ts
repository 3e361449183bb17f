/**
 * The visitor site's sign-in entry and user menu in Chromium (decision 231): a signed-out
 * visitor finds 登录 in the header, signs in at the site's own sign-in page (/login: titled with the
 * site's name in the site's frame, not 登录控制台, which the console's /console/login keeps) and comes
 * back to the page they were reading, signed in (the header names them); the way back never leaves the
 * site. The name opens 账号设置, 为您推荐, 我订阅的期刊 and 退出登录, which signs out and shows 登录 again.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_APPLICATION } from '../server/seed/demo';
import { apiCall, artifacts, signInConsole, useE2e } from './support';

const PHONE = '13900139555';
const SITE = DEMO_APPLICATION.name;
const e2e = useE2e({ page: { width: 1300, height: 900 } });

describe('the site header: 登录 and the user menu', () => {
  it("a visitor signs in at the site's sign-in page, not the console's, and comes back to the page signed in", async () => {
    const { page, server, base } = e2e;
    const from = '/microapp/explore?type=journal';
    await page.goto(`${base}${from}`);
    const signIn = page.locator('.atr-header').getByRole('link', { name: '登录' });
    await signIn.waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-site-header-signed-out.png') });
    await signIn.click();
    await page.waitForURL(`${base}/login?redirect=${encodeURIComponent(from)}`);
    // the site's page: its name as the heading and in the tab's title, inside the site's header
    await page.getByRole('heading', { name: `登录「${SITE}」` }).waitFor();
    await expect.poll(() => page.title()).toBe(`登录 - ${SITE}`); // set once the page has rendered in the browser
    await page.locator('.atr-header .atr-brand', { hasText: SITE }).waitFor();
    expect(await page.getByText('登录控制台').count()).toBe(0);
    await page.getByRole('tab', { name: '短信登录' }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-site-login-desktop.png'), fullPage: true });
    // rendered on the server like the other visitor pages
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain(`登录「${SITE}」`);
    expect(html).not.toContain('登录控制台');

    // on a phone, and the console's own sign-in page still says 登录控制台
    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.goto(page.url());
    await phone.getByRole('heading', { name: `登录「${SITE}」` }).waitFor();
    await phone.getByRole('button', { name: '获取验证码' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(artifacts, 'e2e-site-login-phone.png'), fullPage: true });
    await phone.goto(`${base}/console/login`);
    await phone.getByRole('heading', { name: '登录控制台' }).waitFor();
    await phone.close();

    await signInConsole(page, server, PHONE, { url: page.url(), login: /\/login\?redirect=/, then: new RegExp(`^${base}/microapp/explore\\?type=journal$`) });
    const me = page.locator('.atr-header').getByRole('button', { name: /用户9555/ });
    await me.waitFor();
    expect(await page.locator('.atr-header').getByRole('link', { name: '登录' }).count()).toBe(0);

    // the way back stays on the site: another origin, or the sign-in page itself, leads home
    for (const away of ['https://evil.example/', '//evil.example/x', '/login?redirect=%2F']) {
      await page.goto(`${base}/login?redirect=${encodeURIComponent(away)}`, { waitUntil: 'commit' });
      await page.waitForURL(`${base}/`);
    }
    await me.waitFor();
  });

  it("the name opens the user's pages; 退出登录 signs out and shows 登录 again", async () => {
    const { page, base } = e2e;
    const me = page.locator('.atr-header').getByRole('button', { name: /用户9555/ });
    await me.click();
    const menu = page.locator('.atr-header').getByRole('menu', { name: '账号设置' });
    for (const item of ['账号设置', '为您推荐', '我订阅的期刊', '退出登录']) await menu.getByText(item, { exact: true }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-site-header-menu.png') });
    await menu.getByRole('menuitem', { name: '账号设置' }).click();
    await page.waitForURL(`${base}/settings/account`);
    await page.getByRole('heading', { name: '账号设置' }).waitFor();

    await page.goto(`${base}/`);
    await me.click();
    await page.locator('.atr-header').getByRole('menu', { name: '账号设置' }).getByRole('menuitem', { name: '退出登录' }).click();
    await page.locator('.atr-header').getByRole('link', { name: '登录' }).waitFor();
    expect((await apiCall(page, base, 'GET', '/api/v1/session')).body.user?.anonymous ?? true).toBe(true);
  });

  it('a sign-in waits for the anonymous sign-in in flight, so its late cookie cannot sign the visitor out again', async () => {
    const { base, server } = e2e;
    const page = await e2e.newPage({ width: 1300, height: 900 });
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let requested!: () => void;
    const anonymousAsked = new Promise<void>((r) => (requested = r));
    // the anonymous sign-in's answer is held back while the visitor signs in
    await page.route('**/api/v1/users/anonymous', async (route) => {
      requested();
      const answer = await route.fetch();
      await released;
      events.push('anonymous answered');
      await route.fulfill({ response: answer });
    });
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v3/oauth/digits')) events.push('sign-in asked');
    });
    await page.goto(`${base}/`);
    // the page listens for a first interaction once hydrated: move until the anonymous sign-in is asked
    let asked = false;
    void anonymousAsked.then(() => (asked = true));
    for (let i = 0; i < 30 && !asked; i++) {
      await page.mouse.move(200 + i, 200 + i);
      await Promise.race([anonymousAsked, page.waitForTimeout(1000)]);
    }
    expect(asked).toBe(true);
    await page.locator('.atr-header').getByRole('link', { name: '登录' }).click();
    await page.waitForURL(`${base}/login?redirect=%2F`);
    await page.getByPlaceholder('手机号').fill('13900139556');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await page.getByPlaceholder('6 位短信验证码').fill(server.lastCode('13900139556'));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    setTimeout(release, 1500);
    await page.waitForURL(`${base}/`);
    await page
      .locator('.atr-header')
      .getByRole('button', { name: /用户9556/ })
      .waitFor();
    expect(events).toEqual(['anonymous answered', 'sign-in asked']);
    await page.reload();
    await page
      .locator('.atr-header')
      .getByRole('button', { name: /用户9556/ })
      .waitFor();
    await page.close();
  });
});
