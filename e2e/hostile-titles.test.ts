/**
 * Hostile input in module titles: XSS payloads typed into the module title of
 * the editor's form are refused with 不能包含 HTML 标签 when they carry markup, and the ones without
 * markup (javascript: addresses, quotes, entities) are stored as plain text; the visitor's page then
 * shows them as text, no dialog opens and no page error happens. Payloads: server/test/xssPayloads.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../server/test/xssPayloads';
import { artifacts, releaseAll, apiCall, createApplication, signInConsole, useE2e } from './support';

const PHONE = '13800138777';
// the page and the visitor's page are watched: e2e.dialogs and e2e.pageErrors
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [PHONE] });
let appId: number;

describe('XSS payloads in module titles', () => {
  it('signs in and creates a released site on this server', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE);
    appId = await createApplication(page, server.url, { name: '安全测试门户', host: `127.0.0.1:${server.port}` });
    await releaseAll(page, server.url);
  });

  it('refuses a title with markup in the form, and stores one without markup as text', async () => {
    const { page, server } = e2e;
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
      const r = await apiCall<{ error?: { message: string } }>(page, server.url, 'POST', `/api/v1/applications/${appId}/home-config`, {
        homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [{ id: `x${i}`, type: 'notice', alias, span: 1 }] }],
      });
      if (/<\s*\/?\s*[a-zA-Z!]/.test(alias)) {
        expect(r.status, alias).toBe(400);
        expect(r.body.error?.message).toBe('不能包含 HTML 标签');
      } else {
        expect(r.status, alias).toBe(200);
      }
    }
    // the last saved page: the plain payload of the form
    const r = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/home-config`, {
      homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [{ id: 'plain', type: 'notice', alias: plain, span: 2 }] }],
    });
    expect(r.status).toBe(200);
  });

  it('shows the stored title to a visitor as text: no dialog, no page error', async () => {
    const { server } = e2e;
    const visitor = await e2e.newPage({ width: 1400, height: 900 });
    await visitor.goto(`${server.url}/`);
    const title = visitor.locator('[data-module-type="notice"] h3');
    await title.waitFor();
    expect(await title.textContent()).toBe('javascript:alert(1)" onmouseover="alert(2)');
    await title.hover();
    await visitor.waitForTimeout(500);
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-hostile-titles-visitor.png') });
    expect(e2e.dialogs).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
    await visitor.close();
  });
});
