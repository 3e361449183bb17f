/**
 * The public read API and its keys (server/routes/publicApi, server/routes/apiKeys, server/publicApi;
 * docs/decisions.md 630-636), on both databases: a key issued by a manager holding 站点设置, shown once
 * and stored hashed; calls with it (no signature), its scopes, its own rate limit (429 with Retry-After),
 * its revocation (401), its daily count (the analysis card's reading); the anonymous limit per address;
 * a draft site and unpublished records never answered; the key never in the log output; 403 for a
 * manager without 站点设置 and for another application's manager.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, createTestContext, releaseApplication, testDialect, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { buildServer } from '../../app.js';
import { OutboxSmsProvider } from '../../notify/sms.js';
import { LOG_REDACT } from '../../http/logging.js';
import { requestSerializer } from '../../http/redact.js';
import { hashKey } from '../../publicApi/keys.js';
import { MSG } from '../../../common/messages.js';
import type { ManagerRight } from '../../../common/roles.js';

const HOST = 'open.example.cn';
const DRAFT_HOST = 'draft-open.example.cn';
const OTHER_HOST = 'other-open.example.cn';
const HIDDEN = '隐秘';
const ANON_LIMIT = 5;

let ctx: TestContext;
let admin: Client;
const ids = {} as Record<
  'appId' | 'otherId' | 'draftId' | 'topicId' | 'article' | 'withdrawn' | 'draftArticle' | 'scholar' | 'notice' | 'hiddenNotice',
  number
>;

const open = (client: Client, url: string, headers: Record<string, string> = {}, host = HOST) => client.get(url, { host, headers, xsrf: false });

async function idOf(sourceKey: string): Promise<number> {
  return (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', sourceKey).executeTakeFirstOrThrow()).id;
}

/** A signed-in manager of `appId` holding `rights`. */
async function manager(phone: string, appId: number, rights: ManagerRight[]): Promise<Client> {
  const u = await ctx.db
    .insertInto('users')
    .values({ phone, email: null, name: `管理员${phone.slice(-4)}`, affiliation: '', role: 'user', anonymous: 0, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('application_managers')
    .values({ application_id: appId, user_id: u.id, rights: JSON.stringify(rights) })
    .execute();
  return clientAs(ctx, u.id);
}

async function issue(client: Client, body: object, appId = ids.appId) {
  return client.post(`/api/v1/applications/${appId}/api-keys`, body);
}

beforeAll(async () => {
  ctx = await createTestContext({ openApiAnonymousPerMinute: ANON_LIMIT });
  admin = await ctx.signIn('13900000061', 'super');
  ids.topicId = await ensureTopic(ctx.db, '开放专题');
  const draftTopic = await ensureTopic(ctx.db, `${HIDDEN}草稿专题`);
  ids.appId = (await admin.post('/api/v1/applications', { name: '开放门户', host: HOST, topicId: ids.topicId })).body.applicationId as number;
  await releaseApplication(admin, ids.appId);
  ids.otherId = (await admin.post('/api/v1/applications', { name: '他站', host: OTHER_HOST, topicId: await ensureTopic(ctx.db, '他站专题') })).body
    .applicationId as number;
  await releaseApplication(admin, ids.otherId);
  ids.draftId = (await admin.post('/api/v1/applications', { name: `${HIDDEN}草稿门户`, host: DRAFT_HOST, topicId: draftTopic })).body.applicationId as number;
  await upsertResources(ctx.db, [
    { type: 'article', sourceKey: 'o-a', title: '公开论文', date: '2026-05-01', fields: {}, topicId: ids.topicId },
    { type: 'article', sourceKey: 'o-w', title: `${HIDDEN}撤下论文`, date: '2026-05-02', fields: {}, topicId: ids.topicId },
    { type: 'article', sourceKey: 'o-d', title: `${HIDDEN}草稿论文`, date: '2026-05-03', fields: {}, topicId: draftTopic },
    { type: 'scholar', sourceKey: 'o-s', title: '公开学者', fields: {}, topicId: ids.topicId },
  ]);
  ids.article = await idOf('o-a');
  ids.withdrawn = await idOf('o-w');
  ids.draftArticle = await idOf('o-d');
  ids.scholar = await idOf('o-s');
  await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', '=', ids.withdrawn).execute();
  const notice = async (title: string, extra: object = {}) => {
    const r = await admin.post('/api/v1/notices', {
      applicationId: ids.appId,
      title,
      content: `<p>${title}</p>`,
      publishDateTime: '2026-06-15T08:00:00.000Z',
      ...extra,
    });
    expect(r.status, r.text).toBe(201);
    return r.body.noticeId as number;
  };
  ids.notice = await notice('公开通知');
  ids.hiddenNotice = await notice(`${HIDDEN}未发布通知`, { active: 0 });
  await ctx.app.visitorCache.invalidate();
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('API keys in the console', () => {
  it('a manager holding 站点设置 issues a key: shown once, stored hashed, listed by its prefix only', async () => {
    const m = await manager('13900000062', ids.appId, ['settings']);
    const res = await issue(m, { name: '图书馆系统', scopes: ['search', 'resources'], ratePerMinute: 100 });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(MSG.apiKeyCreated);
    const key = res.body.key as string;
    expect(key).toMatch(/^atr_[A-Za-z0-9_-]{43}$/);
    expect(res.body.prefix).toBe(key.slice(0, 12));
    const row = await ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', res.body.id as number)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await m.get(`/api/v1/applications/${ids.appId}/api-keys`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: '图书馆系统', scopes: ['search', 'resources'], ratePerMinute: 100, revokedAt: null });
    expect(list.text).not.toContain(key);
    expect(list.body[0].key).toBeUndefined();
    // the audit log records the issuing, never the key
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('resource', '=', 'api_key').execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const res = await issue(admin, { name: '', scopes: [], ratePerMinute: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['body.name']).toBe(MSG.apiKeyNameRequired);
    expect(res.body.error.fields['body.scopes']).toBe(MSG.apiKeyScopesRequired);
    expect(res.body.error.fields['body.ratePerMinute']).toBe(MSG.apiKeyRateInvalid);
    const bad = await issue(admin, { name: '甲', scopes: ['everything'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields as object)[0]).toMatch(/^body\.scopes/);
  });

  it('403 for a manager without 站点设置 and for another application’s manager', async () => {
    const content = await manager('13900000063', ids.appId, ['content', 'home', 'users']);
    const other = await manager('13900000064', ids.otherId, ['settings']);
    for (const c of [content, other]) {
      const res = await issue(c, { name: '越权', scopes: ['search'] });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
      expect((await c.get(`/api/v1/applications/${ids.appId}/api-keys`)).status).toBe(403);
    }
    const key = (await issue(admin, { name: '他站不可吊销', scopes: ['search'] })).body.id as number;
    expect((await other.post(`/api/v1/applications/${ids.appId}/api-keys/${key}/revoke`)).status).toBe(403);
    // a key of this application named under the other application's path: 404 for its manager
    const res = await other.post(`/api/v1/applications/${ids.otherId}/api-keys/${key}/revoke`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MSG.apiKeyNotFound);
  });
});

describe('calls with a key', () => {
  it('are answered without a signature (Bearer or X-API-Key), within the key’s scopes, and counted per day', async () => {
    const key = (await issue(admin, { name: '检索专用', scopes: ['search', 'resources'], ratePerMinute: 50 })).body as { key: string; id: number };
    const c = ctx.client();
    const a = await open(c, '/open/v1/search?q=公开', { authorization: `Bearer ${key.key}` });
    expect(a.status, a.text).toBe(200);
    expect(a.body.content.map((r: { title: string }) => r.title)).toContain('公开论文');
    const b = await open(c, '/open/v1/resources/article', { 'x-api-key': key.key });
    expect(b.status).toBe(200);
    expect(b.body.content.map((r: { title: string }) => r.title)).toEqual(['公开论文']);
    // outside its scopes: 403
    const n = await open(c, '/open/v1/notices', { 'x-api-key': key.key });
    expect(n.status).toBe(403);
    expect(n.body.error.message).toBe(MSG.apiKeyScope);
    const s = await open(c, `/open/v1/resources/scholar/${ids.scholar}`, { 'x-api-key': key.key });
    expect(s.status).toBe(403);
    // another site's host: 403
    const o = await open(c, '/open/v1/search?q=公开', { 'x-api-key': key.key }, OTHER_HOST);
    expect(o.status).toBe(403);
    expect(o.body.error.message).toBe(MSG.apiKeyOtherSite);
    const usage = await admin.get(`/api/v1/applications/${ids.appId}/api-key-usage`);
    expect(usage.status).toBe(200);
    const mine = (usage.body.keys as Array<{ id: number; counts: number[]; total: number }>).find((k) => k.id === key.id)!;
    expect(mine.counts[0]).toBe(2);
    expect(usage.body.days[0]).toBe(new Date().toISOString().slice(0, 10));
    const list = await admin.get(`/api/v1/applications/${ids.appId}/api-keys`);
    expect(list.body.find((k: { id: number }) => k.id === key.id)).toMatchObject({ today: 2, total: 2 });
  });

  it('over the key’s own limit: 429 with Retry-After and a Chinese message', async () => {
    const key = (await issue(admin, { name: '限流', scopes: ['notices'], ratePerMinute: 3 })).body.key as string;
    const c = ctx.client();
    for (let i = 0; i < 3; i++) expect((await open(c, '/open/v1/notices', { 'x-api-key': key })).status).toBe(200);
    const res = await open(c, '/open/v1/notices', { 'x-api-key': key });
    expect(res.status).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.body.error.message).toBe(MSG.apiKeyRateLimited.replace('{seconds}', String(wait)));
    // the limit is the key's: anonymous calls from the same address are not refused by it
    expect((await open(c, '/open/v1/notices')).status).toBe(200);
  });

  it('a revoked key answers 401 with a Chinese message; an unknown one 401', async () => {
    const created = (await issue(admin, { name: '将吊销', scopes: ['search'] })).body as { key: string; id: number };
    const c = ctx.client();
    expect((await open(c, '/open/v1/search?q=公开', { authorization: `Bearer ${created.key}` })).status).toBe(200);
    const rv = await admin.post(`/api/v1/applications/${ids.appId}/api-keys/${created.id}/revoke`);
    expect(rv.status).toBe(200);
    expect(rv.body.message).toBe(MSG.apiKeyRevokedDone);
    const res = await open(c, '/open/v1/search?q=公开', { authorization: `Bearer ${created.key}` });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MSG.apiKeyRevoked);
    const row = await ctx.db.selectFrom('api_keys').select('revoked_at').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    const unknown = await open(c, '/open/v1/search?q=公开', { 'x-api-key': 'atr_notakey' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(MSG.apiKeyInvalid);
  });
});

describe('anonymous calls', () => {
  it('have a low limit per address: 429 with Retry-After past it', async () => {
    const c = ctx.client();
    for (let i = 0; i < ANON_LIMIT; i++) expect((await open(c, '/open/v1/scholars')).status).toBe(200);
    const res = await open(c, '/open/v1/scholars');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body.error.message).toMatch(/^未带密钥的调用过于频繁，请 \d+ 秒后再试/);
    // another address has its own count
    expect((await open(ctx.client(), '/open/v1/scholars')).status).toBe(200);
  });

  it('read only what a visitor may: no draft site, no withdrawn or draft-topic record, no unpublished notice', async () => {
    const c = () => ctx.client();
    const list = await open(c(), '/open/v1/resources/article?size=100');
    expect(list.body.content.map((r: { id: number }) => r.id)).toEqual([ids.article]);
    expect(list.text).not.toContain(HIDDEN);
    for (const id of [ids.withdrawn, ids.draftArticle]) {
      const one = await open(c(), `/open/v1/resources/article/${id}`);
      expect(one.status).toBe(404);
      expect(one.body.error.message).toBe(MSG.resourceNotFound);
    }
    expect((await open(c(), `/open/v1/resources/article/${ids.article}`)).body.title).toBe('公开论文');
    expect((await open(c(), `/open/v1/scholars/${ids.scholar}`)).body.title).toBe('公开学者');
    const search = await open(c(), `/open/v1/search?q=${encodeURIComponent(HIDDEN)}`);
    expect(search.status).toBe(200);
    expect(search.body.totalElements).toBe(0);
    const notices = await open(c(), '/open/v1/notices');
    expect(notices.body.content.map((n: { title: string }) => n.title)).toEqual(['公开通知']);
    expect((await open(c(), `/open/v1/notices/${ids.hiddenNotice}`)).status).toBe(404);
    for (const url of ['/open/v1/search?q=草稿', '/open/v1/notices', '/open/v1', '/open/v1/openapi.json']) {
      const res = await open(c(), url, {}, DRAFT_HOST);
      expect(res.status, url).toBe(404);
      expect(res.body.error.message).toBe(MSG.openSiteNotFound);
      expect(res.text).not.toContain(HIDDEN);
    }
  });

  it('on a site with 详情页需登录 the lists stay open and one record is 403', async () => {
    await ctx.db.updateTable('applications').set({ detail_signin: 1 }).where('id', '=', ids.appId).execute();
    await ctx.app.visitorCache.invalidate();
    try {
      const one = await open(ctx.client(), `/open/v1/scholars/${ids.scholar}`);
      expect(one.status).toBe(403);
      expect(one.body.error.message).toBe(MSG.openDetailSignin);
      expect((await open(ctx.client(), `/open/v1/resources/article/${ids.article}`)).status).toBe(403);
      expect((await open(ctx.client(), '/open/v1/scholars')).body.content.map((r: { id: number }) => r.id)).toEqual([ids.scholar]);
    } finally {
      await ctx.db.updateTable('applications').set({ detail_signin: 0 }).where('id', '=', ids.appId).execute();
      await ctx.app.visitorCache.invalidate();
    }
  });

  it('the index names the groups, feeds and OAI-PMH address; the public document holds the open operations only', async () => {
    const info = await open(ctx.client(), '/open/v1');
    expect(info.status).toBe(200);
    expect(info.body.oai).toBe(`http://${HOST}/oai`);
    expect(info.body.feeds[0].rss).toBe(`http://${HOST}/feeds/notices.rss`);
    expect(info.body.groups.map((g: { scope: string }) => g.scope)).toEqual(['search', 'resources', 'notices', 'reports', 'scholars', 'institutions']);
    const doc = await open(ctx.client(), '/open/v1/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths as object);
    expect(paths).toContain('/open/v1/search');
    expect(paths).toContain('/open/v1/resources/{type}/{id}');
    expect(paths.every((p) => p.startsWith('/open/v1/'))).toBe(true);
    expect(paths).not.toContain('/open/v1/openapi.json');
    expect(doc.body.servers[0].url).toBe(`http://${HOST}`);
    expect(doc.body.components.securitySchemes.bearer.scheme).toBe('bearer');
    const params = (doc.body.paths['/open/v1/search'].get.parameters as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(expect.arrayContaining(['query:q', 'query:type', 'query:page', 'query:size']));
  });
});

describe('the request log', () => {
  let logged: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    app = await buildServer(
      { db: ctx.db, dialect: testDialect, config: ctx.config, sms: new OutboxSmsProvider(ctx.outbox) },
      { logger: { level: 'trace', redact: LOG_REDACT, serializers: { req: requestSerializer }, stream } as never, web: false },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('never holds a key, used or refused', async () => {
    const created = (await issue(admin, { name: '日志', scopes: ['search'] })).body as { key: string; id: number };
    const ok = await app.inject({ method: 'GET', url: '/open/v1/search?q=公开', headers: { host: HOST, authorization: `Bearer ${created.key}` } });
    expect(ok.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/open/v1/notices', headers: { host: HOST, 'x-api-key': created.key } });
    await admin.post(`/api/v1/applications/${ids.appId}/api-keys/${created.id}/revoke`);
    const refused = await app.inject({ method: 'GET', url: '/open/v1/search?q=x', headers: { host: HOST, 'x-api-key': created.key } });
    expect(refused.statusCode).toBe(401);
    expect(logged).toContain('/open/v1/search');
    expect(logged).not.toContain(created.key);
    expect(logged).not.toContain(created.key.slice(4));
  });
});
