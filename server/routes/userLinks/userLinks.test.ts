/**
 * Personal topic links (spec 1 §1 and §6, spec 2 §7 topics suggestions and 'Saving user links'):
 * roles, the topics a user may pick, saving in order and reading back, bad input, the hosts setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { bareHost, topicLinkHosts, topicLinksEnabled } from './service.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let alice: Client;
let bob: Client;
let aliceId: number;
const appIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.signIn('13600000009', 'super');
  for (const [name, host] of [
    ['科技资讯', 'news.example.cn'],
    ['学者库', 'scholars.example.cn:8443'],
    ['草稿站点', 'draft.example.cn'],
  ]) {
    const r = await admin.post('/api/v1/applications', { name, host });
    expect(r.status).toBe(201);
    appIds.push(r.body.applicationId);
  }
  await ctx.db.updateTable('applications').set({ status: 'released', logo: '/files/logo.png' }).where('id', 'in', appIds.slice(0, 2)).execute();
  alice = await ctx.signIn('13600000001');
  bob = await ctx.signIn('13600000002');
  aliceId = (await alice.get('/api/v1/session')).body.user.id;
});
afterAll(async () => {
  await ctx.close();
});

const link = (o: { id: number; title: string; url: string; cover?: string | null }) => ({ resourceId: o.id, resourceObject: JSON.stringify(o) });

describe('topic suggestions', () => {
  it('lists the released applications as topics to pick, v1 and v2', async () => {
    for (const v of ['v1', 'v2']) {
      const r = await alice.get(`/api/${v}/topics/suggestions?userId=${aliceId}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual([
        { resourceId: appIds[0], resourceObject: { id: appIds[0], title: '科技资讯', url: 'http://news.example.cn/', cover: '/files/logo.png' } },
        { resourceId: appIds[1], resourceObject: { id: appIds[1], title: '学者库', url: 'http://scholars.example.cn:8443/', cover: '/files/logo.png' } },
      ]);
    }
    const withPort = await alice.get('/api/v1/topics/suggestions', { host: 'localhost:5173' });
    expect(withPort.body[0].resourceObject.url).toBe('http://news.example.cn:5173/');
  });

  it('answers 401 to anonymous callers and 403 for another userId', async () => {
    const anon = ctx.client();
    for (const [m, u, b] of [
      ['GET', '/api/v1/topics/suggestions'],
      ['GET', '/api/v2/topics/suggestions'],
      ['GET', '/api/v1/users/links'],
      ['POST', '/api/v1/users/links', { userId: aliceId, kind: 'link', links: [] }],
    ] as Array<[string, string, unknown?]>) {
      const r = await anon.request(m, u, b);
      expect(r.status, u).toBe(401);
      expect(r.body.error.message).toBe(MSG.notSignedIn);
    }
    expect((await bob.get(`/api/v1/topics/suggestions?userId=${aliceId}`)).status).toBe(403);
    expect((await bob.get(`/api/v1/users/links?userId=${aliceId}`)).status).toBe(403);
    const r = await bob.post('/api/v1/users/links', { userId: aliceId, kind: 'link', links: [] });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG.forbidden);
    expect(await ctx.db.selectFrom('user_links').selectAll().execute()).toEqual([]);
  });
});

describe('saving user links', () => {
  it('saves the links in the order given and reads them back; saving again replaces them', async () => {
    const a = { id: appIds[0], title: '科技资讯', url: 'http://news.example.cn/', cover: null };
    const b = { id: appIds[1], title: '学者库', url: 'http://scholars.example.cn:8443/', cover: '/files/logo.png' };
    const saved = await alice.post('/api/v1/users/links', { userId: aliceId, kind: 'link', links: [link(b), link(a)] });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MSG.topicLinksSaved);
    const rows = await ctx.db.selectFrom('user_links').selectAll().where('user_id', '=', aliceId).orderBy('position').execute();
    expect(rows.map((r) => [r.position, r.resource_id, r.kind])).toEqual([
      [0, appIds[1], 'link'],
      [1, appIds[0], 'link'],
    ]);
    expect(JSON.parse(rows[0].resource_object)).toEqual(b);
    const read = await alice.get(`/api/v1/users/links?userId=${aliceId}`);
    expect(read.body.links.map((l: { resourceObject: { title: string } }) => l.resourceObject.title)).toEqual(['学者库', '科技资讯']);

    await alice.post('/api/v1/users/links', { userId: aliceId, kind: 'link', links: [link(a)] });
    expect((await alice.get('/api/v1/users/links')).body.links).toEqual([{ resourceId: appIds[0], resourceObject: a }]);
    expect((await bob.get('/api/v1/users/links')).body.links).toEqual([]);
  });

  it('refuses bad links with Chinese messages and writes nothing', async () => {
    const ok = { id: appIds[0], title: '科技资讯', url: 'http://news.example.cn/' };
    const cases: Array<[unknown, string]> = [
      [{ userId: aliceId, kind: 'news', links: [] }, MSG.topicLinkKindInvalid],
      [{ userId: aliceId, kind: 'link', links: [{ resourceId: appIds[0], resourceObject: '{not json' }] }, MSG.topicLinkObjectInvalid],
      [{ userId: aliceId, kind: 'link', links: [link({ ...ok, url: 'javascript:alert(1)' })] }, MSG.topicLinkObjectInvalid],
      [{ userId: aliceId, kind: 'link', links: [{ resourceId: appIds[1], resourceObject: JSON.stringify(ok) }] }, MSG.topicLinkObjectInvalid],
      [{ userId: aliceId, kind: 'link', links: [link(ok), link(ok)] }, MSG.topicLinkObjectInvalid],
      [{ userId: aliceId, kind: 'link', links: Array.from({ length: 51 }, (_, i) => link({ ...ok, id: i + 1 })) }, MSG.topicLinksTooMany],
      [{ kind: 'link', links: [] }, MSG.userIdRequired],
    ];
    for (const [body, msg] of cases) {
      const r = await alice.post('/api/v1/users/links', body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(msg);
    }
    const rows = await ctx.db.selectFrom('user_links').select('resource_id').where('user_id', '=', aliceId).execute();
    expect(rows.map((r) => r.resource_id)).toEqual([appIds[0]]);
  });
});

describe('the hosts setting', () => {
  it('defaults to the development hosts and reads ATRIUM_TOPIC_LINK_HOSTS', () => {
    expect(topicLinkHosts({})).toEqual(['localhost', '127.0.0.1']);
    expect(topicLinkHosts({ ATRIUM_TOPIC_LINK_HOSTS: ' A.example.cn , b.example.cn:8080,,' })).toEqual(['a.example.cn', 'b.example.cn']);
    expect(bareHost('[::1]:3000')).toBe('[::1]');
    expect(topicLinksEnabled('a.example.cn:443', ['a.example.cn'])).toBe(true);
    expect(topicLinksEnabled('c.example.cn', ['a.example.cn'])).toBe(false);
  });

  it('tells the page whether the topic manager appears on the host asked for', async () => {
    expect((await alice.get('/api/v1/users/links', { host: 'localhost:3000' })).body.enabled).toBe(true);
    expect((await alice.get('/api/v1/users/links', { host: 'news.example.cn' })).body.enabled).toBe(false);
  });
});
