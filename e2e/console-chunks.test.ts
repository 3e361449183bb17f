/**
 * The console loads a page's code when the page is opened: the first load of
 * /console/applications fetches the console's shell and the applications page, not the code of the
 * console's other pages (topics, tasks, reports, the editor, ECharts' analysis page…).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageHydrated, signInByApi, useE2e } from './support';

const SUPER = '13800138470';
const e2e = useE2e({ admins: [SUPER], page: false });

/** The scripts the page fetched while it opened `path`: their names and encoded (transferred) sizes. */
async function scriptsOf(page: Page, url: string): Promise<Array<{ name: string; bytes: number }>> {
  const pending: Array<Promise<{ name: string; bytes: number }>> = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    pending.push(
      r
        .request()
        .sizes()
        .then((s) => ({ name: new URL(r.url()).pathname.split('/').at(-1) ?? '', bytes: s.responseBodySize })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('row').filter({ hasText: 'localhost' }).first().waitFor();
  await pageHydrated(page);
  return Promise.all(pending);
}

describe('the console loads a page when it is opened', () => {
  it("fetches on /console/applications the console's chunk, not the code of its other pages", async () => {
    const { server, base } = e2e;
    const page = await e2e.newPage();
    await signInByApi(page, server, SUPER, base);
    const scripts = await scriptsOf(page, `${base}/console/applications`);
    const kb = scripts.reduce((n, s) => n + s.bytes, 0) / 1024;
    console.log(
      `/console/applications first load: ${scripts.length} scripts, ${kb.toFixed(1)} KB transferred\n${scripts.map((s) => `  ${s.name} ${(s.bytes / 1024).toFixed(1)} KB`).join('\n')}`,
    );
    const others = [
      'WechatArticlesPage',
      'ResourcesPage',
      'TopicsPage',
      'TopicDataPage',
      'TasksPage',
      'ReportsPage',
      'AuditLogsPage',
      'EditorPage',
      'AnalysisPage',
      'UsersPage',
      'ManagersPage',
      'SiteChromePage',
      'ContentPage',
      'JobsPage',
      'ToolsPage',
    ];
    expect(scripts.filter((s) => others.some((o) => s.name.startsWith(`${o}-`))).map((s) => s.name)).toEqual([]);
    await page.context().close();
  });
});
