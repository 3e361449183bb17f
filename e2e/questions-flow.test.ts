/**
 * Reference questions 参考咨询 end to end in Chromium (issue 29 item 4; docs/decisions.md 590-599): a
 * signed-out reader opens 我要咨询, signs in and asks a question with an attachment; it shows in 我的咨询
 * as 待分配, its markup as text. A manager finds it in /console/issues, assigns it to themself, answers
 * in the rich-text editor and publishes it to the FAQ; the reader sees the answer; a visitor follows the
 * footer's 常见问题 and finds it by searching (the page server-rendered). A manager without 内容管理 is
 * refused with the Chinese message. Screenshots (desktop and a 390 px phone) go to test-artifacts/.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, apiCall, artifacts, clickSettled, hydrated, pageHydrated, signInByApi, signInConsole, useE2e } from './support';
import { makePng } from '../server/test/files';

const ADMIN = '13800138081';
const READER = '13800138082';
const NO_RIGHT = '13800138083';
const ASKER = '13800138084';
const PHONE_SIZE = { width: 390, height: 844 };
const e2e = useE2e({ admins: [ADMIN] });
let appId = 0;
const TITLE = '民国时期《东方杂志》全文在哪里能看到';
const TEXT = '想找 1932 年的《东方杂志》，<b>馆藏</b>有电子版吗？';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

beforeAll(async () => {
  const { page, server, base } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, ADMIN);
  const config = await apiCall<{ applicationId: number }>(page, base, 'GET', '/api/v1/applications/config?host=localhost');
  appId = config.body.applicationId;
});

describe('reference questions', () => {
  it('a reader asks; a manager assigns, answers and publishes; a visitor finds it in the FAQ', async () => {
    const { server, base, page } = e2e;
    const ctx = await e2e.newContext();
    const reader = await ctx.newPage();
    reader.setDefaultTimeout(15_000);
    await reader.goto(`${base}/microapp/helix/ask`);
    // signed out: the site's sign-in page, which comes back
    await reader.waitForURL(/\/login\?redirect=/);
    await signInConsole(reader, server, READER, { url: reader.url(), login: /\/login\?redirect=/, then: /\/microapp\/helix\/ask$/ });
    await reader.getByRole('heading', { name: '我要咨询' }).waitFor();
    await pageHydrated(reader);
    await reader.getByLabel('问题标题').fill(TITLE);
    await reader.getByLabel('学科').click();
    await clickSettled(reader.locator('.ant-select-item-option', { hasText: '历史学' }));
    await reader.getByLabel('问题描述').fill(TEXT);
    await reader.getByLabel('附件', { exact: true }).setInputFiles({ name: '书影.png', mimeType: 'image/png', buffer: makePng(200, 120) });
    await reader.getByText('书影.png').waitFor();
    await clickSettled(reader.getByRole('button', { name: '提交问题' }));
    await reader.getByText('问题已提交').waitFor();
    const mine = reader.getByTestId('my-question').first();
    await mine.getByText('待分配').waitFor();
    await mine.getByText(TEXT).waitFor();
    await mine.getByRole('link', { name: '书影.png' }).waitFor();
    await shot(reader, 'e2e-questions-ask-desktop.png');

    // the manager: list (with the state filter in the address), the question, assign, answer
    await page.goto(`${server.url}/console/issues?applicationId=${appId}&state=unassigned`);
    const row = page.locator('.ant-table-row', { hasText: TITLE }).first();
    await row.waitFor();
    await clickSettled(row.getByRole('link', { name: TITLE }));
    await page.waitForURL(/\/console\/issues\/\d+\?applicationId=/);
    await page.getByText(TEXT).waitFor();
    await page.getByRole('link', { name: '书影.png' }).waitFor();
    await page.getByLabel('处理人').click();
    await clickSettled(page.locator('.ant-select-item-option').first());
    await page.getByText('已分配').waitFor();
    await page.locator('.ant-tag', { hasText: '处理中' }).waitFor();
    const editor = page.getByLabel('答复内容');
    await editor.click();
    await page.keyboard.type('本馆「民国期刊全文库」收录该刊，可在馆内或校园网访问。');
    await clickSettled(page.getByRole('button', { name: '发送答复' }));
    await page.locator('.ant-tag', { hasText: '已答复' }).waitFor();
    await page.locator('.atr-question-entry--answer').getByText('民国期刊全文库').waitFor();
    const wording = page.getByLabel('常见问题中显示的问题');
    await wording.fill('1932 年的《东方杂志》有电子版吗？');
    await clickSettled(page.getByRole('button', { name: '发布到常见问题' }));
    await page.locator('.ant-tag', { hasText: '已收入常见问题' }).waitFor();
    await shot(page, 'e2e-questions-console-detail.png');

    // the reader sees the answer in 我的咨询, and the notification was written
    await reader.reload();
    const answered = reader.getByTestId('my-question').first();
    await answered.getByText('已答复').waitFor();
    await answered.getByText('民国期刊全文库', { exact: false }).waitFor();

    // a visitor: the footer's 常见问题, a search, the entry; the page is server-rendered
    const visitor = await e2e.newPage();
    await visitor.goto(`${base}/microapp/explore`);
    await clickSettled(visitor.locator('.atr-footer').getByRole('link', { name: '常见问题' }));
    await visitor.waitForURL(/\/microapp\/helix\/faq$/);
    // server-rendered: search once the page has hydrated
    await pageHydrated(visitor);
    await visitor.getByLabel('搜索', { exact: true }).first().fill('东方杂志');
    await visitor.keyboard.press('Enter');
    await visitor.waitForURL(/q=%E4%B8%9C%E6%96%B9%E6%9D%82%E5%BF%97/);
    const entry = visitor.getByTestId('faq-entry').first();
    await entry.getByText(TITLE).waitFor();
    await entry.getByText('1932 年的《东方杂志》有电子版吗？').waitFor();
    await entry.getByText('民国期刊全文库', { exact: false }).waitFor();
    await visitor.getByText('找到 1 条相关问题').waitFor();
    const html = await (await visitor.request.get(visitor.url())).text();
    expect(html).toContain('民国期刊全文库');
    await shot(visitor, 'e2e-questions-faq-desktop.png');
    await visitor.goto(`${base}/microapp/helix/faq?q=${encodeURIComponent('没有这个词')}`);
    await visitor.getByText('没有找到与「没有这个词」相关的常见问题').waitFor();

    // on a phone: the FAQ and 我的咨询
    const phone = await ctx.newPage();
    await phone.setViewportSize(PHONE_SIZE);
    await phone.goto(`${base}/microapp/helix/faq`);
    await phone.getByText(TITLE).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'e2e-questions-faq-phone.png');
    await phone.goto(`${base}/microapp/helix/ask`);
    await phone.getByTestId('my-question').first().getByText('已答复').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'e2e-questions-ask-phone.png');

    // the manager closes it (confirmed); it stays in the FAQ
    await clickSettled(page.getByRole('button', { name: /^关\s*闭$/ }));
    await answerConfirm(page, '关闭后不能再答复', '确定关闭');
    await page.locator('.ant-tag', { hasText: '已关闭' }).waitFor();
    const notes = await apiCall<{ content: unknown[] }>(page, server.url, 'GET', `/api/v1/questions/faq?applicationId=${appId}`);
    expect(notes.body.content).toHaveLength(1);
    await ctx.close();
  });

  it('a manager asks back; the reader answers in the thread; the manager sees the supplement', async () => {
    const { server, base, page } = e2e;
    const ctx = await e2e.newContext();
    await signInByApi(ctx, server, ASKER, base);
    const asked = await apiCall<{ id: number }>(ctx, base, 'POST', '/api/v1/questions', {
      applicationId: appId,
      title: '需要一篇会议论文',
      content: '请帮忙找 ICDE 的一篇论文',
      discipline: '工学',
    });
    expect(asked.status).toBe(201);
    await page.goto(`${server.url}/console/issues/${asked.body.id}?applicationId=${appId}`);
    await page.getByText('请帮忙找 ICDE 的一篇论文').waitFor();
    await page.getByLabel('追问内容').fill('请提供论文的年份和作者');
    await clickSettled(page.getByRole('button', { name: '发送追问' }));
    await page.locator('.ant-tag', { hasText: '待补充' }).waitFor();

    const reader = await ctx.newPage();
    reader.setDefaultTimeout(15_000);
    await reader.goto(`${base}/microapp/helix/ask`);
    const item = reader.getByTestId('my-question').filter({ hasText: '需要一篇会议论文' });
    await item.getByText('待补充').waitFor();
    await item.getByText('请提供论文的年份和作者').waitFor();
    // the page is server-rendered: type once React has hydrated the field, so that it holds the text
    // (networkidle alone came before hydration in a clean-clone run, and the button stayed disabled)
    await pageHydrated(reader);
    await hydrated(item.getByLabel('补充信息'));
    await item.getByLabel('补充信息').fill('2019 年，作者姓张');
    await expect.poll(() => item.getByRole('button', { name: '提交补充' }).isEnabled()).toBe(true);
    await clickSettled(item.getByRole('button', { name: '提交补充' }));
    await reader.getByText('补充已提交').waitFor();
    await item.getByText('处理中').waitFor();
    await item.getByText('2019 年，作者姓张').waitFor();
    await shot(reader, 'e2e-questions-supplement.png');

    await page.reload();
    await page.locator('.atr-question-entry--supplement').getByText('2019 年，作者姓张').waitFor();
    await page.locator('.ant-tag', { hasText: '处理中' }).waitFor();
    await ctx.close();
  });

  it('a manager without 内容管理 is refused with the Chinese message', async () => {
    const { server } = e2e;
    const page = await e2e.newPage();
    await signInByApi(page, server, NO_RIGHT);
    const added = await apiCall(e2e.page, server.url, 'POST', '/api/v1/applications/managers', { applicationId: appId, phone: NO_RIGHT, rights: ['home'] });
    expect(added.status).toBe(201);
    await page.goto(`${server.url}/console/issues?applicationId=${appId}`);
    await page.getByText('没有「内容管理」权限', { exact: false }).first().waitFor();
    await expect(page.locator('.ant-table-row').count()).resolves.toBe(0);
    const refused = await apiCall(page, server.url, 'GET', `/api/v1/applications/${appId}/questions`);
    expect(refused.status).toBe(403);
    await shot(page, 'e2e-questions-refused.png');
    await page.context().close();
  });
});
