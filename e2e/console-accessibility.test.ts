/**
 * Accessibility of the console pages, tested like the visitor pages
 * (e2e/accessibility.test.ts): axe-core's WCAG 2.0/2.1 A and AA rules run in Chromium on every console
 * route of the route table (app/App.tsx), as the super manager sees it on the demo site: no violation
 * of impact serious or critical.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, pageHydrated, signInByApi, useE2e } from './support';
import { seriousViolations } from './axe';

const SUPER = '13800138460';
const e2e = useE2e({ admins: [SUPER], page: false });

let page: Page;
let appId: number;
let topicIdOf: number;

beforeAll(async () => {
  const { server, base } = e2e;
  // axe is injected as an inline script, which the site's CSP refuses: this test's browser bypasses it
  const ctx = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1400, height: 1000 } });
  page = await ctx.newPage();
  await page.goto(`${base}/console/login`);
  await signInByApi(page, server, SUPER, base);
  appId = (await apiCall(page, base, 'GET', '/api/v1/applications/config?host=localhost')).body.applicationId as number;
  topicIdOf = ((await apiCall(page, base, 'GET', '/api/v1/topics')).body as Array<{ id: number }>)[0].id;
});

/** Opens `path`, waits until it shows its data (no spinner, no skeleton), then runs axe on it. */
async function check(path: string): Promise<string[]> {
  await page.goto(`${e2e.base}${path}`);
  await pageHydrated(page);
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached' });
  const found = await seriousViolations(page);
  console.log(`axe ${path}: ${found.length ? found.join('\n  ') : 'none serious or critical'}`);
  return found;
}

describe('accessibility of the console pages', () => {
  const pages: Array<[string, () => string]> = [
    ['applications', () => '/console/applications'],
    ['application', () => `/console/application/${appId}`],
    ['site', () => `/console/application/${appId}/site`],
    ['content', () => `/console/application/${appId}/content`],
    ['resources', () => `/console/application/${appId}/resources`],
    ['editor', () => `/console/application/${appId}/editor`],
    ['files', () => '/console/files'],
    ['managers', () => '/console/managers'],
    ['users', () => '/console/users'],
    ['rights', () => '/console/users/rights'],
    ['wechats', () => '/console/wechats'],
    ['wechat articles', () => '/console/wechats/articles'],
    ['jobs', () => '/console/jobs'],
    ['tools', () => '/console/tools'],
    ['modules', () => '/console/modules'],
    ['topics', () => '/console/topics'],
    ['topic data', () => `/console/topics/tc/topicShow/${topicIdOf}`],
    ['tasks', () => '/console/tasks'],
    ['reports', () => '/console/reports'],
    ['logs', () => '/console/logs'],
    ['analysis', () => '/console/analysis'],
    ['app clients', () => '/console/ac/appclient'],
    ['account', () => '/console/settings/account'],
  ];
  it.each(pages)('%s has no serious or critical axe violation', async (_name, path) => {
    expect(await check(path())).toEqual([]);
  });

  it('the signed-out pages (sign-in, no console right) have none either', async () => {
    const ctx = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1400, height: 1000 } });
    const signedOut = await ctx.newPage();
    const found: string[] = [];
    for (const path of ['/console/login', '/console/block']) {
      await signedOut.goto(`${e2e.base}${path}`);
      await pageHydrated(signedOut);
      for (const v of await seriousViolations(signedOut)) found.push(`${path}: ${v}`);
    }
    console.log(`axe signed-out: ${found.length ? found.join('\n  ') : 'none serious or critical'}`);
    await ctx.close();
    expect(found).toEqual([]);
  });
});
