/**
 * Uploads and the image viewer in Chromium (spec 2 §2 'Image viewer', §4, §5, §8): a signed-in manager
 * on /console/files uploads a real PNG (listed, served back byte-identical, previewed), an attachment
 * through the drop zone, is refused a renamed executable with 图片格式不正确 (browser check) and
 * 不支持该文件格式 (server check), sees 图片上传失败，请稍后再试 / 文件上传失败，请稍后再试 when an upload
 * fails (a 500 with a text body; spec 2 §8), drives the viewer by keys (Right wraps, Space
 * toggles the size mode, Up zooms, Escape closes) and deletes a file. Screenshots go to test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { artifacts, signInConsole, useE2e } from './support';
import { makeElf, makePng } from '../server/test/files';

const PHONE = '13800138001';
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [PHONE], page: { width: 1400, height: 900 } });
const diagram = makePng(320, 200);
const second = makePng(90, 160);

const imageInput = () => e2e.page.locator('.atr-image-upload input[type=file]');
const fileInput = () => e2e.page.locator('.atr-files-uploads__drop input[type=file]');
const viewerImg = () => e2e.page.locator('.atr-viewer .atr-viewer__img');

describe('uploads on /console/files', () => {
  it('signs in and opens 我的文件', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE, { url: `${server.url}/console/files`, then: /\/console\/files/ });
    await page.getByRole('heading', { name: '我的文件' }).waitFor();
    await page.getByText('还没有上传文件').waitFor();
  });

  it('uploads a real PNG: listed, shown at 100 %, served back byte-identical', async () => {
    const { page, server } = e2e;
    await imageInput().setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: diagram });
    const row = page.getByRole('row').filter({ hasText: 'diagram.png' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('320 × 200');
    await page.locator('.atr-image-upload[data-state=success] img').waitFor();
    const href = await row.getByRole('link', { name: 'diagram.png' }).getAttribute('href');
    expect(href).toMatch(/^\/files\/[A-Za-z0-9_-]+\.png$/);
    const res = await page.request.get(`${server.url}${href}`);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await res.body()).equals(diagram)).toBe(true);
  });

  it('uploads an image and a text file through the drop zone', async () => {
    const { page } = e2e;
    await fileInput().setInputFiles([{ name: 'second.png', mimeType: 'image/png', buffer: second }]);
    await page.getByRole('row').filter({ hasText: 'second.png' }).waitFor();
    await fileInput().setInputFiles({ name: '会议纪要.txt', mimeType: 'text/plain', buffer: Buffer.from('第一项：上传功能验收\n') });
    await page.getByRole('row').filter({ hasText: '会议纪要.txt' }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-uploads-list.png'), fullPage: true });
  });

  it('refuses a renamed executable with 图片格式不正确, and the server refuses it as an attachment', async () => {
    const { page } = e2e;
    await imageInput().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makeElf() });
    await page.locator('.atr-image-upload__error').filter({ hasText: '图片格式不正确' }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-uploads-refused.png') });
    await fileInput().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makeElf() });
    await page.locator('.ant-message').getByText('不支持该文件格式').waitFor();
    // the failed file left the upload list; nothing new in the table
    await expect.poll(() => page.locator('.atr-files-uploads__drop .ant-upload-list-item').count(), { timeout: 10_000 }).toBe(2);
    await expect(page.getByRole('row').filter({ hasText: 'photo.png' }).count()).resolves.toBe(0);
  });

  it('says 图片上传失败，请稍后再试 / 文件上传失败，请稍后再试 when the upload fails, not the server text (spec 2 §8)', async () => {
    const { page } = e2e;
    const failing = (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'text/plain; charset=utf-8', body: 'Internal Server Error: disk full' })
        : route.fallback();
    await page.route('**/api/v1/files', failing);
    await page.route('**/api/v2/files', failing);
    try {
      await imageInput().setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: second });
      await page.locator('.atr-image-upload__error').filter({ hasText: '图片上传失败，请稍后再试' }).waitFor();
      await page.locator('.ant-message').getByText('图片上传失败，请稍后再试').waitFor();
      await expect(page.locator('.atr-image-upload').getAttribute('data-state')).resolves.toBe('error');
      await page.screenshot({ path: path.join(artifacts, 'e2e-uploads-failed.png') });
      await fileInput().setInputFiles({ name: '议程.txt', mimeType: 'text/plain', buffer: Buffer.from('议程\n') });
      await page.locator('.ant-message').getByText('文件上传失败，请稍后再试').waitFor();
      await expect(page.getByText('disk full').count()).resolves.toBe(0);
      // nothing was stored: the failed file left the upload list, and the table has no new row
      await expect.poll(() => page.locator('.atr-files-uploads__drop .ant-upload-list-item').count(), { timeout: 10_000 }).toBe(2);
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: /third\.png|议程\.txt/ })
          .count(),
      ).resolves.toBe(0);
    } finally {
      await page.unroute('**/api/v1/files', failing);
      await page.unroute('**/api/v2/files', failing);
    }
  });

  it('previews in the viewer: Right wraps, Space toggles the size mode, Up zooms, Escape closes', async () => {
    const { page } = e2e;
    // newest first: second.png (index 0), diagram.png (index 1)
    await page.getByRole('row').filter({ hasText: 'diagram.png' }).getByRole('button', { name: /预览/ }).click();
    await viewerImg().waitFor();
    await expect(viewerImg().getAttribute('data-index')).resolves.toBe('1');
    await expect(viewerImg().getAttribute('src')).resolves.toMatch(/\.png$/);
    const zIndex = await page
      .locator('.atr-viewer')
      .first()
      .evaluate((el) => getComputedStyle(el).zIndex);
    expect(zIndex).toBe('2000');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerImg().getAttribute('data-index')).toBe('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerImg().getAttribute('data-index')).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => viewerImg().getAttribute('data-index')).toBe('1');
    await page.getByRole('button', { name: '下一张' }).first().click();
    await expect.poll(() => viewerImg().getAttribute('data-index')).toBe('0');
    await page.getByRole('button', { name: '上一张' }).first().click();
    await expect.poll(() => viewerImg().getAttribute('data-index')).toBe('1');
    await page.keyboard.press('Space');
    await expect.poll(() => viewerImg().getAttribute('data-mode')).toBe('original');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => viewerImg().getAttribute('data-scale')).toBe('1.2');
    await page.getByRole('button', { name: '向右旋转' }).click();
    await expect.poll(() => viewerImg().getAttribute('data-rotate')).toBe('90');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, 'e2e-uploads-viewer.png') });
    await page.keyboard.press('Space'); // back to contain: the transform resets
    await expect.poll(() => viewerImg().getAttribute('data-scale')).toBe('1');
    await expect(viewerImg().getAttribute('data-rotate')).resolves.toBe('0');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => viewerImg().getAttribute('data-scale')).toBe('0.8');
    await page.keyboard.press('Escape');
    await expect.poll(() => viewerImg().isVisible()).toBe(false);
  });

  it('shows 加载失败 when an image cannot be loaded', async () => {
    const { page } = e2e;
    await page.route('**/files/*.png', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'diagram.png' }).getByText('加载失败').waitFor();
    await page.unroute('**/files/*.png');
  });

  it('deletes a file after confirming', async () => {
    const { page } = e2e;
    const row = page.getByRole('row').filter({ hasText: '会议纪要.txt' });
    await row.getByRole('button', { name: /删除/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText('文件已删除').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '会议纪要.txt' }).count()).toBe(0);
  });
});
