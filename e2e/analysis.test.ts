/**
 * Usage analytics end to end in Chromium (`/console/analysis`; docs/decisions.md 318-323):
 * a few visits of the demo site, a click on a link of one of its panels, a scholar's page and a search
 * that finds nothing are sent as beacons (navigator.sendBeacon) and show up on /console/analysis: the
 * stat cards, the line chart of the days and the bar chart naming the clicked panel, the tables of
 * resources and zero-result searches. A visitor with Do Not Track sends no beacon at all; a visitor
 * signing in counts one sign-in; a list shows what it leaves out as its last row 其他 (decision 408). Screenshots
 * (desktop and a 390 px phone) go to test-artifacts/.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, pageHydrated, signInByApi, signInConsole, useE2e } from './support';
import type { UsageReport } from '../common/analytics';

const PHONE = '13800138041';
const e2e = useE2e({ admins: [PHONE] });
let demoId = 0;

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

/** Waits until a server-rendered page has loaded its scripts and hydrated (it counts itself then). */
const hydrated = (page: Page) => pageHydrated(page);

/** The demo site's report as the manager's page reads it. */
const reportNow = async () => (await apiCall<UsageReport>(e2e.page, e2e.server.url, 'GET', `/api/v1/applications/${demoId}/analytics`)).body;

/** The report once `done` holds for it (the server writes its counts every few seconds), or the last one after 20 s. */
async function reportWhen(done: (r: UsageReport) => boolean): Promise<UsageReport> {
  let r = await reportNow();
  for (let i = 0; i < 40 && !done(r); i++) {
    await e2e.page.waitForTimeout(500);
    r = await reportNow();
  }
  return r;
}

beforeAll(async () => {
  const { page, server } = e2e;
  page.setDefaultTimeout(20_000);
  await signInConsole(page, server, PHONE);
  const apps = await apiCall<{ content: Array<{ applicationId: number; host: string }> }>(page, server.url, 'GET', '/api/v1/applications?page=1&size=50');
  demoId = apps.body.content.find((a) => a.host === 'localhost')!.applicationId;
});

describe('usage analytics', () => {
  let clickedPanel = '';

  it('counts the visits, a panel click, a resource and a search without results', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    for (let i = 0; i < 3; i++) {
      await page.goto(`${e2e.base}/`);
      await page.locator('.atr-grid [data-module-id]').first().waitFor();
    }
    // a click on a link of a panel whose link stays on the site (a scholar's page)
    const link = page.locator('.atr-grid [data-module-id] a[href^="/microapp/profile/"]').first();
    await link.scrollIntoViewIfNeeded();
    clickedPanel = (await link.locator('xpath=ancestor::*[@data-module-id][1]').getAttribute('data-module-id'))!;
    await link.click();
    await page.waitForURL(/\/microapp\/profile\/\d+/);
    await hydrated(page);
    await page.goto(`${e2e.base}/microapp/explore?q=${encodeURIComponent('没有这个词条')}`);
    await page.getByText('未找到相关结果').first().waitFor();
    await hydrated(page);
    await page.goto('about:blank'); // pagehide: the rest of the queue goes
    const r = await reportWhen((x) => x.totals.views >= 5 && x.totals.zeroSearches >= 1);
    await context.close();
    expect(r.totals.views).toBe(5); // three home pages, the scholar's page, the search page
    expect(r.totals.visitors).toBe(1);
    expect(r.totals.zeroSearches).toBe(1);
    expect(r.zeroSearches).toEqual([{ query: '没有这个词条', count: 1 }]);
    expect(r.panels.find((p) => p.moduleId === clickedPanel)?.clicks).toBe(1);
    expect(r.panels.some((p) => p.views > 0)).toBe(true);
    expect(r.resources).toHaveLength(1);
    expect(r.resources[0].type).toBe('scholar');
  });

  it('sends nothing for a visitor with Do Not Track', async () => {
    const before = (await reportNow()).totals;
    const context = await e2e.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    const page = await context.newPage();
    await page.goto(`${e2e.base}/`);
    await page.locator('.atr-grid [data-module-id] a').first().waitFor();
    await page.mouse.wheel(0, 2000);
    await page.goto(`${e2e.base}/microapp/explore?q=${encodeURIComponent('请勿跟踪')}`);
    await hydrated(page);
    await page.goto('about:blank');
    await page.waitForTimeout(4000); // longer than the server's flush interval
    await context.close();
    expect((await reportNow()).totals).toEqual(before);
  });

  it('counts a visitor signing in once, not each page they read afterwards', async () => {
    const { signins: before, views } = (await reportNow()).totals;
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.base}/`);
    await hydrated(page);
    await signInByApi(context, e2e.server, '13900139041', e2e.base);
    for (let i = 0; i < 2; i++) {
      await page.goto(`${e2e.base}/`);
      await hydrated(page);
    }
    await page.goto('about:blank');
    const r = await reportWhen((x) => x.totals.signins > before && x.totals.views >= views + 3);
    await context.close();
    expect(r.totals.signins).toBe(before + 1);
    expect(r.totals.views).toBe(views + 3);
  });

  it('shows the numbers and the charts on /console/analysis', async () => {
    const { page, server } = e2e;
    const report = await reportNow();
    const panel = report.panels.find((p) => p.moduleId === clickedPanel)!;
    expect(panel.clicks).toBe(1);
    expect(report.resources.length).toBe(1);

    // from the console menu: 系统 → 数据分析
    await page.goto(`${server.url}/console/applications`);
    await page.getByRole('menuitem', { name: '系统' }).hover();
    await page.getByRole('menuitem', { name: '数据分析' }).click();
    await page.waitForURL(/\/console\/analysis/);
    await page.goto(`${server.url}/console/analysis?applicationId=${demoId}`);
    await page.getByRole('heading', { name: '数据分析' }).waitFor();
    const views = page.locator('[data-stat="views"]');
    await views.getByText(String(report.totals.views), { exact: true }).waitFor();
    await expect(page.locator('[data-stat="visitors"]').innerText()).resolves.toContain('上一周期无数据');
    // the charts are SVG: their labels are text of the page
    const daily = page.locator('[data-chart="每日浏览量与访客数"]');
    await daily.locator('svg').waitFor();
    await expect(daily.locator('svg text').allTextContents()).resolves.toContain('浏览量');
    const bars = page.locator('[data-chart="栏目浏览与点击"]');
    await expect(bars.locator('svg text').allTextContents()).resolves.toContain(panel.title);
    await page.getByText(report.resources[0].title).waitFor();
    await page.locator('.atr-analysis__table', { hasText: '无结果的搜索' }).getByText('没有这个词条').waitFor();
    await shot(page, 'analysis-desktop.png');

    // the previous period: nothing yet, the range of the last 30 days through the picker's preset
    await page.getByLabel('日期范围').first().click();
    await page.getByText('最近 30 天').click();
    await page.waitForURL(/from=/);
    await views.getByText(String(report.totals.views), { exact: true }).waitFor();

    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.url}/console/analysis?applicationId=${demoId}`);
    await phone.locator('[data-stat="views"]').getByText(String(report.totals.views), { exact: true }).waitFor();
    await phone.locator('[data-chart="栏目浏览与点击"]').locator('svg').waitFor();
    await shot(phone, 'analysis-phone.png');
    // the page's own content fits the phone (the console's top bar is its own matter)
    const overflow = await phone.locator('.atr-analysis').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('shows 其他 as the last row of a list that leaves counts out (decision 408)', async () => {
    const { page, server } = e2e;
    const db = new Database(path.join(server.dataDir, 'atrium.db'));
    try {
      const put = db.prepare('INSERT INTO usage_daily (application_id, day, metric, key, count) VALUES (?, ?, ?, ?, ?)');
      put.run(demoId, '2021-03-01', 'pageview', '', 20);
      put.run(demoId, '2021-03-01', 'search', '人工智能', 5);
      put.run(demoId, '2021-03-01', 'search', '', 7);
    } finally {
      db.close();
    }
    await page.goto(`${server.url}/console/analysis?applicationId=${demoId}&from=2021-03-01&to=2021-03-01`);
    const searches = page.locator('.atr-analysis__table', { hasText: '热门搜索' });
    await searches.getByText('人工智能').waitFor();
    await expect(searches.locator('tr.atr-analysis__other').innerText()).resolves.toMatch(/^其他\s+7$/);
    // a list that leaves nothing out has no such row
    await expect(page.locator('.atr-analysis__table', { hasText: '无结果的搜索' }).locator('tr.atr-analysis__other').count()).resolves.toBe(0);
  });

  it('shows an empty state in Chinese for a range without visits', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/analysis?applicationId=${demoId}&from=2020-01-01&to=2020-01-07`);
    await page.getByText('所选日期范围内还没有访问数据').waitFor();
    await shot(page, 'analysis-empty.png');
  });

  it("counts a page that answered under its own type and title, and a missing page's address not at all (decision 426)", async () => {
    const found = await apiCall<{ content: Array<{ id: number; title: string }> }>(
      e2e.page,
      e2e.server.url,
      'GET',
      `/api/v1/search?type=institution&applicationId=${demoId}&size=1`,
    );
    const inst = found.body.content[0];
    const before = await reportNow();
    const context = await e2e.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // a report of the institution's id: no such report, the page says so
    await page.goto(`${e2e.base}/microapp/report/detail/${inst.id}`);
    await page.getByText('该报告不存在或已撤回').first().waitFor();
    await hydrated(page);
    await shot(page, 'analysis-missing-report-phone.png');
    // the institution's own page answers
    await page.goto(`${e2e.base}/microapp/explore/resources/institution/${inst.id}`);
    await page.getByRole('heading', { name: inst.title }).waitFor();
    await hydrated(page);
    await page.goto('about:blank');
    const r = await reportWhen((x) => x.totals.views >= before.totals.views + 2 && x.resources.some((o) => o.type === 'institution'));
    await context.close();
    expect(r.totals.views).toBe(before.totals.views + 2);
    expect(r.resources.filter((o) => o.type === 'report')).toEqual([]);
    expect(r.resources.find((o) => o.type === 'institution')).toEqual({ type: 'institution', id: inst.id, title: inst.title, opens: 1 });
  });
});
