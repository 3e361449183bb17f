/**
 * /exploreV3 in Debian's Chromium (issue 31 §2): on the demo site with the real CSL articles and a few
 * articles with authors and keywords, a visitor opens the advanced search from explore's 高级检索 link
 * (the query carried over as a 任意字段 row), builds 题名 AND 作者, adds a NOT row that takes a record
 * out, sorts by 最早, drags across the year bars, and ticks a result for the citation export; the marked
 * terms show in titles. Without JavaScript the form still searches. A bad form is refused with its
 * message (axe: e2e/accessibility.test.ts). Screenshots (desktop and a 390 px phone) under test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, clickSettled, importJsonl, pageHydrated, sharedData, signInByApi, useE2e } from './support';

const TOPIC = '综合资源';
const WORD = '数字人文';
const ROWS = [
  { author: ['周文', '孙悦'], keywords: [WORD, '古籍'], year: 2017 },
  { author: ['周文'], keywords: [WORD, '文本挖掘'], year: 2019 },
  { author: ['周文', '何平'], keywords: [WORD, '综述'], year: 2021 },
  { author: ['何平'], keywords: [WORD, '可视化'], year: 2023 },
];

const e2e = useE2e({
  setup(server) {
    const csl = path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
    server.cli('import', 'articles', csl, '--topic', TOPIC);
    importJsonl(
      server,
      ROWS.map((r, i) => ({
        type: 'article',
        title: `${WORD}视野下的史料研究（${i + 1}）`,
        date: `${r.year}-03-01`,
        key: `advanced-${i}`,
        fields: { author: r.author, keywords: r.keywords, journal: '图书馆杂志', abstract: `本文讨论${WORD}方法在${r.keywords[1]}中的应用。` },
        category: ['管理学', '图书情报与档案管理'],
        search: [...r.author, ...r.keywords, '图书馆杂志'].join(' '),
      })),
      TOPIC,
    );
  },
});

const titles = (page: import('playwright-core').Page) => page.getByTestId('advanced-result').locator('.atr-result__title').allTextContents();

describe('a visitor searches with the advanced search', () => {
  it('carries a query from explore, combines rows with AND and NOT, sorts, brushes years and ticks a result', async () => {
    const { page, base } = e2e;
    await page.goto(`${base}/microapp/explore?q=${encodeURIComponent(WORD)}`);
    await pageHydrated(page);
    await page.locator('.atr-result__title').first().waitFor();
    await clickSettled(page.getByRole('link', { name: '高级检索', exact: true }));
    await page.waitForURL((u) => u.pathname === '/exploreV3' && u.searchParams.get('q') === WORD);
    await page.getByRole('heading', { name: '高级检索', level: 1 }).waitFor();
    await page.getByText(/共 \d+ 条结果/).waitFor();
    expect(await page.getByLabel('检索词 1').inputValue()).toBe(WORD);
    await page.locator('mark', { hasText: WORD }).first().waitFor();

    // 题名 数字人文 AND 作者 周文 → three; then NOT 关键词 综述 → two
    await pageHydrated(page);
    await page.getByLabel('检索字段 1').selectOption('title');
    await clickSettled(page.getByRole('button', { name: '+ 添加条件' }));
    await page.getByLabel('检索字段 2').selectOption('author');
    await page.getByLabel('检索词 2').fill('周文');
    await clickSettled(page.getByRole('button', { name: '检索', exact: true }));
    await page.getByText('共 3 条结果').waitFor();
    await clickSettled(page.getByRole('button', { name: '+ 添加条件' }));
    await page.getByLabel('逻辑关系 3').selectOption('NOT');
    await page.getByLabel('检索字段 3').selectOption('keyword');
    await page.getByLabel('检索词 3').fill('综述');
    await clickSettled(page.getByRole('button', { name: '检索', exact: true }));
    await page.getByText('共 2 条结果').waitFor();
    expect(new URL(page.url()).searchParams.getAll('c')).toEqual([`AND.title.${WORD}`, 'AND.author.周文', 'NOT.keyword.综述']);
    expect((await titles(page)).some((t) => t.includes('（3）'))).toBe(false);

    // 最早 first; the years 2017 and 2019 are brushed: both stay
    await clickSettled(page.getByRole('link', { name: '最早' }));
    await page.waitForURL((u) => u.searchParams.get('sort') === 'oldest');
    await expect.poll(() => titles(page)).toEqual([`${WORD}视野下的史料研究（1）`, `${WORD}视野下的史料研究（2）`]);
    const bar = (y: number) => page.getByRole('button', { name: new RegExp(`^${y} 年`) });
    await pageHydrated(page);
    const a = await bar(2017).boundingBox();
    const b = await bar(2019).boundingBox();
    await page.mouse.move(a!.x + a!.width / 2, a!.y + a!.height - 4);
    await page.mouse.down();
    await page.mouse.move(b!.x + b!.width / 2, b!.y + b!.height - 4, { steps: 4 });
    await page.mouse.up();
    await page.waitForURL((u) => u.searchParams.get('from') === '2017' && u.searchParams.get('to') === '2019');
    await page.getByRole('link', { name: '清除年份范围' }).waitFor();
    // a click on one bar keeps its year alone
    await clickSettled(bar(2019));
    await page.waitForURL((u) => u.searchParams.get('from') === '2019' && u.searchParams.get('to') === '2019');
    await page.getByText('共 1 条结果').waitFor();

    // tick the result: the export names it
    await pageHydrated(page);
    await page.getByTestId('advanced-result').first().getByRole('checkbox').check();
    await page.getByText('已选 1 条').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-advanced-search.png'), fullPage: true });

    // a bad form is refused on the page, without a search
    await pageHydrated(page);
    await page.getByLabel('逻辑关系 2').selectOption('OR');
    await page.getByLabel('检索字段 2').selectOption('abstract');
    await clickSettled(page.getByRole('button', { name: '检索', exact: true }));
    await page.getByText('以“或者”分开的每组条件，至少需要一个任意字段、题名、作者、关键词、期刊或 DOI 条件').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('searches without JavaScript, and on a phone', async () => {
    const ctx = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const plain = await ctx.newPage();
    await plain.goto(`${e2e.base}/exploreV3`);
    await plain.getByText('在上方填写检索条件').waitFor();
    await plain.getByLabel('检索词 1').fill(WORD);
    await plain.getByLabel('检索词 2').fill('何平');
    await plain.getByRole('button', { name: '检索', exact: true }).click();
    await plain.waitForURL((u) => u.searchParams.getAll('v').includes('何平'));
    await plain.getByText('共 2 条结果').waitFor();
    await ctx.close();

    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.goto(`${e2e.base}/exploreV3?c=${encodeURIComponent(`AND.keyword.${WORD}`)}&c=${encodeURIComponent('NOT.author.周文')}`);
    await phone.getByText('共 1 条结果').waitFor();
    await phone.screenshot({ path: path.join(artifacts, 'e2e-advanced-search-phone.png'), fullPage: true });
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.close();
  });

  it('saves a search with 每日提醒 for a signed-in reader, lists it and the history under 我的检索', async () => {
    const reader = await e2e.newPage();
    await signInByApi(reader.context(), e2e.server, '13900139631', e2e.base);
    await reader.goto(`${e2e.base}/exploreV3?c=${encodeURIComponent(`AND.keyword.${WORD}`)}&c=${encodeURIComponent('NOT.author.周文')}`);
    await reader.getByText('共 1 条结果').waitFor();
    await pageHydrated(reader);
    const mine = reader.getByRole('region', { name: '我的检索' });
    await clickSettled(mine.getByRole('tab', { name: '检索历史' }));
    await mine
      .getByTestId('search-history')
      .filter({ hasText: `关键词：${WORD} 不含 作者：周文` })
      .waitFor();
    await clickSettled(mine.getByRole('button', { name: '保存检索' }));
    const dialog = reader.getByRole('dialog');
    await dialog.getByLabel('检索名称').fill('数字人文（不含周文）');
    await clickSettled(dialog.getByRole('button', { name: '保存检索' }));
    // exact: the section's text holds it too, where the button 保存检索 meets the tab 已保存的检索
    await reader.getByText('检索已保存', { exact: true }).waitFor();
    await mine.getByRole('tab', { name: '已保存的检索' }).click();
    const saved = mine.getByTestId('saved-search').first();
    await saved.getByRole('link', { name: '数字人文（不含周文）' }).waitFor();
    expect(await saved.getByRole('checkbox', { name: '每日提醒' }).isChecked()).toBe(true);
    await reader.screenshot({ path: path.join(artifacts, 'e2e-advanced-search-saved.png'), fullPage: true });
    // the same search again is refused with its message
    await clickSettled(mine.getByRole('button', { name: '保存检索' }));
    await clickSettled(reader.getByRole('dialog').getByRole('button', { name: '保存检索' }));
    await reader.getByText('这个检索已经保存过了').waitFor();
    await reader.close();
  });
});
