/**
 * Feedback end to end in Chromium (issue 29 item 3; docs/decisions.md 570-579): a signed-out reader
 * follows the footer's 意见反馈 from a page of the site, is sent to the site's sign-in page and comes
 * back to /temp/contact, sees the contact details (server-rendered), sends feedback with a screenshot
 * and the page it came from, and finds it in 我的反馈 as 待处理; a manager opens it in
 * /console/fb/feedback, sees the text and the screenshot, marks it 处理中 and replies; the reader sees
 * the reply on /temp/contact; the manager closes it (confirmed) and the reader sees 已关闭. Screenshots (desktop and a 390 px phone) go to test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, apiCall, artifacts, clickSettled, signInConsole, standsStill, useE2e } from './support';
import { makePng } from '../server/test/files';

const ADMIN = '13800138071';
const READER = '13800138072';
const PHONE_SIZE = { width: 390, height: 844 };
const e2e = useE2e({ admins: [ADMIN] });
let appId = 0;
const TEXT = '期刊导航里《计算机学报》的链接打不开 <b>请修复</b>';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server, base } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, ADMIN);
  const config = await apiCall<{ applicationId: number }>(page, base, 'GET', '/api/v1/applications/config?host=localhost');
  appId = config.body.applicationId;
  // the site's contact details, as a manager saves them in the site settings
  const saved = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/footer-config`, {
    footerConfig: { address: '北京市海淀区中关村北四环西路 33 号', phone: '010-12345678', mail: 'service@example.cn', hours: '周一至周五 8:30-17:30' },
  });
  expect([saved.status, saved.text]).toEqual([200, expect.any(String)]);
});

describe('feedback', () => {
  it('a reader sends feedback from the footer link with a screenshot; a manager replies; the reader sees the reply', async () => {
    const { server, base } = e2e;
    const ctx = await e2e.newContext();
    const reader = await ctx.newPage();
    reader.setDefaultTimeout(15_000);
    await reader.goto(`${base}/microapp/explore`);
    const link = reader.locator('.atr-footer').getByRole('link', { name: '意见反馈' });
    await clickSettled(link);
    // signed out: the site's sign-in page, which comes back to the contact page with its ?from=
    await reader.waitForURL(/\/login\?redirect=/);
    await signInConsole(reader, server, READER, { url: reader.url(), login: /\/login\?redirect=/, then: /\/temp\/contact\?from=%2Fmicroapp%2Fexplore$/ });
    await reader.getByRole('heading', { name: '联系我们' }).waitFor();
    await reader.getByText('周一至周五 8:30-17:30').waitFor();
    await reader.getByText('来源页面：/microapp/explore').waitFor();
    // rendered on the server for a signed-in reader
    const html = await (await reader.request.get(reader.url())).text();
    expect(html).toContain('北京市海淀区中关村北四环西路 33 号');

    await clickSettled(reader.locator('.ant-radio-button-wrapper', { hasText: '访问问题' }));
    expect(await reader.getByRole('radio', { name: '访问问题' }).isChecked()).toBe(true);
    await reader.getByLabel('反馈内容').fill(TEXT);
    await reader.getByLabel('截图（可选）').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: makePng(320, 200) });
    await reader.getByText('截图.png').waitFor();
    await clickSettled(reader.getByRole('button', { name: '提交反馈' }));
    await reader.getByText('反馈已提交').waitFor();
    const mine = reader.getByTestId('my-feedback').first();
    await mine.getByText('待处理').waitFor();
    // the text is shown as text, markup and all
    await mine.getByText(TEXT).waitFor();
    await mine.getByRole('img', { name: '截图' }).waitFor();
    await shot(reader, 'e2e-feedback-contact-desktop.png');

    // the manager: the list, the drawer, 处理中, the reply
    const { page } = e2e;
    await page.goto(`${server.url}/console/fb/feedback?applicationId=${appId}&state=pending`);
    const row = page.locator('.ant-table-row', { hasText: '访问问题' }).first();
    await row.waitFor();
    await clickSettled(row.getByRole('button', { name: '查看' }));
    await page.waitForURL(/[?&]id=\d+/);
    const drawer = page.getByRole('dialog');
    await drawer.getByText(TEXT).waitFor();
    await drawer.getByText('/microapp/explore').waitFor();
    const img = drawer.getByRole('img', { name: '截图' });
    await standsStill(img);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
    await clickSettled(drawer.getByRole('button', { name: '标记为处理中' }));
    await drawer.getByText('处理中', { exact: true }).waitFor();
    await drawer.getByLabel('回复').fill('链接已更新，感谢指正。');
    await clickSettled(drawer.getByRole('button', { name: '发送回复' }));
    await drawer.getByText('已回复', { exact: true }).waitFor();
    await shot(page, 'e2e-feedback-console-drawer.png');
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => !u.searchParams.has('id'));

    // the reader sees the reply in 我的反馈
    await reader.reload();
    const replied = reader.getByTestId('my-feedback').first();
    await replied.getByText('链接已更新，感谢指正。').waitFor();
    await replied.getByText('已回复').waitFor();
    await shot(reader, 'e2e-feedback-contact-replied.png');

    // on a phone
    const phone = await ctx.newPage();
    await phone.setViewportSize(PHONE_SIZE);
    await phone.goto(`${base}/temp/contact`);
    await phone.getByText('链接已更新，感谢指正。').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'e2e-feedback-contact-phone.png');

    // the manager closes it (confirmed); the reader sees 已关闭 with the reply kept
    await page.goto(`${server.url}/console/fb/feedback?applicationId=${appId}&state=replied`);
    await clickSettled(page.locator('.ant-table-row', { hasText: '访问问题' }).first().getByRole('button', { name: '查看' }));
    const again = page.getByRole('dialog');
    await clickSettled(again.getByRole('button', { name: '关闭', exact: true }).last());
    await answerConfirm(page, '关闭后不能再回复', '确定关闭');
    await again.getByText('已关闭', { exact: true }).waitFor();
    await phone.reload();
    await phone.getByTestId('my-feedback').first().getByText('已关闭').waitFor();
    await ctx.close();
  });
});
