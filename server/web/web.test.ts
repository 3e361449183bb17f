/**
 * The served HTML (docs/architecture.md §One read path): the home page of a host carries its
 * configuration and the first page of each panel; an unknown host gets a clear 404 page; other paths
 * get the app; API paths never get HTML.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { buildServer } from '../app.js';
import { OutboxSmsProvider } from '../notify/sms.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { definitionOf } from '../../modules/registry.js';
import { COMPRESS_THRESHOLD } from '../http/headers.js';
import type { FastifyInstance } from 'fastify';

let ctx: TestContext;
let web: FastifyInstance;
let webDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-boot--></body></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'main-abc.js'), 'console.log(1)');
  // a precompressed asset as scripts/precompress.mjs writes them
  const big = `export const text = ${JSON.stringify('资源'.repeat(2000))};`;
  fs.writeFileSync(path.join(webDir, 'assets', 'big-abc.js'), big);
  fs.writeFileSync(path.join(webDir, 'assets', 'big-abc.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(webDir, 'assets', 'big-abc.js.gz'), zlib.gzipSync(big));
  web = await buildServer({ db: ctx.db, dialect: 'sqlite', config: { ...ctx.config, webDir }, sms: new OutboxSmsProvider(ctx.outbox) }, { logger: false });
  const topicId = await ensureTopic(ctx.db, '计算机科学');
  await upsertResources(ctx.db, [
    { type: 'scholar', sourceKey: 's1', title: 'Andrew Chi-Chih Yao', fields: { institution: 'Tsinghua University' }, topicId },
    { type: 'scholar', sourceKey: 's2', title: '<img src=x onerror=alert(1)>', fields: {}, topicId },
  ]);
  const admin = await ctx.signIn('13600000001', 'super');
  const app = await admin.post('/api/v1/applications', { name: '清华 <计算机> 门户', host: 'cs.example.cn', topicId });
  const scholar = { ...definitionOf('scholar')!.defaults({ groupTemplate: false }), id: 'm1', alias: '学者' };
  const saved = await admin.post(`/api/v1/applications/${app.body.applicationId}/home-config`, {
    homeConfig: [{ page: 'home', style: 'card', groups: {}, template: [scholar] }],
  });
  expect(saved.status).toBe(200);
  // a draft site is hidden from visitors (decision #139): release it for the tests of the visitor's page
  expect((await admin.put(`/api/v1/applications/${app.body.applicationId}/release`)).status).toBe(200);
  expect((await admin.put(`/api/v1/applications/${app.body.applicationId}/pass`)).status).toBe(200);
});
afterAll(async () => {
  await web.close();
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const boot = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="atrium-boot">(.*?)<\/script>/)![1]);

describe('served pages', () => {
  it('embeds the configuration and the first page of each panel in the home page', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { host: 'cs.example.cn' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>清华 &#60;计算机&#62; 门户</title>');
    const b = boot(res.body);
    expect(b.config.name).toBe('清华 <计算机> 门户');
    const pages = Object.values(b.data.m1) as Array<{ content: Array<{ title: string }> }>;
    expect(pages[0].content.map((s) => s.title)).toContain('Andrew Chi-Chih Yao');
    // markup in data cannot close the script element
    expect(res.body).not.toContain('<img src=x');
  });

  it('embeds the signing key of the XSRF token it sets, the same the key route gives (decision 223)', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { host: 'cs.example.cn' } });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const signing = JSON.parse(res.body.match(/<script type="application\/json" id="atrium-signing">(.*?)<\/script>/)![1]);
    expect(signing.xsrf).toBe(xsrf);
    const key = await web.inject({ method: 'GET', url: '/api/v1/session/signing-key', headers: { cookie: `XSRF-TOKEN=${xsrf}` } });
    expect(signing.key).toBe(key.json().key);
    expect(Math.abs(signing.serverTime - Date.now())).toBeLessThan(5000);
  });

  it('finds the application without the port of the Host header', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { host: 'cs.example.cn:3000' } });
    expect(boot(res.body).config.name).toBe('清华 <计算机> 门户');
  });

  it('answers an unknown host with 404 and no configuration', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { host: 'unknown.example.cn' } });
    expect(res.statusCode).toBe(404);
    expect(boot(res.body).config).toBeNull();
  });

  it('serves the app for other paths, assets with a long cache, and JSON 404 for unknown API paths', async () => {
    const page = await web.inject({ method: 'GET', url: '/console/applications', headers: { host: 'cs.example.cn' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await web.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await web.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.message).toBe('接口不存在');
    // every namespace of the calls of spec 2 §7, never the web page with 200 (decision 298)
    for (const url of ['/toolsApi/nothing', '/technology/news/v9/x', '/web/oauth/nothing?x=1', '/welcome/x', '/api']) {
      const r = await web.inject({ method: 'GET', url, headers: { host: 'cs.example.cn' } });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toContain('application/json');
      expect(r.json().error.message).toBe('接口不存在');
    }
    // and the calls themselves answer JSON
    const welcome = await web.inject({ method: 'GET', url: '/welcome', headers: { host: 'cs.example.cn' } });
    expect(welcome.statusCode).toBe(200);
    expect(welcome.json().service).toBe('atrium');
    const domains = await web.inject({ method: 'GET', url: '/technology/news/v2/domain/list', headers: { host: 'cs.example.cn' } });
    expect(domains.statusCode).toBe(200);
    expect(Array.isArray(domains.json())).toBe(true);
  });

  it('hides a site that is not released from visitors and shows it to its managers with the preview flag (decision #139)', async () => {
    const admin = await ctx.signIn('13600000002', 'super');
    const created = await admin.post('/api/v1/applications', { name: '草稿站点', host: 'draft.example.cn' });
    const visitor = await web.inject({ method: 'GET', url: '/', headers: { host: 'draft.example.cn' } });
    expect(visitor.statusCode).toBe(200);
    expect(boot(visitor.body)).toMatchObject({ config: null, data: {}, unreleased: 'hidden' });
    expect(visitor.body).not.toContain('草稿站点');
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const preview = await web.inject({ method: 'GET', url: '/', headers: { host: 'draft.example.cn', cookie } });
    expect(boot(preview.body)).toMatchObject({ unreleased: 'preview', config: { name: '草稿站点', status: 'draft' } });
    // a signed-in user who opens the site becomes its user with the default role
    const user = await ctx.signIn('13600000003');
    await admin.put(`/api/v1/applications/${created.body.applicationId}/release`);
    await admin.put(`/api/v1/applications/${created.body.applicationId}/pass`);
    const seen = await web.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'draft.example.cn', cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(boot(seen.body).unreleased).toBeUndefined();
    const row = await ctx.db
      .selectFrom('application_users')
      .innerJoin('users', 'users.id', 'application_users.user_id')
      .select('role_id')
      .where('users.phone', '=', '13600000003')
      .executeTakeFirst();
    expect(row?.role_id).toBe('user');
  });

  it("fills in stored text holding $' $` $& as it is (no string pattern expansion)", async () => {
    const admin = await ctx.signIn('13600000004', 'super');
    const created = await admin.post('/api/v1/applications', { name: "通知$'公告$`站$&", host: 'dollar.example.cn' });
    await admin.put(`/api/v1/applications/${created.body.applicationId}/release`);
    await admin.put(`/api/v1/applications/${created.body.applicationId}/pass`);
    const res = await web.inject({ method: 'GET', url: '/', headers: { host: 'dollar.example.cn' } });
    expect(res.body).toContain('<title>通知$&#39;公告$`站$&#38;</title>');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(boot(res.body).config.name).toBe("通知$'公告$`站$&");
  });
});

describe('headers and compression', () => {
  it('sends the security headers on a page and an API answer; no inline script is allowed', async () => {
    for (const url of ['/', '/api/v1/applications/config?host=cs.example.cn']) {
      const res = await web.inject({ method: 'GET', url, headers: { host: 'cs.example.cn' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(res.headers['permissions-policy'])).toContain('camera=()');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // not over TLS, not asked for
    }
    // the page has no script that runs inline: only JSON data blocks
    const page = await web.inject({ method: 'GET', url: '/', headers: { host: 'cs.example.cn' } });
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain('type="application/json"');
  });

  it('compresses pages and JSON with brotli or gzip as the browser asks', async () => {
    const br = await web.inject({ method: 'GET', url: '/', headers: { host: 'cs.example.cn', 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('清华 &#60;计算机&#62; 门户');
    const page = await web.inject({ method: 'GET', url: '/', headers: { host: 'cs.example.cn', 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString('utf8')).toContain('清华 &#60;计算机&#62; 门户');
    // JSON over 1 KB (the home configuration of six panels) is compressed; a tiny answer is not worth it
    const admin = await ctx.signIn('13600000009', 'super');
    const appId = (await admin.get('/api/v1/applications/config?host=cs.example.cn')).body.applicationId;
    const panels = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'].map((id) => ({
      ...definitionOf('scholar')!.defaults({ groupTemplate: false }),
      id,
      alias: `学者${id}`,
    }));
    expect(
      (await admin.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: [{ page: 'home', style: 'card', groups: {}, template: panels }] })).status,
    ).toBe(200);
    const json = await web.inject({ method: 'GET', url: '/api/v1/applications/config?host=cs.example.cn', headers: { 'accept-encoding': 'gzip' } });
    const raw = await web.inject({ method: 'GET', url: '/api/v1/applications/config?host=cs.example.cn' });
    expect(raw.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(json.rawPayload).toString('utf8')).name).toBe('清华 <计算机> 门户');
    const tiny = await web.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('serves hashed assets precompressed, immutable and without a cookie', async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/big-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('export const text');
  });
});
