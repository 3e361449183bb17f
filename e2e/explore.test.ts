/**
 * Visitor pages in Debian's Chromium: on the demo site (host
 * localhost) with the real CSL articles and CSRankings scholars imported into its topic, a visitor
 * searches a Chinese substring of a real title and finds it, narrows by category, pages, opens the
 * detail page; opens a scholar's profile with the institution card; a 'more' page lists a type; the
 * journal panel's 'more' page shows the journals with cover, impact factor and ISSN; an unknown
 * resource shows the not-found message. Screenshots under test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, pageCall, sharedData, useE2e } from './support';

// the page's uncaught errors are collected in e2e.pageErrors; e2e.base is the demo site
const e2e = useE2e({
  setup(server) {
    const csl = path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
    server.cli('import', 'articles', csl, '--topic', '综合资源');
    server.cli('import', 'scholars', path.join(sharedData, 'csrankings-scholars', 'csrankings-z.csv'), '--topic', '综合资源');
    // the universities after their scholars: the import links them all the same
    server.cli('import', 'institutions', path.join(sharedData, 'moe-china-universities-2025', 'moe_universities_2025.csv'), '--topic', '综合资源');
  },
});

describe('a visitor explores the site', () => {
  it('searches a 5-character and a 2-character substring of a real title and finds it', async () => {
    const { page, base: site } = e2e;
    const res = await page.request.get(`${site}/api/v1/search?q=${encodeURIComponent('控制器设计')}`);
    const body = (await res.json()) as { content: Array<{ title: string }> };
    const title = body.content[0].title; // a real CSL title holding 控制器设计
    expect(title).toContain('控制器设计');
    await page.goto(`${site}/microapp/explore`);
    await page.getByText('输入关键词开始检索').waitFor();
    const box = page.getByRole('searchbox').or(page.getByPlaceholder('输入标题、关键词、机构等，多个词用空格分开')).first();
    await box.fill('控制器设计');
    await box.press('Enter');
    await page.waitForURL(/q=/);
    await page.locator('.atr-result__title', { hasText: title }).first().waitFor();
    expect(await page.locator('.atr-result__title mark').first().textContent()).toBe('控制器设计');
    // the page's results can be exported as citations
    await page.locator('.atr-results__bar summary', { hasText: '导出本页' }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-explore-search.png'), fullPage: true });

    // a 2-character window of the same title that is rare enough to show it on page 1
    const chars = [...title];
    let pair = '';
    let pairTotal = 0;
    // the page searches within the site's topic: count the same way
    const appId = ((await (await page.request.get(`${site}/api/v1/applications/config?host=localhost`)).json()) as { applicationId: number }).applicationId;
    for (let i = 0; i + 2 <= chars.length && !pair; i++) {
      const p = chars.slice(i, i + 2).join('');
      if (/\s/.test(p)) continue;
      const r = (await (await page.request.get(`${site}/api/v1/search?q=${encodeURIComponent(p)}&applicationId=${appId}`)).json()) as { totalElements: number };
      if (r.totalElements <= 10) {
        pair = p;
        pairTotal = r.totalElements;
      }
    }
    expect(pair).not.toBe('');
    await box.fill(pair);
    await box.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === pair);
    // the results (and facets) of the pair, not the previous search's still shown while it loads: the
    // title is in both
    await page.getByText(`找到 ${pairTotal.toLocaleString('zh-CN')} 条结果`).waitFor();
    await page.locator('.atr-results[aria-busy="false"]').waitFor();
    await page.locator('.atr-result__title', { hasText: title }).first().waitFor();
  });

  it('chooses a type first, narrows by the folding category tree and pages through the results', async () => {
    const { page, base: site } = e2e;
    await page.goto(`${site}/microapp/explore?q=${encodeURIComponent('研究')}`);
    await page.getByText('先选择资源类型，可按分类等条件筛选').waitFor();
    await page.getByRole('group', { name: '资源类型' }).getByRole('link', { name: /论文/ }).click();
    await page.waitForURL(/type=article/);
    const tree = page.getByRole('group', { name: '学科分类' });
    const first = tree.locator('.atr-tree > li').first();
    const row = first.locator('.atr-tree__row');
    const label = (await row.locator('a span').first().textContent())!;
    const count = Number((await row.locator('.atr-facet__count').textContent())!.replace(/\D/g, ''));
    // folded: the second level opens with its toggle
    await expect(first.locator('.atr-tree__kids').count()).resolves.toBe(0);
    await row.getByRole('button', { name: `展开「${label}」` }).click();
    await first.locator('.atr-tree__kids a').first().waitFor();
    await row.locator('a').click();
    await page.waitForURL(/category=/);
    await page.getByText(`找到 ${count.toLocaleString('zh-CN')} 条结果`).waitFor();
    expect(decodeURIComponent(page.url())).toContain(`category=${label}`);
    await page.screenshot({ path: path.join(artifacts, 'e2e-explore-facets.png'), fullPage: true });
    if (count > 10) {
      await page.locator('.ant-pagination-item-2').click();
      await page.waitForURL(/page=2/);
      await page.locator('.ant-pagination-item-active', { hasText: '2' }).waitFor();
    }
    // a second-level category (学科) of the chosen one; the state survives a reload
    const kid = first.locator('.atr-tree__kids a').first();
    const kidLabel = (await kid.locator('span').first().textContent())!;
    const kidCount = Number((await kid.locator('.atr-facet__count').textContent())!.replace(/\D/g, ''));
    await kid.click();
    await page.waitForURL(/subcategory=/);
    await page.reload();
    await page.getByText(`找到 ${kidCount.toLocaleString('zh-CN')} 条结果`).waitFor();
    await tree.locator('.atr-tree__kids a[aria-current="true"]', { hasText: kidLabel }).waitFor();
    expect(await page.locator('.atr-result__meta').first().textContent()).toContain(kidLabel);
  });

  it('opens a detail page with the abstract and keywords', async () => {
    const { page } = e2e;
    const first = page.locator('.atr-result__title').first();
    const title = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/\/microapp\/explore\/resources\/article\/\d+/);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('摘要').waitFor();
    await page.getByText('关键词').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-explore-detail.png'), fullPage: true });
  });

  it('searches without JavaScript: the box is a form, and the results come rendered by the server', async () => {
    const ctx = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(`${e2e.base}/microapp/explore?type=article`);
    await page.getByRole('searchbox').fill('控制器设计');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === '控制器设计' && u.searchParams.get('type') === 'article');
    await page.locator('.atr-result__title mark', { hasText: '控制器设计' }).first().waitFor();
    await ctx.close();
  });

  it('opens a scholar profile with the institution card, and lists a type on the more page', async () => {
    const { page, base: site } = e2e;
    const res = await page.request.get(`${site}/api/v1/search?q=${encodeURIComponent('Zhang')}&type=scholar`);
    const scholar = ((await res.json()) as { content: Array<{ id: number; title: string; institution: string; institutionId: number | null }> }).content[0];
    // the card names the institution record the import linked (a Chinese university's MOE name), else the affiliation
    const linked = scholar.institutionId
      ? ((await (await page.request.get(`${site}/api/v1/resources/institution/${scholar.institutionId}`)).json()) as { title: string }).title
      : scholar.institution;
    await page.goto(`${site}/microapp/profile/${scholar.id}`);
    await page.getByRole('heading', { name: scholar.title }).waitFor();
    await page.getByText('所在机构').waitFor();
    await page.locator('.atr-nav-card', { hasText: linked }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-explore-profile.png'), fullPage: true });

    await page.goto(`${site}/top-resources?title=${encodeURIComponent('中文论文')}&dataType=article`);
    await page.getByRole('heading', { name: '中文论文' }).waitFor();
    await page.locator('.atr-result').first().waitFor();
    await page
      .getByText(/共 [\d,]+ 条/)
      .first()
      .waitFor();
  });

  it("lists a university's scholars on its detail page, each leading to the scholar's profile", async () => {
    const { page, base: site } = e2e;
    // a Tsinghua scholar of the imported file, and the institution the import linked it to
    const res = await page.request.get(`${site}/api/v1/search?q=${encodeURIComponent('Tsinghua')}&type=scholar`);
    const scholar = ((await res.json()) as { content: Array<{ id: number; title: string; institutionId: number | null }> }).content[0];
    expect(scholar.institutionId).toEqual(expect.any(Number));
    const listed = (await (await page.request.get(`${site}/api/v1/resources/institution/${scholar.institutionId}/scholars`)).json()) as {
      totalElements: number;
      content: Array<{ title: string }>;
    };
    expect(listed.totalElements).toBeGreaterThan(1);
    await page.goto(`${site}/microapp/explore/resources/institution/${scholar.institutionId}`);
    await page.getByRole('heading', { name: '清华大学' }).waitFor();
    const section = page.getByRole('region', { name: '学者' });
    await section.getByText(`共 ${listed.totalElements} 位`).waitFor();
    await section.getByRole('link', { name: scholar.title, exact: true }).waitFor();
    expect(await section.getByRole('link').count()).toBe(Math.min(20, listed.totalElements));
    await page.screenshot({ path: path.join(artifacts, 'e2e-institution-scholars.png'), fullPage: true });
    await section.getByRole('link', { name: scholar.title, exact: true }).click();
    await page.waitForURL(`**/microapp/profile/${scholar.id}`);
    await page.getByRole('heading', { name: scholar.title }).waitFor();
    await page.locator('.atr-nav-card', { hasText: '清华大学' }).waitFor();
  });

  it("follows the journal panel's 更多 to the journals page: each journal with its cover, impact factor and ISSN", async () => {
    const { page, base: site } = e2e;
    await page.goto(`${site}/`);
    const more = page.locator('[data-module-type="journal"] a.atr-p-more');
    // panel more links open in a new tab (spec 1 §2)
    const [tab] = await Promise.all([page.context().waitForEvent('page'), more.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/top-resources');
    expect(new URL(tab.url()).searchParams.getAll('dataType')).toEqual(['journal']);
    // the first journal of the page, as the API stores it: its card shows its cover, impact factor and ISSN
    const card = tab.locator('.atr-p-journal').first();
    await card.waitFor();
    expect(await tab.locator('.atr-p-journal').count()).toBeGreaterThan(1);
    const title = (await card.locator('.atr-p-card__title').textContent())!.trim();
    const list = await pageCall<{ content: Array<{ title: string; cover: string; impact_factor: number; issn: string }> }>(
      tab,
      'POST',
      '/api/v4/modules/top-journal',
      {
        offset: 0,
        count: 100,
      },
    );
    const journals = list.body.content;
    const first = journals.find((j) => j.title === title)!;
    expect(first, title).toBeTruthy();
    const cover = card.locator('.atr-p-journal__cover img');
    expect(await cover.getAttribute('src')).toBe(first.cover);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await card.locator('.atr-p-journal__facts').textContent()).toBe(`影响因子 ${first.impact_factor} · ISSN ${first.issn}`);
    await tab.screenshot({ path: path.join(artifacts, 'e2e-journals-more-desktop.png'), fullPage: true });
    // rendered on the server: the HTML already holds the cards
    const html = await (await tab.request.get(tab.url())).text();
    expect(html).toContain(`ISSN ${first.issn}`);
    expect(html).toContain(`src="${first.cover}"`);

    // on a phone: one journal a row, nothing wider than the screen
    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.goto(tab.url());
    const cards = phone.locator('.atr-p-journal');
    await cards.first().waitFor();
    const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the impact factor and ISSN are whole (the line wraps rather than cutting the ISSN)
    const facts = phone.locator('.atr-p-journal__facts').first();
    expect(await facts.textContent()).toContain('ISSN');
    expect(await facts.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await phone.screenshot({ path: path.join(artifacts, 'e2e-journals-more-phone.png'), fullPage: true });
    await phone.close();
    await tab.close();
  });

  it('shows the not-found message for an unknown resource and no page errors anywhere', async () => {
    const { page, base: site } = e2e;
    await page.goto(`${site}/microapp/explore/resources/article/99999999`);
    await page.getByText('该资源不存在或已删除').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});
