/**
 * The audit log in Chromium (`/console/logs`; decisions 312-317): a super manager edits a
 * notice in the console, opens /console/logs, sees the entry (person, application, 修改, 通知) and its
 * before/after in the drawer (字段 / 修改前 / 修改后), filters by resource with the filter kept in the
 * address; a signed-in user without a console right is sent to /console/block. Screenshots under
 * test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, createApplication, signInConsole, useE2e } from './support';

const SUPER = '13800138061';
const PLAIN = '13800138062';
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [SUPER] });
let appId: number;
let noticeId: number;
/** Waits until the open drawer has slid in: its right edge at the window's. */
const settled = (p: Page) =>
  expect
    .poll(async () => {
      const box = await p.locator('.ant-drawer-open .ant-drawer-content-wrapper').boundingBox();
      return box ? Math.round(box.x + box.width) : -1;
    })
    .toBe(p.viewportSize()?.width);
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  await signInConsole(page, server, SUPER);
  appId = await createApplication(page, server.url, { name: '审计测试门户', host: 'audit-e2e.example.cn' });
  const created = await apiCall(page, server.url, 'POST', '/api/v1/notices', {
    applicationId: appId,
    title: '寒假开馆时间',
    type: '消息公告',
    content: '<p>寒假期间每日 9:00-17:00 开馆。</p>',
    publishDateTime: '2026-01-10T08:00:00.000Z',
  });
  expect(created.status, created.text).toBe(201);
  noticeId = (created.body as { id: number }).id;
});

describe('audit log', () => {
  it('shows a notice edit made in the console, with its before and after', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/application/${appId}/content`);
    await page.getByRole('row').filter({ hasText: '寒假开馆时间' }).getByRole('button', { name: '编辑' }).click();
    const edit = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '编辑通知公告' }) });
    await edit.getByLabel('标题', { exact: true }).fill('寒假开馆时间（调整）');
    await edit.getByRole('button', { name: '保存' }).click();
    await page.getByText('通知公告保存成功！').first().waitFor();

    // through the menu: 系统 › 操作日志
    await page.getByRole('menuitem', { name: '系统' }).hover();
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.waitForURL(/\/console\/logs$/);
    await page.getByRole('heading', { name: '操作日志' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '修改' }).filter({ hasText: '通知' }).first();
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('审计测试门户');
    expect(await row.innerText()).toMatch(/138\*\*\*\*8061/);
    await shot(page, 'e2e-audit-log-list.png');

    await row.getByRole('button', { name: '详情' }).click();
    await page.waitForURL(/\/console\/logs\/\d+$/);
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('columnheader', { name: '修改前' }).waitFor();
    const title = drawer.getByRole('row').filter({ hasText: '标题' });
    await title.getByText('寒假开馆时间', { exact: true }).waitFor();
    await title.getByText('寒假开馆时间（调整）').waitFor();
    await drawer.getByText('PUT /api/v1/notices/:id').waitFor();
    await settled(page);
    await shot(page, 'e2e-audit-log-detail.png');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/console\/logs$/);
    // the closing drawer gives the focus back to its 详情 button at the end of its animation, which would
    // close a select opened before that
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('详情');

    // a filter lives in the address; the CSV link carries it
    await page.getByLabel('对象').click();
    await page.locator('.ant-select-item-option', { hasText: '应用' }).first().click();
    await page.waitForURL(/resource=application/);
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: '通知' }).count()).toBe(0);
    await page.locator('.ant-table-row').filter({ hasText: '创建' }).filter({ hasText: '审计测试门户' }).waitFor();
    expect(await page.getByRole('link', { name: /导出 CSV/ }).getAttribute('href')).toBe('/api/v1/audit-logs/export.csv?resource=application');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows stored times in China time and rich text as text, with a toggle to its markup (decision 428)', async () => {
    const { page, server } = e2e;
    const changed = await apiCall(page, server.url, 'PUT', `/api/v1/notices/${noticeId}`, {
      content: '<p>寒假期间每日 9:00-16:00 开馆。</p><p>除夕 &amp; 初一闭馆。</p>',
      publishDateTime: '2026-01-11T16:30:00.000Z',
    });
    expect(changed.status, changed.text).toBe(200);
    await page.goto(`${server.url}/console/logs`);
    await page.getByRole('row').filter({ hasText: '修改' }).filter({ hasText: '通知' }).first().getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('columnheader', { name: '修改前' }).waitFor();
    await settled(page);
    const content = drawer.getByRole('row').filter({ hasText: '内容' });
    await content.getByText('寒假期间每日 9:00-17:00 开馆。', { exact: true }).waitFor();
    await expect(content.locator('.atr-audit-value').nth(1).innerText()).resolves.toBe('寒假期间每日 9:00-16:00 开馆。\n除夕 & 初一闭馆。');
    // no raw markup and no raw UTC instant anywhere in the table
    const table = drawer.locator('.ant-table');
    expect(await table.innerText()).not.toMatch(/<p>|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // 2026-01-11T16:30Z is 2026-01-12 00:30 in China
    await table.getByText('2026-01-12 00:30:00', { exact: true }).waitFor();
    await table.getByText('2026-01-10 16:00:00', { exact: true }).waitFor();
    await shot(page, 'e2e-audit-log-readable.png');
    // the toggle shows the stored markup, and back
    await content.getByRole('button', { name: '查看 HTML 源码' }).nth(1).click();
    await content.getByText('<p>寒假期间每日 9:00-16:00 开馆。</p><p>除夕 &amp; 初一闭馆。</p>', { exact: true }).waitFor();
    await shot(page, 'e2e-audit-log-markup.png');
    await content.getByRole('button', { name: '查看文本' }).click();
    await expect(content.getByText('<p>', { exact: false }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/console\/logs$/);
  });

  it('the detail fits a narrow window', async () => {
    const { server } = e2e;
    const ctx = await e2e.newContext({ width: 390, height: 844 });
    await ctx.addCookies(await e2e.page.context().cookies()); // the same session (a second code would wait out the resend interval)
    const narrow = await ctx.newPage();
    await narrow.goto(`${server.url}/console/logs`);
    await narrow.getByRole('row').filter({ hasText: '修改' }).first().waitFor();
    await shot(narrow, 'e2e-audit-log-narrow-list.png');
    await narrow.getByRole('row').filter({ hasText: '修改' }).first().getByRole('button', { name: '详情' }).click();
    await narrow.locator('.ant-drawer-open').getByRole('columnheader', { name: '修改后' }).waitFor();
    await settled(narrow);
    const box = await narrow.locator('.ant-drawer-open .ant-drawer-content-wrapper').boundingBox();
    // whole pixels: the drawer's width came out as 390.0000149751213 once (a sub-pixel remainder of its transform)
    expect(Math.round(box!.width)).toBeLessThanOrEqual(390);
    await shot(narrow, 'e2e-audit-log-narrow.png');
    await ctx.close();
  });

  it('sends a signed-in user without a console right to /console/block', async () => {
    const { server } = e2e;
    const p = await e2e.newPage();
    await signInConsole(p, server, PLAIN);
    await p.goto(`${server.url}/console/logs`);
    await p.waitForURL(/\/console\/block/);
    const r = await apiCall(p, server.url, 'GET', '/api/v1/audit-logs');
    expect(r.status).toBe(403);
    await shot(p, 'e2e-audit-log-refused.png');
  });
});
