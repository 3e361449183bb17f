/**
 * Layout features of the home page, end to end in Debian's Chromium (spec 1 §2 'Module editor
 * forms', §3 'flex', 'Home config' groups, §4 'Flex save', 'Group templates', §5 'Flex'; spec 2 §8):
 * a super manager creates an application, adds a flex layout with three areas, puts a module into each
 * area through the page, and the visitor page shows the flex with its three modules; a fourth area when
 * every width is set is refused with 当前组件没有剩余空间，请重新规划后再次新增区域。; a module in an area
 * is edited and another deleted; then the page
 * switches to the fullScreen style, one module creates a group and another joins it, and the visitor
 * page shows both in one band. Screenshots are kept under test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { artifacts, chooseOption, createApplicationByDialog, releaseAll, signInConsole, useE2e } from './support';

const PHONE = '13800138011';
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [PHONE] });

/** The open drawer (antd keeps closed ones in the page). */
const openDrawer = () => e2e.page.locator('.ant-drawer-open .ant-drawer-section, .ant-drawer-open .ant-drawer-content').first();

/** Saves the open module form and waits for the server's answer. */
async function saveForm(drawer: Locator) {
  const { page } = e2e;
  await drawer.getByRole('button', { name: '添加模块' }).last().click();
  await page.getByText('首页配置保存成功').last().waitFor();
  await page
    .locator('.ant-drawer-open')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** Closes every toast so that the next one can be waited for. */
async function clearToasts() {
  await e2e.page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

async function visitorPage(): Promise<Page> {
  const visitor = await e2e.newPage();
  await visitor.goto(`${e2e.server.url}/`);
  return visitor;
}

describe('layouts: flex areas and group templates', () => {
  it('signs in and creates an application on the host of this server', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE, { url: `${server.url}/console/applications` });
    await createApplicationByDialog(page, { name: '布局演示门户', host: `127.0.0.1:${server.port}` });
    await releaseAll(page, server.url); // visitors see released sites only (decision #138)
    await page.getByRole('row').filter({ hasText: '布局演示门户' }).getByRole('button', { name: '编辑首页' }).click();
    await page.waitForURL(/\/editor$/);
  });

  it('adds a flex layout with three areas and a module in each area', async () => {
    const { page } = e2e;
    await page.getByRole('button', { name: '添加模块' }).click();
    await page.getByRole('menuitem', { name: '布局组件' }).click();
    let drawer = openDrawer();
    await drawer.getByLabel('模块标题').fill('三栏布局');
    await drawer.getByRole('button', { name: '新增区域' }).click();
    await drawer.getByTestId('flex-slot').nth(1).waitFor();
    await drawer.getByRole('button', { name: '新增区域' }).click();
    await expect.poll(() => drawer.getByTestId('flex-slot').count()).toBe(3);
    await saveForm(drawer);
    const flex = page.locator('.atr-slot[data-module-type="flex"]');
    await expect(flex.locator('[data-slot-id]').count()).resolves.toBe(3);

    const picks: Array<[string, string]> = [
      ['通知公告', '区域一的通知'],
      ['机构', '区域二的机构'],
      ['学者', '区域三的学者'],
    ];
    for (const [i, [label, title]] of picks.entries()) {
      await clearToasts();
      await flex.locator('[data-slot-id]').nth(i).getByRole('button', { name: '添加模块' }).click();
      drawer = openDrawer();
      if (i === 1) {
        // inside a parent container the carousel cannot be fullScreen (spec 1 §4)
        await drawer.getByRole('listitem').filter({ hasText: '轮播图' }).click();
        await expect(drawer.getByRole('radio', { name: '全屏' }).isDisabled()).resolves.toBe(true);
        await drawer.getByRole('button', { name: '取消' }).click();
        await page
          .locator('.ant-drawer-open')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await flex.locator('[data-slot-id]').nth(i).getByRole('button', { name: '添加模块' }).click();
        drawer = openDrawer();
      }
      await drawer.getByRole('listitem').filter({ hasText: label }).click();
      await drawer.getByLabel('模块标题').fill(title);
      await saveForm(drawer);
      await flex.locator('[data-slot-id]').nth(i).getByText(title).first().waitFor();
    }
    await page.screenshot({ path: path.join(artifacts, 'e2e-layout-editor-flex.png'), fullPage: true });

    const visitor = await visitorPage();
    const vflex = visitor.locator('[data-module-type="flex"]');
    await vflex.waitFor();
    for (const [i, [, title]] of picks.entries()) await vflex.locator('.atr-flex__slot').nth(i).getByText(title).first().waitFor();
    expect(await vflex.locator('.atr-flex__item').count()).toBe(3);
    const boxes = await Promise.all([0, 1, 2].map((i) => vflex.locator('.atr-flex__slot').nth(i).boundingBox()));
    expect(boxes[0]!.y).toBeCloseTo(boxes[1]!.y, 0);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width - 1);
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-layout-visitor-flex.png'), fullPage: true });
    await visitor.close();
  });

  it('refuses a fourth area when the widths are all set; edits and deletes modules inside areas', async () => {
    const { page, server } = e2e;
    await clearToasts();
    const flex = page.locator('.atr-slot[data-module-type="flex"]');
    await flex.locator('.atr-slot__toolbar').getByRole('button', { name: '编辑' }).click();
    const drawer = openDrawer();
    for (const [i, w] of [30, 30, 40].entries()) await drawer.getByLabel(`区域 ${i + 1} 宽度`).fill(String(w));
    await drawer.getByRole('button', { name: '新增区域' }).click();
    await page.getByText('当前组件没有剩余空间，请重新规划后再次新增区域。').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-layout-no-space.png') });
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    expect(await drawer.getByTestId('flex-slot').count()).toBe(3);
    await drawer.getByRole('button', { name: '保存修改' }).click();
    await page.getByText('首页配置保存成功').last().waitFor();
    const stored = await (await page.request.get(`${server.url}/api/v1/applications/config?host=127.0.0.1:${server.port}`)).json();
    const slots = stored.homeConfig[0].template[0].components as Array<{ divWidth: number; modules: unknown[] }>;
    expect(slots.map((s) => s.divWidth)).toEqual([30, 30, 40]);
    expect(slots.map((s) => s.modules.length)).toEqual([1, 1, 1]);

    // edit and delete a module inside an area
    await clearToasts();
    const item = flex.locator('.atr-flex__item').filter({ hasText: '区域一的通知' });
    await item.locator('.atr-flex__item-bar').getByRole('button', { name: '编辑' }).click();
    const form = openDrawer();
    await form.getByLabel('模块标题').fill('区域一的公告');
    await form.getByRole('button', { name: '保存修改' }).click();
    await page.getByText('首页配置保存成功').last().waitFor();
    await flex.locator('[data-slot-id]').nth(0).getByText('区域一的公告').first().waitFor();
    await clearToasts();
    const third = flex.locator('.atr-flex__item').filter({ hasText: '区域三的学者' });
    await third.locator('.atr-flex__item-bar').getByRole('button', { name: '删除' }).click();
    await page.getByText('你确认要删除该模块吗？ 删除后数据不可恢复。').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await page.getByText('模块已删除').waitFor();
    const after = await (await page.request.get(`${server.url}/api/v1/applications/config?host=127.0.0.1:${server.port}`)).json();
    const slots2 = after.homeConfig[0].template[0].components as Array<{ modules: Array<{ alias: string }> }>;
    expect(slots2.map((s) => s.modules.map((m) => m.alias))).toEqual([['区域一的公告'], ['区域二的机构'], []]);
  });

  it('switches to the fullScreen style; a module creates a group, another joins it, the visitor sees one band', async () => {
    const { page, server } = e2e;
    await clearToasts();
    await chooseOption(page.locator('body'), '页面风格', '全屏分组风格');
    await page.getByText('页面风格已切换').waitFor();

    await clearToasts();
    await page.getByRole('button', { name: '添加模块' }).first().click();
    await page.getByRole('menuitem', { name: '通知公告' }).click();
    let drawer = openDrawer();
    await drawer.getByLabel('模块标题').fill('分组里的通知');
    await expect(drawer.getByRole('radio', { name: '新建分组' }).isChecked()).resolves.toBe(true);
    await drawer.getByLabel('描述').fill('本组汇集站点动态');
    await drawer.getByRole('radio', { name: '灰色' }).check();
    await saveForm(drawer);

    await clearToasts();
    await page.getByRole('button', { name: '添加模块' }).first().click();
    await page.getByRole('menuitem', { name: '通知公告' }).click();
    drawer = openDrawer();
    await drawer.getByLabel('模块标题').fill('分组里的公告');
    await drawer.getByRole('radio', { name: '加入已有分组' }).check();
    // the choice shown before saving (under load a click on the opening dropdown was lost, and the form
    // was refused for want of a group)
    await chooseOption(drawer, '选择分组', '分组里的通知');
    await saveForm(drawer);
    await page.screenshot({ path: path.join(artifacts, 'e2e-layout-editor-groups.png'), fullPage: true });

    const stored = await (await page.request.get(`${server.url}/api/v1/applications/config?host=127.0.0.1:${server.port}`)).json();
    const entry = stored.homeConfig[0];
    expect(entry.style).toBe('fullScreen');
    const grouped = entry.template.filter((m: { groupId?: string }) => m.groupId);
    expect(grouped).toHaveLength(2);
    expect(grouped[0].groupId).toMatch(/^group-/);
    expect(grouped[1].groupId).toBe(grouped[0].groupId);
    expect(Object.keys(entry.groups)).toEqual([grouped[0].groupId]);

    const visitor = await visitorPage();
    const band = visitor.locator('.atr-band[data-group-id]');
    await band.first().waitFor();
    expect(await band.count()).toBe(1);
    await band.getByText('分组里的通知').first().waitFor();
    await band.getByText('分组里的公告').first().waitFor();
    await band.getByText('本组汇集站点动态').waitFor();
    expect(await band.getAttribute('class')).toContain('atr-band--grey');
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-layout-visitor-groups.png'), fullPage: true });
    await visitor.close();
  });
});
