/**
 * End to end in Chromium (loose ends): on the demo site (host localhost, topic 综合资源)
 * tools, jobs, bulletins and wechat articles are imported as JSON lines and a CSRankings file as
 * scholars; a super manager binds the official account and adds wechat, tool, job (sign-in before
 * redirect) and bulletin panels to the home page. The visitor then sees the institution panel fill in the
 * real scholar counts, follows the panels' links to the tools list and a tool page, the wechat list and
 * an article, the bulletin list (with its type filter) and a bulletin; the jobs pages send a signed-out
 * visitor to the sign-in page and show the jobs once signed in. Screenshots in test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { artifacts, importJsonl, sharedData, signInConsole, useE2e, pageCall } from './support';

const PHONE = '13800138077';
/** the visitor who signs in on the jobs page (a second number: codes are rate-limited per number) */
const VISITOR_PHONE = '13800138078';
const TOPIC = '综合资源';
const WECHAT_ID = 'gh_atrium_demo';
let visitorContext: BrowserContext;
let visitor: Page;
const csrankings = path.join(sharedData, 'csrankings-scholars', 'csrankings-z.csv');

const LINES = [
  // an institution the CSRankings scholars name, dated so that the demo's institution panel lists it first
  {
    type: 'institution',
    key: 'inst-pku',
    title: 'Peking University',
    date: '2026-06-01',
    fields: { logo: null, institution: 'Peking University', location: '北京市', institution_type: '高等院校', scholars: 0, fruits: 0 },
  },
  {
    type: 'tool',
    key: 'tool-dues',
    title: '单位换算',
    date: '2026-05-01',
    fields: { description: '常用计量单位在线换算', cover: null, link: 'https://tools.example.cn/tools/unit-convert' },
  },
  {
    type: 'tool',
    key: 'tool-translate',
    title: '文献翻译',
    date: '2026-04-01',
    fields: { description: '中英文献在线翻译', cover: null, link: 'https://translate.example.com/' },
  },
  {
    type: 'job',
    key: 'job-1',
    title: '数据馆员（知识服务方向）',
    date: '2026-05-10',
    fields: {
      work_address: '武汉',
      update_time: '2026-05-10',
      salary: '15-25K',
      work_experience: '3年以上',
      work_time: '全职',
      edu_cation: '硕士',
      institution: { name: '东湖科技图书馆', logo: null, subjects: ['图书情报', '数据科学', '第三个学科'] },
    },
  },
  {
    type: 'job',
    key: 'job-2',
    title: '科研助理（材料方向）',
    date: '2026-05-08',
    fields: { work_address: '北京', salary: '10-15K', edu_cation: '本科', institution: { name: '北辰材料研究所', subjects: ['材料科学'] } },
  },
  {
    type: 'bulletin',
    key: 'bul-1',
    title: '本周科技快报：量子通信新进展',
    date: '2026-05-12',
    fields: { bulletinType: '快报', group: '第18期', update_time: '2026-05-12', summary: '本期关注量子通信与新型储能。' },
  },
  {
    type: 'bulletin',
    key: 'bul-2',
    title: '芯片产业研究报告（2026 上半年）',
    date: '2026-05-02',
    fields: { bulletinType: '研究报告', group: '产业研究', update_time: '2026-05-02' },
  },
  {
    type: 'bulletin',
    key: 'bul-3',
    title: '快讯：国家科学数据中心开放新数据集',
    date: '2026-04-28',
    fields: { bulletinType: '快讯', update_time: '2026-04-28' },
  },
  {
    type: 'wechat_article',
    key: 'wx-1',
    title: '开放科学周：十个数据集推荐',
    date: '2026-05-11',
    fields: {
      wechatId: WECHAT_ID,
      groupId: 'g1',
      groupName: '资源推荐',
      articleTime: '2026-05-11 09:30:00',
      thumb_media_url: null,
      url: 'https://mp.weixin.qq.com/s/example-1',
      digest: '十个值得关注的开放数据集。',
    },
  },
  {
    type: 'wechat_article',
    key: 'wx-2',
    title: '图书馆开放日活动回顾',
    date: '2026-05-09',
    fields: {
      wechatId: WECHAT_ID,
      groupId: 'g2',
      groupName: '活动',
      articleTime: '2026-05-09 18:00:00',
      url: 'https://mp.weixin.qq.com/s/example-2',
      digest: '回顾本次开放日。',
    },
  },
  {
    type: 'wechat_article',
    key: 'wx-3',
    title: '新到期刊目录（五月）',
    date: '2026-05-06',
    fields: { wechatId: WECHAT_ID, groupId: 'g1', groupName: '资源推荐', articleTime: '2026-05-06 08:00:00' },
  },
];

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `e2e-feeds-pages-${name}.png`), fullPage: true });

// e2e.base is the demo site; each test opens its own pages
const e2e = useE2e({
  admins: [PHONE],
  page: false,
  setup(server) {
    expect(importJsonl(server, LINES, TOPIC)).toMatch(/导入/);
    expect(server.cli('import', 'scholars', csrankings, '--topic', TOPIC)).toMatch(/导入/);
  },
});

describe('feed pages and institution counts on the demo site', () => {
  it('a manager binds the account and adds wechat, tool, job and bulletin panels to the demo home page', async () => {
    const { server, base } = e2e;
    const page = await e2e.newPage();
    await signInConsole(page, server, PHONE, { url: `${base}/console/login` });
    const apps = await pageCall(page, 'GET', '/api/v1/applications');
    const appId = apps.body.content.find((a: { host: string }) => a.host === 'localhost').applicationId as number;
    expect((await pageCall(page, 'POST', `/api/v1/applications/${appId}/wechat`, { wechatId: WECHAT_ID, name: 'Atrium 资讯' })).status).toBe(201);
    const tools = await pageCall(page, 'GET', `/tools?appid=${appId}`);
    expect(tools.body.content.map((t: { title: string }) => t.title)).toEqual(['单位换算', '文献翻译']);
    const config = await pageCall(page, 'GET', `/api/v1/applications/${appId}/config`);
    const homeConfig = config.body.homeConfig;
    homeConfig[0].template.push(
      { id: 'feeds-wechat', type: 'wechat_article', alias: '公众号文章', span: 0, direction: 'vertical', wechatId: WECHAT_ID },
      { id: 'feeds-tool', type: 'tool', alias: '常用工具', span: 0, direction: 'vertical', specificData: tools.body.content.map((t: { id: number }) => t.id) },
      { id: 'feeds-job', type: 'job', alias: '人才招聘', span: 0, direction: 'vertical', dataSize: 4, oauthBeforeRedirect: true },
      { id: 'feeds-bulletin', type: 'bulletin', alias: '科技快报', span: 0, dataSize: 1, bulletinType: ['快报', '研究报告', '快讯'] },
    );
    const saved = await pageCall(page, 'POST', `/api/v1/applications/${appId}/home-config`, { homeConfig });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    await page.close();
    visitorContext = await e2e.newContext();
    visitor = await visitorContext.newPage();
  });

  it('the institution panel paints the cards, then fills in the real scholar counts', async () => {
    const { base } = e2e;
    await visitor.goto(base);
    const panel = visitor.locator('[data-module-type="institution"]');
    await panel.locator('.atr-p-org').first().waitFor();
    const cards = panel.locator('.atr-p-org');
    const names = await cards.locator('.atr-p-card__title').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    const answer = await pageCall(visitor, 'POST', '/api/v1/resources/institution/fruit-scholar-count', { q: names.join('|') });
    expect(answer.status).toBe(200);
    const expected = answer.body.scholar_count.map((x: { count: number }) => `学者 ${x.count}`);
    await expect
      .poll(async () => (await cards.locator('.atr-p-stat').filter({ hasText: '学者' }).allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim()), {
        timeout: 15_000,
      })
      .toEqual(expected);
    // the demo scholars name these institutions; the count is what is stored, not the catalogue's figure
    expect(answer.body.scholar_count.some((x: { count: number }) => x.count > 0)).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(artifacts, 'e2e-feeds-pages-institution.png') });
  });

  it('a CSRankings institution imported into 综合资源 shows its scholars from the imported file', async () => {
    const card = visitor.locator('[data-module-type="institution"] .atr-p-org', { hasText: 'Peking University' });
    const r = await pageCall(visitor, 'POST', '/api/v1/resources/institution/fruit-scholar-count', { q: 'Peking University' });
    const count = r.body.scholar_count[0].count as number;
    // csrankings-z.csv lists 18 rows of Peking University (a person's name variants are one scholar)
    const rows = fs
      .readFileSync(csrankings, 'utf8')
      .split('\n')
      .filter((l) => l.split(',')[1] === 'Peking University').length;
    expect(count).toBeGreaterThan(10);
    expect(count).toBeLessThanOrEqual(rows);
    await expect.poll(async () => (await card.locator('.atr-p-stat').first().textContent())?.replace(/\s+/g, ' ').trim()).toBe(`学者 ${count}`);
    expect((await card.locator('.atr-p-stat').nth(1).textContent())?.replace(/\s+/g, ' ').trim()).toBe('成果 0');
  });

  it('the tool panel leads to the tools list and a tool page', async () => {
    const { base } = e2e;
    await visitor.goto(base);
    const toolPanel = visitor.locator('[data-module-type="tool"]');
    await expect.poll(() => toolPanel.locator('a[href="/microapp/widget/tools/unit-convert"]').count()).toBe(1);
    expect(await toolPanel.locator('a[href="https://translate.example.com/"][target="_blank"]').count()).toBe(1);
    expect(await toolPanel.locator('a.atr-p-more').getAttribute('href')).toBe('/microapp/widget/tools');
    await visitor.goto(`${base}/microapp/widget/tools`);
    await visitor.getByRole('heading', { name: '工具箱' }).waitFor();
    // the built-in 党费计算器 first (decision 643), then the topic's tools
    for (const t of ['党费计算器', '单位换算', '常用计量单位在线换算', '文献翻译', '中英文献在线翻译'])
      await visitor.getByText(t, { exact: true }).first().waitFor();
    expect(await visitor.locator('a.atr-feed-card[target="_blank"]').getAttribute('href')).toBe('https://translate.example.com/');
    await shot(visitor, 'tools');
    await visitor.locator('a.atr-feed-card', { hasText: '单位换算' }).click();
    await visitor.waitForURL(/\/microapp\/widget\/tools\/unit-convert$/);
    await visitor.getByRole('heading', { name: '单位换算' }).waitFor();
    expect(await visitor.locator('iframe.atr-feed-frame').getAttribute('src')).toBe('https://tools.example.cn/tools/unit-convert');
    await visitor.goto(`${base}/microapp/widget/tools/no-such-tool`);
    await visitor.getByText('没有找到这个工具').waitFor();
  });

  it('the wechat panel leads to the articles grouped by account group and to one article', async () => {
    const { base } = e2e;
    await visitor.goto(base);
    const wx = visitor.locator('[data-module-type="wechat_article"]');
    await expect.poll(() => wx.locator('a[href^="/microapp/wechat/material/"]').count()).toBe(3);
    // the more link (opened in a new tab, spec 1 §2)
    expect(await wx.locator('a.atr-p-more').getAttribute('href')).toBe('/microapp/wechat');
    await visitor.goto(`${base}/microapp/wechat`);
    await visitor.getByRole('heading', { name: '公众号文章', level: 1 }).waitFor();
    await visitor.getByText('开放科学周：十个数据集推荐').waitFor();
    expect(await visitor.locator('.atr-feed-group__name').allTextContents()).toEqual(['资源推荐', '活动']);
    const titles = await visitor.locator('.atr-feed-group .atr-result__title').allTextContents();
    expect(titles).toEqual(['开放科学周：十个数据集推荐', '新到期刊目录（五月）', '图书馆开放日活动回顾']);
    await expect.poll(() => visitor.locator('.atr-feed-group .atr-result__meta').first().textContent()).toMatch(/前$/);
    await shot(visitor, 'wechat');
    await visitor.getByRole('link', { name: '开放科学周：十个数据集推荐' }).click();
    await visitor.waitForURL(/\/microapp\/wechat\/material\/\d+$/);
    await visitor.getByRole('heading', { name: '开放科学周：十个数据集推荐' }).waitFor();
    for (const t of ['资源推荐', '2026-05-11 09:30', '十个值得关注的开放数据集。']) await visitor.getByText(t, { exact: true }).waitFor();
    const original = visitor.getByRole('link', { name: /阅读原文/ });
    expect(await original.getAttribute('href')).toBe('https://mp.weixin.qq.com/s/example-1');
    expect(await original.getAttribute('target')).toBe('_blank');
    await shot(visitor, 'wechat-material');
  });

  it('the bulletin pages list by type and show one bulletin', async () => {
    const { base } = e2e;
    await visitor.goto(base);
    const bul = visitor.locator('[data-module-type="bulletin"]');
    await expect.poll(() => bul.locator('a[href^="/microapp/bulletin/"]').count()).toBeGreaterThan(0);
    expect(await bul.locator('a.atr-p-more').getAttribute('href')).toBe('/microapp/bulletin');
    await visitor.goto(`${base}/microapp/bulletin`);
    await visitor.getByText('本周科技快报：量子通信新进展').waitFor();
    expect(await visitor.locator('.atr-result__title').allTextContents()).toEqual([
      '本周科技快报：量子通信新进展',
      '芯片产业研究报告（2026 上半年）',
      '快讯：国家科学数据中心开放新数据集',
    ]);
    await shot(visitor, 'bulletins');
    await visitor.locator('.ant-segmented-item', { hasText: '研究报告' }).click();
    await visitor.waitForURL(/type=/);
    await expect.poll(() => visitor.locator('.atr-result__title').allTextContents()).toEqual(['芯片产业研究报告（2026 上半年）']);
    await visitor.goto(`${base}/microapp/bulletin`);
    await visitor.getByRole('link', { name: '本周科技快报：量子通信新进展' }).click();
    await visitor.waitForURL(/\/microapp\/bulletin\/\d+$/);
    await visitor.getByRole('heading', { name: '本周科技快报：量子通信新进展' }).waitFor();
    for (const t of ['快报', '第18期', '2026-05-12', '本期关注量子通信与新型储能。']) await visitor.getByText(t, { exact: true }).first().waitFor();
    await shot(visitor, 'bulletin');
  });

  it("the jobs pages ask a signed-out visitor to sign in first (the module's oauthBeforeRedirect), then show the jobs", async () => {
    const { server, base } = e2e;
    await visitor.goto(base);
    const jobPanel = visitor.locator('[data-module-type="job"]');
    await jobPanel.getByText('数据馆员（知识服务方向）').waitFor();
    expect(await jobPanel.locator('a', { hasText: '数据馆员（知识服务方向）' }).getAttribute('href')).toMatch(/^\/login\?redirect=%2Fmicroapp%2Fjobs%2F\d+$/);
    expect(await jobPanel.locator('a.atr-p-more').getAttribute('href')).toBe('/login?redirect=%2Fmicroapp%2Fjobs');
    await visitor.goto(`${base}/microapp/jobs`);
    await visitor.waitForURL(/\/login\?redirect=%2Fmicroapp%2Fjobs$/);
    expect(await visitor.getByText('登录控制台').count()).toBe(0);
    // signed in, the same address shows the jobs
    await visitor.getByPlaceholder('手机号').fill(VISITOR_PHONE);
    await visitor.getByRole('button', { name: '获取验证码' }).click();
    await visitor.getByText('验证码已发送').waitFor();
    await visitor.getByPlaceholder('6 位短信验证码').fill(server.lastCode(VISITOR_PHONE));
    await visitor.getByRole('button', { name: '登录', exact: true }).click();
    await visitor.waitForURL(/\/microapp\/jobs$/);
    await visitor.getByText('数据馆员（知识服务方向）').waitFor();
    for (const t of ['科研助理（材料方向）', '15-25K', '东湖科技图书馆', '图书情报', '数据科学']) await visitor.getByText(t, { exact: true }).first().waitFor();
    expect(await visitor.getByText('第三个学科').count()).toBe(0);
    await shot(visitor, 'jobs');
    await visitor.getByRole('link', { name: '数据馆员（知识服务方向）' }).click();
    await visitor.waitForURL(/\/microapp\/jobs\/\d+$/);
    await visitor.getByRole('heading', { name: '数据馆员（知识服务方向）' }).waitFor();
    for (const t of ['武汉', '3年以上', '硕士', '全职', '东湖科技图书馆', '图书情报', '数据科学'])
      await visitor.getByText(t, { exact: true }).first().waitFor();
    expect(await visitor.getByText('第三个学科').count()).toBe(0);
    await shot(visitor, 'job');
  });
});
