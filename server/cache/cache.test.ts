/**
 * The shared visitor cache: a visitor's panel read is answered from the cache with an
 * ETag (304 to If-None-Match) and no signature; publishing a notice shows it at once, in the process
 * that wrote it and in a second server on the same database (LISTEN/NOTIFY on PostgreSQL, the poll on
 * SQLite); every unsafe route is classified by server/cache/writes.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestContext, Client, testDialect, type TestContext } from '../test/harness.js';
import { buildServer } from '../app.js';
import { OutboxSmsProvider } from '../notify/sms.js';
import { NEUTRAL, invalidates } from './writes.js';
import { POLL_MS } from './sharedCache.js';

let ctx: TestContext;
let second: FastifyInstance;
let admin: Client;
let appId: number;
const read = { key: 'notice', source: 'notice', count: 8, moduleId: 'n1' };
const url = () => `/api/v1/modules/panel-read?applicationId=${appId}&read=${encodeURIComponent(JSON.stringify(read))}`;
const titles = (body: { content: Array<{ title: string }> }) => body.content.map((n) => n.title);

beforeAll(async () => {
  ctx = await createTestContext();
  // a second server (as a second process would be) on the same database, with a cache of its own
  second = await buildServer({ db: ctx.db, dialect: testDialect, config: ctx.config, sms: new OutboxSmsProvider(ctx.outbox) }, { logger: false, web: false });
  await second.ready();
  admin = await ctx.signIn('13700000001', 'super');
  const app = await admin.post('/api/v1/applications', { name: '缓存站点', host: 'cache.example.cn' });
  appId = app.body.applicationId;
  const notice = { id: 'n1', type: 'notice', alias: '通知公告', span: 3 };
  const saved = await admin.post(`/api/v1/applications/${appId}/home-config`, {
    homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [notice] }],
  });
  expect(saved.status).toBe(200);
  await admin.put(`/api/v1/applications/${appId}/release`);
  await admin.put(`/api/v1/applications/${appId}/pass`);
  await admin.post('/api/v1/notices', {
    applicationId: appId,
    moduleId: 'n1',
    title: '第一条通知',
    type: '消息公告',
    content: '<p>一</p>',
    top: 0,
    active: 1,
    publishDateTime: '2026-03-01T08:00:00.000Z',
  });
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

describe('visitor panel reads', () => {
  it('answers a visitor without a signature, with an ETag, and 304 to If-None-Match', async () => {
    const visitor = ctx.client();
    const first = await visitor.get(url());
    expect(first.status).toBe(200);
    expect(titles(first.body)).toEqual(['第一条通知']);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await visitor.get(url(), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('shows a newly published notice at once, in this server and in a second one on the same database', async () => {
    const visitor = ctx.client();
    const other = new Client(second);
    const before = await other.get(url());
    expect(titles(before.body)).toEqual(['第一条通知']); // the second server has it cached now
    const etag = String((await visitor.get(url())).headers.etag);
    const created = await admin.post('/api/v1/notices', {
      applicationId: appId,
      moduleId: 'n1',
      title: '新发布的通知',
      type: '消息公告',
      content: '<p>二</p>',
      top: 0,
      active: 1,
      publishDateTime: '2026-03-02T08:00:00.000Z',
    });
    expect(created.status).toBe(201);
    const mine = await visitor.get(url(), { headers: { 'if-none-match': etag } });
    expect(mine.status).toBe(200);
    expect(titles(mine.body)).toEqual(['新发布的通知', '第一条通知']);
    // the second server learns of the write through NOTIFY (PostgreSQL) or its poll (SQLite)
    const deadline = Date.now() + (testDialect === 'postgres' ? 500 : POLL_MS * 3);
    let seen: string[] = [];
    while (Date.now() < deadline) {
      seen = titles((await other.get(url())).body);
      if (seen.length === 2) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen).toEqual(['新发布的通知', '第一条通知']);
  });

  it('refuses a read that is not a panel read with 400 and a Chinese message', async () => {
    const bad = await ctx.client().get(`/api/v1/modules/panel-read?applicationId=${appId}&read=${encodeURIComponent('{"source":"sql"}')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    const notJson = await ctx.client().get(`/api/v1/modules/panel-read?applicationId=${appId}&read=%7B`);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe('栏目数据请求无效');
  });

  it("hides a draft site's panels from visitors (404 应用不存在) and shows them to its manager", async () => {
    const draft = await admin.post('/api/v1/applications', { name: '草稿', host: 'draft-cache.example.cn' });
    const draftUrl = `/api/v1/modules/panel-read?applicationId=${draft.body.applicationId}&read=${encodeURIComponent(JSON.stringify({ key: 'n', source: 'notice', count: 4, moduleId: 'x' }))}`;
    const visitor = await ctx.client().get(draftUrl);
    expect(visitor.status).toBe(404);
    expect(visitor.body.error.message).toBe('应用不存在');
    expect((await admin.get(draftUrl)).status).toBe(200);
  });
});

describe('which writes invalidate', () => {
  it("classifies every unsafe route: content writes invalidate, a user's own writes do not", () => {
    const unsafe = ctx.app.atriumRoutes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method)).map((r) => `${r.method} ${r.url}`);
    // every neutral pattern names a registered route (no stale entries)
    for (const re of NEUTRAL)
      expect(
        unsafe.some((k) => re.test(k)),
        String(re),
      ).toBe(true);
    for (const k of [
      'POST /api/v1/notices',
      'PUT /api/v1/links/:linkId',
      'POST /api/v1/applications/:id/home-config',
      'PUT /api/v1/applications/:id/release',
      'POST /api/v1/applications/:id/theme-config',
      'DELETE /api/v1/applications/:id/resources/:resourceId',
    ]) {
      expect(unsafe, k).toContain(k);
      const [m, u] = k.split(' ');
      expect(invalidates(m, u, false), k).toBe(true);
    }
    for (const k of ['POST /api/v1/users/anonymous', 'PUT /api/v3/oauth/digits', 'POST /api/v1/subscriptions', 'DELETE /api/v1/session']) {
      const [m, u] = k.split(' ');
      expect(invalidates(m, u, false), k).toBe(false);
    }
    expect(invalidates('POST', '/api/v4/modules/top-:kind', true)).toBe(false);
  });
});
