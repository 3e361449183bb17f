/**
 * Document delivery 文献传递 end to end in Chromium (issue 29 §7; docs/decisions.md 600-609), on the demo
 * site (host localhost, topic 综合资源) with an article imported: a signed-in reader opens the article's
 * detail page, follows 文献传递, finds the citation filled in from the record and sends the request,
 * which shows 待处理 in 我的文献传递; a manager opens it at /console/helix/dds and delivers a PDF; the
 * reader downloads it five times, each after confirming the copyright notice, then sees 下载次数已用完
 * with the button disabled, and a sixth download is refused with the Chinese message; the reader is
 * refused the console queue (/console/block, 403). Screenshots
 * (desktop and a 390 px phone) go to test-artifacts/e2e-dds-*.png.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, clickSettled, expectDisabled, importJsonl, pageHydrated, signInByApi, signInConsole, useE2e } from './support';

const ADMIN = '13800138081';
const READER = '13800138082';
const PHONE_SIZE = { width: 390, height: 844 };
const TITLE = '深度学习在学术文献检索中的应用研究';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const e2e = useE2e({
  admins: [ADMIN],
  setup(server) {
    const article = {
      type: 'article',
      key: 'dds-e2e-1',
      title: TITLE,
      date: '2023-05-01',
      fields: {
        author: ['王五', '赵六'],
        journal: '图书情报工作',
        volume: '67',
        issue: '9',
        pages: '12-20',
        doi: '10.13266/j.issn.0252-3116.2023.09.002',
        publish_year: 2023,
      },
    };
    expect(importJsonl(server, [article], '综合资源')).toMatch(/导入/);
  },
});

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `e2e-dds-${name}.png`), fullPage: true });

describe('document delivery', () => {
  it('requested from a detail page, delivered by staff with a PDF, downloaded 5 times, refused after the 5th', async () => {
    const { server, base, page } = e2e;
    page.setDefaultTimeout(15_000);
    const ctx = await e2e.newContext();
    await signInByApi(ctx, server, READER, base);
    const reader = await ctx.newPage();
    reader.setDefaultTimeout(15_000);
    const found = (await (await reader.request.get(`${base}/api/v1/search?q=${encodeURIComponent(TITLE)}&type=article`)).json()) as {
      content: Array<{ id: number; title: string }>;
    };
    const id = found.content.find((r) => r.title === TITLE)!.id;

    // the detail page's 文献传递 fills the citation from the record
    await reader.goto(`${base}/microapp/explore/resources/article/${id}`);
    await pageHydrated(reader);
    await reader.getByRole('heading', { name: TITLE }).waitFor();
    await clickSettled(reader.getByRole('link', { name: '文献传递' }));
    await reader.waitForURL(new RegExp(`/temp/dds\\?resource=${id}$`));
    await reader.getByText('已根据资源详情页填入文献信息').waitFor();
    await expect.poll(() => reader.getByLabel('文献标题').inputValue()).toBe(TITLE);
    expect(await reader.getByLabel('期刊/来源').inputValue()).toBe('图书情报工作');
    expect(await reader.getByLabel('DOI', { exact: true }).inputValue()).toBe('10.13266/j.issn.0252-3116.2023.09.002');
    await reader.getByLabel('备注').fill('课题急用 <b>谢谢</b>');
    await clickSettled(reader.getByRole('button', { name: '提交请求' }));
    await reader.getByText('请求已提交').waitFor();
    const mine = reader.getByTestId('my-delivery').first();
    await mine.getByText('待处理').waitFor();
    await mine.getByText('备注：课题急用 <b>谢谢</b>').waitFor();
    await shot(reader, 'requested-desktop');

    // the manager delivers a PDF
    await signInConsole(page, server, ADMIN);
    const apps = (await (await page.request.get(`${server.url}/api/v1/applications?page=1&size=200`)).json()) as {
      content: Array<{ applicationId: number; host: string }>;
    };
    const appId = apps.content.find((a) => a.host === 'localhost')!.applicationId;
    await page.goto(`${server.url}/console/helix/dds?applicationId=${appId}&state=pending`);
    const row = page.locator('.ant-table-row', { hasText: TITLE }).first();
    await row.waitFor();
    await clickSettled(row.getByRole('button', { name: '处理' }));
    const drawer = page.getByRole('dialog');
    await drawer.getByText('王五; 赵六').waitFor();
    await drawer.getByLabel('全文文件').setInputFiles({ name: '深度学习.pdf', mimeType: 'application/pdf', buffer: PDF });
    await drawer.getByText('深度学习.pdf').waitFor();
    await clickSettled(drawer.getByRole('button', { name: '传递全文' }));
    await drawer.getByText('已传递', { exact: true }).waitFor();
    await shot(page, 'console-delivered');

    // the reader downloads it five times, each after the copyright notice
    await reader.reload();
    const delivered = reader.getByTestId('my-delivery').first();
    await delivered.getByText('已传递').waitFor();
    for (let n = 1; n <= 5; n++) {
      await clickSettled(delivered.getByRole('button', { name: '下载全文' }));
      const notice = reader.getByRole('dialog');
      await notice.getByText('本文献仅供您个人学习和研究使用', { exact: false }).waitFor();
      // the dialog's zoom settled first: a click during it can miss the button on a loaded machine
      const [download] = await Promise.all([
        reader.waitForEvent('download', { timeout: 30_000 }),
        clickSettled(notice.getByRole('button', { name: '我已阅读并同意，下载' })),
      ]);
      expect(download.suggestedFilename()).toBe('深度学习.pdf');
      await notice.waitFor({ state: 'hidden' });
      if (n < 5) await delivered.getByText(`剩余 ${5 - n} 次下载`, { exact: false }).waitFor();
    }
    await delivered.getByText('下载次数已用完', { exact: true }).waitFor();
    await expectDisabled(delivered.getByRole('button', { name: '下载全文' }), true);
    // the sixth download is refused with the Chinese message
    const sixth = await reader.request.get(`${base}/api/v1/dds/mine/${(await pageList(reader, base, appId))[0].id}/file?agree=1`);
    expect(sixth.status()).toBe(410);
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toContain('下载次数已用完');
    await shot(reader, 'used-up-desktop');

    // a reader without a console right is refused the queue: /console/block, and the API answers 403
    await reader.goto(`${base}/console/helix/dds?applicationId=${appId}`);
    await reader.waitForURL(/\/console\/block/);
    expect((await reader.request.get(`${base}/api/v1/applications/${appId}/dds`)).status()).toBe(403);

    // on a phone
    const phone = await ctx.newPage();
    await phone.setViewportSize(PHONE_SIZE);
    await phone.goto(`${base}/temp/dds`);
    await phone.getByTestId('my-delivery').first().getByText('下载次数已用完', { exact: true }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'phone');
    await ctx.close();
  });
});

/** The reader's requests on the site, newest first. */
async function pageList(p: Page, base: string, applicationId: number): Promise<Array<{ id: number }>> {
  const r = await p.request.get(`${base}/api/v1/dds/mine?applicationId=${applicationId}`);
  return ((await r.json()) as { content: Array<{ id: number }> }).content;
}
