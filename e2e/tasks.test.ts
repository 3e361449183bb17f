/**
 * Imports from the console as background tasks, in Chromium (decision 267): a super manager previews the real CSL file (../shared/data, read in place), starts
 * the import and watches the task reach 已完成 with its counts; a BibTeX import's bar reaches 100 %; a
 * CSV of the MOE list with renamed headers is remapped in the preview and imported; then a large JSON-lines import is
 * running when the server is killed: after the restart the task shows 已中断, no row of it was written,
 * and 重新运行 completes it; 重建检索索引, once confirmed, rebuilds the search index as a task. Screenshots
 * under test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, repoRoot, sharedData, signInByApi, useE2e } from './support';

const SUPER = '13800138021';
const e2e = useE2e({ env: { ATRIUM_SEED_DEMO: '0' }, admins: [SUPER], page: false });
const csl = path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
let page: Page;
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
const rowOf = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text });

/** Fills the import dialog: kind (by its label), topic, file. */
async function fillImport(p: Page, kindLabel: string, topic: string, file: string) {
  await p.getByRole('button', { name: '导入数据' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('数据类型').click();
  await p.locator('.ant-select-item-option', { hasText: kindLabel }).click();
  await dialog.getByLabel('导入到专题').fill(topic);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  return dialog;
}

describe('background tasks', () => {
  it('previews the CSL file, imports it as a task and shows it done with its counts', async () => {
    const { server } = e2e;
    page = await (await e2e.newContext()).newPage();
    await signInByApi(page, server, SUPER);
    await page.goto(`${server.url}/console/tasks`);
    await page.getByRole('heading', { name: '后台任务' }).waitFor();
    const dialog = await fillImport(page, '论文', '中文科技文献', csl);
    await dialog.getByRole('button', { name: '预览' }).click();
    await dialog.getByText(/预览文件开头的 \d+ 行，识别出 \d+ 条资源/).waitFor();
    await shot(page, 'e2e-import-preview.png');
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await page.locator('.ant-message-notice-title', { hasText: '已加入后台任务队列' }).waitFor();
    const row = rowOf(page, '导入「csl_benchmark_devtest_joined.tsv」到专题「中文科技文献」');
    await row.getByText('已完成').waitFor({ timeout: 60_000 });
    await row.getByText(/读取 2000 行，新增 \d+ 条/).waitFor();
    await shot(page, 'e2e-tasks-done.png');
  });

  it('imports a BibTeX file from the console to 100 %, its fields shown in the preview', async () => {
    const bib = path.join(repoRoot, 'server', 'import', 'fixtures', 'sample.bib');
    const dialog = await fillImport(page, 'BibTeX', '参考文献', bib);
    await dialog.getByRole('button', { name: '预览' }).click();
    await dialog.getByText(/识别出 8 条资源/).waitFor();
    await dialog.getByRole('columnheader', { name: '字段' }).first().waitFor();
    // BibTeX's fields come from its own tags: shown, not chosen
    await dialog.getByText('此格式的字段固定').waitFor();
    await dialog.getByText('journal / booktitle').waitFor();
    expect(await dialog.getByRole('combobox', { name: /读取的列/ }).count()).toBe(0);
    await shot(page, 'e2e-import-bibtex-mapping.png');
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const row = rowOf(page, '导入「sample.bib」到专题「参考文献」');
    await row.getByText('已完成').waitFor({ timeout: 60_000 });
    // the bar reaches 100 % and turns to the success state
    const bar = row.getByRole('progressbar');
    await bar.and(page.locator('.ant-progress-status-success')).waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await bar.locator('.ant-progress-indicator').innerText()).toBe('100%');
    await row.getByText(/新增 8 条，更新 0 条，跳过 1 行/).waitFor();
    await row.getByRole('button', { name: /跳过的行/ }).click();
    await page
      .locator('.ant-drawer-open')
      .getByText(/第 \d+ 行：/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
  });

  it('remaps the columns of a CSV with renamed headers in the preview, and imports its rows with them', async () => {
    const { server } = e2e;
    const moe = path.join(sharedData, 'moe-china-universities-2025', 'moe_universities_2025.csv');
    const csv = path.join(server.dataDir, '高校名单（改名表头）.csv');
    // the MOE list's first 30 universities, its headers renamed: the importer knows none of 院校, 代码, 省
    fs.writeFileSync(csv, ['序号,院校,代码,主管部门,城市,层次,备注,省', ...fs.readFileSync(moe, 'utf8').split('\n').slice(1, 31)].join('\n'));
    const dialog = await fillImport(page, '机构', '改名表头的高校', csv);
    await dialog.getByRole('button', { name: '预览' }).click();
    const missing = dialog.getByText('必填字段 学校名称、学校标识码 没有对应的列');
    await missing.waitFor();
    // 开始导入 is blocked while a required field has no column
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.locator('.ant-alert-error', { hasText: '请在“列对应”中选择后再开始导入' }).waitFor();
    await shot(page, 'e2e-import-mapping-missing.png');
    /** Chooses `column` for the field labelled `label`; the preview is read again. */
    const choose = async (label: string, column: string) => {
      const select = dialog.getByRole('combobox', { name: `${label} 读取的列` });
      await select.fill(column);
      await select.press('Enter');
      await dialog
        .getByRole('combobox', { name: `${label} 读取的列` })
        .and(page.locator(':enabled'))
        .waitFor();
      await dialog.locator('.ant-table-row', { hasText: label }).locator('.ant-select-content', { hasText: column }).waitFor();
    };
    await choose('学校名称', '院校');
    await choose('学校标识码', '代码');
    await missing.waitFor({ state: 'detached' });
    await dialog.getByText('预览文件开头的 30 行，识别出 30 条资源').waitFor();
    // the rows read with the chosen columns: the name as title; the category once 省 and 层次 are chosen
    await dialog.getByRole('cell', { name: '北京大学', exact: true }).waitFor();
    await choose('省份', '省');
    await choose('办学层次', '层次');
    await rowOf(page, '北京大学').filter({ hasText: '北京市 / 本科' }).first().waitFor();
    await page.waitForTimeout(400); // the last dropdown's closing animation
    await shot(page, 'e2e-import-mapping.png');
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const row = rowOf(page, '改名表头的高校');
    await row.getByText('已完成').waitFor({ timeout: 60_000 });
    await row.getByText('读取 30 行，新增 30 条，更新 0 条，跳过 0 行').waitFor();
    // the rows landed, with the columns chosen
    const topics = (await (await page.request.get(`${server.url}/api/v1/topics`)).json()) as Array<{ id: number; title: string; resources: number }>;
    const topic = topics.find((t) => t.title === '改名表头的高校')!;
    expect(topic.resources).toBe(30);
    await page.goto(`${server.url}/console/topics/tc/topicShow/${topic.id}?type=institution&query=${encodeURIComponent('清华')}`);
    await page.getByRole('cell', { name: '清华大学', exact: true }).waitFor();
    await page.goto(`${server.url}/console/tasks`);
    await page.getByRole('heading', { name: '后台任务' }).waitFor();
  });

  it('marks an import interrupted when the server is killed, with no row written, and runs it again', async () => {
    const { server } = e2e;
    const big = path.join(server.dataDir, 'big.jsonl');
    fs.writeFileSync(
      big,
      Array.from({ length: 150_000 }, (_, i) =>
        JSON.stringify({ type: 'article', key: `big-${i}`, title: `第 ${i} 篇：面向大规模文献的检索方法研究`, category: ['工学', '计算机科学与技术'] }),
      ).join('\n'),
    );
    const dialog = await fillImport(page, 'JSON 行', '大批量导入', big);
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const row = rowOf(page, '大批量导入');
    await row.getByText('运行中').waitFor({ timeout: 60_000 });
    await row.getByText(/行\/秒/).waitFor({ timeout: 60_000 });
    await shot(page, 'e2e-tasks-running.png');
    await server.restart({ hard: true });
    await page.reload();
    await row.locator('.ant-tag', { hasText: '已中断' }).waitFor();
    await row.getByText(/服务器重启，任务已中断，没有写入任何数据/).waitFor();
    const topics = (await (await page.request.get(`${server.url}/api/v1/topics`)).json()) as Array<{ title: string; resources: number }>;
    expect(topics.find((t) => t.title === '大批量导入')?.resources ?? 0).toBe(0);
    await row.getByRole('button', { name: '重新运行' }).click();
    await row.getByText('已完成').waitFor({ timeout: 120_000 });
    await row.getByText('读取 150000 行，新增 150000 条，更新 0 条，跳过 0 行').waitFor();
  });

  it('rebuilds the search index as a task after a confirmation, and a search finds the imported articles', async () => {
    const { server } = e2e;
    await page.getByRole('button', { name: '重建检索索引' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '重建全部资源的检索索引？' });
    await confirm.getByText(/期间检索照常可用/).waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation
    await shot(page, 'e2e-tasks-reindex-confirm.png');
    await confirm.getByRole('button', { name: '重建检索索引' }).click();
    const row = rowOf(page, '检索索引');
    await row.getByText('已完成').waitFor({ timeout: 120_000 });
    // the CSL articles, the BibTeX entries and the 150,000 JSON lines above
    await row.getByText(/已重建 15\d,\d{3} 条资源的检索索引/).waitFor();
    await shot(page, 'e2e-tasks-reindexed.png');
    const found = (await (await page.request.get(`${server.url}/api/v1/search?q=${encodeURIComponent('检索方法')}`)).json()) as { totalElements: number };
    expect(found.totalElements).toBeGreaterThan(0);
  });
});
