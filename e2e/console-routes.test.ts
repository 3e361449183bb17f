/**
 * The console's small named routes in Chromium (spec 1 §2 'Console routes'):
 * /console/block for a signed-in user without a console right (and without sign-in), the notice on
 * /console/applications after an unknown console path, /console/modules (and /console/xmodules leading
 * there), /console/ac/appclient and /console/settings/account, each reachable from the console menu.
 * Screenshots (1300x900) go to test-artifacts/console-*.png.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, signInByApi, signInConsole, useE2e } from './support';

const SUPER = '13800138400';
const MANAGER = '13800138401';
const PLAIN = '13800138402';
const VIEW = { width: 1300, height: 900 };

const e2e = useE2e({ admins: [SUPER], page: false });
let superPage: Page;
let managerPage: Page;
let appId: number;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `console-${name}.png`) });

beforeAll(async () => {
  const { server, base } = e2e;
  superPage = await e2e.newPage(VIEW);
  await signInConsole(superPage, server, SUPER, { url: `${base}/console/applications` });
  appId = (await apiCall(superPage, base, 'GET', '/api/v1/applications/config?host=localhost')).body.applicationId;
  // the manager of the demo application: signed in once (the account exists), then named manager
  managerPage = await e2e.newPage(VIEW);
  await signInByApi(managerPage, server, MANAGER, base);
  const added = await apiCall(superPage, base, 'POST', '/api/v1/applications/managers', { applicationId: appId, phone: MANAGER, rights: ['home', 'settings'] });
  expect(added.status).toBe(201);
});

describe('/console/block', () => {
  it('is where a signed-in user without a console right lands, with the way back to the site', async () => {
    const { server, base } = e2e;
    const page = await e2e.newPage(VIEW);
    await signInConsole(page, server, PLAIN, { url: `${base}/console/applications`, then: /\/console\/block$/ });
    await page.getByRole('heading', { name: '没有控制台权限' }).waitFor();
    await page.getByText('不是任何站点的管理员，不能使用控制台').waitFor();
    // any console address sends them here, the settings of an application included
    await page.goto(`${base}/console/application/${appId}`);
    await page.waitForURL(/\/console\/block$/);
    await page.getByRole('heading', { name: '没有控制台权限' }).waitFor();
    // and so do the console's named pages
    for (const p of ['/console/modules', '/console/ac/appclient', '/console/settings/account', '/console/no-such-page']) {
      await page.goto(`${base}${p}`);
      await page.waitForURL(/\/console\/block$/);
      await page.getByRole('heading', { name: '没有控制台权限' }).waitFor();
    }
    await shot(page, 'block');
    await page.getByRole('link', { name: '返回网站' }).click();
    await page.waitForURL(`${base}/`);
    await page.context().close();
  });

  it('opens without sign-in and offers 登录控制台', async () => {
    const { base } = e2e;
    const page = await e2e.newPage(VIEW);
    await page.goto(`${base}/console/block`);
    await page.getByRole('heading', { name: '没有控制台权限' }).waitFor();
    await page.getByText('控制台仅供站点管理员使用，请先登录。').waitFor();
    expect(page.url()).toBe(`${base}/console/block`);
    await page.getByRole('button', { name: '登录控制台' }).waitFor();
    await page.context().close();
  });

  it('sends a super manager and a manager on to the console instead of saying they have no right', async () => {
    const { base } = e2e;
    for (const page of [superPage, managerPage]) {
      await page.goto(`${base}/console/block`);
      await page.waitForURL(`${base}/console/applications`);
      await page.getByRole('row').filter({ hasText: 'localhost' }).first().waitFor();
      expect(await page.getByText('没有控制台权限').count()).toBe(0);
      expect(await page.getByText('可以使用控制台').count()).toBe(0);
    }
    await shot(superPage, 'block-super');
  });

  it('lets a manager of an application into the console', async () => {
    const { base } = e2e;
    const page = managerPage;
    await page.goto(`${base}/console/applications`);
    await page.getByRole('row').filter({ hasText: 'localhost' }).first().waitFor();
    expect(page.url()).toBe(`${base}/console/applications`);
  });
});

describe('unknown console paths', () => {
  it('fall back to the applications page, which says the page does not exist', async () => {
    const { base } = e2e;
    await superPage.goto(`${base}/console/no-such-page/42`);
    await superPage.waitForURL(/\/console\/applications$/);
    await superPage.getByRole('alert').filter({ hasText: '控制台中没有页面「/console/no-such-page/42」，已转到应用管理。' }).waitFor();
    await shot(superPage, 'unknown-path');
    // opened from the menu, the page has no such notice
    await superPage.goto(`${base}/console/files`);
    await superPage.getByRole('menuitem', { name: '应用管理' }).click();
    await superPage.waitForURL(/\/console\/applications$/);
    await superPage.getByRole('row').filter({ hasText: 'localhost' }).first().waitFor();
    expect(await superPage.getByText('控制台中没有页面').count()).toBe(0);
  });
});

describe('/console/modules', () => {
  it('is the custom component catalogue, linked from the menu; /console/xmodules leads there', async () => {
    const { base } = e2e;
    await superPage.goto(`${base}/console/applications`);
    await superPage.getByRole('menuitem', { name: '系统' }).hover();
    await superPage.getByRole('menuitem', { name: '组件库' }).click();
    await superPage.waitForURL(/\/console\/modules$/);
    await superPage.getByRole('heading', { name: '组件库' }).waitFor();
    await superPage.getByRole('row').filter({ hasText: '文本块' }).waitFor();
    await shot(superPage, 'modules');
    await superPage.goto(`${base}/console/xmodules`);
    await superPage.waitForURL(/\/console\/modules$/);
    await superPage.getByRole('heading', { name: '组件库' }).waitFor();
  });
});

describe('/console/modules refuses a component without a renderer', () => {
  it("shows the server's message listing the known renderers on the field, and saves nothing", async () => {
    const { base } = e2e;
    await superPage.goto(`${base}/console/modules`);
    await superPage.getByRole('row').filter({ hasText: '文本块' }).waitFor();
    await superPage.getByRole('button', { name: '新增组件' }).click();
    const dialog = superPage.getByRole('dialog');
    await dialog.getByLabel('组件标识（渲染器）').fill('nosuch-renderer');
    await dialog.getByLabel('组件类型').fill('default');
    await dialog.getByLabel('分组').fill('内容');
    await dialog.getByLabel('组件名称').fill('不存在的组件');
    await dialog.getByLabel('默认标题').fill('不存在');
    await dialog
      .getByRole('button', { name: '保 存' })
      .or(dialog.getByRole('button', { name: '保存' }))
      .click();
    const message = '没有名为「nosuch-renderer」的渲染器，组件标识须为以下之一：search-box、text-block、stats、image-banner';
    await dialog.locator('.ant-form-item-explain-error').filter({ hasText: message }).waitFor();
    await shot(superPage, 'modules-unknown-renderer');
    const list = await apiCall(superPage, base, 'GET', '/api/v1/xmodules');
    expect(list.body.content.map((e: { name: string }) => e.name)).not.toContain('不存在的组件');
    await dialog
      .getByRole('button', { name: '取 消' })
      .or(dialog.getByRole('button', { name: '取消' }))
      .click();
  });
});

describe('/console/ac/appclient', () => {
  it('lists every application for a super manager and the OAuth clients of the chosen one, with the sign-in link', async () => {
    const { base } = e2e;
    const other = await apiCall(superPage, base, 'POST', '/api/v1/applications', { name: '分馆门户', host: 'branch.example.cn' });
    expect(other.status).toBe(201);
    const client = await apiCall(superPage, base, 'POST', `/api/v1/applications/${other.body.applicationId}/oauth/clients`, {
      clientId: 'branch-portal',
      name: '分馆科研系统',
      oauthUri: { issuer: 'https://idp.example.edu.cn', clientId: 'atrium' },
    });
    expect(client.status).toBe(201);
    await superPage.goto(`${base}/console/applications`);
    await superPage.getByRole('menuitem', { name: '权限与登录' }).hover();
    await superPage.getByRole('menuitem', { name: '客户端登录' }).click();
    await superPage.waitForURL(/\/console\/ac\/appclient$/);
    await superPage.getByRole('heading', { name: '客户端登录' }).first().waitFor();
    // the newest application comes first; the selector offers both
    await superPage
      .getByRole('row')
      .filter({ hasText: 'branch-portal' })
      .getByText(/^http:\/\/branch\.example\.cn(:\d+)?\/\?oauth=xproject&client_id=branch-portal$/)
      .waitFor();
    await superPage.getByRole('combobox', { name: '选择应用' }).click();
    await superPage.locator('.ant-select-item-option').filter({ hasText: 'Atrium 科技信息门户（localhost）' }).click();
    await superPage.waitForURL(`${base}/console/ac/appclient?applicationId=${appId}`);
    await superPage.getByText('还没有客户端，点击“新增客户端”添加').waitFor();
    await superPage.getByRole('combobox', { name: '选择应用' }).click();
    await superPage.locator('.ant-select-item-option').filter({ hasText: '分馆门户（branch.example.cn）' }).click();
    await superPage.getByRole('row').filter({ hasText: 'branch-portal' }).waitFor();
    await superPage.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await shot(superPage, 'appclient');
  });

  it("offers an application manager only their applications; another application's address shows theirs", async () => {
    const { base } = e2e;
    const others = (await apiCall(superPage, base, 'GET', '/api/v1/applications?size=50')).body.content as { applicationId: number; host: string }[];
    const branch = others.find((a) => a.host === 'branch.example.cn')!.applicationId;
    await managerPage.goto(`${base}/console/ac/appclient?applicationId=${branch}`);
    await managerPage.getByText('您不能管理地址中所选的应用，已显示您可管理的第一个应用。').waitFor();
    await managerPage.getByText('还没有客户端，点击“新增客户端”添加').waitFor();
    expect(await managerPage.getByText('branch-portal').count()).toBe(0);
    await managerPage.getByRole('combobox', { name: '选择应用' }).click();
    await managerPage.locator('.ant-select-item-option').filter({ hasText: 'Atrium 科技信息门户（localhost）' }).waitFor();
    expect(await managerPage.locator('.ant-select-item-option').count()).toBe(1);
    await managerPage.keyboard.press('Escape');
  });
});

describe('/console/settings/account', () => {
  it("shows the manager's own account in the console, from the user menu, and signs out everywhere", async () => {
    const { base } = e2e;
    const page = managerPage;
    await page.goto(`${base}/console/applications`);
    await page.locator('.atr-console__username').click();
    await page.getByRole('menuitem', { name: '账号设置' }).click();
    await page.waitForURL(/\/console\/settings\/account$/);
    await page.getByRole('heading', { name: '账号设置' }).waitFor();
    await page.getByText('个人资料', { exact: true }).waitFor();
    await page.getByTestId('bind-mobile').getByText('138****8401').waitFor();
    await page.getByTestId('bind-email').getByText('未绑定').waitFor();
    await page.getByTestId('bind-wechat').waitFor();
    const sessions = page.locator('.ant-card').filter({ hasText: '登录设备' });
    await sessions.getByText('当前设备').waitFor();
    // the device and the address it signed in from (decision 337)
    const current = sessions.locator('.ant-table-row').filter({ hasText: '当前设备' });
    await current
      .getByText('Chrome 156 · Linux')
      .or(current.getByText(/^Chrome \d+ · Linux$/))
      .first()
      .waitFor();
    await current.getByText('127.0.0.1').waitFor();
    // the scholar profile is the visitor page's matter
    expect(await page.getByText('学者认证').count()).toBe(0);
    await shot(page, 'account');
    // a name saved here is the console's name at once
    await page.getByLabel('姓名').fill('李馆员');
    await page.getByRole('button', { name: '保存' }).first().click();
    await page.locator('.atr-console__username').filter({ hasText: '李馆员' }).waitFor();
    await sessions.getByRole('button', { name: '在所有设备上退出登录' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '在所有设备上退出登录' }).click();
    await page.waitForURL(/\/console\/login/);
    await page.getByText('已在所有设备上退出登录').waitFor();
    expect((await apiCall(page, base, 'GET', '/api/v1/session')).body.user).toBeNull();
  });
});
