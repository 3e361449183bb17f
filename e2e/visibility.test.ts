/**
 * The server-rendered pages keep hidden records hidden (decision 394), beside the API's visibility
 * matrix (server/routes/visibilityMatrix.test.ts): on the demo site (host localhost, topic 综合资源) a
 * policy, job, bulletin, WeChat article, report and article of each kind are imported twice; one copy is
 * withdrawn by a super manager, and a third copy is imported only into the topic of a draft site. A
 * visitor without JavaScript (the HTML the server sends) finds the shown copies on their detail pages and
 * in the explore page's search, and neither hidden copy on any page, by id or by search. A visitor on a
 * phone (390 px) who opens a withdrawn record's address reads the page's not-found message.
 * Screenshot: test-artifacts/e2e-visibility-hidden-phone.png.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiCall, artifacts, createApplication, importJsonl, signInByApi, useE2e } from './support';

const ADMIN = '13800138095';
const TOPIC = '综合资源';
const DRAFT_TOPIC = '草稿站专题';

/** The record kinds with the detail page the site shows them on. */
const KINDS = [
  { type: 'policy', label: '政策', detail: (id: number) => `/microapp/explore/resources/policy/${id}` },
  { type: 'article', label: '论文', detail: (id: number) => `/microapp/explore/resources/article/${id}` },
  { type: 'job', label: '招聘', detail: (id: number) => `/microapp/jobs/${id}` },
  { type: 'bulletin', label: '快报', detail: (id: number) => `/microapp/bulletin/${id}` },
  { type: 'wechat_article', label: '推文', detail: (id: number) => `/microapp/wechat/material/${id}` },
  { type: 'report', label: '报告', detail: (id: number) => `/microapp/report/detail/${id}` },
] as const;
type Copy = 'shown' | 'withdrawn' | 'draft';
const title = (copy: Copy, label: string) => (copy === 'shown' ? `公开可见的${label}甲` : copy === 'withdrawn' ? `已撤回的${label}乙` : `草稿站的${label}丙`);
const fields = (type: string) =>
  type === 'wechat_article'
    ? { wechatId: 'gh_visibility', articleTime: '2026-05-01 08:00:00' }
    : type === 'bulletin'
      ? { bulletinType: '快报' }
      : type === 'report'
        ? { reportType: '其他', body: '<p>正文</p>' }
        : {};
const lines = (copy: Copy) =>
  KINDS.map((k) => ({ type: k.type, key: `vis-${copy}-${k.type}`, title: title(copy, k.label), date: '2026-05-01', fields: fields(k.type) }));

const e2e = useE2e({
  admins: [ADMIN],
  page: false,
  setup(server) {
    expect(importJsonl(server, [...lines('shown'), ...lines('withdrawn')], TOPIC)).toMatch(/导入/);
    expect(importJsonl(server, lines('draft'), DRAFT_TOPIC)).toMatch(/导入/);
  },
});

/** Record ids by copy and type, read by the super manager from the topics' data pages. */
const ids = {} as Record<Copy, Record<string, number>>;

describe('hidden records stay hidden on the server-rendered pages (decision 394)', () => {
  it('a super manager withdraws one copy and puts the third in a draft site’s topic', async () => {
    const { server, base } = e2e;
    const ctx = await e2e.newContext();
    await signInByApi(ctx, server, ADMIN, base);
    const topics = (await apiCall<Array<{ id: number; title: string }>>(ctx, base, 'GET', '/api/v1/topics')).body;
    const topicOf = (t: string) => topics.find((x) => x.title === t)!.id;
    await createApplication(ctx, base, { name: '未发布的站点', host: 'draft-visibility.example.cn', topicId: topicOf(DRAFT_TOPIC) });
    for (const copy of ['shown', 'withdrawn', 'draft'] as const) {
      ids[copy] = {};
      const topic = topicOf(copy === 'draft' ? DRAFT_TOPIC : TOPIC);
      for (const k of KINDS) {
        const page = await apiCall<{ content: Array<{ id: number; title: string }> }>(
          ctx,
          base,
          'GET',
          `/api/v1/topics/${topic}/resources?type=${k.type}&size=100`,
        );
        const row = page.body.content.find((r) => r.title === title(copy, k.label));
        expect(row, `${copy} ${k.type}`).toBeDefined();
        ids[copy][k.type] = row!.id;
      }
    }
    const withdrawn = await apiCall(ctx, base, 'POST', `/api/v1/topics/${topicOf(TOPIC)}/resources/bulk`, {
      action: 'withdraw',
      ids: Object.values(ids.withdrawn),
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    await ctx.close();
  });

  it('a visitor without JavaScript reads the shown copies and neither hidden one, by address or by search', async () => {
    const { base } = e2e;
    const ctx = await e2e.newContext();
    const html = async (url: string) => {
      const res = await ctx.request.get(`${base}${url}`);
      return { status: res.status(), text: await res.text() };
    };
    const leaks: string[] = [];
    for (const k of KINDS) {
      const shown = await html(k.detail(ids.shown[k.type]));
      expect(shown.status, k.detail(ids.shown[k.type])).toBe(200);
      expect(shown.text).toContain(title('shown', k.label));
      for (const copy of ['withdrawn', 'draft'] as const) {
        const page = await html(k.detail(ids[copy][k.type]));
        if (page.text.includes(title(copy, k.label))) leaks.push(`${k.detail(ids[copy][k.type])} (${page.status})`);
      }
    }
    for (const q of ['已撤回的', '草稿站的', '公开可见的']) {
      const page = await html(`/microapp/explore?q=${encodeURIComponent(q)}`);
      for (const copy of ['withdrawn', 'draft'] as const)
        for (const k of KINDS) if (page.text.includes(title(copy, k.label))) leaks.push(`explore?q=${q}: ${title(copy, k.label)}`);
      if (q === '公开可见的') expect(page.text).toContain(title('shown', '政策'));
    }
    expect(leaks).toEqual([]);
    await ctx.close();
  });

  it('on a phone, a withdrawn record’s address shows the not-found message', async () => {
    const { base } = e2e;
    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(`${base}/microapp/explore/resources/policy/${ids.withdrawn.policy}`);
    await page.getByText('该资源不存在或已删除').first().waitFor();
    expect(await page.content()).not.toContain(title('withdrawn', '政策'));
    await page.screenshot({ path: path.join(artifacts, 'e2e-visibility-hidden-phone.png'), fullPage: true });
    await page.context().close();
  });
});
