/**
 * 党费计算器 end to end in Chromium (spec 1 §2 /microapp/widget/tools/party-dues; docs/decisions.md
 * 640-643): the tools list shows it first; with JavaScript the result follows the typing at every
 * bracket boundary and the rule is quoted; without JavaScript the form is sent as a GET and the server
 * renders the result; bad input shows the Chinese message (never an error page). Screenshots (desktop
 * and a 390 px phone) go to test-artifacts/; axe finds nothing serious on the page.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, clickSettled, pageHydrated, useE2e } from './support';
import { seriousViolations } from './axe';

const PHONE_SIZE = { width: 390, height: 844 };
const e2e = useE2e({ page: false });
const PATH = '/microapp/widget/tools/party-dues';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
const monthly = (p: Page) => p.getByTestId('dues-monthly').innerText();
const yearly = (p: Page) => p.getByTestId('dues-yearly').innerText();

/** [category label, amount typed, monthly, yearly, rate or null] at each boundary of each bracket. */
const CASES: Array<[string, string, string, string, string | null]> = [
  ['在职党员', '3000', '15.00 元', '180.00 元', '0.5%'],
  ['在职党员', '3000.01', '30.00 元', '360.00 元', '1%'],
  ['在职党员', '5000', '50.00 元', '600.00 元', '1%'],
  ['在职党员', '5000.01', '75.00 元', '900.00 元', '1.5%'],
  ['在职党员', '10000', '150.00 元', '1800.00 元', '1.5%'],
  ['在职党员', '10000.01', '200.00 元', '2400.00 元', '2%'],
  ['离退休党员', '5000', '25.00 元', '300.00 元', '0.5%'],
  ['离退休党员', '5000.01', '50.00 元', '600.00 元', '1%'],
  ['农民党员', '0.2', '0.20 元', '2.40 元', null],
  ['农民党员', '1', '1.00 元', '12.00 元', null],
];
const CATEGORY_VALUE: Record<string, string> = { 在职党员: 'inService', 离退休党员: 'retired', 农民党员: 'farmer' };

describe('party dues', () => {
  it('is the first card of the tools list', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.base}/microapp/widget/tools`);
    const card = page.locator('.atr-feed-card').first();
    await card.getByText('党费计算器').waitFor();
    await clickSettled(card);
    await page.waitForURL(new RegExp(`${PATH}$`));
    await page.getByRole('heading', { name: '党费计算器', level: 1 }).waitFor();
    await page.close();
  });

  it('with JavaScript: the result follows the typing at every bracket boundary, the rule quoted', async () => {
    // bypassCSP: axe is added as an inline script (e2e/accessibility.test.ts does the same)
    const ctx = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.base}${PATH}`);
    await page.getByRole('heading', { name: '党费计算器', level: 1 }).waitFor();
    // hydrated (its scripts loaded): from here each key press recomputes
    await pageHydrated(page);
    const amount = page.locator('input[name="amount"]');
    for (const [category, typed, m, y, rate] of CASES) {
      await page.getByRole('radio', { name: category }).check();
      await amount.fill(typed);
      await expect.poll(() => monthly(page), { timeout: 5000 }).toBe(m);
      expect([await yearly(page), rate ? await page.getByTestId('dues-rate').innerText() : null]).toEqual([y, rate]);
    }
    // the address keeps what was typed (replace, so a reload or a shared link shows the same)
    expect(page.url()).toContain('category=farmer&amount=1');
    await page.getByRole('radio', { name: '在职党员' }).check();
    await amount.fill('4500.50');
    await expect.poll(() => monthly(page)).toBe('45.01 元');
    await page.getByText('3000 元以上至 5000 元（含 5000 元）', { exact: true }).waitFor();
    await page.getByText(/依据：中共中央组织部《关于中国共产党党费收缴、使用和管理的规定》（2008 年）第一条、第二条/).waitFor();
    await shot(page, 'e2e-party-dues-desktop.png');
    expect(await seriousViolations(page)).toEqual([]);
    // students etc.: 0.2 元 a month, no amount needed
    await page.getByRole('radio', { name: /学生/ }).check();
    await expect.poll(() => monthly(page)).toBe('0.20 元');
    expect(await yearly(page)).toBe('2.40 元');
    await page
      .getByText(/第六条/)
      .first()
      .waitFor();
    // bad input: the message beside the field, no result, no error page
    await page.getByRole('radio', { name: '在职党员' }).check();
    for (const [typed, message] of [
      ['-5', '月计算基数不能为负数'],
      ['abc', '月计算基数须为数字，例如 4500 或 4500.50'],
      ['999999999999', '月计算基数不能超过 10000000 元，请检查输入'],
    ]) {
      await amount.fill(typed);
      await page.getByRole('alert').getByText(message).waitFor();
      expect(await page.getByTestId('dues-monthly').count()).toBe(0);
    }
    await page.getByRole('radio', { name: '农民党员' }).check();
    await amount.fill('1.5');
    await page.getByRole('alert').getByText('农民党员每月交纳金额须在 0.2 元至 1 元之间，最多两位小数').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('without JavaScript: the form is sent and the server renders the result, on a phone too', async () => {
    const ctx = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: PHONE_SIZE, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(`${e2e.base}${PATH}`);
    await page.getByRole('heading', { name: '党费计算器', level: 1 }).waitFor();
    expect(await page.getByTestId('dues-monthly').count()).toBe(0);
    for (const [category, typed, m, y] of CASES) {
      await page.getByRole('radio', { name: category }).check();
      await page.locator('input[name="amount"]').fill(typed);
      await Promise.all([page.waitForURL(/amount=/), page.getByRole('button', { name: '计算' }).click()]);
      expect(new URL(page.url()).searchParams.get('category')).toBe(CATEGORY_VALUE[category]);
      expect([await monthly(page), await yearly(page)]).toEqual([m, y]);
      // the form keeps what was sent
      expect(await page.locator('input[name="amount"]').inputValue()).toBe(typed);
    }
    await shot(page, 'e2e-party-dues-nojs-phone.png');
    // bad input from an address typed by hand: 200, the message, no result
    for (const [q, message] of [
      ['category=inService&amount=-1', '月计算基数不能为负数'],
      ['category=inService&amount=%E4%B8%89%E5%8D%83', '月计算基数须为数字，例如 4500 或 4500.50'],
      [`category=retired&amount=${'9'.repeat(400)}`, '月计算基数不能超过 10000000 元，请检查输入'],
      ['category=farmer&amount=2', '农民党员每月交纳金额须在 0.2 元至 1 元之间，最多两位小数'],
    ]) {
      const res = await page.goto(`${e2e.base}${PATH}?${q}`);
      expect(res?.status()).toBe(200);
      await page.getByText(message).waitFor();
      expect(await page.getByTestId('dues-monthly').count()).toBe(0);
    }
    await shot(page, 'e2e-party-dues-nojs-error-phone.png');
    // an unknown category falls back to 在职 (the form's first choice)
    await page.goto(`${e2e.base}${PATH}?category=boss&amount=3000`);
    expect(await monthly(page)).toBe('15.00 元');
    await ctx.close();
  });
});
