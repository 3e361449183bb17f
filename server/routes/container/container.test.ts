/**
 * 微应用 header-menu entries (spec 1 §2 /container/**; docs/decisions.md 644-646) through the existing
 * header-config call: an entry with its allowed origin is saved and read back by host; an address of
 * another origin, a missing or malformed origin, a site path, a sub menu or a repeated id is refused
 * with 400 and a Chinese message naming the field, nothing written; a stored entry of the wrong origin
 * (written before the rule) is read back with the rest of the menu, for the page to refuse. The page
 * /container/{entry} of an entry the menu does not have answers 404 in the site frame (decision 579).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestContext, releaseApplication, testDialect, type Client, type TestContext } from '../../test/harness.js';
import { buildServer } from '../../app.js';
import { OutboxSmsProvider } from '../../notify/sms.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let manager: Client;
let appId: number;
const HOST = 'microapp.example.cn';

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.signIn('13700000081', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '微应用测试站', host: HOST })).body.applicationId;
  await releaseApplication(admin, appId);
  manager = await ctx.signIn('13700000082');
  const u = await ctx.db.selectFrom('users').select('id').where('phone', '=', '13700000082').executeTakeFirstOrThrow();
  await ctx.db.insertInto('application_managers').values({ application_id: appId, user_id: u.id }).execute();
});
afterAll(async () => {
  await ctx.close();
});

const stored = async () => (await ctx.db.selectFrom('applications').select('header_config').where('id', '=', appId).executeTakeFirstOrThrow()).header_config;
const byHost = async () => (await ctx.client().get(`/api/v1/applications/config?host=${HOST}`)).body;
const good = { id: 'survey', title: '问卷', url: 'https://apps.example.org/survey?x=1', kind: 'microapp', origin: 'https://Apps.example.org/' };

describe('微应用 menu entries', () => {
  it('an entry with its allowed origin is saved (origin normalised) and read back by host', async () => {
    const r = await manager.post(`/api/v1/applications/${appId}/header-config`, { headerConfig: { menu: [{ title: '新闻', url: '/news' }, good] } });
    expect(r.status).toBe(200);
    const menu = (await byHost()).headerConfig.menu;
    expect(menu[1]).toMatchObject({ id: 'survey', kind: 'microapp', url: 'https://apps.example.org/survey?x=1', origin: 'https://apps.example.org' });
  });

  it.each([
    ['another origin', { ...good, url: 'https://evil.example.com/survey' }, MSG.microappOriginMismatch, 'headerConfig.menu.0.url'],
    ['another port', { ...good, url: 'https://apps.example.org:8443/survey' }, MSG.microappOriginMismatch, 'headerConfig.menu.0.url'],
    ['http against https', { ...good, url: 'http://apps.example.org/survey' }, MSG.microappOriginMismatch, 'headerConfig.menu.0.url'],
    ['no origin', { ...good, origin: undefined }, MSG.microappOriginRequired, 'headerConfig.menu.0.origin'],
    ['an origin with a path', { ...good, origin: 'https://apps.example.org/app' }, MSG.microappOriginInvalid, 'headerConfig.menu.0.origin'],
    ['a javascript: origin', { ...good, origin: 'javascript:alert(1)' }, MSG.microappOriginInvalid, 'headerConfig.menu.0.origin'],
    ['a site path', { ...good, url: '/news' }, MSG.microappUrlInvalid, 'headerConfig.menu.0.url'],
    ['a sub menu', { ...good, children: [{ title: '子', url: '/a' }] }, MSG.microappNoChildren, 'headerConfig.menu.0.children'],
  ])('%s is refused with 400, nothing written', async (_name, entry, message, field) => {
    const before = await stored();
    const r = await manager.post(`/api/v1/applications/${appId}/header-config`, { headerConfig: { menu: [entry] } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain(message);
    expect(Object.keys(r.body.error.fields)).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it('two entries with the same id are refused', async () => {
    const r = await manager.post(`/api/v1/applications/${appId}/header-config`, { headerConfig: { menu: [good, { ...good, title: '问卷二' }] } });
    expect([r.status, r.body.error.message]).toEqual([400, expect.stringContaining(MSG.microappDuplicateId)]);
  });

  it('a visitor may not save entries', async () => {
    const r = await ctx.client().post(`/api/v1/applications/${appId}/header-config`, { headerConfig: { menu: [good] } });
    expect(r.status).toBe(401);
  });

  it('a stored entry of the wrong origin is read back with the rest of the menu (the page refuses it)', async () => {
    const bad = { ...good, id: 'bad', url: 'https://evil.example.com/x' };
    await ctx.db
      .updateTable('applications')
      .set({ header_config: JSON.stringify({ menu: [{ title: '新闻', url: '/news' }, good, bad] }) })
      .where('id', '=', appId)
      .execute();
    await ctx.app.visitorCache.invalidate();
    const menu = (await byHost()).headerConfig.menu;
    expect(menu.map((m: { id?: string; title: string }) => m.id ?? m.title)).toEqual(['新闻', 'survey', 'bad']);
  });
});

describe('the /container/{entry} page', () => {
  let web: FastifyInstance;
  let webDir: string;
  let cookie: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-container-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-boot--></body></html>',
    );
    await ctx.db
      .updateTable('applications')
      .set({ header_config: JSON.stringify({ menu: [{ title: '新闻', url: '/news' }, good] }) })
      .where('id', '=', appId)
      .execute();
    web = await buildServer({ db: ctx.db, dialect: testDialect, config: { ...ctx.config, webDir }, sms: new OutboxSmsProvider(ctx.outbox) }, { logger: false });
    const reader = await ctx.signIn('13700000083');
    cookie = [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });
  const open = (url: string) => web.inject({ method: 'GET', url, headers: { host: HOST, cookie } });
  const boot = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="atrium-boot">(.*?)<\/script>/)![1]);

  it('a known entry answers 200; an unknown one 404 with the site frame (decision 579)', async () => {
    const known = await open('/container/survey');
    expect(known.statusCode).toBe(200);
    for (const url of ['/container/nothing-here', '/container/%E9%97%AE%E5%8D%B7']) {
      const res = await open(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type']).toContain('text/html');
      // the page is the site's (its name and menu in the boot data), for the browser to show 没有找到这个微应用 in the frame
      expect(boot(res.body).config).toMatchObject({ name: '微应用测试站' });
    }
    // a visitor still goes to the sign-in page first
    const visitor = await web.inject({ method: 'GET', url: '/container/nothing-here', headers: { host: HOST } });
    expect(visitor.statusCode).toBe(302);
  });
});
