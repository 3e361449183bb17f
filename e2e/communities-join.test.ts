/**
 * Communities end to end in Chromium (issue 29 §5; docs/decisions.md 620-629): staff create a community
 * with 需审核 (and a cover) at /console/communities; a reader finds it at /microapp/helix/communities
 * (server-rendered), asks to join (待审核); the owner approves the request on the community's page; the
 * reader posts (plain text, markup shown as text) and comments on the post with the comments of §2; a
 * member sees no moderation controls; the page fits a 390 px phone. Screenshots go to test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, createApplication, pageHydrated, releaseAll, signInByApi, signInConsole, useE2e } from './support';
import { makePng } from '../server/test/files';

const ADMIN = '13800138091';
const OWNER = '13900139091';
const READER = '13900139092';
const PHONE_SIZE = { width: 390, height: 844 };
const e2e = useE2e({ admins: [ADMIN] });
let appId: number;
const NAME = '古籍整理读书会';
const POST_TITLE = '《四库全书总目》共读安排';
const POST_BODY = '每周三晚上讨论一卷，<b>欢迎</b>带上笔记。';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, ADMIN);
  appId = await createApplication(page, server.url, { name: '社区门户', host: `127.0.0.1:${server.port}` });
  await releaseAll(page, server.url);
});

describe('communities', () => {
  it('staff create an approval community; a reader asks to join, the owner approves; the reader posts and comments', async () => {
    const { page, server } = e2e;
    // the owner has an account
    const ownerPage = await e2e.newPage();
    ownerPage.setDefaultTimeout(15_000);
    await signInByApi(ownerPage.context(), server, OWNER);

    // staff: /console/communities, 新建社区 with 需审核, the owner's phone and a cover
    await page.goto(`${server.url}/console/communities?applicationId=${appId}`);
    await page.getByRole('heading', { name: '社区管理' }).waitFor();
    await clickSettled(page.getByRole('button', { name: '新建社区' }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('社区名称').fill(NAME);
    await dialog.getByLabel('简介').fill('每月共读一部古籍目录学著作');
    await clickSettled(dialog.getByText('需审核', { exact: true }));
    await dialog.getByLabel('圈主手机号').fill(OWNER);
    await dialog.getByLabel('封面').setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: makePng(200, 200) });
    await dialog.getByText('封面.png').waitFor();
    await clickSettled(dialog.getByRole('button', { name: /保\s*存/ }));
    await page.getByText('社区已创建').waitFor();
    const row = page.locator('.ant-table-row', { hasText: NAME });
    await row.getByText('需审核').waitFor();
    await shot(page, 'e2e-communities-console-list.png');
    const list = await apiCall<{ content: Array<{ id: number; name: string; joinRule: string }> }>(
      page,
      server.url,
      'GET',
      `/api/v1/applications/${appId}/communities`,
    );
    const community = list.body.content.find((c) => c.name === NAME)!;
    expect(community.joinRule).toBe('approval');

    // the list and the community page are rendered on the server
    const html = await (await page.request.get(`${server.url}/microapp/helix/communities/${community.id}`)).text();
    expect(html).toContain(NAME);
    expect(html).toContain('每月共读一部古籍目录学著作');

    // the reader: the list, the page, 申请加入 → 待审核
    const reader = await e2e.newPage();
    reader.setDefaultTimeout(15_000);
    await signInByApi(reader.context(), server, READER);
    await reader.goto(`${server.url}/microapp/helix/communities`);
    await clickSettled(reader.getByRole('link', { name: new RegExp(NAME) }));
    await reader.getByRole('heading', { name: NAME }).waitFor();
    // the page is server-rendered: its buttons act once its chunks have loaded and it has hydrated
    await pageHydrated(reader);
    // not a member: no form for a post, no moderation
    expect(await reader.getByRole('button', { name: '发布帖子' }).count()).toBe(0);
    expect(await reader.getByRole('heading', { name: '加入申请' }).count()).toBe(0);
    await clickSettled(reader.getByRole('button', { name: '申请加入' }));
    await reader.getByText('申请已提交，等待圈主或管理员审核').waitFor();
    await reader.getByRole('button', { name: '撤回申请' }).waitFor();
    await shot(reader, 'e2e-communities-requested.png');

    // the owner approves on the community's page
    await ownerPage.goto(`${server.url}/microapp/helix/communities/${community.id}`);
    await pageHydrated(ownerPage); // hydrated: the server-rendered 通过 acts
    const requests = ownerPage.locator('section', { has: ownerPage.getByRole('heading', { name: '加入申请' }) });
    await requests.getByRole('button', { name: /通\s*过/ }).waitFor();
    await shot(ownerPage, 'e2e-communities-owner-requests.png');
    await clickSettled(requests.getByRole('button', { name: /通\s*过/ }));
    await ownerPage.getByText('已通过，该读者已成为成员').waitFor();
    await requests.getByText('没有待审核的申请').waitFor();

    // the reader is a member now: writes a post (markup shown as text), then comments on it
    await reader.reload();
    await reader.getByText('已加入 · 成员').waitFor();
    await pageHydrated(reader);
    await reader.getByLabel('标题').fill(POST_TITLE);
    await reader.getByLabel('正文').fill('每周三晚上讨论一卷，欢迎带上笔记。');
    await clickSettled(reader.getByRole('button', { name: '发布帖子' }));
    await reader.getByText('帖子已发布').waitFor();
    const post = reader.locator('.atr-community-post', { hasText: POST_TITLE });
    await post.getByText('每周三晚上讨论一卷，欢迎带上笔记。').waitFor();
    // a member has no 置顶 / 删除
    expect(await post.getByRole('button', { name: '置顶' }).count()).toBe(0);
    await clickSettled(post.getByRole('button', { name: '查看评论' }));
    const box = post.getByRole('textbox', { name: /写下您的评论/ });
    await box.fill('我负责第一卷的导读。');
    await clickSettled(post.getByRole('button', { name: '发表评论' }));
    // 先审后发 by default: the author sees it as 审核中
    await reader.getByText('评论已提交，审核通过后显示').waitFor();
    await post.locator('.atr-comment', { hasText: '我负责第一卷的导读。' }).getByText('审核中').waitFor();
    await shot(reader, 'e2e-communities-post-comment.png');

    // markup in a post is refused with the field's message
    const refused = await apiCall(reader, server.url, 'POST', `/api/v1/applications/${appId}/communities/${community.id}/posts`, {
      title: POST_TITLE,
      body: POST_BODY,
    });
    expect(refused.status).toBe(400);

    // the owner pins the post
    await ownerPage.reload();
    const ownerPost = ownerPage.locator('.atr-community-post', { hasText: POST_TITLE });
    await clickSettled(ownerPost.getByRole('button', { name: '置顶' }));
    await ownerPage.getByText('已置顶').waitFor();
    await ownerPost.getByText('置顶', { exact: true }).first().waitFor();

    // staff see the member and the post in /console/communities/{id}
    await page.goto(`${server.url}/console/communities/${community.id}?applicationId=${appId}`);
    await page.locator('.ant-table-row', { hasText: POST_TITLE }).waitFor();
    await page.locator('.ant-table-row', { hasText: '圈主' }).waitFor();
    await shot(page, 'e2e-communities-console-detail.png');

    // on a phone
    const phone = reader;
    await phone.setViewportSize(PHONE_SIZE);
    await phone.goto(`${server.url}/microapp/helix/communities/${community.id}`);
    await phone.getByText(POST_TITLE).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'e2e-communities-phone.png');
    const phoneList = reader;
    await phoneList.goto(`${server.url}/microapp/helix/communities`);
    await phoneList.getByText(NAME).waitFor();
    expect(await phoneList.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phoneList, 'e2e-communities-list-phone.png');
  });
});
