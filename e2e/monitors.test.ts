/**
 * The monitors in Chromium (`/console/monitor_{code}`; docs/decisions.md 670-676): a super manager adds
 * to the demo site's NSTL channel a feed source (the site's own article feed, served by the e2e server), a
 * failing source and a watch profile, runs both now, and the dashboard shows the per-day chart, the
 * source's records added, the failing source's error and the runs. Screenshots (desktop and a 390 px
 * phone) go to test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, pageHydrated, signInConsole, useE2e } from './support';

const PHONE = '13800138071';
const e2e = useE2e({ admins: [PHONE] });
let demoId = 0;

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  page.setDefaultTimeout(20_000);
  await signInConsole(page, server, PHONE);
  const apps = await apiCall<{ content: Array<{ applicationId: number; host: string }> }>(page, server.url, 'GET', '/api/v1/applications?page=1&size=50');
  demoId = apps.body.content.find((a) => a.host === 'localhost')!.applicationId;
});

describe('a monitor channel', () => {
  it('shows the dashboard: the chart, each source’s last run and error, the profile', async () => {
    const { page, server } = e2e;
    const base = `/api/v1/monitors/${demoId}/nstl`;
    const feed = await apiCall<{ id: number }>(page, server.url, 'POST', `${base}/sources`, {
      name: '本站论文订阅',
      kind: 'feed',
      url: `${e2e.base}/feeds/resources/article.rss`,
      schedule: '0 6 * * *',
    });
    expect(feed.status).toBe(201);
    const bad = await apiCall<{ id: number }>(page, server.url, 'POST', `${base}/sources`, {
      name: '失效的源',
      kind: 'oai',
      url: `${e2e.base}/no-such-oai`,
      schedule: '0 7 * * 1',
    });
    expect(bad.status).toBe(201);
    expect((await apiCall(page, server.url, 'POST', `${base}/profiles`, { name: '知识组织', kind: 'keywords', terms: ['知识', '研究'] })).status).toBe(201);

    await page.goto(`${server.url}/console/monitor_nstl?applicationId=${demoId}`);
    await pageHydrated(page);
    await page.getByText('本站论文订阅').first().waitFor();
    for (const name of ['本站论文订阅', '失效的源']) {
      const row = page.locator('tr', { hasText: name });
      await row.getByRole('button', { name: '立即运行' }).click();
    }
    await page.getByText('采集源返回 HTTP 404').first().waitFor({ timeout: 30_000 });
    await page.locator('tr', { hasText: '本站论文订阅' }).getByText('成功').first().waitFor({ timeout: 30_000 });
    const ch = await apiCall<{ totalRecords: number; sources: Array<{ name: string; lastAdded: number | null }> }>(page, server.url, 'GET', base);
    expect(ch.body.totalRecords).toBeGreaterThan(0);
    expect(ch.body.sources.find((s) => s.name === '本站论文订阅')?.lastAdded).toBe(ch.body.totalRecords);
    await page.reload();
    await pageHydrated(page);
    await page.locator('[data-chart="monitor-per-day"] svg').first().waitFor();
    await expect(page.getByText(`累计记录 ${ch.body.totalRecords} 条`).count()).resolves.toBe(1);
    // the channels are under 系统 › 监测 (the top menu keeps 权限与登录 and 系统 visible on a 1,300 px screen)
    await page.getByRole('menuitem', { name: '系统' }).hover();
    await page.getByRole('menuitem', { name: '监测' }).waitFor();
    await shot(page, 'monitors-dashboard.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await shot(page, 'monitors-dashboard-phone.png');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('edits a watch profile in its dialog: the new name and terms show in the row and are stored', async () => {
    const { page, server } = e2e;
    const row = page.locator('tr', { hasText: '知识组织' });
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '修改监测主题' });
    await expect(dialog.getByLabel('名称').inputValue()).resolves.toBe('知识组织');
    await expect(dialog.getByLabel('监测词').inputValue()).resolves.toBe('知识\n研究');
    await dialog.getByLabel('名称').fill('知识组织与情报');
    await dialog.getByLabel('监测词').fill('知识\n情报学');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const edited = page.locator('tr', { hasText: '知识组织与情报' });
    await edited.getByText('情报学', { exact: true }).waitFor();
    // the hits of the dropped term 研究 are gone with it; those of 知识 stay (decision 679)
    await expect(edited.getByText('研究', { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'monitors-profile-edited.png');
    const ch = await apiCall<{ profiles: Array<{ name: string; terms: string[] }> }>(page, server.url, 'GET', `/api/v1/monitors/${demoId}/nstl`);
    expect(ch.body.profiles.map((p) => [p.name, p.terms])).toEqual([['知识组织与情报', ['知识', '情报学']]]);
  });
});
