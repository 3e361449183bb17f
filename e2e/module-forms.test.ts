/**
 * End to end in Debian's Chromium (module forms; spec 1 §2 forms, §5
 * messages): a super manager adds, through their forms in the editor, the panel types no other e2e file
 * adds — news (新闻), topic navigation (专题导航), institution (机构), journal (期刊), activity (学术活动),
 * research output (科研成果) and carousel (轮播图) — and on the way sees each form message of spec 1 §5:
 * 请输入模块标题 (empty title), 请选择模块数据展示方式 (news without a display type), the carousel count
 * range (news carousel count 11), the carousel custom height minimum (under 100), the carousel item save
 * button disabled without a url, 请选择专题 (topic navigation without topics), and the research output /
 * activity save button disabled with no data type. Real catalogues (CSRankings scholars, CCF journals and
 * conferences, CSL articles) and three news items are imported into the application's topic first; the
 * visitor page then shows every panel with items. Screenshot: test-artifacts/e2e-module-forms-visitor.png.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { MSG } from '../common/messages';
import {
  artifacts,
  chooseOption,
  createApplicationByDialog,
  expectDisabled,
  importJsonl,
  openModuleForm,
  pageHydrated,
  releaseAll,
  saveModule,
  sharedData,
  signInConsole,
  useE2e,
} from './support';

const PHONE = '13800138021';
const TOPIC = '综合资源';
const NEWS = [
  {
    type: 'news',
    title: '国家科技图书文献中心开通新一批外文数据库',
    date: '2026-03-02',
    fields: { summary: '新增数据库覆盖工程技术领域', source: 'NSTL', cover: '/demo/portal-1.svg' },
  },
  {
    type: 'news',
    title: '中文科技文献分类评测数据集发布',
    date: '2026-02-20',
    fields: { summary: 'CSL 基准数据', source: '科研快讯', cover: '/demo/portal-2.svg' },
  },
  {
    type: 'news',
    title: '高校图书馆联盟召开年度工作会议',
    date: '2026-01-15',
    fields: { summary: '会议讨论资源共建共享', source: '图情动态', cover: '/demo/portal-3.svg' },
  },
];

// the page's and the visitor's uncaught errors are collected in e2e.pageErrors
const e2e = useE2e({
  admins: [PHONE],
  timeoutMs: 120_000,
  setup(server) {
    server.cli('import', 'scholars', path.join(sharedData, 'csrankings-scholars', 'csrankings-z.csv'), '--topic', TOPIC);
    server.cli('import', 'journals', path.join(sharedData, 'showjcr-journal-lists', 'CCF2026-UTF8.csv'), '--topic', TOPIC);
    server.cli('import', 'articles', path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_train_title_category.tsv'), '--topic', TOPIC);
    server.cli('import', 'conferences', path.join(sharedData, 'ccf-deadlines-conferences', 'conferences_flat.csv'), '--topic', TOPIC);
    importJsonl(server, NEWS, TOPIC);
  },
});

const openForm = (label: string) => openModuleForm(e2e.page, label);

/** The form error under a field carrying `text` (antd's explain line). */
const formError = (drawer: Locator, text: string) => drawer.locator('.ant-form-item-explain-error').filter({ hasText: text });

describe('module forms: a manager adds seven panel types, a visitor reads them', () => {
  it('signs in and creates an application on this host with the topic', async () => {
    const { page, server } = e2e;
    await signInConsole(page, server, PHONE);
    await createApplicationByDialog(page, { name: '综合资源门户', host: `127.0.0.1:${server.port}`, topic: TOPIC });
    await releaseAll(page, server.url); // visitors see released sites only (decision #138)
    await page.getByRole('row').filter({ hasText: '综合资源门户' }).getByRole('button', { name: '编辑首页' }).click();
    await page.waitForURL(/\/editor$/);
  });

  it('news: empty title, no display type and carousel count 11 are refused, then it saves', async () => {
    const { page } = e2e;
    const drawer = await openForm('新闻');
    // the settings drawer is 420 px wide (spec 1 §4, spec 2 §9; it was 560)
    const drawerWidth = await drawer.locator('.ant-drawer-content-wrapper').evaluate((el) => Math.round(el.getBoundingClientRect().width));
    expect(drawerWidth).toBe(420);
    const save = drawer.getByRole('button', { name: '添加模块' });
    // empty title
    await drawer.getByLabel('模块标题').fill('');
    await save.click();
    await formError(drawer, MSG.moduleTitleRequired).waitFor();
    expect(MSG.moduleTitleRequired).toBe('请输入模块标题');
    // no display type: uncheck both
    await drawer.getByLabel('轮播', { exact: true }).uncheck();
    await drawer.getByLabel('列表', { exact: true }).uncheck();
    await drawer.getByText(MSG.newsDisplayTypeRequired).waitFor();
    expect(MSG.newsDisplayTypeRequired).toBe('请选择模块数据展示方式');
    await drawer.getByLabel('模块标题').fill('新闻动态');
    await save.click();
    await page.getByText(MSG.newsDisplayTypeRequired).nth(1).waitFor(); // the save is refused with the same message
    expect(await drawer.isVisible()).toBe(true);
    // a fresh form for the rest: it opens with both display types ticked
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await openForm('新闻');
    expect(await drawer.getByLabel('轮播', { exact: true }).isChecked()).toBe(true);
    // carousel count out of range
    const count = drawer.getByLabel('轮播数量');
    await count.fill('11');
    await formError(drawer, MSG.carouselCountRange).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-module-forms-news-errors.png') });
    await count.fill('3');
    await formError(drawer, MSG.carouselCountRange).waitFor({ state: 'detached' });
    await saveModule(drawer, '新闻动态');
    await page.locator('[data-module-type="news"]').getByText(NEWS[0].title).first().waitFor();
  });

  it('topic navigation: refused with 请选择专题, then saved with this application as topic', async () => {
    const { page } = e2e;
    const drawer = await openForm('专题导航');
    await drawer.getByLabel('模块标题').fill('专题导航');
    const save = drawer.getByRole('button', { name: '添加模块' });
    await expectDisabled(save, false); // the topic list has loaded
    await save.click();
    await formError(drawer, MSG.topicRequired).waitFor();
    expect(MSG.topicRequired).toBe('请选择专题');
    // the option is clicked once the dropdown shows (a click during its opening motion was lost in CI)
    await chooseOption(drawer, '专题', '综合资源门户');
    await drawer.getByLabel('模块标题').click();
    await formError(drawer, MSG.topicRequired).waitFor({ state: 'detached' });
    await saveModule(drawer, '专题导航');
    await page.locator('[data-module-type="link"]').getByText('综合资源门户').first().waitFor();
  });

  it('institution and journal panels save with their defaults', async () => {
    const { page } = e2e;
    await saveModule(await openForm('机构'), '合作机构');
    await saveModule(await openForm('期刊'), '推荐期刊');
    await page.locator('[data-module-type="institution"]').getByText('合作机构').first().waitFor();
    await page.locator('[data-module-type="journal"]').getByText('推荐期刊').first().waitFor();
  });

  it('job: direction is shown as 纵向 only, with no 横向 to choose (spec 1 §2; decision 429)', async () => {
    const { page } = e2e;
    const drawer = await openForm('招聘');
    const direction = drawer.locator('.ant-form-item').filter({ hasText: '排列方向' });
    await direction.getByText('纵向', { exact: true }).waitFor();
    await expect(direction.getByText('横向').count()).resolves.toBe(0);
    await expect(direction.getByRole('radio').count()).resolves.toBe(0);
    await saveModule(drawer, '人才招聘');
    await page.locator('[data-module-type="job"]').getByText('人才招聘').first().waitFor();
  });

  it('research output and activity: save disabled with no data type', async () => {
    const { page } = e2e;
    for (const [label, title, types] of [
      ['科研成果', '科研成果', ['论文', '专利', '报告']],
      ['学术活动', '学术会议', ['会议', '项目']],
    ] as const) {
      const drawer = await openForm(label);
      const save = drawer.getByRole('button', { name: '添加模块' });
      await expectDisabled(save, false);
      for (const t of types) await drawer.getByLabel(t, { exact: true }).uncheck();
      await expectDisabled(save, true);
      await formError(drawer, MSG.dataTypeRequired).waitFor();
      if (label === '科研成果') await page.screenshot({ path: path.join(artifacts, 'e2e-module-forms-fruit-no-type.png') });
      await drawer.getByLabel(types[0], { exact: true }).check();
      await expectDisabled(save, false);
      await saveModule(drawer, title);
    }
    await page.locator('[data-module-type="fruit"]').getByText('科研成果').first().waitFor();
    await page.locator('[data-module-type="activity"]').getByText('学术会议').first().waitFor();
  });

  it('carousel: height under 100 refused, item save disabled without a url, then two items', async () => {
    const { page } = e2e;
    const drawer = await openForm('轮播图');
    await drawer.getByLabel('自定义高度', { exact: true }).check();
    const height = drawer.getByLabel('自定义高度（px）');
    await height.fill('50');
    await formError(drawer, MSG.carouselHeightMin).waitFor();
    await height.fill('320');
    await formError(drawer, MSG.carouselHeightMin).waitFor({ state: 'detached' });
    for (const [url, title] of [
      ['/demo/banner-1.svg', '数字资源推介'],
      ['/demo/banner-2.svg', '学术讲座周'],
    ]) {
      await drawer.getByRole('button', { name: '添加轮播项' }).click();
      const item = page.locator('.ant-modal').filter({ hasText: '添加轮播项' });
      await item.waitFor();
      const ok = item.getByRole('button', { name: '保存' });
      await expectDisabled(ok, true);
      await item.getByLabel('标题').fill(title);
      await expectDisabled(ok, true); // still no url
      await item.getByLabel('图片或视频地址').fill(url);
      await expectDisabled(ok, false);
      await ok.click();
      await item.waitFor({ state: 'detached' });
    }
    expect(await drawer.getByTestId('carousel-item').count()).toBe(2);
    await saveModule(drawer, '首页轮播');
    await page.screenshot({ path: path.join(artifacts, 'e2e-module-forms-editor.png'), fullPage: true });
  });

  it('shows every panel with items to a visitor', async () => {
    const { server } = e2e;
    const visitor = await e2e.newPage();
    await visitor.goto(`${server.url}/`);
    const expectations: Array<[string, string[]]> = [
      ['news', ['新闻动态', NEWS[0].title, NEWS[2].title]],
      ['link', ['专题导航', '综合资源门户']],
      ['institution', ['合作机构']],
      ['journal', ['推荐期刊']],
      ['fruit', ['科研成果']],
      ['activity', ['学术会议']],
      ['carousel', ['数字资源推介']],
    ];
    for (const [type, texts] of expectations) {
      const panel = visitor.locator(`[data-module-type="${type}"]`);
      for (const t of texts) await panel.getByText(t, { exact: false }).first().waitFor();
    }
    // the panels of the imported catalogues show items, not their empty state
    for (const type of ['institution', 'journal', 'fruit', 'activity']) {
      const panel = visitor.locator(`[data-module-type="${type}"]`);
      await panel.locator('a[href]').first().waitFor();
      expect(await panel.locator('a[href]').count(), type).toBeGreaterThanOrEqual(2);
    }
    expect(await visitor.locator('[data-module-type="carousel"] img[src="/demo/banner-1.svg"]').count()).toBeGreaterThanOrEqual(1);
    // the slide images load lazily: bring the carousel into view and wait for the first one to load
    await visitor.locator('[data-module-type="carousel"]').scrollIntoViewIfNeeded();
    await visitor.waitForFunction(() =>
      [...document.querySelectorAll('[data-module-type="carousel"] img[src="/demo/banner-1.svg"]')].some(
        (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
      ),
    );
    await pageHydrated(visitor);
    await visitor.screenshot({ path: path.join(artifacts, 'e2e-module-forms-visitor.png'), fullPage: true });
    await visitor.close();
    expect(e2e.pageErrors).toEqual([]);
  });
});
