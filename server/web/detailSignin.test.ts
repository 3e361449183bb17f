/**
 * The site setting 详情页需登录 (spec 1 §2 lists /microapp/** and /container/** among the
 * routes that need login), on SQLite and PostgreSQL: off by default (every page public); on, a visitor
 * who is not signed in (anonymous visitors included) gets a redirect from the server to the site's
 * sign-in with the page as its return address, while the home page stays public; a signed-in user
 * reads the page. The detail reads behind those pages answer 401 to the same visitor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, createTestContext, releaseApplication, testDialect, type TestContext } from '../test/harness.js';
import { buildServer } from '../app.js';
import { OutboxSmsProvider } from '../notify/sms.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { loginHref } from '../../modules/kit/links.js';
import { MSG } from '../../common/messages.js';

const HOST = 'gated.example.cn';
const OPEN_HOST = 'open.example.cn';

let ctx: TestContext;
let web: FastifyInstance;
let webDir: string;
/** the super manager, as a browser of the web server (its writes bump that server's page cache at once) */
let admin: Client;
let appId: number;
let scholarId: number;
let detail: string;

beforeAll(async () => {
  ctx = await createTestContext();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-detail-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-boot--></body></html>',
  );
  web = await buildServer({ db: ctx.db, dialect: testDialect, config: { ...ctx.config, webDir }, sms: new OutboxSmsProvider(ctx.outbox) }, { logger: false });
  const topicId = await ensureTopic(ctx.db, '图书情报');
  await upsertResources(ctx.db, [{ type: 'scholar', sourceKey: 'gate-1', title: '王门户', fields: { institution: '某大学' }, topicId }]);
  scholarId = (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'gate-1').executeTakeFirstOrThrow()).id;
  detail = `/microapp/explore/resources/scholar/${scholarId}`;
  const signedIn = await ctx.signIn('13600000101', 'super');
  const created = await signedIn.post('/api/v1/applications', { name: '门户站', host: HOST, topicId });
  appId = created.body.applicationId;
  await releaseApplication(signedIn, appId);
  const open = await signedIn.post('/api/v1/applications', { name: '公开站', host: OPEN_HOST, topicId });
  await releaseApplication(signedIn, open.body.applicationId);
  admin = new Client(web);
  admin.cookies = new Map(signedIn.cookies);
});
afterAll(async () => {
  await web.close();
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** GET a page of `host` with the given cookies (none: a visitor who never signed in). */
const page = (url: string, cookie?: string, host = HOST) => web.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });
const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const stored = async () => (await ctx.db.selectFrom('applications').select('detail_signin').where('id', '=', appId).executeTakeFirstOrThrow()).detail_signin;
const setting = (on: unknown) => admin.put(`/api/v1/applications/${appId}`, { detailSignin: on });

describe('详情页需登录', () => {
  it('is off by default: a visitor opens a detail page and its data', async () => {
    expect(await stored()).toBe(0);
    expect((await admin.get(`/api/v1/applications/${appId}/config`)).body.detailSignin).toBe(0);
    const res = await page(detail);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const api = await web.inject({ method: 'GET', url: `/api/v1/resources/scholar/${scholarId}`, headers: { host: HOST } });
    expect([api.statusCode, api.json().title]).toEqual([200, '王门户']);
    // an unknown report is a 404, not a refusal
    const report = await web.inject({ method: 'GET', url: `/api/v1/reports/999999?applicationId=${appId}`, headers: { host: HOST } });
    expect(report.statusCode).toBe(404);
  });

  it('on: the server sends a visitor of /microapp/** and /container/** to sign in and back; the home page stays public', async () => {
    const on = await setting(true);
    expect([on.status, on.body.detailSignin, on.body.message]).toEqual([200, 1, MSG.applicationSaved]);
    expect(await stored()).toBe(1);
    // the site's configuration says so too (the browser's guard reads it)
    const config = await web.inject({ method: 'GET', url: `/api/v1/applications/config?host=${HOST}`, headers: { host: HOST } });
    expect(config.json().detailSignin).toBe(1);

    for (const url of [detail, '/microapp/explore?q=%E9%97%A8%E6%88%B7', '/microapp/report/detail/7', '/container/any/page']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(loginHref(url));
      // stays on the site, and names the page to come back to
      const back = new URL(String(res.headers.location), `http://${HOST}`);
      expect(back.host, url).toBe(HOST);
      expect(back.searchParams.get('redirect'), url).toBe(url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // a second visitor gets the same answer (the page cache keeps the redirect, not a page)
    expect((await page(detail)).statusCode).toBe(302);
    // the home page and pages outside /microapp/** stay public
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('门户站');
    expect((await page('/resources/notices/1')).statusCode).toBe(200);
    // another site keeps its own (default) setting
    expect((await page(detail, undefined, OPEN_HOST)).statusCode).toBe(200);
  });

  it('on: an anonymous (fingerprint) visitor is not signed in either; a signed-in user reads the page', async () => {
    const visitor = new Client(web);
    const anon = await visitor.post('/api/v1/users/anonymous', { fingerprint: 'b3f1c2d4e5b6978812345678abcdef02' });
    expect([anon.status, anon.body.user.anonymous]).toEqual([200, true]);
    const res = await page(detail, cookieOf(visitor));
    expect([res.statusCode, res.headers.location]).toEqual([302, loginHref(detail)]);

    const reader = await ctx.signIn('13600000102');
    const signed = await page(detail, cookieOf(reader));
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toContain('<div id="root">');
    const withQuery = await page('/microapp/explore?q=x', cookieOf(reader));
    expect(withQuery.statusCode).toBe(200);
  });

  it('on: the detail reads answer 401 请先登录 to a visitor not signed in, and their data to a signed-in user', async () => {
    const reader = await ctx.signIn('13600000103');
    const visitor = (url: string, host = HOST) => web.inject({ method: 'GET', url, headers: { host } });
    for (const url of [
      `/api/v1/resources/scholar/${scholarId}`,
      `/api/v1/resources/scholar/${scholarId}/citation?format=bibtex`,
      `/api/v1/citations?ids=${scholarId}&format=ris`,
      `/api/v2/scholars/${scholarId}`,
      // the report calls name their site: refused whatever host they are sent to
      `/api/v1/reports/999999?applicationId=${appId}`,
    ]) {
      const r = await visitor(url);
      expect(r.statusCode, url).toBe(401);
      expect(r.json().error.message, url).toBe(MSG.notSignedIn);
    }
    expect((await visitor(`/api/v1/reports/999999?applicationId=${appId}`, OPEN_HOST)).statusCode).toBe(401);
    expect((await visitor(`/api/v2/scholars/${scholarId}?app_id=${appId}`, OPEN_HOST)).statusCode).toBe(401);
    // the signed-in reader gets the data (and the report's own 404)
    const r = await reader.get(`/api/v1/resources/scholar/${scholarId}`, { host: HOST });
    expect([r.status, r.body.title]).toEqual([200, '王门户']);
    expect((await reader.get(`/api/v1/reports/999999?applicationId=${appId}`, { host: HOST })).status).toBe(404);
    // lists and search stay public (the home page's panels show the same items)
    expect((await visitor(`/api/v1/search?q=${encodeURIComponent('王门户')}&applicationId=${appId}`)).statusCode).toBe(200);
    expect((await visitor(`/api/v1/reports?applicationId=${appId}`)).statusCode).toBe(200);
  });

  it('refuses a value other than 0 or 1 and changes nothing; off again makes the pages public at once', async () => {
    const bad = await setting('yes');
    expect([bad.status, bad.body.error.fields['body.detailSignin']]).toEqual([400, MSG.flagInvalid]);
    expect(await stored()).toBe(1);
    // saving the name and host leaves the setting as it is
    expect((await admin.put(`/api/v1/applications/${appId}`, { name: '门户站' })).body.detailSignin).toBe(1);

    const off = await setting(0);
    expect([off.status, off.body.detailSignin]).toEqual([200, 0]);
    expect(await stored()).toBe(0);
    expect((await page(detail)).statusCode).toBe(200);
    expect((await web.inject({ method: 'GET', url: `/api/v1/resources/scholar/${scholarId}`, headers: { host: HOST } })).statusCode).toBe(200);
  });

  it('is a manager write: a user who manages nothing is refused and the setting stays', async () => {
    const user = await ctx.signIn('13600000104');
    const r = await user.put(`/api/v1/applications/${appId}`, { detailSignin: 1 });
    expect(r.status).toBe(403);
    expect(await stored()).toBe(0);
  });
});
