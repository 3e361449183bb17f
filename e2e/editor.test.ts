/**
 * End to end in Chromium: a manager builds a home page in the editor —
 * adds three panels, reorders them by dragging with the mouse and with the keyboard, widens one by
 * dragging its right edge, undoes with Ctrl+Z and redoes with Ctrl+Shift+Z, opens 历史版本, previews an
 * older revision and restores it. After each step the visitor page (a separate browser page) shows the
 * saved layout. Screenshots are kept under test-artifacts/editor-*.png.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, releaseAll, signInConsole, createApplication, topicId, useE2e } from './support';

const PHONE = '13800138001';
const e2e = useE2e({ admins: [PHONE] });
let appId: number;

/** A screenshot once drawers and dialogs have finished their animations. */
async function shot(name: string) {
  const { page } = e2e;
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(artifacts, `editor-${name}.png`) });
}

/** The module types in the editor's order, and their spans. */
async function editorLayout(): Promise<Array<[string, number]>> {
  return e2e.page
    .locator('.atr-grid [data-module-id]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-module-type')!, Number(e.getAttribute('data-span'))] as [string, number]));
}

/** The visitor page's panels in order with their rendered width in px (the 1210 px container). */
async function visitorLayout(): Promise<Array<[string, number]>> {
  const v = await e2e.newPage();
  await v.goto(`${e2e.server.url}/`);
  await v.locator('.atr-grid [data-module-id]').first().waitFor({ timeout: 90_000 });
  const out = await v
    .locator('.atr-grid [data-module-id]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-module-type')!, Math.round(e.getBoundingClientRect().width)] as [string, number]));
  await v.close();
  return out;
}

/** Widths of the spans on the 1210 px row with 16 px gaps (app/site/layout.ts). */
const px = (f: number) => Math.round(f === 1 ? 1210 : f * 1210 - 16 * (1 - f));

/** Waits for a save message, then lets it go so the next one can be awaited. */
async function saved(text: string) {
  const { page } = e2e;
  await page.locator('.ant-message').getByText(text).last().waitFor();
  await page.waitForFunction(() => !document.querySelector('.atr-editor__bar .ant-spin'));
}

describe('a manager edits the home page with drag, resize, undo and revisions', () => {
  it('signs in and opens the editor of a new application', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE);
    appId = await createApplication(page, server.url, {
      name: '编辑器门户',
      host: `127.0.0.1:${server.port}`,
      topicId: await topicId(page, server.url, '综合资源'),
    });
    await releaseAll(page, server.url); // visitors see released sites only (decision #138)
    await page.goto(`${server.url}/console/application/${appId}/editor`);
    await page.getByText('首页还没有模块').waitFor();
    await expect(page.getByRole('button', { name: '撤销' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: '重做' }).isDisabled()).resolves.toBe(true);
  });

  it('adds three panels', async () => {
    const { page } = e2e;
    for (const label of ['通知公告', '新闻', '学者']) {
      await page.getByRole('button', { name: '添加模块' }).click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      await page.locator('.ant-drawer').getByRole('button', { name: '添加模块' }).click();
      await saved('首页配置保存成功');
      await page
        .locator('.ant-drawer-open')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
    }
    expect(await editorLayout()).toEqual([
      ['notice', 1],
      ['news', 3],
      ['scholar', 4],
    ]);
    expect(await visitorLayout()).toEqual([
      ['notice', px(1 / 3)],
      ['news', px(2 / 3)],
      ['scholar', px(3 / 4)],
    ]);
    await page.locator('[data-module-type="scholar"]').getByText('暂无数据').waitFor({ state: 'detached' });
    await shot('1-three-panels');
  });

  it('reorders by dragging a grip with the mouse', async () => {
    const { page } = e2e;
    const grip = page.locator('[data-module-type="scholar"] .atr-slot__grip');
    const target = page.locator('[data-module-type="notice"]');
    const g = (await grip.boundingBox())!;
    const t = (await target.boundingBox())!;
    await page.mouse.move(g.x + g.width / 2, g.y + g.height / 2);
    await page.mouse.down();
    await page.mouse.move(g.x + 20, g.y - 20, { steps: 5 });
    await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2, { steps: 15 });
    await shot('2-dragging');
    await page.mouse.move(t.x + t.width / 2 - 2, t.y + t.height / 2, { steps: 2 });
    await page.mouse.up();
    await saved('顺序已保存');
    expect((await editorLayout()).map(([t]) => t)).toEqual(['scholar', 'notice', 'news']);
    expect((await visitorLayout()).map(([t]) => t)).toEqual(['scholar', 'notice', 'news']);
  });

  it('reorders with the keyboard: Space picks up, arrows move, Space drops', async () => {
    const { page } = e2e;
    const grip = page.locator('[data-module-type="news"] .atr-slot__grip');
    await grip.focus();
    await page.keyboard.press('Space');
    // the screen reader hears each step in Chinese (dnd-kit's live region); the sensor starts listening
    // for arrows a moment after the pick-up, so step until the panel is announced at the first place
    const live = page.locator('[aria-live]').filter({ hasText: /模块「新闻动态」/ });
    await live.waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    for (let i = 0; i < 6 && !(await live.textContent())?.includes('移到第 1 个位置'); i++) {
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(400);
    }
    await live.filter({ hasText: '模块「新闻动态」移到第 1 个位置。' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await saved('顺序已保存');
    expect((await editorLayout()).map(([t]) => t)).toEqual(['news', 'scholar', 'notice']);
    expect((await visitorLayout()).map(([t]) => t)).toEqual(['news', 'scholar', 'notice']);
    await shot('3-keyboard-reordered');
  });

  it('widens a panel by dragging its right edge; the width snaps to a span', async () => {
    const { page } = e2e;
    const slot = page.locator('[data-module-type="notice"]');
    const edge = slot.locator('.atr-slot__resize');
    await slot.scrollIntoViewIfNeeded();
    const e = (await edge.boundingBox())!;
    const row = (await page.locator('.atr-grid').boundingBox())!;
    const s = (await slot.boundingBox())!;
    await page.mouse.move(e.x + e.width / 2, e.y + e.height / 2);
    await page.mouse.down();
    // drag the edge to a little past half the row: it snaps to 1/2
    await page.mouse.move(s.x + row.width * 0.52, e.y + e.height / 2, { steps: 12 });
    await page.locator('.atr-resize-guide__line.is-active').getByText('1/2').waitFor();
    await shot('4-resizing');
    await page.mouse.up();
    await saved('宽度已保存');
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 2],
    ]);
    expect(await visitorLayout()).toEqual([
      ['news', px(2 / 3)],
      ['scholar', px(3 / 4)],
      ['notice', px(1 / 2)],
    ]);
    // and by keyboard: the edge is a slider
    await edge.focus();
    await page.keyboard.press('ArrowRight');
    await saved('宽度已保存');
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 3],
    ]);
    await shot('5-widened');
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z, each saved', async () => {
    const { page, server } = e2e;
    await page.locator('.atr-editor__title').click();
    await page.keyboard.press('Control+z');
    await saved('已撤销');
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 2],
    ]);
    expect(await visitorLayout()).toEqual([
      ['news', px(2 / 3)],
      ['scholar', px(3 / 4)],
      ['notice', px(1 / 2)],
    ]);
    await page.keyboard.press('Control+z');
    await saved('已撤销');
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 1],
    ]);
    await page.keyboard.press('Control+Shift+z');
    await saved('已重做');
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 2],
    ]);
    // a refused save: the message shows and the screen stays as it was
    const url = `${server.url}/api/v1/applications/${appId}/home-config`;
    await page.route(url, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'conflict', message: '首页配置已被他人修改，请刷新后重试' } }),
      }),
    );
    await page.keyboard.press('Control+z');
    await page.locator('.ant-message').getByText('首页配置已被他人修改，请刷新后重试').waitFor();
    await page.unroute(url);
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 2],
    ]);
    expect(await visitorLayout()).toEqual([
      ['news', px(2 / 3)],
      ['scholar', px(3 / 4)],
      ['notice', px(1 / 2)],
    ]);
    // the reloaded editor shows what was saved; its history starts afresh
    await page.reload();
    await page.locator('[data-module-type="notice"]').waitFor();
    expect(await editorLayout()).toEqual([
      ['news', 3],
      ['scholar', 4],
      ['notice', 2],
    ]);
    expect(await visitorLayout()).toEqual([
      ['news', px(2 / 3)],
      ['scholar', px(3 / 4)],
      ['notice', px(1 / 2)],
    ]);
    await expect(page.getByRole('button', { name: '撤销' }).isDisabled()).resolves.toBe(true);
    await shot('6-after-undo-redo');
  });

  it('previews an older revision in 历史版本 and restores it', async () => {
    const { page, server } = e2e;
    await page.getByRole('button', { name: '历史版本' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '历史版本' });
    await drawer.getByText('重做：调整宽度：「通知公告」 1/3 → 1/2').waitFor();
    await drawer.getByText('共 10 条').waitFor();
    const row = drawer.getByRole('row').filter({ hasText: '添加模块「学者」' });
    await row.waitFor();
    await shot('7-revisions');
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.getByTestId('revision-preview');
    await preview.locator('[data-module-type="scholar"]').waitFor();
    const previewOrder = await preview.locator('[data-module-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-module-type')));
    expect(previewOrder).toEqual(['notice', 'news', 'scholar']);
    expect(await preview.locator('.atr-slot__toolbar, .atr-slot__grip, .atr-slot__resize').count()).toBe(0);
    await shot('8-preview');
    await page.locator('.ant-modal').getByRole('button', { name: '恢复此版本' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await page.getByText('已恢复到所选版本').waitFor();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    expect(await editorLayout()).toEqual([
      ['notice', 1],
      ['news', 3],
      ['scholar', 4],
    ]);
    expect(await visitorLayout()).toEqual([
      ['notice', px(1 / 3)],
      ['news', px(2 / 3)],
      ['scholar', px(3 / 4)],
    ]);
    const v = await e2e.newPage();
    await v.goto(`${server.url}/`);
    await v.locator('[data-module-type="scholar"]').waitFor();
    await v.screenshot({ path: path.join(artifacts, 'editor-9-visitor-restored.png'), fullPage: true });
    await v.close();
    // the restore is itself a revision, and can be undone
    await page.getByRole('button', { name: '历史版本' }).click();
    await drawer
      .getByText(/^恢复到 .* 的版本$/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: '撤销' }).isEnabled()).resolves.toBe(true);
  });
});
