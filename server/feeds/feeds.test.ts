/**
 * A site's feeds, sitemaps and robots.txt (docs/architecture.md §Feeds, sitemaps and robots; decisions
 * 530-536), read as a feed reader and a crawler would: the feeds parsed by rss-parser, the sitemaps by
 * an XML parser. Every hidden row carries 隐秘 in its title (a withdrawn record, a record of a draft's
 * topic, an unpublished notice, a 仅登录可见 panel's notice, a draft site's notice), so a document that
 * holds it is a leak.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, testDialect, type Client, type TestContext } from '../test/harness.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { definitionOf } from '../../modules/registry.js';
import { buildServer } from '../app.js';
import { OutboxSmsProvider } from '../notify/sms.js';
import { sitemapIndexOf, sitemapOf } from './index.js';
import { visitorSite, plainSummary } from './read.js';

const HOST = 'feeds.example.cn';
const DRAFT_HOST = 'draft-feeds.example.cn';
const ORIGIN = `http://${HOST}`;
const HIDDEN = '隐秘';

let ctx: TestContext;
let admin: Client;
let visitor: Client;
const ids = {} as Record<'article1' | 'article2' | 'withdrawn' | 'draftArticle' | 'report' | 'job' | 'notice' | 'appId' | 'topicId' | 'draftTopicId', number>;
const rss = new Parser();
const xml = new XMLParser();

const get = (url: string, host = HOST, headers: Record<string, string> = {}) => visitor.get(url, { host, headers, xsrf: false });

async function idOf(sourceKey: string): Promise<number> {
  return (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', sourceKey).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13900000031', 'super');
  visitor = ctx.client();
  ids.topicId = await ensureTopic(ctx.db, '订阅专题');
  ids.draftTopicId = await ensureTopic(ctx.db, `${HIDDEN}草稿专题`);
  const site = await admin.post('/api/v1/applications', { name: '订阅门户', host: HOST, topicId: ids.topicId });
  ids.appId = site.body.applicationId as number;
  const draft = await admin.post('/api/v1/applications', { name: `${HIDDEN}草稿门户`, host: DRAFT_HOST, topicId: ids.draftTopicId });
  const defaults = (type: string) => definitionOf(type)!.defaults({ groupTemplate: false });
  const saved = await admin.post(`/api/v1/applications/${ids.appId}/home-config`, {
    homeConfig: [
      {
        page: 'home',
        style: 'card',
        groups: {},
        template: [
          { ...defaults('notice'), id: 'open', alias: '通知公告' },
          { ...defaults('notice'), id: 'secret', alias: '内部通知', loginOnly: true },
        ],
      },
    ],
  });
  expect(saved.status).toBe(200);
  await releaseApplication(admin, ids.appId);

  await upsertResources(ctx.db, [
    {
      type: 'article',
      sourceKey: 'a1',
      title: '公开论文一',
      date: '2026-05-01',
      fields: { abstract: '<p>摘要 <b>粗体</b><script>alert(1)</script> &amp; 更多</p>' },
      topicId: ids.topicId,
    },
    { type: 'article', sourceKey: 'a2', title: '公开论文二', date: '2026-06-01', fields: {}, topicId: ids.topicId },
    { type: 'article', sourceKey: 'w', title: `${HIDDEN}撤回论文`, date: '2026-07-01', fields: {}, topicId: ids.topicId },
    { type: 'article', sourceKey: 'd', title: `${HIDDEN}草稿论文`, date: '2026-07-01', fields: {}, topicId: ids.draftTopicId },
    { type: 'report', sourceKey: 'r', title: '公开报告', date: '2026-04-01', fields: { reportType: '研究报告' }, topicId: ids.topicId },
    { type: 'job', sourceKey: 'j', title: '公开招聘', date: '2026-03-01', fields: {}, topicId: ids.topicId },
  ]);
  for (const [k, key] of [
    ['article1', 'a1'],
    ['article2', 'a2'],
    ['withdrawn', 'w'],
    ['draftArticle', 'd'],
    ['report', 'r'],
    ['job', 'j'],
  ] as const)
    ids[k] = await idOf(key);
  await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', '=', ids.withdrawn).execute();

  const t = '2026-06-15T08:00:00.000Z';
  const notice = async (appId: number, title: string, extra: object = {}) => {
    const r = await admin.post('/api/v1/notices', {
      applicationId: appId,
      title,
      content: `<p>${title}<b>内容</b><img src="x" onerror="alert(1)"></p>`,
      publishDateTime: t,
      ...extra,
    });
    expect(r.status, r.text).toBe(201);
    return r.body.noticeId as number;
  };
  ids.notice = await notice(ids.appId, '公开通知', { moduleId: 'open' });
  await notice(ids.appId, `${HIDDEN}未发布通知`, { active: 0 });
  await notice(ids.appId, `${HIDDEN}仅登录通知`, { moduleId: 'secret' });
  await notice(draft.body.applicationId as number, `${HIDDEN}草稿站通知`);
  // writes outside a route bump the visitor cache themselves (docs/architecture.md §Server rendering and caching)
  await ctx.app.visitorCache.invalidate();
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('feeds (RSS 2.0 and Atom)', () => {
  it('the notices feed lists the published notices only, linked to their pages, in plain text', async () => {
    const res = await get('/feeds/notices.rss');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/rss\+xml/);
    expect(res.text).not.toContain(HIDDEN);
    const feed = await rss.parseString(res.text);
    expect(feed.title).toBe('订阅门户 - 通知公告');
    expect(feed.link).toBe(`${ORIGIN}/`);
    expect(feed.items.map((i) => [i.title, i.link])).toEqual([['公开通知', `${ORIGIN}/resources/notices/${ids.notice}`]]);
    expect(feed.items[0]!.isoDate).toBe('2026-06-15T08:00:00.000Z');
    expect(feed.items[0]!.content).toBe('公开通知内容');
    expect(res.text).not.toMatch(/onerror|<img|&lt;img/);
  });

  it('the Atom notices feed says the same', async () => {
    const res = await get('/feeds/notices.atom');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/atom\+xml/);
    const feed = await rss.parseString(res.text);
    expect(feed.title).toBe('订阅门户 - 通知公告');
    expect(feed.items.map((i) => i.title)).toEqual(['公开通知']);
    expect(feed.items[0]!.link).toBe(`${ORIGIN}/resources/notices/${ids.notice}`);
    expect(res.text).toContain(`<link rel="self" href="${ORIGIN}/feeds/notices.atom"/>`);
  });

  it('a type feed lists the records published in the site’s topic, newest first, with a plain summary', async () => {
    const feed = await rss.parseString((await get('/feeds/resources/article.rss')).text);
    expect(feed.title).toBe('订阅门户 - 最新论文');
    expect(feed.items.map((i) => [i.title, i.link])).toEqual([
      ['公开论文二', `${ORIGIN}/microapp/explore/resources/article/${ids.article2}`],
      ['公开论文一', `${ORIGIN}/microapp/explore/resources/article/${ids.article1}`],
    ]);
    expect(feed.items[1]!.content).toBe('摘要 粗体 & 更多');
    expect(feed.items.every((i) => !!i.isoDate)).toBe(true);
  });

  it('reports and jobs have type feeds too (Atom and RSS), linked to their visitor pages', async () => {
    const reports = await rss.parseString((await get('/feeds/resources/report.atom')).text);
    expect(reports.items.map((i) => [i.title, i.link])).toEqual([['公开报告', `${ORIGIN}/microapp/report/detail/${ids.report}`]]);
    const jobs = await rss.parseString((await get('/feeds/resources/job.rss')).text);
    expect(jobs.items.map((i) => i.title)).toEqual(['公开招聘']);
  });

  it('the topic feed lists every type of the site’s topic, no hidden record', async () => {
    const res = await get(`/feeds/topics/${ids.topicId}.rss`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(HIDDEN);
    const feed = await rss.parseString(res.text);
    expect(feed.title).toBe('订阅门户 - 订阅专题：最新资源');
    expect(feed.items.map((i) => i.title)).toEqual(['公开论文二', '公开论文一', '公开报告', '公开招聘']);
    const atom = await rss.parseString((await get(`/feeds/topics/${ids.topicId}.atom`)).text);
    expect(atom.items).toHaveLength(4);
  });

  it('an unknown type, topic, format, a draft site and an unknown host answer 404 with a Chinese message', async () => {
    for (const [url, host] of [
      ['/feeds/resources/nope.rss', HOST],
      ['/feeds/resources/article.json', HOST],
      ['/feeds/resources/notice.rss', HOST],
      ['/feeds/other.rss', HOST],
      [`/feeds/topics/${ids.draftTopicId}.rss`, HOST],
      ['/feeds/topics/999999.atom', HOST],
      ['/feeds/notices.rss', DRAFT_HOST],
      [`/feeds/topics/${ids.draftTopicId}.rss`, DRAFT_HOST],
      ['/feeds/notices.rss', 'nobody.example.cn'],
      ['/sitemap.xml', DRAFT_HOST],
      ['/sitemaps/article-1.xml', DRAFT_HOST],
      ['/sitemaps/nope-1.xml', HOST],
      ['/sitemaps/article-9.xml', HOST],
      ['/sitemaps/article-0.xml', HOST],
    ] as const) {
      const res = await get(url, host);
      expect(res.status, `${host}${url}`).toBe(404);
      expect(res.body.error.message, url).toMatch(/[\u4e00-\u9fff]/);
      expect(res.text).not.toContain(HIDDEN);
    }
    expect((await get('/feeds/resources/nope.rss')).body.error.message).toBe('订阅源不存在：请检查地址中的资源类型、专题编号和格式（.rss 或 .atom）');
  });

  it('a summary is plain text, cut at its length', () => {
    expect(plainSummary('<p>a<br>b</p><style>p{}</style>&lt;script&gt;')).toBe('a b <script>'.replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim());
    expect(plainSummary('字'.repeat(400), 10)).toBe(`${'字'.repeat(9)}…`);
  });
});

describe('sitemaps', () => {
  const locs = (doc: unknown, root: 'sitemapindex' | 'urlset', child: 'sitemap' | 'url') => {
    const r = (doc as Record<string, Record<string, unknown>>)[root]!;
    const list = [r[child]].flat() as Array<{ loc: string; lastmod?: string }>;
    return list;
  };
  const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

  it('the index points to the pages, notices and per-type sitemaps of the site’s own host, each with its addresses', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/xml/);
    const maps = locs(xml.parse(res.text), 'sitemapindex', 'sitemap');
    expect(maps.map((m) => m.loc).sort()).toEqual(['pages-1', 'notices-1', 'article-1', 'report-1', 'job-1'].map((n) => `${ORIGIN}/sitemaps/${n}.xml`).sort());
    const all: string[] = [];
    for (const m of maps) {
      expect(m.lastmod, m.loc).toMatch(W3C);
      const one = await get(new URL(m.loc).pathname);
      expect(one.status, m.loc).toBe(200);
      const urls = locs(xml.parse(one.text), 'urlset', 'url');
      for (const u of urls) {
        expect(u.loc.startsWith(`${ORIGIN}/`), u.loc).toBe(true);
        expect(u.lastmod, u.loc).toMatch(W3C);
      }
      all.push(...urls.map((u) => u.loc));
    }
    expect(all.sort()).toEqual(
      [
        `${ORIGIN}/`,
        `${ORIGIN}/microapp/explore`,
        `${ORIGIN}/microapp/report`,
        `${ORIGIN}/microapp/jobs`,
        `${ORIGIN}/resources/notices/${ids.notice}`,
        `${ORIGIN}/microapp/explore/resources/article/${ids.article1}`,
        `${ORIGIN}/microapp/explore/resources/article/${ids.article2}`,
        `${ORIGIN}/microapp/report/detail/${ids.report}`,
        `${ORIGIN}/microapp/explore/resources/job/${ids.job}`,
      ].sort(),
    );
    for (const hidden of [ids.withdrawn, ids.draftArticle]) expect(all.some((u) => u.endsWith(`/${hidden}`))).toBe(false);
  });

  it('the pages sitemap lists the published composed pages, not the drafts (decision 707)', async () => {
    const t = new Date().toISOString();
    const page = (page_id: string, state: string) => ({
      application_id: ids.appId,
      page_id,
      title: page_id,
      state,
      home_config: '[]',
      created_at: t,
      updated_at: t,
      published_at: null,
    });
    await ctx.db
      .insertInto('pages')
      .values([page('about', 'published'), page('secret-draft', 'draft')])
      .execute();
    const site = (await visitorSite(ctx.db, ctx.app.visitorCache, HOST))!;
    const doc = await sitemapOf(ctx.db, ctx.app.visitorCache, site, ORIGIN, 'pages', 1);
    const urls = locs(xml.parse(doc!.body), 'urlset', 'url').map((u) => u.loc);
    expect(urls).toContain(`${ORIGIN}/xrender/about`);
    expect(urls.some((u) => u.includes('secret-draft'))).toBe(false);
    await ctx.db.deleteFrom('pages').where('application_id', '=', ids.appId).execute();
  });

  it('splits a type’s addresses into sitemaps of at most the limit (here 1 instead of 50,000)', async () => {
    const site = (await visitorSite(ctx.db, ctx.app.visitorCache, HOST))!;
    const index = await sitemapIndexOf(ctx.db, ctx.app.visitorCache, site, ORIGIN, 1);
    const maps = locs(xml.parse(index.body), 'sitemapindex', 'sitemap').map((m) => m.loc);
    expect(maps).toContain(`${ORIGIN}/sitemaps/article-1.xml`);
    expect(maps).toContain(`${ORIGIN}/sitemaps/article-2.xml`);
    expect(maps).not.toContain(`${ORIGIN}/sitemaps/article-3.xml`);
    const pages = await Promise.all([1, 2].map((n) => sitemapOf(ctx.db, ctx.app.visitorCache, site, ORIGIN, 'article', n, 1)));
    expect(pages.map((p) => locs(xml.parse(p!.body), 'urlset', 'url').map((u) => u.loc))).toEqual([
      [`${ORIGIN}/microapp/explore/resources/article/${ids.article2}`],
      [`${ORIGIN}/microapp/explore/resources/article/${ids.article1}`],
    ]);
    expect(await sitemapOf(ctx.db, ctx.app.visitorCache, site, ORIGIN, 'article', 3, 1)).toBeNull();
  });
});

describe('sitemaps under 详情页需登录', () => {
  it('leave out the pages behind sign-in (/microapp/**), keep the others', async () => {
    await ctx.db.updateTable('applications').set({ detail_signin: 1 }).where('id', '=', ids.appId).execute();
    await ctx.app.visitorCache.invalidate();
    try {
      const index = await get('/sitemap.xml');
      expect(index.text.match(/<loc>[^<]+<\/loc>/g)).toEqual([`<loc>${ORIGIN}/sitemaps/pages-1.xml</loc>`, `<loc>${ORIGIN}/sitemaps/notices-1.xml</loc>`]);
      expect((await get('/sitemaps/pages-1.xml')).text.match(/<loc>[^<]+<\/loc>/g)).toEqual([`<loc>${ORIGIN}/</loc>`]);
      expect((await get('/sitemaps/article-1.xml')).status).toBe(404);
    } finally {
      await ctx.db.updateTable('applications').set({ detail_signin: 0 }).where('id', '=', ids.appId).execute();
      await ctx.app.visitorCache.invalidate();
    }
  });
});

describe('robots.txt', () => {
  it('a released site allows crawling but the console, the API and sign-in, and names its sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of [
      '/console',
      '/api/',
      '/toolsApi/',
      '/login',
      '/temp/contact',
      '/temp/dds',
      '/container/',
      '/microapp/helix/personalCenter',
      '/microapp/helix/ask',
    ])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain('Disallow: /temp/map');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('a draft site, and a host no site has, disallow everything and name no sitemap', async () => {
    for (const host of [DRAFT_HOST, 'nobody.example.cn']) {
      const res = await get('/robots.txt', host);
      expect(res.status).toBe(200);
      expect(res.text).toBe('User-agent: *\nDisallow: /\n');
    }
  });
});

describe('conditional GET', () => {
  it('answers 304 to the ETag and to If-Modified-Since, 200 again after a write', async () => {
    for (const url of ['/feeds/notices.rss', '/feeds/resources/article.atom', '/sitemap.xml', '/sitemaps/article-1.xml', '/robots.txt']) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, HOST, { 'if-none-match': etag });
      expect(again.status, url).toBe(304);
      expect(again.text).toBe('');
      expect((await get(url, HOST, { 'if-none-match': '"other"' })).status, url).toBe(200);
      const head = await visitor.request('HEAD', url, undefined, { host: HOST, xsrf: false, headers: { 'if-none-match': etag } });
      expect(head.status, `HEAD ${url}`).toBe(304);
      if (url === '/robots.txt') continue; // no record behind it: the site's own update time
      const lastModified = String(first.headers['last-modified']);
      expect(new Date(lastModified).getTime(), url).toBeGreaterThan(0);
      expect((await get(url, HOST, { 'if-modified-since': lastModified })).status, url).toBe(304);
      expect((await get(url, HOST, { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).status, url).toBe(200);
    }
    const before = await get('/feeds/notices.rss');
    const r = await admin.post('/api/v1/notices', {
      applicationId: ids.appId,
      title: '公开新通知',
      content: '<p>新</p>',
      publishDateTime: '2026-06-20T08:00:00.000Z',
      moduleId: 'open',
    });
    expect(r.status).toBe(201);
    const after = await get('/feeds/notices.rss', HOST, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect((await rss.parseString(after.text)).items.map((i) => i.title)).toEqual(['公开新通知', '公开通知']);
    // at the seconds of HTTP dates, a write in the same second as the last leaves Last-Modified as it was: the ETag tells
    expect(new Date(String(after.headers['last-modified'])).getTime()).toBeGreaterThanOrEqual(new Date(String(before.headers['last-modified'])).getTime());
  });
});

describe('autodiscovery in the rendered page’s head', () => {
  let web: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-feeds-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-boot--></body></html>',
    );
    web = await buildServer({ db: ctx.db, dialect: testDialect, config: { ...ctx.config, webDir }, sms: new OutboxSmsProvider(ctx.outbox) }, { logger: false });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });
  const page = async (url: string, host = HOST) => {
    const res = await web.inject({ method: 'GET', url, headers: { host } });
    return res.body.slice(0, res.body.indexOf('</head>'));
  };

  it('every page of a released site announces its notices feed (RSS and Atom); the home page its topic’s; a type’s pages that type’s', async () => {
    const home = await page('/');
    expect(home).toContain('<link rel="alternate" type="application/rss+xml" title="订阅门户 - 通知公告" href="/feeds/notices.rss" />');
    expect(home).toContain('<link rel="alternate" type="application/atom+xml" title="订阅门户 - 通知公告（Atom）" href="/feeds/notices.atom" />');
    expect(home).toContain(`href="/feeds/topics/${ids.topicId}.rss"`);
    const report = await page(`/microapp/report/detail/${ids.report}`);
    expect(report).toContain('href="/feeds/notices.rss"');
    expect(report).toContain('<link rel="alternate" type="application/rss+xml" title="订阅门户 - 最新报告" href="/feeds/resources/report.rss" />');
    expect(await page(`/microapp/explore/resources/article/${ids.article1}`)).toContain('href="/feeds/resources/article.atom"');
    expect(await page('/microapp/jobs')).toContain('href="/feeds/resources/job.rss"');
    expect(await page('/login')).not.toContain('/feeds/resources/');
  });

  it('a draft site’s pages announce no feed', async () => {
    expect(await page('/unrelease', DRAFT_HOST)).not.toContain('rel="alternate"');
  });
});

describe('rate limit', () => {
  it('counts the feeds, sitemaps and robots.txt in the API’s per-address limit (429 with a Chinese message)', async () => {
    const limited = await createTestContext({ rateLimitPerMinute: 3 });
    try {
      const c = limited.client('10.78.0.1');
      const codes: number[] = [];
      for (const url of ['/robots.txt', '/feeds/notices.rss', '/sitemap.xml', '/robots.txt']) codes.push((await c.get(url, { xsrf: false })).status);
      // no site on the test server's host: robots.txt disallows all, the feed and the sitemap are 404
      expect(codes).toEqual([200, 404, 404, 429]);
      const refused = await c.get('/feeds/resources/article.rss', { xsrf: false });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(/^您的网络地址请求过于频繁，请 \d+ 秒后再试$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // pages are not counted
      expect((await limited.client('10.78.0.2').get('/healthz')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
