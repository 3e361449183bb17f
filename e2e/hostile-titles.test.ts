/**
 * Hostile input in module titles (issue 4 'Hostile input'): XSS payloads typed into the module title of
 * the editor's form are refused with 不能包含 HTML 标签 when they carry markup, and the ones without
 * markup (javascript: addresses, quotes, entities) are stored as plain text; the visitor's page then
 * shows them as text, no dialog opens and no page error happens. Payloads: server/content/xssPayloads.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { XSS_PAYLOADS } from '../server/content/xssPayloads';
import { artifacts, launchChromium, releaseAll, startServer, type RunningServer, apiCall, createApplication, signInConsole } from './support';

const PHONE = '13800138777';
let server: RunningServer;
let browser: Browser;
let page: Page;
let appId: number;
const dialogs: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer({ ATRIUM_SEED_DEMO: '0' });
  server.cli('admin', 'add', '--phone', PHONE);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, locale: 'zh-CN' });
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  page.on('pageerror', (e) => errors.push(e.message));
  fs.mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('XSS payloads in module titles', () => {
  it('signs in and creates a released site on this server', async () => {
    await signInConsole(page, server, PHONE);
    appId = await createApplication(page, server.url, { name: '安全测试门户', host: `127.0.0.1:${server.port}` });
    await releaseAll(page, server.url);
  });

  it('refuses a title with markup in the form, and stores one without markup as text', async () => {
    await page.goto(`${server.url}/console/application/${appId}/editor`);
    const withMarkup = XSS_PAYLOADS.find((p) => p.includes('<script'))!;
    const plain = 'javascript:alert(1)" onmouseover="alert(2)';
    await page.getByRole('button', { name: '添加模块' }).first().click();
    await page.getByRole('menuitem', { name: '通知公告', exact: true }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('模块标题').fill(withMarkup.slice(0, 60));
    await drawer.getByRole('button', { name: '添加模块' }).click();
    await drawer.getByText('不能包含 HTML 标签').first().waitFor();
    await drawer.getByLabel('模块标题').fill(plain);
    await drawer.getByRole('button', { name: '添加模块' }).click();
    await page.getByText('首页配置保存成功').first().waitFor();

    // every payload through the API: refused when it carries markup, stored as typed otherwise
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const alias = payload.slice(0, 60);
      const r = await apiCall<{ error?: { message: string } }>(page, server.url, 'POST', `/api/v1/applications/${appId}/home-config`,
        { homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [{ id: `x${i}`, type: 'notice', alias, span: 1 }] }] });
      if (/<\s*\/?\s*[a-zA-Z!]/.test(alias)) {
        expect(r.status, alias).toBe(400);
        expect(r.body.error?.message).toBe('不能包含 HTML 标签');
      } else {
        expect(r.status, alias).toBe(200);
      }
    }
    // the last saved page: the plain payload of the form
    const r = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/home-config`,
      { homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [{ id: 'plain', type: 'notice', alias: plain, span: 2 }] }] });
    expect(r.status).toBe(200);
  });

  it('shows the stored title to a visitor as text: no dialog, no page error', async () => {
    const visitor = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
    visitor.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    visitor.on('pageerror', (e) => errors.push(e.message));
    await visitor.goto(`${server.url}/`);
    const title = visitor.locator('[data-module-type="notice"] h3');
    await title.waitFor();
    expect(await title.textContent()).toBe('javascript:alert(1)" onmouseover="alert(2)');
    await title.hover();
    await visitor.waitForTimeout(500);
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-hostile-titles-visitor.png') });
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();
  });
});
