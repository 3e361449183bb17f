/**
 * Comments end to end in Chromium (docs/decisions.md 550-563): a signed-out visitor sees 登录后评论 under
 * a notice; signed in, they comment (held for review by a sensitive word under 先审后发, shown to them
 * as 审核中); a manager finds it at /console/cc/comment with the word marked and the pending badge in the
 * navigation, approves it; the visitor and a signed-out reader then see it, its address a link. Also at
 * 390 px. Screenshots in test-artifacts/comments-*.png.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, createApplication, releaseAll, signInByApi, signInConsole, useE2e } from './support';

const ADMIN = '13800138061';
const READER = '13900139061';
const e2e = useE2e({ admins: [ADMIN] });
let appId: number;
let noticeId: number;
const TEXT = '开放时间很方便，但违禁内容请删除，详见 https://lib.example.cn/hours';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  await signInConsole(page, server, ADMIN);
  appId = await createApplication(page, server.url, { name: '评论门户', host: `127.0.0.1:${server.port}` });
  await releaseAll(page, server.url);
  const n = await apiCall<{ noticeId: number }>(page, server.url, 'POST', '/api/v1/notices', {
    applicationId: appId,
    title: '寒假开馆时间调整',
    content: '<p>寒假期间每天 9:00-17:00 开馆。</p>',
    publishDateTime: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(n.status).toBe(201);
  noticeId = n.body.noticeId;
  const words = await apiCall(page, server.url, 'PUT', `/api/v1/applications/${appId}/sensitive-words`, { text: '违禁\n广告' });
  expect(words.status).toBe(200);
});

describe('comments', () => {
  it('a visitor comments on a notice, a manager approves it at /console/cc/comment, the visitor sees it', async () => {
    const { server } = e2e;
    const noticeUrl = `${server.url}/resources/notices/${noticeId}`;

    // signed out: the prompt to sign in
    const anon = await e2e.newPage();
    await anon.goto(noticeUrl);
    await anon.getByRole('heading', { name: '寒假开馆时间调整' }).waitFor();
    await anon.getByRole('link', { name: '登录后评论' }).waitFor();
    expect(await anon.getByRole('link', { name: '登录后评论' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/resources/notices/${noticeId}`)}`,
    );
    await anon.getByText('暂无评论，欢迎发表看法').waitFor();
    await shot(anon, 'comments-1-signed-out.png');

    // signed in: write a comment; the sensitive word holds it, the author sees it as 审核中
    const reader = await e2e.newPage();
    await signInByApi(reader.context(), server, READER);
    await reader.goto(noticeUrl);
    const box = reader.getByRole('textbox', { name: /写下您的评论/ });
    await box.fill(TEXT);
    await clickSettled(reader.getByRole('button', { name: '发表评论' }));
    await reader.getByText('评论已提交，审核通过后显示').waitFor();
    const mine = reader.locator('.atr-comment', { hasText: '开放时间很方便' });
    await mine.getByText('审核中').waitFor();
    await shot(reader, 'comments-2-pending.png');
    // nobody else sees it yet
    await anon.reload();
    await anon.getByText('暂无评论，欢迎发表看法').waitFor();

    // the manager: the badge, the queue with the word marked, 通过
    const { page } = e2e;
    await page.goto(`${server.url}/console/cc/comment?applicationId=${appId}`);
    await page.getByRole('heading', { name: '评论审核' }).waitFor();
    // the pending count on the menu title of the queues
    await page.locator('.atr-console__menu .ant-badge', { hasText: '栏目内容' }).locator('.ant-badge-count', { hasText: '1' }).waitFor();
    const row = page.locator('.ant-table-row', { hasText: '开放时间很方便' });
    await row.locator('mark', { hasText: '违禁' }).waitFor();
    await row.getByText('含敏感词').waitFor();
    await shot(page, 'comments-3-queue.png');
    await clickSettled(row.getByRole('button', { name: '通过' }));
    await page.getByText('已处理 1 条').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '开放时间很方便' }).count()).toBe(0);

    // the visitor and a signed-out reader see it, the address as a link
    await reader.reload();
    const shown = reader.locator('.atr-comment', { hasText: '开放时间很方便' });
    await shown.getByRole('link', { name: 'https://lib.example.cn/hours' }).waitFor();
    expect(await shown.getByText('审核中').count()).toBe(0);
    await anon.reload();
    const seen = anon.locator('.atr-comment', { hasText: '开放时间很方便' });
    await seen.waitFor();
    expect(await seen.getByRole('link', { name: 'https://lib.example.cn/hours' }).getAttribute('rel')).toContain('nofollow');
    await shot(reader, 'comments-4-approved.png');

    // on a phone
    const phone = reader;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(noticeUrl);
    await phone.locator('.atr-comment', { hasText: '开放时间很方便' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'comments-5-phone.png');
    expect(e2e.pageErrors).toEqual([]);
  });
});
