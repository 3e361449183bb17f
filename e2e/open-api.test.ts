/**
 * The public read API end to end in Chromium (docs/decisions.md 630-637): a manager issues a key in the
 * application settings' 开放接口 card and copies it from the dialog that shows it once; a curl-like
 * fetch reads the site with it (no signature); the call is counted in the card and on
 * /console/analysis; the developer page /microapp/open (server-rendered) and the docs page
 * /microapp/open/docs show what can be read, desktop and 390 px. Screenshots go to test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, signInConsole, standsStill, useE2e } from './support';

const ADMIN = '13800138081';
const PHONE_SIZE = { width: 390, height: 844 };
const e2e = useE2e({ admins: [ADMIN] });
let appId = 0;
let key = '';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server, base } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, ADMIN);
  const config = await apiCall<{ applicationId: number }>(page, base, 'GET', '/api/v1/applications/config?host=localhost');
  appId = config.body.applicationId;
});

describe('open API', () => {
  it('a manager issues a key in 开放接口, shown once; a call with it is answered and counted', async () => {
    const { page, server, base } = e2e;
    await page.goto(`${server.url}/console/application/${appId}`);
    const card = page.locator('#open-api');
    await card.getByRole('heading', { name: '开放接口' }).waitFor();
    await clickSettled(card.getByRole('button', { name: '签发密钥' }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('图书馆发现系统');
    await clickSettled(dialog.getByRole('button', { name: '签发密钥' }));
    const value = page.getByTestId('api-key-value');
    await value.waitFor();
    key = await value.inputValue();
    expect(key).toMatch(/^atr_[A-Za-z0-9_-]{43}$/);
    await page.getByText('这是密钥唯一一次显示').waitFor();
    await shot(page, 'e2e-open-key-issued.png');
    await clickSettled(page.getByRole('button', { name: '我已保存' }));
    const row = card.locator('.ant-table-row', { hasText: '图书馆发现系统' });
    await row.waitFor();
    // listed by its prefix only
    expect(await row.textContent()).toContain(key.slice(0, 12));
    expect(await card.textContent()).not.toContain(key);

    // curl-like: a plain fetch with the key, no cookie, no signature
    const res = await fetch(`${base}/open/v1/search?q=`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totalElements: number };
    expect(typeof body.totalElements).toBe('number');
    const notices = await fetch(`${base}/open/v1/notices`, { headers: { 'x-api-key': key } });
    expect(notices.status).toBe(200);

    await page.reload();
    const counted = page.locator('#open-api .ant-table-row', { hasText: '图书馆发现系统' });
    await counted.waitFor();
    await expect.poll(async () => (await counted.locator('td').allTextContents()).slice(4, 6)).toEqual(['2', '2']);
    await shot(page, 'e2e-open-keys-card.png');

    await page.goto(`${server.url}/console/analysis?applicationId=${appId}`);
    const usage = page.getByTestId('api-key-usage');
    const usageRow = usage.locator('.ant-table-row', { hasText: '图书馆发现系统' });
    await usageRow.waitFor();
    const cells = await usageRow.locator('td').allTextContents();
    // today's column, then the sum
    expect(cells[1]).toBe('2');
    expect(cells.at(-1)).toBe('2');
    await usage.scrollIntoViewIfNeeded();
    await shot(page, 'e2e-open-analysis.png');
  });

  it('a revoked key is refused with a Chinese message', async () => {
    const { page, base } = e2e;
    await page.goto(`${e2e.server.url}/console/application/${appId}`);
    const row = page.locator('#open-api .ant-table-row', { hasText: '图书馆发现系统' });
    await clickSettled(row.getByRole('button', { name: /吊销/ }));
    await clickSettled(page.locator('.ant-modal-confirm').getByRole('button', { name: '吊销' }));
    await row.getByText('已吊销').waitFor();
    const res = await fetch(`${base}/open/v1/notices`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('该开放接口密钥已被吊销，请向站点管理员申请新的密钥');
  });

  it('/microapp/open is rendered on the server with the feeds, OAI-PMH and curl examples; /microapp/open/docs lists the operations', async () => {
    const { base } = e2e;
    const html = await (await fetch(`${base}/microapp/open`)).text();
    expect(html).toContain(`${base}/oai`);
    expect(html).toContain('/feeds/notices.rss');
    expect(html).toContain('curl');
    for (const [size, suffix] of [
      [undefined, 'desktop'],
      [PHONE_SIZE, 'phone'],
    ] as const) {
      const p = await e2e.newPage(size);
      p.setDefaultTimeout(15_000);
      await p.goto(`${base}/microapp/open`);
      await p.getByRole('heading', { name: '开放接口', level: 1 }).waitFor();
      await p.getByText(`${base}/oai`).first().waitFor();
      await p.getByText('订阅源').first().waitFor();
      await shot(p, `e2e-open-page-${suffix}.png`);
      await clickSettled(p.getByRole('link', { name: '查看接口文档' }));
      await p.getByRole('heading', { name: '开放接口文档', level: 1 }).waitFor();
      await p.getByText('/open/v1/search').first().waitFor();
      await clickSettled(p.getByText('/open/v1/search').first());
      await p.getByText('参数').first().waitFor();
      // the parameters of the search, once the panel has opened
      const q = p.getByRole('cell', { name: 'q', exact: true });
      await q.waitFor();
      await standsStill(q);
      await shot(p, `e2e-open-docs-${suffix}.png`);
      // the docs page names no other route than the public API's
      expect(await p.locator('.atr-open__op').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('/open/v1/notices')]));
      expect((await p.locator('.atr-open__op').allTextContents()).every((t) => t.includes('/open/v1/'))).toBe(true);
      await p.close();
    }
    expect(e2e.pageErrors).toEqual([]);
  });
});
