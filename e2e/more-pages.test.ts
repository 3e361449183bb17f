/**
 * The scholars' and institutions' 'more' pages in Chromium on the demo site (docs/decisions.md 433): the
 * panel's 更多 opens /top-resources with the panel's cards, not a list of titles. A scholar card shows the
 * avatar, name and professional title, institution, 研究方向 and 成果; an institution card the logo, its
 * name once (no subtitle repeating it), place and kind, 学者 and 成果 counts; each card reads as the
 * same record's card in the panel. Rendered on the server; at 1280 px several cards a row, on a 390 px
 * phone one a row, the research field whole (wrapped, not cut) and nothing wider than the screen.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, pageHydrated, useE2e } from './support';

const e2e = useE2e({ page: false });

/** Follows the `type` panel's 更多 from the home page (it opens a new tab); returns the more page. */
async function openMore(page: Page, type: string): Promise<Page> {
  await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
  const more = page.locator(`[data-module-type="${type}"] a.atr-p-more`);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), more.click()]);
  await pageHydrated(tab);
  expect(new URL(tab.url()).pathname).toBe('/top-resources');
  return tab;
}

/** The text of each card, by its title, in a scope (a card's lines joined by ' | '). */
async function cardTexts(scope: ReturnType<Page['locator']>, card: string): Promise<Map<string, string>> {
  const texts = await scope.locator(card).evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.split('\n').filter(Boolean).join(' | ')));
  return new Map(texts.map((t) => [t.split(' | ')[0], t]));
}

describe("the scholars' and institutions' more pages", () => {
  for (const [label, size] of [
    ['at 1280 px', { width: 1280, height: 900 }],
    ['on a 390 px phone', { width: 390, height: 844 }],
  ] as const) {
    it(`show the scholar panel's cards ${label}`, async () => {
      const page = await e2e.newPage(size);
      const tab = await openMore(page, 'scholar');
      const inPanel = await cardTexts(page.locator('[data-module-type="scholar"]'), '.atr-p-person');
      const cards = tab.locator('.atr-p-person');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThan(1);
      // 林知远 as the demo stores him: avatar, 教授, his institution, research field, academic title, 成果 2 (his two demo papers)
      const lin = cards.filter({ hasText: '林知远' });
      expect(await lin.locator('img').getAttribute('src')).toMatch(/\/demo\/scholar-1\.svg$/);
      await expect.poll(() => lin.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      const text = await lin.innerText();
      for (const part of ['教授', '东湖理工大学', '研究方向：机器学习、知识图谱、科技文献挖掘', '国家杰青', '成果 2']) expect(text).toContain(part);
      expect(await lin.getAttribute('href')).toMatch(/\/microapp\/profile\/\d+$/);
      // every card the panel shows reads the same on the more page
      expect(inPanel.size).toBeGreaterThan(1);
      const onMore = await cardTexts(tab.locator('.atr-vcard'), '.atr-p-person');
      for (const [name, t] of inPanel) expect(onMore.get(name), name).toBe(t);
      await layoutOk(tab, size.width, cards);
      // the research field is whole, even on a phone (the line wraps rather than cutting it)
      const field = lin.locator('.atr-p-card__line', { hasText: '研究方向' });
      expect(await field.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await tab.screenshot({ path: path.join(artifacts, `more-scholars-${size.width}.png`), fullPage: true });
      // rendered on the server: the HTML already holds the cards
      const html = await (await tab.request.get(tab.url())).text();
      expect(html).toContain('研究方向：机器学习、知识图谱、科技文献挖掘');
      await tab.close();
      await page.close();
      expect(e2e.pageErrors).toEqual([]);
    });

    it(`show the institution panel's cards ${label}`, async () => {
      const page = await e2e.newPage(size);
      const tab = await openMore(page, 'institution');
      const inPanel = await cardTexts(page.locator('[data-module-type="institution"]'), '.atr-p-org');
      const cards = tab.locator('.atr-p-org');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThan(1);
      const donghu = cards.filter({ hasText: '东湖理工大学' });
      expect(await donghu.locator('img').getAttribute('src')).toMatch(/\/demo\/institution-1\.svg$/);
      // the name once, then place and kind, then the counts (not the name again as a subtitle)
      const lines = (await donghu.innerText()).split('\n').filter(Boolean);
      expect(lines.filter((l) => l.includes('东湖理工大学'))).toEqual(['东湖理工大学']);
      expect(lines).toContain('湖北省武汉市 · 高等院校');
      await expect.poll(async () => (await donghu.innerText()).replace(/\s+/g, ' ')).toMatch(/学者 \d+ 成果 \d+/);
      expect(inPanel.size).toBeGreaterThan(1);
      const onMore = await cardTexts(tab.locator('.atr-vcard'), '.atr-p-org');
      for (const [name, t] of inPanel) expect(onMore.get(name), name).toBe(t);
      await layoutOk(tab, size.width, cards);
      await tab.screenshot({ path: path.join(artifacts, `more-institutions-${size.width}.png`), fullPage: true });
      const html = await (await tab.request.get(tab.url())).text();
      expect(html).toContain('湖北省武汉市 · 高等院校');
      await tab.close();
      await page.close();
      expect(e2e.pageErrors).toEqual([]);
    });
  }
});

/** Several cards a row at 1280 px, one a row on a phone; nothing wider than the screen. */
async function layoutOk(tab: Page, width: number, cards: ReturnType<Page['locator']>) {
  const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  if (width >= 1280) expect(Math.abs(b!.y - a!.y)).toBeLessThan(2);
  else expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
