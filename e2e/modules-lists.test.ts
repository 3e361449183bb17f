/**
 * End to end in Debian's Chromium (module lists): a super manager signs
 * in, creates an application on this server's host, and adds a policy, standard, book, science data,
 * resource links and tool panel through their forms in the editor (the tool form first refuses with
 * 请选择工具). Items come from a JSON-lines import into the application's topic; the resource links
 * are written into the links table as the link list dialog would. The visitor page then shows every
 * panel with its items. Screenshots are kept under test-artifacts/.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { artifacts, createApplicationByDialog, importJsonl, openModuleForm, pageHydrated, releaseAll, saveModule, signInConsole, useE2e } from './support';

const PHONE = '13800138001';
const TOPIC = '图书情报';
const ITEMS = [
  { type: 'policy', title: '关于加快推进科研数据开放共享的指导意见', date: '2026-03-18', fields: { issuer: '科学技术部', docNumber: '国科发〔2026〕12号' } },
  { type: 'policy', title: '高校图书馆数字资源建设规范', date: '2025-07-01', fields: { issuer: '教育部' } },
  {
    type: 'standard',
    title: '信息与文献 参考文献著录规则',
    date: '2015-12-01',
    fields: { standard_no: 'GB/T 7714-2015', article_date: '2015-12-01', status: '现行' },
  },
  {
    type: 'standard',
    title: '文献著录 第1部分：总则',
    date: '2009-09-30',
    fields: { standard_no: 'GB/T 3792.1-2009', article_date: '2009-09-30', status: '废止' },
  },
  {
    type: 'book',
    title: '数字图书馆导论',
    date: '2021-01-01',
    fields: { year: 2021, author: '王知行', publisher: '科学出版社', cover: '/demo/journal-2.svg' },
  },
  { type: 'book', title: '信息检索原理', date: '2019-05-01', fields: { year: 2019, author: '李青', publisher: '高等教育出版社' } },
  { type: 'sciencedata', title: '中国近海海表温度逐日数据集', date: '2025-11-02', fields: { publish_date: '2025-11-02', publisher: '国家海洋科学数据中心' } },
  { type: 'sciencedata', title: '青藏高原冻土分布图（2020）', date: '2024-06-30', fields: { publish_date: '2024-06-30' } },
  {
    type: 'tool',
    title: '党费计算器',
    date: '2024-01-01',
    fields: { description: '按月收入计算应缴党费', cover: null, link: 'https://host.cn/tools/party-dues' },
  },
  { type: 'tool', title: '文献翻译', date: '2025-01-01', fields: { description: '中英文献在线翻译', link: 'https://translate.example.com/' } },
  { type: 'tool', title: '引文格式转换', date: '2023-01-01', fields: { description: 'GB/T 7714 与 APA 互转', link: '/tools/cite' } },
];
const LINKS = [
  { title: '中国知网', url: 'https://www.cnki.net', cover: '/demo/portal-2.svg' },
  { title: '万方数据', url: 'https://www.wanfangdata.com.cn', cover: '/demo/portal-3.svg' },
  { title: '国家科技图书文献中心', url: 'https://www.nstl.gov.cn', cover: '/demo/portal-1.svg' },
  { title: '百度学术', url: 'https://xueshu.baidu.com', cover: null },
];

const e2e = useE2e({
  admins: [PHONE],
  setup(server) {
    expect(importJsonl(server, ITEMS, TOPIC)).toMatch(/导入/);
  },
});

const openForm = (label: string) => openModuleForm(e2e.page, label);

describe('module lists: a manager adds six panels, a visitor reads them', () => {
  it('signs in and creates an application on this host with the topic', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE, { url: `${server.url}/console/applications` });
    await createApplicationByDialog(page, { name: '图情资源门户', host: `127.0.0.1:${server.port}`, topic: TOPIC });
    await releaseAll(page, server.url); // visitors see released sites only (decision #138)
    await page.getByRole('row').filter({ hasText: '图情资源门户' }).getByRole('button', { name: '编辑首页' }).click();
    await page.waitForURL(/\/editor$/);
  });

  it('adds the policy, standard, book and science data panels through their forms', async () => {
    const { page } = e2e;
    for (const [label, title] of [
      ['政策', '政策法规'],
      ['标准', '标准规范'],
      ['图书', '新书推荐'],
      ['科学数据', '科学数据'],
    ]) {
      const drawer = await openForm(label);
      await drawer.getByText('数据分类').waitFor();
      await drawer.getByText('展示精选数据').waitFor();
      await saveModule(drawer, title);
    }
    await page.locator('[data-module-type="policy"]').getByText('科学技术部').waitFor();
    await page.locator('[data-module-type="book"]').getByText('数字图书馆导论').waitFor();
  });

  it('adds a rich resource links panel whose 数据列表 raises the data-list event', async () => {
    const { page, server } = e2e;
    const drawer = await openForm('资源链接');
    await drawer.getByText('图文', { exact: true }).click();
    await drawer.getByLabel('标题加粗').click();
    await saveModule(drawer, '常用数据库');
    const panel = page.locator('[data-module-type="resource"]');
    await panel.getByText('去发布？').waitFor();
    const moduleId = await panel.getAttribute('data-module-id');
    expect(moduleId).toBeTruthy();
    await page.evaluate(() => {
      (window as unknown as { __dataList: unknown[] }).__dataList = [];
      window.addEventListener('atrium:data-list', (e) => (window as unknown as { __dataList: unknown[] }).__dataList.push((e as CustomEvent).detail));
    });
    await panel.getByRole('button', { name: '数据列表' }).click();
    expect(await page.evaluate(() => (window as unknown as { __dataList: unknown[] }).__dataList)).toEqual([{ moduleId, type: 'resource' }]);
    // the editor answers with the module's link list (app/console/content/DataListHost.tsx); close it
    const list = page.getByRole('dialog').filter({ hasText: '资源链接' });
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // the links of this module, as the link list dialog writes them
    const appId = Number(/application\/(\d+)\/editor/.exec(page.url())![1]);
    const db = new Database(path.join(server.dataDir, 'atrium.db'));
    const now = new Date().toISOString();
    const insert = db.prepare(
      'insert into links (application_id, module_id, user_id, title, url, cover, link_category, top, top_order, active, publish_date_time, create_date_time) values (?, ?, null, ?, ?, ?, null, 0, 1, 1, ?, ?)',
    );
    for (const l of LINKS) insert.run(appId, moduleId, l.title, l.url, l.cover, now, now);
    db.close();
  });

  it('refuses a tool panel without tools with 请选择工具, then adds one with two tools', async () => {
    const { page } = e2e;
    const drawer = await openForm('工具');
    await drawer.getByRole('button', { name: '添加模块' }).click();
    // the field's error element itself: once, the text 请选择工具 was found while that element still counted 0
    const required = drawer.locator('.ant-form-item-explain-error').filter({ hasText: '请选择工具' });
    await required.first().waitFor();
    expect(await required.count()).toBe(1);
    expect(await drawer.getByRole('button', { name: '添加模块' }).isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(artifacts, 'e2e-lists-tool-required.png') });
    await drawer.getByLabel('工具', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '党费计算器' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '文献翻译' }).click();
    await drawer.getByLabel('模块标题').click();
    await saveModule(drawer, '常用工具');
    await page.locator('[data-module-type="tool"]').getByText('按月收入计算应缴党费').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-lists-editor.png'), fullPage: true });
  });

  it('turns the tool panel horizontal: the direction forces the full row', async () => {
    const { page } = e2e;
    await page.locator('[data-module-type="tool"]').getByRole('button', { name: '编辑' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('横向（整行，最多 8 个）').click();
    await drawer.getByText('整行（100%）').waitFor();
    await drawer.getByRole('button', { name: '保存修改' }).click();
    await page.getByText('首页配置保存成功').last().waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const style = await page.locator('[data-module-type="tool"]').getAttribute('style');
    expect(style).toContain('width: 100%');
  });

  it('shows every panel with its items to a visitor', async () => {
    const { server } = e2e;
    const visitor = await e2e.newPage();
    await visitor.goto(`${server.url}/`);
    const expectations: Array<[string, string[]]> = [
      ['policy', ['政策法规', '科学技术部', '高校图书馆数字资源建设规范', '2026-03-18']],
      ['standard', ['标准规范', 'GB/T 7714-2015', '信息与文献 参考文献著录规则', '废止']],
      ['book', ['新书推荐', '数字图书馆导论', '王知行', '信息检索原理']],
      ['sciencedata', ['科学数据', '中国近海海表温度逐日数据集', '2025-11-02']],
      ['resource', ['常用数据库', '中国知网', '万方数据', '国家科技图书文献中心']],
      ['tool', ['常用工具', '党费计算器', '文献翻译']],
    ];
    for (const [type, texts] of expectations) {
      const panel = visitor.locator(`[data-module-type="${type}"]`);
      for (const t of texts) await panel.getByText(t, { exact: false }).first().waitFor();
    }
    expect(await visitor.locator('[data-module-type="tool"]').getByText('引文格式转换').count()).toBe(0);
    // links of spec 1 §2
    expect(await visitor.locator('[data-module-type="book"] a[href^="/microapp/explore/resources/book/"]').count()).toBeGreaterThanOrEqual(2);
    expect(await visitor.locator('[data-module-type="tool"] a[href="/microapp/widget/tools/party-dues"]').count()).toBe(1);
    expect(await visitor.locator('[data-module-type="tool"] a[href="https://translate.example.com/"]').getAttribute('target')).toBe('_blank');
    expect(await visitor.locator('[data-module-type="resource"] a[href="https://www.cnki.net"]').getAttribute('target')).toBe('_blank');
    expect(await visitor.locator('[data-module-type="resource"]').getByText('数据列表').count()).toBe(0);
    await pageHydrated(visitor);
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-lists-visitor.png'), fullPage: true });
    await visitor.close();
  });
});
