/**
 * The 客户端登录 card (at /console/ac/appclient) in Chromium (spec 1 §6 client login; spec 2 §7 'Login'; docs/decisions.md 123,
 * 200-202): a manager adds an OAuth client pointed at a real OpenID provider (oidc-provider, started
 * here), sees the refusals of the form and of the server on their fields, copies the client's sign-in
 * link; a visitor opens the link in another browser, signs in at the provider and comes back signed in;
 * the manager edits the client (the stored secret is kept) and deletes it; the link then explains, in a
 * dialog, that the client does not exist (also from a console address). A manager without the 站点设置
 * right sees both sign-in cards disabled under the warning of the missing right (decision 415). A client
 * whose provider cannot be reached sends the visitor to a sign-in page that says so (decision 423).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, signInAtOidcProvider, signInConsole, useE2e } from './support';
import { startOidcProvider, type TestOidc } from '../server/test/signinServers';

const MANAGER = '13800138300';
let op: TestOidc;
// the demo application lives on host `localhost`: the browser uses that name (e2e.base)
const e2e = useE2e({
  admins: [MANAGER],
  page: false,
  async setup() {
    op = await startOidcProvider([`${e2e.base}/api/v1/oauth/sso/callback`], { carol: '赵敏' });
  },
  async teardown() {
    await op?.close();
  },
});
let manager: Page;
let appId: number;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `oauth-clients-${name}.png`), fullPage: true });
/** A dialog is centred in the viewport: a full-page shot would put the sticky header over the page's middle. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `oauth-clients-${name}.png`) });

beforeAll(async () => {
  const { server, base } = e2e;
  const ctx = await e2e.newContext({ width: 1400, height: 900 });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  manager = await ctx.newPage();
  // the manager signs in on the console's login page with the SMS code from the outbox
  await signInConsole(manager, server, MANAGER, { url: `${base}/console/applications` });
  appId = (await apiCall(manager, base, 'GET', '/api/v1/applications/config?host=localhost')).body.applicationId;
});

/** The client's sign-in link as the card shows it (base is known only after beforeAll). */
const signinLink = () => `${e2e.base}/?oauth=xproject&client_id=xproject-portal`;

describe('客户端登录 card', () => {
  it("adds a client, showing the form's and the server's refusals on their fields", async () => {
    const { base } = e2e;
    // another application already owns the id `taken-client`
    const other = await apiCall(manager, base, 'POST', '/api/v1/applications', { name: '另一个站点', host: 'other.example.cn' });
    expect(other.status).toBe(201);
    expect(
      (
        await apiCall(manager, base, 'POST', `/api/v1/applications/${other.body.applicationId}/oauth/clients`, {
          clientId: 'taken-client',
          name: '别的客户端',
          oauthUri: { issuer: op.issuer, clientId: op.clientId },
        })
      ).status,
    ).toBe(201);

    // the settings page links to the clients' page of the console (/console/ac/appclient)
    await manager.goto(`${base}/console/application/${appId}`);
    await manager.locator('#oauth-clients').getByRole('link', { name: '管理客户端登录' }).click();
    await manager.waitForURL(`${base}/console/ac/appclient?applicationId=${appId}`);
    const card = manager.locator('#oauth-clients');
    await card.getByRole('heading', { name: '客户端登录' }).waitFor();
    await card.getByText('还没有客户端，点击“新增客户端”添加').waitFor();
    await card.getByRole('button', { name: '新增客户端' }).click();
    const dialog = manager.getByRole('dialog').filter({ hasText: '新增客户端' });
    await dialog.getByRole('button', { name: '保存' }).click();
    for (const text of ['请输入客户端 ID', '请输入客户端名称', '请输入认证服务地址', '请输入客户端编号']) await dialog.getByText(text).waitFor();
    await dialog.getByLabel('客户端 ID').fill('bad id!');
    await dialog.getByLabel('名称', { exact: true }).fill('<b>科研项目平台</b>');
    await dialog.getByLabel('认证服务地址（issuer）').fill('idp.example.cn');
    await dialog.getByLabel('客户端编号（client_id）').fill(op.clientId);
    await dialog.getByLabel('客户端密钥（client_secret）').fill(op.clientSecret);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('客户端 ID 只能包含字母、数字、下划线和短横线（1 到 64 位）').waitFor();
    await dialog.getByText('认证服务地址须为 http:// 或 https:// 开头的网址').waitFor();
    await dialog.getByText(`请在认证服务中登记回调地址：${base}/api/v1/oauth/sso/callback`).waitFor();
    await viewShot(manager, 'dialog-refusals');

    // the server refuses the name (markup) and the id of another application, on their fields
    await dialog.getByLabel('客户端 ID').fill('taken-client');
    await dialog.getByLabel('认证服务地址（issuer）').fill(op.issuer);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.locator('.ant-form-item').filter({ hasText: '名称' }).getByText('不能包含 HTML 标签').waitFor();
    await manager.locator('.ant-message').getByText('不能包含 HTML 标签').waitFor();
    await dialog.getByLabel('名称', { exact: true }).fill('科研项目平台');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.locator('.ant-form-item').filter({ hasText: '客户端 ID' }).getByText('该客户端 ID 已被其他应用使用').waitFor();
    await manager.locator('.ant-message').getByText('该客户端 ID 已被其他应用使用').waitFor();
    await viewShot(manager, 'dialog-server-refusal');

    await dialog.getByLabel('客户端 ID').fill('xproject-portal');
    await dialog.getByRole('button', { name: '保存' }).click();
    await manager.getByText('客户端已保存').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = card.locator('tr', { hasText: 'xproject-portal' });
    await row.getByText('科研项目平台').waitFor();
    await row.getByText(op.issuer, { exact: true }).waitFor();
    await row.getByText(`client_id：${op.clientId}`).waitFor();
    await row.getByText('已保存').waitFor();
    expect(await row.getByRole('link').getAttribute('href')).toBe(signinLink());
    expect(await row.getByRole('link').textContent()).toBe(signinLink());
    // a new client may not take an id of the list (it would overwrite it)
    await card.getByRole('button', { name: '新增客户端' }).click();
    const again = manager.getByRole('dialog').filter({ hasText: '新增客户端' });
    await again.getByLabel('客户端 ID').fill('xproject-portal');
    await again.getByLabel('名称', { exact: true }).click();
    await again.getByText('该客户端 ID 已存在，请在列表中编辑它').waitFor();
    await again.getByRole('button', { name: '取消' }).click();
    await again.waitFor({ state: 'hidden' });

    // the stored row: nothing of the secret reaches the browser
    const list = await apiCall(manager, base, 'GET', `/api/v1/applications/${appId}/oauth/clients`);
    expect(list.body).toEqual([
      {
        clientId: 'xproject-portal',
        name: '科研项目平台',
        applicationId: appId,
        oauthUri: { issuer: op.issuer, clientId: op.clientId, scope: null, hasClientSecret: true },
      },
    ]);
    expect(list.text).not.toContain(op.clientSecret);

    await row.getByRole('button', { name: '复制登录链接 xproject-portal' }).click();
    await manager.getByText('地址已复制').waitFor();
    expect(await manager.evaluate(() => navigator.clipboard.readText())).toBe(signinLink());
    await manager.waitForTimeout(300);
    await card.screenshot({ path: path.join(artifacts, 'oauth-clients-card.png') });
  });

  it('edits the client: the id is fixed, an empty secret keeps the stored one', async () => {
    const card = manager.locator('#oauth-clients');
    await card.getByRole('button', { name: '编辑 xproject-portal' }).click();
    const dialog = manager.getByRole('dialog').filter({ hasText: '编辑客户端 · 科研项目平台' });
    expect(await dialog.getByLabel('客户端 ID').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('客户端 ID').inputValue()).toBe('xproject-portal');
    expect(await dialog.getByLabel('认证服务地址（issuer）').inputValue()).toBe(op.issuer);
    expect(await dialog.getByLabel('客户端密钥（client_secret）').inputValue()).toBe('');
    await dialog.getByPlaceholder('已设置，留空则保持不变').waitFor();
    // another provider client would drop the secret: the dialog says so
    await dialog.getByLabel('客户端编号（client_id）').fill('another-client');
    await dialog.getByText('更换了认证服务地址或客户端编号，原密钥不会保留；如需密钥请重新填写').waitFor();
    await viewShot(manager, 'dialog-edit');
    await dialog.getByLabel('客户端编号（client_id）').fill(op.clientId);
    await dialog.getByText('更换了认证服务地址或客户端编号，原密钥不会保留；如需密钥请重新填写').waitFor({ state: 'hidden' });
    await dialog.getByLabel('名称', { exact: true }).fill('科研项目管理平台');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = card.locator('tr', { hasText: 'xproject-portal' });
    await row.getByText('科研项目管理平台').waitFor();
    await row.getByText('已保存').waitFor();
  });

  it('signs a visitor in through the copied link and the provider', async () => {
    const { base } = e2e;
    const visitor = await (await e2e.newContext({ width: 1280, height: 800 })).newPage();
    await visitor.goto(signinLink());
    await signInAtOidcProvider(visitor, op.issuer, 'carol', { beforeSubmit: () => shot(visitor, 'provider-login') });
    await visitor.waitForURL(`${base}/`);
    await visitor.locator('.atr-header__user').getByText('赵敏').waitFor();
    expect((await apiCall(visitor, base, 'GET', '/api/v1/session')).body.user.name).toBe('赵敏');
    await shot(visitor, 'visitor-signed-in');
    await visitor.context().close();
  });

  it('deletes the client after a confirmation; its link then says the client does not exist', async () => {
    const { base } = e2e;
    const card = manager.locator('#oauth-clients');
    await card.getByRole('button', { name: '删除 xproject-portal' }).click();
    const confirm = manager.getByRole('dialog').filter({ hasText: '删除客户端' });
    await confirm.getByText('你确认要删除这个客户端吗？').waitFor();
    await manager.waitForTimeout(300); // the dialog's zoom-in, for the screenshot
    await viewShot(manager, 'delete-confirm');
    await confirm.getByRole('button', { name: '确定' }).click();
    await manager.getByText('客户端已删除').waitFor();
    await card.getByText('还没有客户端，点击“新增客户端”添加').waitFor();
    expect((await apiCall(manager, base, 'GET', `/api/v1/applications/${appId}/oauth/clients`)).body).toEqual([]);

    const visitor = await (await e2e.newContext({ width: 1280, height: 800 })).newPage();
    await visitor.goto(signinLink());
    const dialog = visitor.getByRole('dialog');
    await dialog.getByText('客户端不存在').waitFor();
    expect(await dialog.locator('.ant-modal-confirm-title').textContent()).toBe('无法通过客户端登录');
    expect(new URL(visitor.url()).origin).toBe(base);
    await visitor.waitForTimeout(300);
    await viewShot(visitor, 'unknown-client');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visitor.waitForURL(`${base}/`); // the two parameters leave the address once the dialog has closed
    expect((await apiCall(visitor, base, 'GET', '/api/v1/session')).body.user?.anonymous ?? true).toBe(true);

    // from a console address: the guard waits, the dialog explains, then the console asks to sign in
    await visitor.goto(`${base}/console/applications?oauth=xproject&client_id=xproject-portal`);
    await visitor.getByRole('dialog').getByText('客户端不存在').waitFor();
    await visitor.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await visitor.waitForURL(/\/console\/login\?redirect=%2Fconsole%2Fapplications$/);
    await visitor.getByRole('tab', { name: '短信登录' }).waitFor();
    await visitor.context().close();
  });
});

describe('without the 站点设置 right (decision 415)', () => {
  it('a manager sees the 登录设置 form and the 客户端登录 card disabled, with the warning', async () => {
    const { base, server } = e2e;
    const phone = '13800138301';
    const made = await apiCall(manager, base, 'POST', '/api/v1/applications/managers', { applicationId: appId, phone, rights: ['home', 'content', 'users'] });
    expect(made.status).toBe(201);
    const page = await (await e2e.newContext({ width: 1400, height: 900 })).newPage();
    await signInConsole(page, server, phone, { url: `${base}/console/applications` });

    await page.goto(`${base}/console/application/${appId}`);
    await page.getByText('没有「站点设置」权限，请联系超级管理员').first().waitFor();
    const form = page.locator('#signin-settings');
    await form.waitFor();
    expect(await form.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    expect(await form.getByLabel('认证服务地址（issuer）').isDisabled()).toBe(true);
    await shot(page, 'settings-without-right');

    await page.goto(`${base}/console/ac/appclient?applicationId=${appId}`);
    await page.getByText('没有「站点设置」权限，请联系超级管理员').waitFor();
    const add = page.locator('#oauth-clients').getByRole('button', { name: '新增客户端' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    await shot(page, 'appclient-without-right');
    await page.context().close();
  });
});

describe('a client whose provider cannot be reached (decision 423)', () => {
  it("lands on the site's sign-in page with the Chinese message and a way back, from the site and from the console", async () => {
    const { base } = e2e;
    const added = await apiCall(manager, base, 'POST', `/api/v1/applications/${appId}/oauth/clients`, {
      clientId: 'down-portal',
      name: '停机的平台',
      oauthUri: { issuer: 'http://127.0.0.1:9', clientId: 'atrium' },
    });
    expect(added.status).toBe(201);
    const message = '暂时无法连接统一身份认证服务，单点登录未能开始，请稍后重试或改用其他方式登录';

    // a visitor on a phone follows the client's sign-in link
    const visitor = await (await e2e.newContext({ width: 390, height: 844 })).newPage();
    await visitor.goto(`${base}/?oauth=xproject&client_id=down-portal`);
    await visitor.waitForURL(`${base}/login?sso_error=unavailable&redirect=%2F`);
    await visitor.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await visitor.locator('body').textContent()).not.toContain('sso_failed');
    await visitor.getByRole('tab', { name: '短信登录' }).waitFor();
    await shot(visitor, 'sso-unavailable-site');
    await visitor.getByRole('link', { name: '返回原页面' }).click();
    await visitor.waitForURL(`${base}/`);

    // the same link on a console address: the console's sign-in page, with the way back to the site
    await visitor.goto(`${base}/console?oauth=xproject&client_id=down-portal`);
    await visitor.waitForURL(`${base}/console/login?sso_error=unavailable&redirect=%2Fconsole`);
    await visitor.getByRole('alert').filter({ hasText: message }).waitFor();
    await visitor.getByRole('heading', { name: '登录控制台' }).waitFor();
    await shot(visitor, 'sso-unavailable-console');
    await visitor.getByRole('link', { name: '返回网站' }).click();
    await visitor.waitForURL(`${base}/`);
    await visitor.context().close();
    expect((await apiCall(manager, base, 'DELETE', `/api/v1/applications/${appId}/oauth/clients/down-portal`)).status).toBe(200);
  });
});
