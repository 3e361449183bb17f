/**
 * Citation export in Debian's Chromium (issue 11 §5; decisions 270-273): on the demo site (host
 * localhost) with the real CSL articles imported, a visitor opens an article's detail page, downloads
 * its BibTeX and RIS (the files hold the title), opens GB/T 7714 and sees the numbered reference with
 * [J], copies it; a demo article with authors and a journal shows the full reference. Screenshot:
 * test-artifacts/e2e-citation.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, sharedData, useE2e } from './support';

const e2e = useE2e({
  setup(server) {
    const csl = path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
    server.cli('import', 'articles', csl, '--topic', '综合资源');
  },
});

/** The first article the search finds for `q` (id and title). */
async function findArticle(page: Page, site: string, q: string): Promise<{ id: number; title: string }> {
  const res = await page.request.get(`${site}/api/v1/search?q=${encodeURIComponent(q)}&type=article`);
  const body = await res.json() as { content: Array<{ id: number; title: string }> };
  expect(body.content.length, q).toBeGreaterThan(0);
  return body.content[0];
}

/** Opens a detail page and waits until it is hydrated (the server renders it; a click before hydration does nothing). */
async function openDetail(page: Page, site: string, article: { id: number; title: string }): Promise<void> {
  await page.goto(`${site}/microapp/explore/resources/article/${article.id}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: article.title }).waitFor();
}

/** Opens the 导出引用 menu and picks `label`. */
async function choose(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: '导出引用' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

describe('a visitor exports a citation from a detail page', () => {
  it('downloads BibTeX and RIS of a real CSL article, and reads its GB/T 7714 reference', async () => {
    const { page, base: site } = e2e;
    const article = await findArticle(page, site, '平方和优化');
    await openDetail(page, site, article);

    const [bib] = await Promise.all([page.waitForEvent('download'), choose(page, 'BibTeX（.bib）')]);
    expect(bib.suggestedFilename()).toBe(`${article.title}.bib`);
    const bibText = fs.readFileSync((await bib.path())!, 'utf8');
    expect(bibText).toContain(`@article{atrium${article.id},`);
    expect(bibText).toContain(`title = {${article.title}}`);
    await page.getByText(`已下载 ${article.title}.bib`).waitFor();

    const [ris] = await Promise.all([page.waitForEvent('download'), choose(page, 'RIS（.ris）')]);
    expect(ris.suggestedFilename()).toBe(`${article.title}.ris`);
    const risText = fs.readFileSync((await ris.path())!, 'utf8');
    expect(risText).toMatch(/^TY {2}- JOUR$/m);
    expect(risText).toContain(`TI  - ${article.title}\n`);

    await choose(page, 'GB/T 7714 格式');
    const dialog = page.getByRole('dialog', { name: 'GB/T 7714-2015 参考文献' });
    await dialog.waitFor();
    await expect(dialog.locator('.atr-citation-text').textContent()).resolves.toBe(`[1] ${article.title}[J].`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
    await dialog.getByRole('button', { name: '复制' }).click();
    await page.getByText('已复制到剪贴板').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`[1] ${article.title}[J].`);
    await dialog.getByRole('button', { name: 'Close' }).or(dialog.getByRole('button', { name: '关闭' })).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a demo article with authors and a journal: 作者. 题名[J]. 刊名, 年.', async () => {
    const { page, base: site } = e2e;
    const article = await findArticle(page, site, '知识图谱自动构建方法');
    expect(article.title).toBe('面向中文科技文献的知识图谱自动构建方法');
    await openDetail(page, site, article);
    await choose(page, 'GB/T 7714 格式');
    const dialog = page.getByRole('dialog', { name: 'GB/T 7714-2015 参考文献' });
    const text = dialog.locator('.atr-citation-text');
    await text.waitFor();
    await expect(text.textContent()).resolves.toBe('[1] 陈若溪, 林知远, 何嘉木. 面向中文科技文献的知识图谱自动构建方法[J]. 智能系统与知识计算, 2026.');
    // the menu closed and the dialog's opening animation over before the picture
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached' }).catch(() => {});
    await expect.poll(() => page.locator('.ant-modal [class*="-enter"], .ant-modal [class*="-appear"], .ant-modal[class*="-enter"], .ant-modal[class*="-appear"]').count()).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, 'e2e-citation.png') });
    expect(e2e.pageErrors).toEqual([]);
  });
});
