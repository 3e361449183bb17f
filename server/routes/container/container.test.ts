/**
 * 微应用 header-menu entries (spec 1 §2 /container/**; docs/decisions.md 644-646) through the existing
 * header-config call: an entry with its allowed origin is saved and read back by host; an address of
 * another origin, a missing or malformed origin, a site path, a sub menu or a repeated id is refused
 * with 400 and a Chinese message naming the field, nothing written; a stored entry of the wrong origin
 * (written before the rule) is read back with the rest of the menu, for the page to refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
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
