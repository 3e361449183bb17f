/**
 * Sign-in in Chromium (spec 1 §3 'Users', §6): by e-mail code (delivered to a real SMTP server
 * started here, read from the delivered message), as an anonymous visitor
 * (FingerprintJS after the first paint), by single sign-on through a real OpenID provider's pages (the
 * full redirect from a console route), and with an encrypted login-info link (valid and tampered).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, signInAtOidcProvider, useE2e, pageCall } from './support';
import { mailText, startOidcProvider, startSmtpServer, type TestOidc, type TestSmtp } from '../server/test/signinServers';
import { seal } from '../server/routes/signin/service';

const KEY = crypto.randomBytes(32);
const ADMIN = '13800138000';
let op: TestOidc;
let smtp: TestSmtp;

// the SMTP server first: the portal's environment names it (this file's afterAll runs after useE2e's)
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
// the demo application lives on host `localhost`: the browser uses that name (e2e.base)
const e2e = useE2e({
  env: () => ({ ATRIUM_LOGIN_INFO_KEY: KEY.toString('base64'), ATRIUM_MAIL_PROVIDER: 'smtp', ATRIUM_SMTP_URL: smtp.url }),
  admins: [ADMIN],
  page: false,
  async setup() {
    op = await startOidcProvider([`${e2e.base}/api/v1/oauth/sso/callback`], { alice: '王小明' });
  },
  async teardown() {
    await op?.close();
  },
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `signin-${name}.png`), fullPage: true });

/** The code in the last message the SMTP server received for `to`. */
const lastMail = (to: string) => {
  const raw = smtp.messages.filter((m) => m.to.includes(to)).at(-1)?.raw;
  if (!raw) throw new Error(`no mail delivered to ${to}`);
  return mailText(raw).match(/\b(\d{6})\b/)![1];
};

describe('sign-in in the browser', () => {
  it('signs in with an e-mail code delivered over SMTP', async () => {
    const { browser, base } = e2e;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/console/applications`);
    await page.waitForURL(/\/console\/login/);
    await page.getByRole('tab', { name: '短信登录' }).waitFor();
    await page.getByRole('tab', { name: '邮箱登录' }).click();
    await page.getByPlaceholder('请输入邮箱', { exact: true }).fill('wang@example.cn');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await page.getByPlaceholder('请输入邮箱验证码').fill(lastMail('wang@example.cn'));
    await shot(page, 'email-tab');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // wang manages no application: signed in, the console sends them to /console/block (spec 1 §2; decision 290)
    await page.waitForURL(/\/console\/block$/);
    await page.getByText('账号「wang」不是任何站点的管理员').waitFor();
    expect((await pageCall(page, 'GET', '/api/v1/session')).body.user.name).toBe('wang');
    // sign-out everywhere from the account page's 登录设备 (decision 293)
    await page.goto(`${base}/settings/account`);
    const sessions = page.locator('.ant-card').filter({ hasText: '登录设备' });
    await sessions.getByText('当前设备').waitFor();
    await sessions.getByRole('button', { name: '在所有设备上退出登录' }).click();
    await page.waitForTimeout(400); // the confirmation's fade-in, for the screenshot
    await shot(page, 'sign-out-everywhere');
    await page.getByRole('tooltip').getByRole('button', { name: '在所有设备上退出登录' }).click();
    // the visitor's account page sends them to the site's own sign-in page (decision 424), not the console's
    await page.waitForURL(/^https?:\/\/[^/]+\/login\?redirect=%2Fsettings%2Faccount$/);
    await page.getByText('已在所有设备上退出登录').waitFor();
    expect((await pageCall(page, 'GET', '/api/v1/session')).body.user).toBeNull();
    await page.context().close();
  });

  it('makes an anonymous visitor from the browser fingerprint at the first interaction after the first paint', async () => {
    const { browser, base } = e2e;
    const context = await browser.newContext();
    const page = await context.newPage();
    const fpRequests: number[] = [];
    let loadedAt = 0;
    page.on('request', (r) => {
      if (/\/assets\/fp[.-]/.test(r.url())) fpRequests.push(Date.now());
    });
    page.on('load', () => {
      loadedAt = Date.now();
    });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/anonymous'));
    await page.goto(`${base}/`);
    // nothing before the visitor does something (decision 253): a crawler makes no anonymous user
    await page.waitForTimeout(2500);
    expect(fpRequests.length).toBe(0);
    await page.mouse.move(200, 200);
    const res = await created;
    expect(res.status()).toBe(200);
    const user = (await res.json()).user;
    expect(user.anonymous).toBe(true);
    expect(user.name).toMatch(/^访客[A-Z0-9]{4}$/);
    expect(user.affiliation).toBe('未填写单位');
    expect(fpRequests.length).toBeGreaterThan(0);
    expect(fpRequests[0]).toBeGreaterThanOrEqual(loadedAt);
    const cookie = (await context.cookies()).find((c) => c.name === 'atrium_session')!;
    expect(Math.abs(cookie.expires * 1000 - (Date.now() + 864e5))).toBeLessThan(60_000);
    await shot(page, 'anonymous-home');
    // the same browser comes back as the same visitor; the console is not theirs
    const page2 = await context.newPage();
    await page2.goto(`${base}/`);
    await page2.mouse.move(200, 200);
    await page2.waitForTimeout(2500);
    expect((await pageCall(page2, 'GET', '/api/v1/session')).body.user.id).toBe(user.id);
    // an anonymous visitor has not signed in: 401 (docs/decisions.md 104)
    expect((await pageCall(page2, 'GET', '/api/v1/applications')).status).toBe(401);
    await page2.goto(`${base}/console/applications`);
    await page2.waitForURL(/\/console\/login/);
    await context.close();
  });

  it('sends a signed-out visitor of a console route through the OpenID provider and back, signed in', async () => {
    const { server, browser, base } = e2e;
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${base}/`);
    expect((await pageCall(admin, 'PUT', '/api/v3/oauth/digits', { mobile_number: ADMIN })).status).toBe(200);
    expect((await pageCall(admin, 'POST', '/api/v3/oauth/digits', { mobile_number: ADMIN, sms_code: server.lastCode(ADMIN) })).status).toBe(200);
    const config = await pageCall(admin, 'GET', `/api/v1/applications/config?host=localhost`);
    // the manager sets the provider on the application's settings page
    await admin.goto(`${base}/console/application/${config.body.applicationId}`);
    const card = admin.locator('form#signin-settings');
    await card.getByLabel('认证服务地址（issuer）').fill(op.issuer);
    await card.getByRole('button', { name: '保存' }).click();
    await card.getByText('启用单点登录需要同时填写认证服务地址和客户端编号').waitFor();
    await card.getByLabel('客户端编号（client_id）').fill(op.clientId);
    await card.getByLabel('客户端密钥（client_secret）').fill(op.clientSecret);
    await card.getByRole('button', { name: '保存' }).click();
    await admin.getByText('登录设置已保存').waitFor();
    await card.getByPlaceholder('已设置，留空则保持不变').waitFor();
    await card.getByText('启用单点登录需要同时填写认证服务地址和客户端编号').waitFor({ state: 'hidden', timeout: 5000 });
    await admin
      .locator('.atr-settings-card')
      .nth(1)
      .screenshot({ path: path.join(artifacts, 'signin-settings-signin-card.png') });
    const stored = await pageCall(admin, 'GET', `/api/v1/applications/${config.body.applicationId}/config`);
    expect(stored.body.oauthUri).toEqual({ issuer: op.issuer, clientId: op.clientId, scope: null, hasClientSecret: true });
    await admin.context().close();

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/console/applications`);
    await signInAtOidcProvider(page, op.issuer, 'alice', { beforeSubmit: () => shot(page, 'sso-provider-login') });
    // 王小明 manages no application: signed in, the console sends them to /console/block (decision 290)
    await page.waitForURL(`${base}/console/block`);
    await page.getByRole('heading', { name: '没有控制台权限' }).waitFor();
    expect((await pageCall(page, 'GET', '/api/v1/session')).body.user.name).toBe('王小明');
    await shot(page, 'sso-back-signed-in');

    // client login: ?oauth=xproject&client_id=… on the home page goes through the provider and back to /
    const manager = await (await browser.newContext()).newPage();
    await manager.goto(`${base}/`);
    expect((await pageCall(manager, 'PUT', '/api/v3/oauth/digits', { mobile_number: '13800138001' })).status).toBe(200);
    server.cli('admin', 'add', '--phone', '13800138001');
    expect((await pageCall(manager, 'POST', '/api/v3/oauth/digits', { mobile_number: '13800138001', sms_code: server.lastCode('13800138001') })).status).toBe(
      200,
    );
    expect(
      (
        await pageCall(manager, 'POST', `/api/v1/applications/${config.body.applicationId}/oauth/clients`, {
          clientId: 'xproject-portal',
          name: '科研项目平台',
          oauthUri: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret },
        })
      ).status,
    ).toBe(201);
    await manager.context().close();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${base}/?oauth=xproject&client_id=xproject-portal`);
    await signInAtOidcProvider(visitor, op.issuer, 'bob');
    await visitor.waitForURL(`${base}/`);
    await visitor.locator('.atr-header__user').getByText('bob').waitFor();
    await visitor.context().close();

    // the login page now offers single sign-on first
    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(`${base}/console/login?sso_error=state`);
    await fresh.getByRole('tab', { name: '单点登录', selected: true }).waitFor();
    await fresh.getByText('登录状态已失效，请重新登录').waitFor();
    await shot(fresh, 'login-sso-tab');
    await page.context().close();
    await fresh.context().close();
  });

  it('signs in with an encrypted login-info link, and explains a tampered one', async () => {
    const { browser, base } = e2e;
    const page = await (await browser.newContext()).newPage();
    const link = seal(KEY, { mobile: '13700001234', name: '陈静', institution: '中国科学院文献情报中心', exp: Math.floor(Date.now() / 1000) + 600 });
    await page.goto(`${base}/?loginInfo=${link}`);
    await page.getByText('登录成功').waitFor();
    expect(page.url()).toBe(`${base}/`);
    const me = (await pageCall(page, 'GET', '/api/v1/session')).body.user;
    expect(me.name).toBe('陈静');
    expect(me.affiliation).toBe('中国科学院文献情报中心');
    await page.locator('.atr-header__user').getByText('陈静').waitFor();
    await shot(page, 'login-info-signed-in');
    await page.context().close();

    const bad = await (await browser.newContext()).newPage();
    const tampered = link.slice(0, 20) + (link[20] === 'A' ? 'B' : 'A') + link.slice(21);
    await bad.goto(`${base}/?loginInfo=${tampered}`);
    const dialog = bad.getByRole('dialog');
    await dialog.getByText('登录链接无效或已被篡改，请重新获取登录链接').waitFor();
    expect(await dialog.count()).toBe(1);
    expect(await dialog.locator('.ant-modal-confirm-title').textContent()).toBe('登录链接无法使用');
    await bad.screenshot({ path: path.join(artifacts, 'signin-login-info-tampered.png') });
    expect((await pageCall(bad, 'GET', '/api/v1/session')).body.user?.anonymous ?? true).toBe(true);
    await bad.context().close();
  });
});
