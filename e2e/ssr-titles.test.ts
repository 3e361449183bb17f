/**
 * The server-rendered `<title>` of a visitor page is the title the browser sets after loading
 * (decision 431): `登录 - 站点名` on /login, `研究报告 - 站点名` on the reports list, read here with
 * JavaScript off (what a crawler, a link preview or a browser tab before the scripts sees).
 */
import { describe, expect, it } from 'vitest';
import { useE2e } from './support';
import { MSG } from '../common/messages';

const e2e = useE2e({ page: false });

describe('server-rendered titles', () => {
  it('names /login and the other visitor pages in the HTML, as the browser does after hydration', async () => {
    const noJs = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await noJs.newPage();
    await page.goto(`${e2e.base}/`);
    const site = await page.title();
    expect(site).not.toBe('');
    const expected: Array<[string, string]> = [
      ['/login', `登录 - ${site}`],
      ['/microapp/report', `研究报告 - ${site}`],
      // the analysis, map, advanced search and party-dues pages of issue 31 (decisions 680-723)
      ['/LiteratureMiner?q=%E6%96%87%E7%8C%AE', `${MSG.minerTitle} - ${site}`],
      ['/temp/map', `${MSG.mapTitle} - ${site}`],
      ['/exploreV3?c=AND.any.%E6%96%87%E7%8C%AE', `${MSG.advancedTitle} - ${site}`],
      ['/microapp/widget/tools/party-dues', `${MSG.partyDuesTitle} - ${site}`],
    ];
    for (const [url, title] of expected) {
      expect((await page.goto(`${e2e.base}${url}`))?.status(), url).toBe(200);
      expect(await page.title(), url).toBe(title);
    }
    // the home page keeps the site's name
    await page.goto(`${e2e.base}/`);
    expect(await page.title()).toBe(site);
    await noJs.close();
    // with JavaScript the browser keeps the same title (no change after hydration)
    const withJs = await e2e.browser.newContext({ locale: 'zh-CN' });
    const live = await withJs.newPage();
    await live.goto(`${e2e.base}/login`, { waitUntil: 'networkidle' });
    expect(await live.title()).toBe(`登录 - ${site}`);
    await withJs.close();
  });
});
