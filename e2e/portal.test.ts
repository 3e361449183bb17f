/**
 * End to end in Debian's Chromium: a super manager signs in with the
 * code read from the outbox file, creates an application, adds a scholar panel, saves, opens the visitor
 * page of that application and sees scholar names that came from the CSRankings import, deletes the
 * panel, and after a reload it is gone. Screenshots are kept under test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, createApplicationByDialog, sharedData, releaseAll, apiCall, signInConsole, useE2e } from './support';

const PHONE = '13800138000';
const e2e = useE2e({
  admins: [PHONE],
  setup(server) {
    const dir = path.join(sharedData, 'csrankings-scholars');
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^csrankings-[a-z]\.csv$/.test(f))
      .map((f) => path.join(dir, f));
    expect(files.length).toBe(26);
    const out = server.cli('import', 'scholars', ...files, '--topic', '计算机科学');
    expect(out).toMatch(/导入/);
  },
});

/** The first scholars of a topic as the panel asks for them (span 4 shows 6), through the signed-in page's API. */
async function expectedScholars(topicTitle: string, count: number): Promise<string[]> {
  const { page, server } = e2e;
  const topics = (await (await page.request.get(`${server.url}/api/v1/topics`)).json()) as Array<{ id: number; title: string }>;
  const topicId = topics.find((t) => t.title === topicTitle)!.id;
  const r = await apiCall<{ content: Array<{ title: string }> }>(page, server.url, 'POST', '/api/v4/modules/top-scholar', { offset: 0, count, topicId });
  expect(r.status).toBe(200);
  return r.body.content.map((s) => s.title);
}

describe('a super manager builds a portal and a visitor reads it', () => {
  it('signs in with the SMS code from the outbox', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE, { url: `${server.url}/console/applications` });
    await page.getByRole('heading', { name: '应用管理' }).waitFor();
  });

  it('creates an application on the host of this server', async () => {
    const { page, server } = e2e;
    await createApplicationByDialog(page, { name: '计算机学者门户', host: `127.0.0.1:${server.port}`, topic: '计算机科学' });
    await releaseAll(page, server.url); // visitors see released sites only (decision #138)
    await page.getByRole('row').filter({ hasText: '计算机学者门户' }).waitFor();
  });

  it('adds a scholar panel that the visitor page shows with imported names', async () => {
    const { page, server } = e2e;
    await page.getByRole('row').filter({ hasText: '计算机学者门户' }).getByRole('button', { name: '编辑首页' }).click();
    await page.waitForURL(/\/editor$/);
    await page.getByRole('button', { name: '添加模块' }).click();
    await page.getByRole('menuitem', { name: '学者' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('模块标题').fill('');
    await drawer.getByRole('button', { name: '添加模块' }).click();
    await drawer.getByText('请输入模块标题').first().waitFor();
    await drawer.getByLabel('模块标题').fill('计算机科学学者');
    await drawer.getByRole('button', { name: '添加模块' }).click();
    await page.getByText('首页配置保存成功').waitFor();
    const panel = page.locator('[data-module-type="scholar"]');
    await expect(panel.getByText('计算机科学学者').first().isVisible()).resolves.toBe(true);

    const names = await expectedScholars('计算机科学', 6);
    expect(names).toHaveLength(6);
    const visitor = await e2e.newPage();
    await visitor.goto(`${server.url}/`);
    const vpanel = visitor.locator('[data-module-type="scholar"]');
    await vpanel.getByText('计算机科学学者').waitFor();
    for (const name of names) await vpanel.getByText(name, { exact: true }).first().waitFor();
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-visitor-scholars.png'), fullPage: true });
    await visitor.close();
  });

  it('deletes the panel after confirmation; a reload shows it gone', async () => {
    const { page, server, browser } = e2e;
    const panel = page.locator('[data-module-type="scholar"]');
    await panel.getByRole('button', { name: '删除' }).click();
    await page.getByText('你确认要删除该模块吗？ 删除后数据不可恢复。').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText('模块已删除').waitFor();
    await page.reload();
    await page.getByText('首页还没有模块').waitFor();
    expect(await page.locator('[data-module-type="scholar"]').count()).toBe(0);
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/`);
    await visitor.getByText('首页还没有内容').waitFor();
    await visitor.close();
  });
});
