/** in Debian's Chromium (decisions 510, 511): a BibTeX file imported into the demo site's
 * topic with a year-only, a year-month and a full-day article and a year-only @techreport. The explore
 * page shows 2024 / 2024-03 / 2024-05-06 (never 2024-01-01 or 2024-03-01), newest first; the report's
 * page shows 2022 and 技术报告; the console's edit form shows the date 2022 and saves it as it is.
 * Screenshots: test-artifacts/e2e-import-dates-explore.png,
 * e2e-import-dates-report.png (390 px phone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiCall, artifacts, pageHydrated, signInConsole, useE2e } from './support';

const BIB = `@article{p1, title = {日期精度样本甲：仅有年份}, author = {王, 小明}, journal = {计算机学报}, year = {2024}}
@article{p2, title = {日期精度样本乙：年和月}, author = {李, 华}, journal = {计算机学报}, year = {2024}, month = mar}
@article{p3, title = {日期精度样本丙：完整日期}, journal = {计算机学报}, date = {2024-05-06}}
@techreport{p4, title = {日期精度样本丁：技术报告}, author = {张, 三}, institution = {科技情报研究所}, year = {2022}}
`;

const PHONE = '13500000091';

const e2e = useE2e({
  admins: [PHONE],
  setup(server) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-dates-'));
    const file = path.join(dir, 'dates.bib');
    fs.writeFileSync(file, BIB);
    server.cli('import', 'bibtex', file, '--topic', '综合资源');
    fs.rmSync(dir, { recursive: true, force: true });
  },
});

describe('imported dates at the source precision', () => {
  it('explore shows 2024, 2024-03 and the full day, newest first', async () => {
    const page = e2e.page;
    await page.goto(`${e2e.base}/microapp/explore?q=${encodeURIComponent('日期精度样本')}&type=article`);
    await pageHydrated(page);
    await page.locator('.atr-result__title', { hasText: '仅有年份' }).waitFor();
    const rows = await page
      .locator('.atr-result')
      .evaluateAll((els) =>
        els.map((el) => [el.querySelector('.atr-result__title')?.textContent ?? '', el.querySelector('.atr-result__meta')?.textContent ?? '']),
      );
    const byTitle = Object.fromEntries(rows);
    expect(rows.map(([t]) => t)).toEqual(['日期精度样本丙：完整日期', '日期精度样本乙：年和月', '日期精度样本甲：仅有年份']);
    expect(byTitle['日期精度样本甲：仅有年份']).toMatch(/2024(?!-)/);
    expect(byTitle['日期精度样本乙：年和月']).toMatch(/2024-03(?!-)/);
    expect(byTitle['日期精度样本丙：完整日期']).toContain('2024-05-06');
    expect(rows.map(([, m]) => m).join(' ')).not.toMatch(/2024-01-01|2024-03-01/);
    await page.screenshot({ path: path.join(artifacts, 'e2e-import-dates-explore.png') });
  });

  it('the imported report shows its year and its type', async () => {
    const phone = await e2e.newPage({ width: 390, height: 844 });
    const res = await phone.request.get(`${e2e.base}/api/v1/search?q=${encodeURIComponent('日期精度样本丁')}&type=report`);
    const id = ((await res.json()) as { content: { id: number }[] }).content[0].id;
    await phone.goto(`${e2e.base}/microapp/report/detail/${id}`);
    await pageHydrated(phone);
    const meta = phone.locator('.atr-report__meta');
    await meta.waitFor();
    const text = await meta.innerText();
    expect(text).toContain('技术报告');
    expect(text).toMatch(/2022(?!-)/);
    expect(text).not.toContain('2022-01-01');
    await phone.screenshot({ path: path.join(artifacts, 'e2e-import-dates-report.png'), fullPage: true });
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the console edit form shows 2022 and saves it unchanged', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE);
    const appId = (await apiCall(page, server.url, 'GET', '/api/v1/applications/config?host=localhost')).body.applicationId as number;
    const found = await apiCall(page, server.url, 'GET', `/api/v1/search?q=${encodeURIComponent('日期精度样本丁')}&type=report`);
    const id = (found.body as { content: { id: number }[] }).content[0].id;
    await page.goto(`${server.url}/console/reports/${id}/edit?applicationId=${appId}`);
    await page.getByLabel('报告名称').waitFor();
    const date = page.getByLabel('发布日期');
    await expect.poll(() => date.inputValue()).toBe('2022');
    await page.screenshot({ path: path.join(artifacts, 'e2e-import-dates-console.png') });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('报告已保存').waitFor();
    const after = await apiCall(page, server.url, 'GET', `/api/v1/reports/${id}?applicationId=${appId}`);
    expect(after.body).toMatchObject({ date: '2022', reportType: '技术报告' });
  });
});
