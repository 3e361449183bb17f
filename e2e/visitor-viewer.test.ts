/**
 * The visitor's image viewer in Chromium (spec 2 §2 'Image viewer', §9; docs/decisions.md 432): on a
 * server-rendered notice with two images at /resources/notices/{id}, a click on an image opens the spec's
 * viewer (not antd's default) at z-index 2000; Right at the second image wraps to the first, Left at the
 * first wraps to the second, Up and Down zoom, Space toggles the size mode, Escape closes. The page is
 * hydrated without an error, at 1280 px and on a 390 px phone. A report's body (/microapp/report/detail/{id})
 * opens the same viewer.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, pageHydrated, releaseAll, signInByApi, useE2e } from './support';

const SUPER = '13800138041';
const e2e = useE2e({ admins: [SUPER], page: false });
let noticeId = 0;
let first = '';
let second = '';
let reportId = 0;

beforeAll(async () => {
  const { server, base } = e2e;
  const ctx = await e2e.newContext();
  await signInByApi(ctx, server, SUPER, base);
  first = `${base}/demo/banner-1.svg`;
  second = `${base}/demo/news-3.svg`;
  const created = await apiCall(ctx, base, 'POST', '/api/v1/notices', {
    applicationId: 1,
    moduleId: 'demo-notice',
    title: '图书馆新馆落成',
    type: '消息公告',
    content: `<p>新馆外景：</p><p><img src="${first}" alt="外景"></p><p>阅览室：</p><p><img src="${second}" alt="阅览室"></p>`,
    active: 1,
    publishDateTime: new Date().toISOString(),
  });
  expect(created.status, created.text).toBe(201);
  noticeId = (created.body as { noticeId: number }).noticeId;
  // a report with two images in its body, on a site of this server's 127.0.0.1 address
  const topic = await apiCall<{ id: number }>(ctx, base, 'POST', '/api/v1/topics', { title: '图像查看专题' });
  expect(topic.status, topic.text).toBe(201);
  const app = await apiCall<{ applicationId: number }>(ctx, base, 'POST', '/api/v1/applications', {
    name: '报告图片门户',
    host: `127.0.0.1:${server.port}`,
    topicId: topic.body.id,
  });
  expect(app.status, app.text).toBe(201);
  const page = await ctx.newPage();
  await releaseAll(page, base);
  const report = await apiCall<{ id: number }>(ctx, base, 'POST', `/api/v1/topics/${topic.body.id}/resources`, {
    type: 'report',
    published: true,
    title: '新馆建设报告',
    date: '2026-06-01',
    fields: { reportType: '研究报告', body: `<p><img src="${first}" alt="外景"></p><p><img src="${second}" alt="阅览室"></p>` },
  });
  expect(report.status, report.text).toBe(201);
  reportId = report.body.id;
  await ctx.close();
});

/** The open viewer's layer, its counter and the image it shows. */
const viewer = (p: Page) => p.locator('.ant-image-preview').filter({ visible: true });
const shown = (p: Page) => viewer(p).locator('.atr-viewer__img');
const counter = (p: Page) => viewer(p).locator('.ant-image-preview-progress');

describe('the image viewer on a visitor page', () => {
  for (const [label, size] of [
    ['at 1280 px', { width: 1280, height: 900 }],
    ['on a 390 px phone', { width: 390, height: 844 }],
  ] as const) {
    it(`opens the spec's viewer on a notice's images ${label}: keys wrap, zoom and toggle the size, z-index 2000`, async () => {
      const page = await e2e.newPage(size);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      const url = `${e2e.base}/resources/notices/${noticeId}`;
      // server-rendered: the images are in the page's HTML before any script runs
      const html = await (await page.request.get(url)).text();
      expect(html).toContain('图书馆新馆落成');
      expect(html).toContain(`src="${second}"`);
      // hydrated once its scripts are in (a click before that does nothing)
      await page.goto(url);
      await pageHydrated(page);
      await page.getByRole('heading', { name: '图书馆新馆落成' }).waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.atr-notice__content img')].every((i) => i.complete));

      await page.locator('.atr-notice__content img[alt="阅览室"]').click();
      await shown(page).waitFor();
      expect(await shown(page).getAttribute('src')).toBe(second);
      await expect.poll(() => counter(page).innerText()).toBe('2 / 2');
      // the layer's stacking order: the nearest element up from the preview that sets one
      const zIndex = await viewer(page).evaluate((el) => {
        for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).zIndex !== 'auto') return getComputedStyle(e).zIndex;
        return 'auto';
      });
      expect(zIndex).toBe('2000');

      // Right at the last image wraps to the first, Left at the first back to the last
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => shown(page).getAttribute('src')).toBe(first);
      await expect.poll(() => counter(page).innerText()).toBe('1 / 2');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => shown(page).getAttribute('src')).toBe(second);
      await expect.poll(() => counter(page).innerText()).toBe('2 / 2');

      // Up and Down zoom by 0.2 (the toolbar shows the scale)
      const scale = viewer(page).locator('.atr-viewer__scale');
      await expect.poll(() => scale.innerText()).toBe('100%');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => scale.innerText()).toBe('120%');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => scale.innerText()).toBe('140%');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => scale.innerText()).toBe('120%');
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(artifacts, `visitor-viewer-${size.width}.png`) });

      // Space toggles the size mode (the toolbar then offers the other one) and resets the zoom
      await viewer(page).getByRole('button', { name: '原始大小' }).waitFor();
      await page.keyboard.press('Space');
      await viewer(page).getByRole('button', { name: '适应窗口' }).waitFor();
      await expect.poll(() => scale.innerText()).toBe('100%');
      await page.keyboard.press('Space');
      await viewer(page).getByRole('button', { name: '原始大小' }).waitFor();

      // Escape closes; the page is still there
      await page.keyboard.press('Escape');
      await expect.poll(() => shown(page).count()).toBe(0);
      await page.getByRole('heading', { name: '图书馆新馆落成' }).waitFor();
      await page.close();
      expect(e2e.pageErrors).toEqual([]);
      // hydration found the server's markup (React reports a mismatch on the console)
      expect(consoleErrors.filter((m) => /hydrat|did not match/i.test(m))).toEqual([]);
    });
  }

  it("opens it on a report's body too, wrapping around", async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    await page.goto(`${e2e.server.url}/microapp/report/detail/${reportId}`);
    await pageHydrated(page);
    await page.getByRole('heading', { name: '新馆建设报告' }).waitFor();
    await page.locator('.atr-report__body img[alt="外景"]').click();
    await expect.poll(() => shown(page).getAttribute('src')).toBe(first);
    await expect.poll(() => counter(page).innerText()).toBe('1 / 2');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page).getAttribute('src')).toBe(second);
    await expect.poll(() => counter(page).innerText()).toBe('2 / 2');
    await page.keyboard.press('Escape');
    await expect.poll(() => shown(page).count()).toBe(0);
    await page.close();
    expect(e2e.pageErrors).toEqual([]);
  });
});
