/**
 * The task list's pager (spec 2 §9 lists: 20 a page; decision 430): with 25 tasks, /console/tasks asks
 * the server for 20, shows 共 25 条 and a pager, and page 2 (kept in the address) lists the other 5.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { artifacts, signInByApi, useE2e } from './support';

const SUPER = '13800138023';
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [SUPER], page: false });

describe('task list', () => {
  it('shows 20 tasks a page with a pager, the page in the address', async () => {
    const { server } = e2e;
    const db = new Database(path.join(server.dataDir, 'atrium.db'));
    const insert = db.prepare("INSERT INTO tasks (kind, status, title, params, created_at) VALUES ('import', 'cancelled', ?, '{}', ?)");
    for (let i = 1; i <= 25; i++) insert.run(`导入「分页测试${String(i).padStart(2, '0')}.csv」`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    db.close();
    const page = await (await e2e.newContext()).newPage();
    await signInByApi(page, server, SUPER);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/tasks') asked.push(new URL(r.url()).search);
    });
    await page.goto(`${server.url}/console/tasks`);
    await page.getByRole('heading', { name: '后台任务' }).waitFor();
    await page.getByText('共 25 条').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(20);
    expect(asked[0]).toContain('size=20');
    await page.screenshot({ path: path.join(artifacts, 'e2e-tasks-pager.png'), fullPage: true });
    await page.locator('.ant-pagination').getByTitle('2').click();
    await page.waitForURL(/\/console\/tasks\?page=2$/);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(5);
    // newest first: page 2 holds the five oldest
    await page.getByRole('row').filter({ hasText: '分页测试01.csv' }).waitFor();
    await expect(page.getByRole('row').filter({ hasText: '分页测试25.csv' }).count()).resolves.toBe(0);
    // the address opens the same page
    await page.reload();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(5);
    await page.context().close();
  });
});
