/**
 * The console's small named routes in Chromium (issue 13 §1; spec 1 §2 'Console routes'):
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
