/**
 * /LiteratureMiner in Debian's Chromium (issue 31 §1): on the demo site with the real CSL articles and a
 * few articles with authors, journals and institutions imported into its topic, a visitor searches on
 * /microapp/explore, clicks 分析, and sees the year chart, the top-20 tables and the networks; the CSV of
 * the authors' table holds its rows (a CSL article holding the word, without authors, is counted too); a top author leads back to the search narrowed by them; axe finds
 * nothing serious. Screenshots (desktop and a 390 px phone) under test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, importJsonl, pageHydrated, sharedData, useE2e } from './support';
import { seriousViolations } from './axe';

const TOPIC = '综合资源';
const WORD = '文献计量';
const AUTHORS = [['王小明', '李华'], ['王小明', '陈静'], ['王小明', '李华', '赵磊'], ['陈静'], ['王小明']];

const e2e = useE2e({
  setup(server) {
    const csl = path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
    server.cli('import', 'articles', csl, '--topic', TOPIC);
    importJsonl(
      server,
      AUTHORS.map((author, i) => ({
        type: 'article',
        title: `${WORD}视角下的知识图谱研究（${i + 1}）`,
        date: `${2019 + (i % 3)}-0${i + 1}-01`,
        key: `miner-${i}`,
        fields: { author, keywords: [WORD, i % 2 ? '知识图谱' : '引文分析'], journal: i % 2 ? '情报学报' : '图书情报工作', institution: '武汉大学' },
        category: ['管理学', '图书情报与档案管理'],
        search: [...author, WORD, '情报学报'].join(' '),
      })),
      TOPIC,
    );
  },
});

describe('a visitor analyses a search', () => {
  it('goes from explore to the analysis, downloads a table and comes back by an author', async () => {
    const { page, base } = e2e;
    await page.goto(`${base}/microapp/explore?q=${encodeURIComponent(WORD)}`);
    await pageHydrated(page);
    await page.locator('.atr-result__title').first().waitFor();
    await page.getByRole('link', { name: '分析', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/LiteratureMiner' && u.searchParams.get('q') === WORD);
    await page.getByText(/共分析 \d+ 条记录/).waitFor();
    // the year chart is drawn (a canvas) and its table holds the years
    await page.locator('[data-chart="年度发文量"] canvas').first().waitFor();
    const authors = page.locator('[data-table="高产作者（前 20）"]');
    await expect(authors.locator('tbody tr').first().textContent()).resolves.toContain('王小明');
    expect(await authors.locator('tbody tr').count()).toBe(4);
    await expect(page.locator('[data-table="关键词（前 20）"] tbody tr').first().textContent()).resolves.toContain(WORD);
    await expect(page.locator('[data-table="机构（前 20）"] tbody tr').first().textContent()).resolves.toContain('武汉大学');
    await page.locator('[data-chart="作者合作网络"] canvas').first().waitFor();
    await page.locator('[data-chart="关键词共现网络"] canvas').first().waitFor();
    await page.waitForTimeout(1500); // the force layout settles before the screenshot
    await page.screenshot({ path: path.join(artifacts, 'e2e-literature-miner.png'), fullPage: true });

    // the authors' table as CSV
    const [download] = await Promise.all([page.waitForEvent('download'), authors.getByRole('button', { name: '下载 CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('作者.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('排名,名称,记录数');
    expect(lines[1]).toBe('1,王小明,4');
    expect(lines).toHaveLength(5);

    // the year chart as PNG
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-chart="年度发文量"]').getByRole('button', { name: '下载 PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('年度发文量.png');
    expect(
      fs
        .readFileSync((await png.path())!)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // a top author: back to the search narrowed by them
    await authors.getByRole('link', { name: '陈静' }).click();
    await page.waitForURL((u) => u.pathname === '/microapp/explore' && u.searchParams.get('q') === `${WORD} 陈静`);
    await page.getByText('找到 2 条结果').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone', async () => {
    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.goto(`${e2e.base}/LiteratureMiner?q=${encodeURIComponent(WORD)}`);
    await phone.getByText(/共分析 \d+ 条记录/).waitFor();
    await phone.locator('[data-chart="作者合作网络"] canvas').first().waitFor();
    await phone.waitForTimeout(1500);
    await phone.screenshot({ path: path.join(artifacts, 'e2e-literature-miner-phone.png'), fullPage: true });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context().close();
  });

  it('has no serious or critical axe violation', async () => {
    // axe is added as an inline script: the site's CSP is bypassed for it
    const ctx = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.base}/LiteratureMiner?q=${encodeURIComponent(WORD)}`);
    await page.locator('[data-chart="作者合作网络"] canvas').first().waitFor();
    const found = await seriousViolations(page);
    expect(found.join('\n')).toBe('');
    await ctx.close();
  });
});
