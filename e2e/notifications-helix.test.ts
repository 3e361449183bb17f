/**
 * 站内信 and the personal centre in Chromium (issue 29 §8-§9; docs/decisions.md 580-586): a manager
 * replies to a reader's feedback; the reader sees the unread badge beside their name in the site header,
 * follows it to 消息 in /microapp/helix/personalCenter, reads the reply there and in 我的反馈, marks it
 * read (the badge goes); 收藏 on a notice page shows it in 我的收藏; the visit is in 浏览历史, which the
 * reader clears; /microapp/helix offers sign-in to a signed-out visitor; a 390 px phone shows the centre
 * without sideways scrolling. Screenshots go to test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, createApplication, releaseAll, signInByApi, signInConsole, useE2e } from './support';

const ADMIN = '13800138091';
const READER = '13900139091';
const e2e = useE2e({ admins: [ADMIN] });
let appId: number;
let noticeId: number;
const REPLY = '已为您恢复访问，<b>请再试</b>';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, ADMIN);
  appId = await createApplication(page, server.url, { name: '个人中心门户', host: `127.0.0.1:${server.port}` });
  await releaseAll(page, server.url);
  const n = await apiCall<{ noticeId: number }>(page, server.url, 'POST', '/api/v1/notices', {
    applicationId: appId,
    title: '暑期开馆时间调整',
    content: '<p>暑期每天 9:00-17:00 开馆。</p>',
    publishDateTime: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(n.status).toBe(201);
  noticeId = n.body.noticeId;
});

describe('notifications and the personal centre', () => {
  it('signed out, /microapp/helix explains the centre and offers sign-in', async () => {
    const anon = await e2e.newPage();
    await anon.goto(`${e2e.server.url}/microapp/helix`);
    await anon.getByRole('heading', { name: '个人中心' }).waitFor();
    const signIn = anon.getByRole('link', { name: '登录后使用个人中心' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/microapp/helix/personalCenter')}`);
    await shot(anon, 'helix-1-landing-signed-out.png');
  });

  it('a feedback reply reaches 消息 and 我的反馈 with the header badge; 收藏 and history on a notice', async () => {
    const { page, server } = e2e;
    const ctx = await e2e.newContext();
    const reader = await ctx.newPage();
    reader.setDefaultTimeout(15_000);
    await signInByApi(ctx, server, READER);
    const sent = await apiCall<{ id: number }>(reader, server.url, 'POST', '/api/v1/feedback', {
      applicationId: appId,
      category: 'access',
      content: '全文链接打不开',
    });
    expect(sent.status).toBe(201);
    const replied = await apiCall(page, server.url, 'POST', `/api/v1/feedback/${sent.body.id}/reply`, { reply: REPLY });
    expect(replied.status).toBe(200);

    // the notice page: the badge beside the name, the 收藏 button
    await reader.goto(`${server.url}/resources/notices/${noticeId}`);
    await reader.getByRole('heading', { name: '暑期开馆时间调整' }).waitFor();
    const badge = reader.locator('.atr-header__badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    expect(await badge.getAttribute('aria-label')).toBe('1 条未读消息');
    await clickSettled(reader.getByRole('button', { name: '收藏' }));
    await reader.getByRole('button', { name: '已收藏' }).waitFor();
    await shot(reader, 'helix-2-notice-badge-favorite.png');

    // the badge leads to 消息
    await clickSettled(badge);
    await reader.waitForURL(/\/microapp\/helix\/personalCenter\?tab=messages$/);
    const message = reader.getByTestId('notification').first();
    await message.getByText('您的反馈已有回复').waitFor();
    // the reply is text, the tags are characters
    await message.getByText(REPLY).waitFor();
    await message.getByText('未读').waitFor();
    await shot(reader, 'helix-3-messages.png');
    await clickSettled(message.getByRole('button', { name: '标为已读' }));
    await reader.getByText('已标记为已读').waitFor();
    await badge.waitFor({ state: 'detached' });
    expect(await message.getByText('未读').count()).toBe(0);

    // 我的反馈
    await clickSettled(reader.getByRole('tab', { name: '我的反馈' }));
    const fb = reader.getByTestId('helix-feedback').first();
    await fb.getByText(REPLY).waitFor();
    await fb.getByText('已回复').waitFor();

    // 我的收藏
    await clickSettled(reader.getByRole('tab', { name: '我的收藏' }));
    const fav = reader.getByTestId('favorite').first();
    await fav.getByRole('link', { name: '暑期开馆时间调整' }).waitFor();
    expect(await fav.getByRole('link', { name: '暑期开馆时间调整' }).getAttribute('href')).toBe(`/resources/notices/${noticeId}`);
    await shot(reader, 'helix-4-favorites.png');

    // 浏览历史: the notice visited above, then cleared
    await clickSettled(reader.getByRole('tab', { name: '浏览历史' }));
    await reader.getByTestId('history').first().getByText('暑期开馆时间调整').waitFor();
    await clickSettled(reader.getByRole('button', { name: '清空浏览历史' }));
    const confirm = reader.locator('.ant-popconfirm', { hasText: '确定清空本站的全部浏览历史吗？' });
    await clickSettled(confirm.getByRole('button', { name: '清空浏览历史' }));
    await reader.getByText('暂无浏览记录').waitFor();
    await shot(reader, 'helix-5-history-cleared.png');

    // on a 390 px phone
    const phone = await ctx.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server.url}/microapp/helix/personalCenter?tab=messages`);
    await phone.getByTestId('notification').first().getByText(REPLY).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'helix-6-phone-messages.png');
    await ctx.close();
  });

  it('a manager turns 浏览历史 off at /console/helix/settings; the centre hides it and its call answers 403', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/helix/settings?applicationId=${appId}`);
    await page.getByRole('heading', { name: '个人中心设置' }).waitFor();
    const history = page.getByRole('switch', { name: '浏览历史' });
    await history.waitFor();
    expect(await page.getByRole('switch', { name: '消息' }).isDisabled()).toBe(true);
    await clickSettled(history);
    await page.getByText('个人中心设置已保存').waitFor();
    expect(await history.getAttribute('aria-checked')).toBe('false');
    await shot(page, 'helix-7-console-settings.png');

    const ctx = await e2e.newContext();
    const reader = await ctx.newPage();
    // another reader (one code per phone a minute)
    await signInByApi(ctx, server, '13900139092');
    await reader.goto(`${server.url}/microapp/helix/personalCenter`);
    await reader.getByRole('tab', { name: '我的收藏' }).waitFor();
    expect(await reader.getByRole('tab', { name: '浏览历史' }).count()).toBe(0);
    const refused = await apiCall(reader, server.url, 'GET', `/api/v1/helix/history?applicationId=${appId}`);
    expect([refused.status, refused.body.error.message]).toEqual([403, '本站未开放个人中心的「浏览历史」栏目']);
    await ctx.close();
  });
});
