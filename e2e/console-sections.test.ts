/**
 * The console sections in Chromium (docs/decisions.md 324-328): /console/jobs/**,
 * /console/tools, /console/wechats (also at /console/wechats/wechatManager) and /console/wechats/articles/**
 * each open their own page for a super manager, reachable from the console menu; a job posting, a tool and
 * a WeChat article are created on their editor pages (a draft first), edited, published (the visitor then
 * finds them) and deleted after confirmation; the resources page's tabs of these types lead to the
 * sections; a WeChat account's 管理文章 opens the articles section filtered to that account (decision
 * 343); the report editor names its PDF by the uploaded file's name, not its stored key; a manager
 * without 内容管理 gets a 403 page, a plain user /console/block. Screenshots go to
 * test-artifacts/sections-*.png (one at a 390 px phone width).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, chooseOption, clickSettled, createApplication, releaseAll, signInByApi, signInConsole, useE2e } from './support';

const SUPER = '13800138501';
const MANAGER = '13800138502';
const PLAIN = '13800138503';
const VIEW = { width: 1300, height: 900 };
const PHONE_SIZE = { width: 390, height: 844 };

const e2e = useE2e({ admins: [SUPER], page: VIEW });
let appId = 0;
let topic = 0;
let site = '';

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `sections-${name}.png`), fullPage: true });
/** Waits for a success (or other) message of the console. */
const toast = (p: Page, text: string) => p.locator('.ant-message').getByText(text).first().waitFor();
/** The list row holding `text`. */
const rowOf = (p: Page, text: string) => p.locator('.ant-table-row').filter({ hasText: text });

/** Waits until the list has no loading overlay (a refetch after a change has finished). */
const settled = (p: Page) => p.locator('.ant-table-wrapper .ant-spin-blur').waitFor({ state: 'detached' });

/** Confirms the open delete dialog and waits for 资源已删除. */
async function confirmDelete(p: Page) {
  // the confirmation standing still: a click while it zooms in was lost under load (decision 490)
  await clickSettled(p.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }));
  await toast(p, '资源已删除');
}

beforeAll(async () => {
  const { page, server } = e2e;
  page.setDefaultTimeout(15_000);
  await signInConsole(page, server, SUPER);
  const t = await apiCall<{ id: number }>(page, server.url, 'POST', '/api/v1/topics', { title: '栏目内容专题' });
  expect(t.status).toBe(201);
  topic = t.body.id;
  // the visitor's site on this server's 127.0.0.1 address (localhost is the demo site)
  appId = await createApplication(page, server.url, { name: '栏目站点', host: `127.0.0.1:${server.port}`, topicId: topic });
  site = server.url;
  await releaseAll(page, server.url);
});

describe('console sections', () => {
  it('each section opens its own page for a super manager, from the console menu', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/applications`);
    for (const [item, url, heading] of [
      ['招聘信息', /\/console\/jobs$/, '招聘信息'],
      ['工具', /\/console\/tools$/, '工具'],
      ['公众号文章', /\/console\/wechats\/articles$/, '公众号文章'],
    ] as const) {
      await page.getByRole('menuitem', { name: '栏目内容' }).hover();
      // clicked once the submenu stands still: a click while it slides in or out lands beside the item
      await clickSettled(page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${item}$`) }));
      await page.waitForURL(url);
      await page.locator('.atr-page-head__title', { hasText: heading }).waitFor();
      await page.getByRole('combobox', { name: '选择站点' }).waitFor();
    }
    await page.getByRole('menuitem', { name: '栏目内容' }).hover();
    await clickSettled(page.getByRole('menuitem', { name: '公众号管理' }));
    await page.waitForURL(/\/console\/wechats$/);
    await page.getByRole('heading', { name: '公众号管理' }).waitFor();
    // the first address of the accounts page answers the same page (spec 1 §2)
    await page.goto(`${server.url}/console/wechats/wechatManager?applicationId=${appId}`);
    await page.getByRole('heading', { name: '公众号管理' }).waitFor();
    await page.getByText('还没有绑定公众号').waitFor();
    // each list with its empty state, for the chosen application
    for (const [p, empty] of [
      ['/console/jobs', '暂无招聘信息'],
      ['/console/tools', '暂无工具'],
      ['/console/wechats/articles', '暂无公众号文章'],
      ['/console/reports', '暂无报告'],
    ] as const) {
      await page.goto(`${server.url}${p}?applicationId=${appId}`);
      await page.getByText(empty).waitFor();
      await page.getByText('栏目内容专题').first().waitFor();
    }
    // an unknown address inside a section says so
    await page.goto(`${server.url}/console/jobs/nothing?applicationId=${appId}`);
    await page.getByText('该招聘信息不存在或已删除').waitFor();
  });

  it('a job posting: created as a draft, edited, published for visitors, withdrawn and deleted', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/jobs?applicationId=${appId}`);
    await page.getByRole('button', { name: '新建招聘信息' }).click();
    await page.waitForURL(/\/console\/jobs\/new\?applicationId=/);
    await page.getByLabel('职位名称').fill('数据馆员');
    // the required employer is refused in Chinese before anything is sent
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: '请输入招聘单位' }).waitFor();
    await page.getByLabel('招聘单位').fill('科技情报研究所');
    await page.getByLabel('工作地点').fill('北京');
    await page.getByLabel('薪资').fill('面议');
    await chooseOption(page.locator('body'), '工作性质', '全职');
    await page.getByLabel('更新日期').fill('2026-03-02');
    await page.getByLabel('薪资').click(); // leaves the picker with the typed day
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await shot(page, 'job-editor');
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '招聘信息已存为草稿，发布后访客可见');
    await page.waitForURL(/\/console\/jobs\?applicationId=/);
    const row = rowOf(page, '数据馆员');
    await row.getByText('未发布').waitFor();
    await row.getByText('科技情报研究所').waitFor();
    await row.getByText('全职').waitFor();
    // edit: the editor page has the stored values
    await row.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/console\/jobs\/\d+\/edit\?applicationId=/);
    await expect(page.getByLabel('招聘单位').inputValue()).resolves.toBe('科技情报研究所');
    await page.getByLabel('职位名称').fill('高级数据馆员');
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '招聘信息已保存');
    const edited = rowOf(page, '高级数据馆员');
    await edited.getByRole('button', { name: '发布' }).click();
    await toast(page, '招聘信息已发布');
    await edited.getByText('已发布').waitFor();
    // filters: a year without postings, then the draft state, then back
    await page.getByLabel('年份').fill('2020');
    await page.getByLabel('年份').press('Enter');
    await page.getByText('没有符合条件的招聘信息').waitFor();
    expect(page.url()).toContain('year=2020');
    await page.getByLabel('年份').fill('2026');
    await page.getByLabel('年份').press('Enter');
    await edited.waitFor();
    await settled(page);
    await shot(page, 'jobs-list');
    const stored = await apiCall(page, server.url, 'GET', `/api/v1/topics/${topic}/resources?type=job`);
    expect(stored.body.content).toHaveLength(1);
    const job = stored.body.content[0];
    expect(job).toMatchObject({
      title: '高级数据馆员',
      published: true,
      date: '2026-03-02',
      fields: { institution: { name: '科技情报研究所' }, work_time: '全职' },
    });
    // the visitor's page of the posting, also on a phone
    const visitor = await e2e.newPage(PHONE_SIZE);
    await visitor.goto(`${site}/microapp/jobs/${job.id}`);
    await visitor.getByText('高级数据馆员').first().waitFor();
    await visitor.getByText('科技情报研究所').first().waitFor();
    // one fact a row on a phone, each label on one line (antd's Descriptions kept three a row, one character a line)
    const label = visitor.locator('.atr-facts dt', { hasText: '工作地点' });
    const box = (await label.boundingBox())!;
    expect(box.height).toBeLessThan(48);
    expect(box.width).toBeGreaterThan(60);
    const value = (await visitor.locator('.atr-facts dd', { hasText: '北京' }).boundingBox())!;
    expect(value.width).toBeGreaterThan(150);
    await shot(visitor, 'job-visitor-390');
    await visitor.context().close();
    // withdraw, then delete after confirmation
    await edited.getByRole('button', { name: '撤回' }).click();
    await toast(page, '招聘信息已撤回');
    await edited.getByText('未发布').waitFor();
    await edited.getByRole('button', { name: '删除' }).click();
    await page.getByText('确定删除“高级数据馆员”吗？').waitFor();
    await confirmDelete(page);
    await page.getByText('没有符合条件的招聘信息').waitFor(); // the year filter is still on
    expect((await apiCall(page, server.url, 'GET', `/api/v1/topics/${topic}/resources?type=job`)).body.totalElements).toBe(0);
  });

  it('a tool: created, published (the tools call lists it), edited and deleted', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/tools?applicationId=${appId}`);
    await page.getByRole('button', { name: '新建工具' }).click();
    await page.waitForURL(/\/console\/tools\/new\?applicationId=/);
    await page.getByLabel('工具名称').fill('文献计量分析');
    await page.getByLabel('简介').fill('统计发文量与被引次数');
    // a bad link is refused with the field's message
    await page.getByLabel('工具链接').fill('javascript:alert(1)');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await page.getByLabel('工具链接').fill('https://tools.example.cn/bibliometrics');
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '工具已存为草稿，发布后访客可见');
    const row = rowOf(page, '文献计量分析');
    await row.getByText('https://tools.example.cn/bibliometrics').waitFor();
    // a draft is not in the tools call; published it is
    expect((await apiCall(page, server.url, 'GET', `/api/v1/tools?appid=${appId}`)).body.totalElements).toBe(0);
    await row.getByRole('button', { name: '发布' }).click();
    await toast(page, '工具已发布');
    await expect.poll(async () => (await apiCall(page, server.url, 'GET', `/api/v1/tools?appid=${appId}`)).body.totalElements).toBe(1);
    await row.getByRole('link', { name: '文献计量分析' }).click();
    await page.waitForURL(/\/console\/tools\/\d+\/edit/);
    await page.getByLabel('工具名称').fill('文献计量分析平台');
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '工具已保存');
    await rowOf(page, '文献计量分析平台').getByText('已发布').waitFor();
    await settled(page);
    await shot(page, 'tools-list');
    const visitor = await e2e.newPage();
    await visitor.goto(`${site}/microapp/widget/tools`);
    await visitor.getByText('文献计量分析平台').first().waitFor();
    await visitor.context().close();
    await rowOf(page, '文献计量分析平台').getByRole('button', { name: '删除' }).click();
    await confirmDelete(page);
    await page.getByText('暂无工具').waitFor();
  });

  it('WeChat: an account bound on /console/wechats, an article for it on /console/wechats/articles', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/wechats?applicationId=${appId}`);
    await page.getByLabel('公众号 ID').fill('gh_sections');
    await page.getByLabel('公众号名称').fill('栏目观察');
    await page.getByRole('button', { name: '绑定' }).click();
    await toast(page, '公众号绑定成功');
    await rowOf(page, '栏目观察').waitFor();
    await shot(page, 'wechat-accounts');
    await page.getByRole('link', { name: '公众号文章' }).click();
    await page.waitForURL(/\/console\/wechats\/articles\?applicationId=/);
    await page.getByRole('button', { name: '新建公众号文章' }).click();
    await page.waitForURL(/\/console\/wechats\/articles\/new/);
    await page.getByLabel('文章标题').fill('量子计算走进实验室');
    await chooseOption(page.locator('body'), '公众号', '栏目观察（gh_sections）');
    await page.getByLabel('分组名称').fill('前沿动态');
    await page.getByLabel('文章链接').fill('https://mp.weixin.qq.com/s/sections-1');
    await page.getByLabel('发文日期').fill('2026-02-01');
    await page.getByLabel('分组名称').click();
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await shot(page, 'wechat-article-editor');
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '公众号文章已存为草稿，发布后访客可见');
    const row = rowOf(page, '量子计算走进实验室');
    await row.getByText('栏目观察（gh_sections）').waitFor();
    await row.getByText('前沿动态').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    await toast(page, '公众号文章已发布');
    await row.getByText('已发布').waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByLabel('文章标题').fill('量子计算走进实验室（更新）');
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '公众号文章已保存');
    await rowOf(page, '量子计算走进实验室（更新）').getByText('已发布').waitFor();
    await settled(page);
    await shot(page, 'wechat-articles-list');
    const stored = await apiCall(page, server.url, 'GET', `/api/v1/topics/${topic}/resources?type=wechat_article`);
    expect(stored.body.content[0]).toMatchObject({
      title: '量子计算走进实验室（更新）',
      published: true,
      fields: { wechatId: 'gh_sections', groupName: '前沿动态' },
    });
    // the account's article count on the accounts page; its 管理文章 opens the articles section filtered
    // to that account (no dialog of its own: decision 343), where another account's article is not listed
    const second = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/wechat`, { wechatId: 'gh_second', name: '第二号' });
    expect(second.status).toBe(201);
    const other = await apiCall(page, server.url, 'POST', `/api/v1/applications/${appId}/wechats/gh_second/articles`, {
      title: '第二号的文章',
      groupName: '学术活动',
      articleTime: '2026-02-02 10:00:00',
      url: 'https://mp.weixin.qq.com/s/sections-2',
    });
    expect(other.status).toBe(201);
    await page.goto(`${server.url}/console/wechats?applicationId=${appId}`);
    await rowOf(page, '栏目观察').getByText('1', { exact: true }).waitFor();
    await rowOf(page, '第二号').waitFor();
    await page.getByText('每个公众号的文章在「公众号文章」中管理，归入应用的专题“栏目内容专题”。').waitFor();
    await shot(page, 'wechat-accounts-links');
    await page.setViewportSize(PHONE_SIZE);
    await shot(page, 'wechat-accounts-phone');
    await page.setViewportSize(VIEW);
    await rowOf(page, '栏目观察').getByRole('link', { name: '管理文章' }).click();
    await page.waitForURL(new RegExp(`/console/wechats/articles\\?applicationId=${appId}&account=gh_sections$`));
    await rowOf(page, '量子计算走进实验室（更新）').waitFor();
    await settled(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await rowOf(page, '第二号的文章').count()).toBe(0);
    await page.locator('.ant-select').filter({ hasText: '栏目观察（gh_sections）' }).waitFor();
    await shot(page, 'wechat-articles-of-account');
    await page.setViewportSize(PHONE_SIZE);
    await shot(page, 'wechat-articles-of-account-phone');
    await page.setViewportSize(VIEW);
    // 新建 from one account's articles starts an article of that account; 取消 goes back to its list
    await page.getByRole('button', { name: '新建公众号文章' }).click();
    await page.waitForURL(new RegExp(`/console/wechats/articles/new\\?applicationId=${appId}&account=gh_sections$`));
    await page.locator('.ant-form-item').filter({ hasText: '公众号' }).getByText('栏目观察（gh_sections）').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    await page.waitForURL(new RegExp(`/console/wechats/articles\\?applicationId=${appId}&account=gh_sections$`));
    await rowOf(page, '量子计算走进实验室（更新）').waitFor();
    // 全部公众号: every account's articles again
    await chooseOption(page.locator('body'), '公众号', '全部公众号');
    await page.waitForURL((u) => !u.search.includes('account='));
    await rowOf(page, '第二号的文章').waitFor();
    await rowOf(page, '量子计算走进实验室（更新）').waitFor();
    await rowOf(page, '第二号的文章').getByRole('button', { name: '删除' }).click();
    await confirmDelete(page);
    const visitor = await e2e.newPage();
    await visitor.goto(`${site}/microapp/wechat/material/${stored.body.content[0].id}`);
    await visitor.getByText('量子计算走进实验室（更新）').first().waitFor();
    await visitor.context().close();
    await page.goto(`${server.url}/console/wechats/articles?applicationId=${appId}`);
    await rowOf(page, '量子计算走进实验室（更新）').getByRole('button', { name: '删除' }).click();
    await confirmDelete(page);
    await page.getByText('暂无公众号文章').waitFor();
  });

  it('the resources page leads to the sections for their types', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.url}/console/application/${appId}/resources?type=job`);
    await page.getByText('招聘在单独的页面中管理：列表、编辑、发布和撤回').waitFor();
    await page.getByRole('button', { name: '打开招聘页面' }).click();
    await page.waitForURL(new RegExp(`/console/jobs\\?applicationId=${appId}$`));
    await page.locator('.atr-page-head__title', { hasText: '招聘信息' }).waitFor();
    await page.goto(`${server.url}/console/application/${appId}/resources?type=tool`);
    await page.getByRole('button', { name: '打开工具页面' }).click();
    await page.waitForURL(/\/console\/tools\?applicationId=/);
  });

  it('the report editor names the PDF by the uploaded file, not by its key', async () => {
    const { page, server } = e2e;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await page.goto(`${server.url}/console/reports/new?applicationId=${appId}`);
    await page.getByLabel('报告名称').fill('年度发展报告');
    await chooseOption(page.locator('body'), '报告类型', '年度报告');
    const upload = page.locator('.ant-form-item').filter({ hasText: 'PDF 全文' }).locator('input[type=file]');
    await upload.setInputFiles({ name: '2026 年度发展报告.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText('PDF 已上传').waitFor();
    const field = page.locator('.ant-form-item').filter({ hasText: 'PDF 全文' });
    await field.getByRole('link', { name: '2026 年度发展报告.pdf' }).waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '报告已存为草稿，发布后访客可见');
    // a fresh page load: the name comes from the server, the link still goes to the stored file
    await page.goto(`${server.url}/console/reports?applicationId=${appId}`);
    await rowOf(page, '年度发展报告').getByRole('button', { name: '编辑' }).click();
    const link = page.locator('.ant-form-item').filter({ hasText: 'PDF 全文' }).getByRole('link', { name: '2026 年度发展报告.pdf' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/files\/[A-Za-z0-9_-]+\.pdf$/);
    await shot(page, 'report-pdf-name');
  });
});

describe('refusals', () => {
  it('a manager without 内容管理 gets a 403 page on each section', async () => {
    const { server } = e2e;
    const page = await e2e.newPage(VIEW);
    await signInByApi(page, server, MANAGER);
    const added = await apiCall(e2e.page, server.url, 'POST', '/api/v1/applications/managers', { applicationId: appId, phone: MANAGER, rights: ['home'] });
    expect(added.status).toBe(201);
    for (const p of [
      '/console/jobs',
      '/console/jobs/new',
      '/console/tools',
      '/console/wechats',
      '/console/wechats/wechatManager',
      '/console/wechats/articles',
      '/console/reports',
    ]) {
      await page.goto(`${server.url}${p}`);
      await page.getByText('您管理的站点都没有「内容管理」权限').waitFor();
      await page.getByText('没有权限执行此操作').waitFor();
      expect(page.url()).toBe(`${server.url}${p}`);
    }
    await shot(page, 'refused-403');
    // the component catalogue is a super manager's
    await page.goto(`${server.url}/console/modules`);
    await page.getByText('没有权限执行此操作').waitFor();
    await expect(page.getByRole('heading', { name: '组件库' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('a plain user is sent to /console/block from each section', async () => {
    const { server } = e2e;
    const page = await e2e.newPage(VIEW);
    await signInConsole(page, server, PLAIN, { url: `${server.url}/console/jobs`, then: /\/console\/block$/ });
    for (const p of [
      '/console/tools',
      '/console/wechats',
      '/console/wechats/articles',
      '/console/jobs/new',
      '/console/reports',
      '/console/analysis',
      '/console/logs',
      '/console/modules',
    ]) {
      await page.goto(`${server.url}${p}`);
      await page.waitForURL(/\/console\/block$/);
      await page.getByRole('heading', { name: '没有控制台权限' }).waitFor();
    }
    await page.context().close();
  });
});
