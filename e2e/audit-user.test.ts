/**
 * 新用户需审核 end to end in Chromium (issue 29 §6 `/console/uc/auditUser`; docs/decisions.md 660-664):
 * a manager turns the setting on in the application settings; a new reader signs in on the site and
 * sees the notice under the header, and is refused a comment with the Chinese message; the manager
 * finds them at /console/uc/auditUser (with the pending badge) and approves them; the reader's notice
 * is gone and their comment is accepted. Also at 390 px. Screenshots in test-artifacts/audit-user-*.png.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, createApplication, pageHydrated, releaseAll, signInByApi, signInConsole, useE2e } from './support';
import { MSG } from '../common/messages';
import { SITE_MSG } from '../common/siteMessages';

const ADMIN = '13800138661';
const READER = '13900139661';
const e2e = useE2e({ admins: [ADMIN] });
let appId: number;
let noticeId: number;

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  await signInConsole(page, server, ADMIN);
  appId = await createApplication(page, server.url, { name: '审核门户', host: `127.0.0.1:${server.port}` });
  await releaseAll(page, server.url);
  const n = await apiCall<{ noticeId: number }>(page, server.url, 'POST', '/api/v1/notices', {
    applicationId: appId,
    title: '新学期借阅须知',
    content: '<p>新学期每人可借 20 册。</p>',
    publishDateTime: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(n.status).toBe(201);
  noticeId = n.body.noticeId;
});

describe('新用户需审核', () => {
  it('a manager turns it on, a new reader waits with a notice, the manager approves them, they comment', async () => {
    const { server, page } = e2e;
    // the manager: the switch in the application settings
    await page.goto(`${server.url}/console/application/${appId}`);
    const card = page.locator('#reader-approval');
    await card.getByRole('heading', { name: MSG.readerApprovalTitle }).waitFor();
    const toggle = card.getByRole('switch', { name: MSG.readerApprovalLabel });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText(MSG.readerApprovalOn).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(artifacts, 'audit-user-1-switch.png') });

    // a new reader signs in and opens a notice: the notice under the header, the comment refused
    const noticeUrl = `${server.url}/resources/notices/${noticeId}`;
    const reader = await e2e.newPage();
    await signInByApi(reader.context(), server, READER);
    await reader.goto(noticeUrl);
    await reader.getByRole('heading', { name: '新学期借阅须知' }).waitFor();
    await reader.getByRole('status').getByText(SITE_MSG.readerApprovalNotice).waitFor();
    await pageHydrated(reader);
    await reader.getByRole('textbox', { name: /写下您的评论/ }).fill('请问周末开放吗？');
    await clickSettled(reader.getByRole('button', { name: '发表评论' }));
    await reader.getByText(MSG.readerApprovalPending).first().waitFor();
    await shot(reader, 'audit-user-2-waiting.png');
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.reload();
    await reader.getByText(SITE_MSG.readerApprovalNotice).waitFor();
    await reader.getByRole('button', { name: '发表评论' }).scrollIntoViewIfNeeded();
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(reader, 'audit-user-3-waiting-phone.png');

    // the personal centre says where they stand and leads to 账号设置, which they may still use (decision 658)
    await reader.goto(`${server.url}/microapp/helix/personalCenter`);
    await reader.getByText(MSG.helixHeldPendingTitle).waitFor();
    await shot(reader, 'audit-user-3b-centre-phone.png');
    await reader.setViewportSize({ width: 1400, height: 1000 });
    await reader.getByRole('link', { name: MSG.accountTitle }).click();
    await reader.waitForURL(/\/settings\/account$/);
    await reader.getByText(MSG.accountProfile).first().waitFor();
    await reader.getByText(MSG.accountSessions).first().waitFor();
    expect(await reader.getByText(MSG.readerApprovalPending).count()).toBe(0);
    await shot(reader, 'audit-user-3c-account.png');

    // the manager: the queue at /console/uc/auditUser with its badge, 通过
    await page.goto(`${server.url}/console/uc/auditUser?applicationId=${appId}`);
    await page.getByRole('heading', { name: '新用户审核' }).waitFor();
    await page.locator('.atr-console__menu .ant-badge', { hasText: '栏目内容' }).locator('.ant-badge-count', { hasText: '1' }).waitFor();
    const row = page.locator('.ant-table-row', { hasText: '139****9661' });
    await row.waitFor();
    await shot(page, 'audit-user-4-queue.png');
    await clickSettled(row.getByRole('button', { name: '通过' }));
    await page.getByText('已处理 1 条').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '139****9661' }).count()).toBe(0);

    // the reader: the notice gone, the comment accepted (a new account's first comment is reviewed)
    await reader.goto(noticeUrl);
    await reader.getByRole('heading', { name: '新学期借阅须知' }).waitFor();
    await pageHydrated(reader);
    expect(await reader.getByText(SITE_MSG.readerApprovalNotice).count()).toBe(0);
    await reader.getByRole('textbox', { name: /写下您的评论/ }).fill('请问周末开放吗？');
    await clickSettled(reader.getByRole('button', { name: '发表评论' }));
    await reader
      .getByText(/评论已(提交|发表)/)
      .first()
      .waitFor();
    await shot(reader, 'audit-user-5-approved.png');
    expect(e2e.pageErrors).toEqual([]);
  });
});
