/**
 * End to end in Chromium (personalisation) on the demo site (host localhost, topic 综合资源)
 * with the real CSL articles imported: a signed-in user browses three articles of one discipline, opens
 * /microapp/recommendation?type=article and sees that discipline first with the reasons; marks one
 * 不感兴趣 and it disappears; with recommendation on for the journal panel (set through the API) the
 * user subscribes to a journal on the panel and finds it on /subscriptions/journals. A visitor's detail
 * page records nothing and logs no console error; the subscription page sends a visitor to sign in.
 * Screenshots in test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, sharedData, signInConsole, useE2e, pageCall } from './support';

const PHONE = '13800138091';
const TOPIC = '综合资源';
const CSL = path.join(sharedData, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
// e2e.base is the demo site; each test opens its own pages
const e2e = useE2e({
  admins: [PHONE],
  page: false,
  timeoutMs: 120_000,
  setup(server) {
    expect(server.cli('import', 'articles', CSL, '--topic', TOPIC)).toMatch(/导入/);
  },
});
let user: Page;
let appId: number;

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `e2e-personal-${name}.png`), fullPage: true });

/** The most frequent discipline of the file and its category (columns by header name). */
function topDiscipline(): { discipline: string; category: string } {
  const rows = fs
    .readFileSync(CSL, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  const d = rows[0].indexOf('discipline');
  const c = rows[0].indexOf('category');
  const counts = new Map<string, number>();
  for (const r of rows.slice(1)) counts.set(`${r[c]}\t${r[d]}`, (counts.get(`${r[c]}\t${r[d]}`) ?? 0) + 1);
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const [category, discipline] = key.split('\t');
  return { discipline, category };
}

describe('personalisation on the demo site', () => {
  it('a visitor: the detail page records nothing and logs no error; the subscription page asks to sign in', async () => {
    const { base } = e2e;
    const ctx = await e2e.newContext({ width: 1300, height: 900 });
    const page = await ctx.newPage();
    const errors: string[] = [];
    const actions: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/actions')) actions.push(r.url());
    });
    await page.goto(base);
    const articles = await pageCall(page, 'POST', '/api/v4/modules/top-article', { offset: 0, count: 1 });
    await page.goto(`${base}/microapp/explore/resources/article/${articles.body.content[0].id}`);
    await page.getByRole('heading', { name: articles.body.content[0].title }).waitFor();
    await page.waitForTimeout(500);
    expect(actions).toEqual([]);
    // the site frame first asks for the host with its port (app/site/HomePage.tsx configByHost): that 404 is expected
    expect(errors.filter((e) => !e.includes('/api/v1/applications/config?host=localhost%3A'))).toEqual([]);
    await page.goto(`${base}/subscriptions/journals`);
    await page.waitForURL(/\/login\?redirect=%2Fsubscriptions%2Fjournals/);
    await ctx.close();
  });

  it('signs in and turns recommendation on for the journal panel', async () => {
    const { server, base } = e2e;
    user = await e2e.newPage({ width: 1300, height: 900 });
    await signInConsole(user, server, PHONE, { url: `${base}/console/login` });
    const apps = await pageCall(user, 'GET', '/api/v1/applications');
    appId = apps.body.content.find((a: { host: string }) => a.host === 'localhost').applicationId as number;
    const config = await pageCall(user, 'GET', `/api/v1/applications/${appId}/config`);
    const homeConfig = config.body.homeConfig;
    const journal = homeConfig[0].template.find((m: { type: string }) => m.type === 'journal');
    expect(journal).toBeTruthy();
    journal.showRecommendation = true;
    const saved = await pageCall(user, 'POST', `/api/v1/applications/${appId}/home-config`, { homeConfig });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
  });

  it('browses three articles of one discipline and gets that discipline first, with reasons', async () => {
    const { base } = e2e;
    const { discipline, category } = topDiscipline();
    const picked = await pageCall(user, 'POST', '/api/v4/modules/top-article', {
      offset: 0,
      count: 3,
      topicName: TOPIC,
      categoryLevelOne: category,
      categoryLevelTwo: discipline,
    });
    expect(picked.body.content).toHaveLength(3);
    for (const a of picked.body.content as { id: number; title: string; discipline: string }[]) {
      expect(a.discipline).toBe(discipline);
      const recorded = user.waitForResponse((r) => r.url().endsWith('/api/v1/actions') && r.request().method() === 'POST');
      await user.goto(`${base}/microapp/explore/resources/article/${a.id}`);
      await user.getByRole('heading', { name: a.title }).waitFor();
      expect((await recorded).status()).toBe(201);
    }
    await user.goto(`${base}/microapp/recommendation?type=article`);
    const items = user.getByTestId('recommendation');
    await items.first().waitFor();
    expect(await items.count()).toBe(10);
    const shown = await user.locator('.atr-rec__discipline').allTextContents();
    expect(shown.slice(0, 10)).toEqual(Array(10).fill(discipline));
    const reasons = await user.locator('.atr-rec__reason').allTextContents();
    for (const r of reasons) expect(r.trim()).toMatch(/^(因为您浏览过《.+》|与您关注的「.+」相关)$/);
    expect(reasons.some((r) => r.includes(`与您关注的「${discipline}」相关`) || r.includes('因为您浏览过《'))).toBe(true);
    const titles = await items.locator('.atr-result__title').allTextContents();
    for (const a of picked.body.content as { title: string }[]) expect(titles).not.toContain(a.title);
    await shot(user, 'recommendations');
  });

  it('不感兴趣 removes the item, also after a reload', async () => {
    const items = user.getByTestId('recommendation');
    const first = (await items.first().locator('.atr-result__title').textContent())!;
    await items.first().getByRole('button', { name: '不感兴趣' }).click();
    await expect.poll(async () => (await items.locator('.atr-result__title').allTextContents()).includes(first)).toBe(false);
    await user.getByText('已减少此类推荐').waitFor();
    await user.reload();
    await items.first().waitFor();
    expect(await items.locator('.atr-result__title').allTextContents()).not.toContain(first);
    await shot(user, 'not-interested');
  });

  it('subscribes to a journal on the journal panel and finds it on /subscriptions/journals', async () => {
    const { base } = e2e;
    await user.goto(base);
    const panel = user.locator('[data-module-type="journal"]');
    const button = panel.locator('button.atr-p-subscribe').first();
    await button.waitFor();
    expect(await button.textContent()).toBe('订阅');
    const card = panel.locator('.atr-p-journal').first();
    const title = (await card.locator('.atr-p-card__title').textContent())!.trim();
    await button.click();
    await expect.poll(() => button.textContent()).toBe('已订阅');
    await user.getByText('订阅成功').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(artifacts, 'e2e-personal-journal-panel.png') });
    // stored for this application
    const mine = await pageCall(
      user,
      'GET',
      `/api/v2/list/subscriptions?subscriber=${(await pageCall(user, 'GET', '/api/v1/session')).body.user.id}&appId=${appId}`,
    );
    expect(mine.body.content.map((j: { title: string }) => j.title)).toEqual([title]);
    // a reload keeps 已订阅 (is_subscribed from the read)
    await user.reload();
    await expect.poll(() => panel.locator('.atr-p-journal').first().locator('button.atr-p-subscribe').textContent()).toBe('已订阅');

    await user.goto(`${base}/subscriptions/journals`);
    await user.getByRole('heading', { name: '我订阅的期刊' }).waitFor();
    const rows = user.getByTestId('journal');
    await rows.first().waitFor();
    expect(await rows.locator('.atr-sub__title').allTextContents()).toEqual([title]);
    await shot(user, 'my-subscriptions');

    await user.goto(`${base}/subscriptions-topic/journals`);
    await user.getByRole('heading', { name: '专题期刊' }).waitFor();
    const topic = user.getByTestId('journal');
    await topic.first().waitFor();
    const on = topic.filter({ hasText: title });
    expect(await on.getByRole('button').textContent()).toBe('已订阅');
    await shot(user, 'topic-journals');
  });

  it('a failed subscription flips back with a Chinese message', async () => {
    const { base } = e2e;
    await user.goto(base);
    const panel = user.locator('[data-module-type="journal"]');
    const button = panel.locator('.atr-p-journal').nth(1).locator('button.atr-p-subscribe');
    await button.waitFor();
    expect(await button.textContent()).toBe('订阅');
    await user.route('**/api/v3/subscriptions', (r) =>
      r.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: '服务暂不可用' } }) }),
    );
    await button.click();
    await user.getByText('订阅失败，请稍后再试').waitFor();
    await expect.poll(() => button.textContent()).toBe('订阅');
    await user.unroute('**/api/v3/subscriptions');
  });
});
