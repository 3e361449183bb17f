/**
 * The visitor site's sign-in entry and user menu in Chromium (decision 231): a signed-out visitor finds
 * 登录 in the header, signs in by SMS and comes back to the page signed in (the header names them); the
 * name opens 账号设置, 为您推荐, 我订阅的期刊 and 退出登录, which signs out and shows 登录 again.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiCall, artifacts, signInConsole, useE2e } from './support';

const PHONE = '13900139555';
const e2e = useE2e({ page: { width: 1300, height: 900 } });

describe('the site header: 登录 and the user menu', () => {
  it('a visitor signs in from the header and comes back to the home page signed in', async () => {
    const { page, server, base } = e2e;
    await page.goto(`${base}/`);
    const signIn = page.locator('.atr-header').getByRole('link', { name: '登录' });
    await signIn.waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-site-header-signed-out.png') });
    await signIn.click();
    await page.waitForURL(/\/console\/login\?redirect=%2F$/);
    await signInConsole(page, server, PHONE, { url: page.url(), then: new RegExp(`^${base}/$`) });
    const me = page.locator('.atr-header').getByRole('button', { name: /用户9555/ });
    await me.waitFor();
    expect(await page.locator('.atr-header').getByRole('link', { name: '登录' }).count()).toBe(0);
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
    await page.waitForURL(/\/console\/login\?redirect=%2F$/);
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
