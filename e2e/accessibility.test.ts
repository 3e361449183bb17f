/**
 * Accessibility of the visitor pages: axe-core (WCAG 2.0/2.1 A and AA rules) run in
 * Chromium on the demo site's home page, explore, a resource detail, a notice, a scholar profile, the
 * sign-in pages, the literature analysis (/LiteratureMiner), the advanced search (/exploreV3) and the map (/temp/map): no violation of impact serious or critical; one `h1` and a `main` landmark on each.
 * A composed page (/xrender/{pageId}) is checked the same way in e2e/xrender.test.ts, which makes and publishes one.
 */
import { describe, expect, it } from 'vitest';
import { useE2e } from './support';
import { seriousViolations } from './axe';

const e2e = useE2e({ page: false });

describe('accessibility of the visitor pages', () => {
  it('has no serious or critical axe violation, one h1 and a main landmark on each page', async () => {
    // axe is injected as an inline script, which the site's CSP refuses: this test's browser bypasses it
    const ctx = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
    const href = async (selector: string) => {
      const h = await page.locator(selector).first().getAttribute('href');
      if (!h) throw new Error(`no link ${selector} on the home page`);
      return h;
    };
    const pages: Record<string, string> = {
      home: '/',
      explore: '/microapp/explore',
      resource: await href('a[href^="/microapp/explore/resources/article/"]'),
      notice: await href('a[href^="/resources/notices/"]'),
      scholar: await href('a[href^="/microapp/profile/"]'),
      signIn: '/console/login',
      siteSignIn: '/login?redirect=%2F',
      literatureMiner: '/LiteratureMiner?q=%E7%A0%94%E7%A9%B6',
      // the advanced search with a NOT row: its query builder, year bars and results
      advancedSearch: '/exploreV3?c=AND.any.%E7%A0%94%E7%A9%B6&c=NOT.title.%E7%BB%BC%E8%BF%B0',
      map: '/temp/map',
    };
    const problems: string[] = [];
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${e2e.base}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      for (const v of await seriousViolations(page)) problems.push(`${name} ${path}: ${v}`);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${name} ${path}: ${h1} h1 elements`);
      if ((await page.locator('main, [role="main"]').count()) < 1) problems.push(`${name} ${path}: no main landmark`);
      await page.screenshot({ path: `test-artifacts/a11y-${name}.png` });
    }
    await ctx.close();
    expect(problems).toEqual([]);
  });
});
