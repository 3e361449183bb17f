/**
 * The map of China end to end in Chromium (spec 1 §2 /temp/map; issue 31 §3; docs/decisions.md 720-723):
 * the server renders the switch and the table of the 34 divisions (no scripts needed); the browser draws
 * the ECharts map (an SVG with the divisions and the 南海诸岛 inset); a division's count in the table
 * equals the number of its institutions listed below it once chosen (in the table or by a click on the
 * map), each linking to its page; the switch 学者 recounts; the home page loads none of the map's code.
 * Screenshots (desktop and a 390 px phone) go to test-artifacts/; axe finds nothing serious.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, importJsonl, pageHydrated, useE2e } from './support';
import { seriousViolations } from './axe';

const TOPIC = '综合资源';
const PHONE_SIZE = { width: 390, height: 844 };
const ZJ = ['浙江地图测试大学', '浙江地图测试学院'];

const e2e = useE2e({
  page: false,
  setup(server) {
    expect(
      importJsonl(
        server,
        [
          { type: 'institution', title: ZJ[0], key: 'map:zj1', fields: { province: '浙江省', location: '杭州市' } },
          { type: 'institution', title: ZJ[1], key: 'map:zj2', fields: { province: '浙江' } },
          { type: 'institution', title: '新疆地图测试大学', key: 'map:xj1', fields: { province: '新疆维吾尔自治区' } },
          { type: 'scholar', title: '地图学者甲', key: 'map:s1', fields: { institution: ZJ[0] } },
          { type: 'scholar', title: '地图学者乙', key: 'map:s2', fields: { institution: ZJ[0] } },
          { type: 'scholar', title: '地图学者丙', key: 'map:s3', fields: { institution: ZJ[1] } },
        ],
        TOPIC,
      ),
    ).toMatch(/导入/);
  },
});

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `e2e-map-${name}.png`), fullPage: true });
/** The count of a division in the table. */
const tableCount = (p: Page, province: string) => p.locator(`.atr-map__counts tr[data-province="${province}"] td`).innerText();
const listRows = (p: Page) => p.locator('.atr-map__province tbody tr');

describe('/temp/map', () => {
  it('server-renders the switch and the table of the 34 divisions, without scripts', async () => {
    const ctx = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(`${e2e.base}/temp/map?province=${encodeURIComponent('浙江')}`);
    await page.getByRole('heading', { name: '全国分布地图', level: 1 }).waitFor();
    expect(await page.locator('.atr-map__counts caption').innerText()).toBe('各省份机构数量（共 34 个省级行政区）');
    expect(await page.locator('.atr-map__counts tbody tr').count()).toBe(34);
    // the chosen division's institutions are in the server's HTML too
    await page.getByRole('heading', { name: '浙江的机构' }).waitFor();
    expect(await listRows(page).count()).toBe(Number(await tableCount(page, '浙江')));
    await ctx.close();
  });

  it('draws the map with the inset, lists a division chosen in the table or on the map, and switches to scholars', async () => {
    const ctx = await e2e.browser.newContext({ bypassCSP: true, locale: 'zh-CN', viewport: { width: 1400, height: 1000 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.base}/temp/map`);
    await pageHydrated(page);
    // the map: an SVG with a path per division (and the inset's), its labels and the legend
    const map = page.locator('[data-chart="china-map"] svg');
    await map.waitFor();
    await expect.poll(() => map.locator('path').count(), { timeout: 10_000 }).toBeGreaterThan(35);
    await map.getByText('南海诸岛', { exact: true }).waitFor();
    await map.getByText('新疆', { exact: true }).waitFor();
    await map.getByText('台湾', { exact: true }).waitFor();

    // chosen in the table: the division's institutions, as many as its count
    const zj = Number(await tableCount(page, '浙江'));
    expect(zj).toBeGreaterThanOrEqual(2);
    await page.getByRole('link', { name: '查看浙江的机构' }).click();
    await page.waitForURL(/province=%E6%B5%99%E6%B1%9F/);
    await page.getByRole('heading', { name: '浙江的机构' }).waitFor();
    await expect.poll(() => listRows(page).count()).toBe(zj);
    const link = page.locator('.atr-map__province').getByRole('link', { name: ZJ[0] });
    expect(await link.getAttribute('href')).toMatch(/^\/microapp\/explore\/resources\/institution\/\d+$/);
    // the scholars' column of the list: 2 and 1
    expect(await page.locator('.atr-map__province tbody tr', { hasText: ZJ[0] }).locator('td').first().innerText()).toBe('2');
    await shot(page, 'desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // switched to 学者: the caption and the division's count follow (the sum of its institutions' scholars)
    await page.getByRole('link', { name: '学者', exact: true }).click();
    await page.waitForURL(/metric=scholars/);
    await page.getByText('各省份学者数量（共 34 个省级行政区）').waitFor();
    const scholars = (await listRows(page).locator('td:nth-of-type(1)').allInnerTexts()).reduce((a, s) => a + Number(s), 0);
    await expect.poll(() => tableCount(page, '浙江')).toBe(String(scholars));
    expect(scholars).toBeGreaterThanOrEqual(3);

    // a click on the map: on 新疆 (its label's place), which then lists its institution
    const box = (await map.getByText('新疆', { exact: true }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(/province=%E6%96%B0%E7%96%86/);
    await page.getByRole('heading', { name: '新疆的机构' }).waitFor();
    await page.locator('.atr-map__province').getByRole('link', { name: '新疆地图测试大学' }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('on a 390 px phone: the map fits the screen, then the table', async () => {
    const page = await e2e.newPage(PHONE_SIZE);
    await page.goto(`${e2e.base}/temp/map?province=${encodeURIComponent('浙江')}`);
    await pageHydrated(page);
    const map = page.locator('[data-chart="china-map"] svg');
    await expect.poll(() => map.locator('path').count(), { timeout: 10_000 }).toBeGreaterThan(35);
    const box = (await page.locator('[data-chart="china-map"]').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone');
    await page.close();
  });

  it('the home page loads none of the map’s code', async () => {
    const page = await e2e.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${e2e.base}/`);
    await pageHydrated(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/(ChinaMap|MapPage)-/.test(s))).toEqual([]);
    await page.close();
  });
});
