/**
 * 资源推荐 end to end in Chromium (issue 29 §6; docs/decisions.md 610-612): a signed-in reader recommends
 * a link at /microapp/helix/recommend and finds it in 我的提交 as 待审核; a reviewer finds it at
 * /console/rc/resource_verify, sets its category and approves it; the reader sees 已通过 and the site's
 * search finds the record; a manager of the application without 审核 is refused (the page says so, the
 * API answers 403). Also the reader's page at 390 px. Screenshots in test-artifacts/queues-rv-*.png.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, createApplication, pageHydrated, releaseAll, signInByApi, signInConsole, topicId, useE2e } from './support';

const ADMIN = '13800138611';
const READER = '13900139611';
const NO_RIGHT = '13900139612';
const e2e = useE2e({ admins: [ADMIN] });
let appId: number;
const TITLE = '敦煌遗书数字化平台';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server } = e2e;
  await signInConsole(page, server, ADMIN);
  appId = await createApplication(page, server.url, {
    name: '推荐门户',
    host: `127.0.0.1:${server.port}`,
    topicId: await topicId(page, server.url, '综合资源'),
  });
  await releaseAll(page, server.url);
});

describe('资源推荐', () => {
  it('a reader recommends a link, a reviewer sets its category and approves it, the search finds it', async () => {
    const { server, page } = e2e;
    const reader = await e2e.newPage();
    await signInByApi(reader.context(), server, READER);
    await reader.goto(`${server.url}/microapp/helix/recommend`);
    await reader.getByRole('heading', { name: '推荐资源' }).waitFor();
    await reader.getByText('您还没有提交过内容').waitFor();
    // server-rendered: fill the form once its scripts have hydrated it
    await pageHydrated(reader);
    await reader.getByLabel('资源名称').fill(TITLE);
    await reader.getByLabel('链接地址').fill('https://dunhuang.example.cn/');
    await reader.getByLabel('简介（选填）').fill('敦煌藏经洞文献的高清影像 <b>与</b> 释文');
    await reader.getByLabel('建议分类（选填）').fill('读者推荐');
    // markup in a text field is refused, on the field
    await clickSettled(reader.getByRole('button', { name: '提交推荐' }));
    await reader.locator('.ant-form-item-explain-error', { hasText: '不能包含 HTML 标签' }).waitFor();
    await reader.getByLabel('简介（选填）').fill('敦煌藏经洞文献的高清影像与释文');
    await clickSettled(reader.getByRole('button', { name: '提交推荐' }));
    await reader.getByText('推荐已提交，审核通过后收录').waitFor();
    const mine = reader.getByTestId('my-submission').first();
    await mine.getByText(`资源：${TITLE}`).waitFor();
    await mine.getByText('待审核').waitFor();
    await shot(reader, 'queues-rv-1-reader.png');

    // the reviewer: the queue, 设置分类, 通过
    await page.goto(`${server.url}/console/rc/resource_verify?applicationId=${appId}`);
    await page.getByRole('heading', { name: '资源推荐审核' }).waitFor();
    const row = page.locator('.ant-table-row', { hasText: TITLE });
    await row.getByText('读者推荐').waitFor();
    await clickSettled(row.getByRole('button', { name: '设置分类' }));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('分类', { exact: true }).fill('数字资源');
    await dialog.getByLabel('子分类').fill('古籍');
    await clickSettled(dialog.getByRole('button', { name: '保存' }));
    await page.getByText('分类已保存').waitFor();
    await row.getByText('数字资源 / 古籍').waitFor();
    await shot(page, 'queues-rv-2-queue.png');
    await clickSettled(row.getByRole('button', { name: '通过' }));
    await page.getByText('已处理 1 条').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: TITLE }).count()).toBe(0);

    // the reader sees 已通过 with a link to the record; the site's search finds it
    await reader.reload();
    const done = reader.getByTestId('my-submission').first();
    await done.getByText('已通过').waitFor();
    await done.getByRole('link', { name: '查看' }).waitFor();
    await reader.goto(`${server.url}/microapp/explore?q=${encodeURIComponent(TITLE)}`);
    await reader.locator('.atr-result__title', { hasText: TITLE }).first().waitFor();
    await shot(reader, 'queues-rv-3-search.png');

    // on a phone
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.goto(`${server.url}/microapp/helix/recommend`);
    await reader.getByTestId('my-submission').first().getByText('已通过').waitFor();
    await clickSettled(reader.locator('.ant-radio-button-wrapper', { hasText: 'BibTeX / RIS 条目' }));
    await reader.getByLabel('条目内容').waitFor();
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(reader, 'queues-rv-4-phone.png');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('a manager without 审核 is refused', async () => {
    const { server, page } = e2e;
    const added = await apiCall(page, server.url, 'POST', '/api/v1/applications/managers', {
      applicationId: appId,
      phone: NO_RIGHT,
      rights: ['home', 'content'],
    });
    expect(added.status).toBe(201);
    const other = await e2e.newPage();
    await signInConsole(other, server, NO_RIGHT);
    await other.goto(`${server.url}/console/rc/resource_verify?applicationId=${appId}`);
    await other.getByRole('alert').getByText('没有「审核」权限，请联系超级管理员').waitFor();
    const list = await apiCall<{ error: { message: string } }>(
      other,
      server.url,
      'GET',
      `/api/v1/moderation/submissions?applicationId=${appId}&kind=resource_verify`,
    );
    expect(list.status).toBe(403);
    await shot(other, 'queues-rv-5-refused.png');
  });
});
