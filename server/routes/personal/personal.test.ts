/**
 * Personalisation calls on SQLite and PostgreSQL: actions, recommendations over the real CSL
 * articles (/work/shared/data/csl-chinese-scientific-literature, devtest file), 不感兴趣, and journal
 * subscriptions over every version (spec 2 §7 'Subscriptions') with is_subscribed in the journal reads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { importFiles } from '../../import/run.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { sha256 } from '../../http/session.js';

const CSL = '/work/shared/data/csl-chinese-scientific-literature/csl_benchmark_devtest_joined.tsv';
const hasData = fs.existsSync(CSL);

describe.runIf(hasData)('personalisation', () => {
  let t: TestContext;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let bobId: number;
  let topicId: number;
  let journals: number[];

  beforeAll(async () => {
    t = await createTestContext();
    const s = await importFiles(t.db, 'articles', [CSL]);
    expect(s.inserted).toBeGreaterThan(1900);
    topicId = await ensureTopic(t.db, '期刊专题');
    await upsertResources(
      t.db,
      ['计算机学报', '软件学报', '中国科学：信息科学'].map((title, i) => ({
        type: 'journal' as const,
        sourceKey: `test-journal-${i}`,
        title,
        date: null,
        topicId,
        fields: { cover: null, issn: `0000-000${i}`, is_subscribed: false },
      })),
    );
    journals = (await t.db.selectFrom('resources').select('id').where('type', '=', 'journal').orderBy('id').execute()).map((r) => r.id);
    alice = await t.signIn('13800000001');
    bob = await t.signIn('13800000002');
    aliceId = (await t.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id;
    bobId = (await t.db.selectFrom('users').select('id').where('phone', '=', '13800000002').executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(async () => t?.close());

  /** Three articles of the discipline with the most articles, and that discipline. */
  async function threeOfOneDiscipline() {
    const rows = await t.db
      .selectFrom('resource_topics')
      .select(['category_two'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'article')
      .groupBy('category_two')
      .orderBy('n', 'desc')
      .limit(1)
      .execute();
    const discipline = rows[0].category_two!;
    const picks = await t.db
      .selectFrom('resource_topics')
      .select('resource_id')
      .where('category_two', '=', discipline)
      .orderBy('resource_id')
      .limit(3)
      .execute();
    return { discipline, ids: picks.map((p) => p.resource_id) };
  }

  it('records actions; refuses a bad action, an unknown resource and a visitor', async () => {
    const [a] = await t.db.selectFrom('resources').select('id').where('type', '=', 'article').limit(1).execute();
    const ok = await alice.post('/api/v1/actions', { resourceId: a.id, action: 'collect' });
    expect(ok.status).toBe(201);
    const row = await t.db.selectFrom('user_actions').selectAll().where('user_id', '=', aliceId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ resource_id: a.id, type: 'article', action: 'collect' });

    const bad = await alice.post('/api/v1/actions', { resourceId: a.id, action: 'like' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/不支持的行为类型/);
    const missing = await alice.post('/api/v1/actions', { resourceId: 99_999_999, action: 'browse' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('该资源不存在或已删除');
    const visitor = await t.client().post('/api/v1/actions', { resourceId: a.id, action: 'browse' });
    expect(visitor.status).toBe(401);
    await t.db.deleteFrom('user_actions').execute();
  });

  it('rate-limits actions per user', async () => {
    const [a] = await t.db.selectFrom('resources').select('id').where('type', '=', 'journal').limit(1).execute();
    await t.db
      .insertInto('rate_limits')
      .values({ key: `actions:${bobId}`, window_start: new Date().toISOString(), count: 120 })
      .execute();
    const r = await bob.post('/api/v1/actions', { resourceId: a.id, action: 'browse' });
    expect(r.status).toBe(429);
    expect(r.body.error.message).toBe('操作过于频繁，请稍后再试');
    await t.db.deleteFrom('rate_limits').where('key', '=', `actions:${bobId}`).execute();
  });

  it('recommends the discipline of three browsed papers first, with reasons, without the browsed ones', async () => {
    const { discipline, ids } = await threeOfOneDiscipline();
    for (const id of ids) expect((await alice.post('/api/v1/actions', { resourceId: id, action: 'browse' })).status).toBe(201);
    const r = await alice.get(`/api/v2/recommendations?userId=${aliceId}&page=1&size=10&type=article`);
    expect(r.status).toBe(200);
    expect(r.body.content).toHaveLength(10);
    const stored = await t.db
      .selectFrom('resources')
      .select(['id', 'fields'])
      .where(
        'id',
        'in',
        r.body.content.map((i: { id: number }) => i.id),
      )
      .execute();
    for (const s of stored) expect(JSON.parse(s.fields).discipline).toBe(discipline);
    for (const it of r.body.content) {
      expect(ids).not.toContain(it.id);
      expect(it.reason).toMatch(/^(因为您浏览过《.+》|与您关注的「.+」相关)$/);
    }
    expect(r.body.content.some((i: { reason: string }) => i.reason === `与您关注的「${discipline}」相关`)).toBe(true);
    // v1 gives the same ranking
    const v1 = await alice.get(`/api/v1/top-recommendations?userId=${aliceId}&page=1&size=10&type=article`);
    expect(v1.body.content.map((i: { id: number }) => i.id)).toEqual(r.body.content.map((i: { id: number }) => i.id));
    // page 2 continues without repeats
    const p2 = await alice.get(`/api/v2/recommendations?page=2&size=10&type=article`);
    expect(p2.body.content.map((i: { id: number }) => i.id).some((id: number) => r.body.content.some((x: { id: number }) => x.id === id))).toBe(false);
  });

  it('不感兴趣 removes the item for good', async () => {
    const before = await alice.get('/api/v2/recommendations?page=1&size=5&type=article');
    const first = before.body.content[0].id;
    const d = await alice.post('/api/v1/recommendations/not-interested', { resourceId: first });
    expect(d.status).toBe(200);
    expect(await t.db.selectFrom('recommendation_dismissals').selectAll().where('user_id', '=', aliceId).execute()).toEqual([
      expect.objectContaining({ resource_id: first }),
    ]);
    const after = await alice.get('/api/v2/recommendations?page=1&size=5&type=article');
    expect(after.body.content.map((i: { id: number }) => i.id)).not.toContain(first);
    expect(after.body.content[0].id).toBe(before.body.content[1].id);
    expect((await alice.post('/api/v1/recommendations/not-interested', { resourceId: 99_999_999 })).status).toBe(404);
  });

  it('refuses visitors, anonymous users and another user id', async () => {
    const visitor = await t.client().get('/api/v2/recommendations?type=article');
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe('请先登录（匿名用户不能获取推荐）');
    // an anonymous (browser fingerprint) user with a session
    const anon = await t.db
      .insertInto('users')
      .values({ phone: null, email: null, name: '访客1234', affiliation: '', role: 'user', anonymous: 1, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = crypto.randomBytes(16).toString('hex');
    await t.db
      .insertInto('sessions')
      .values({ token_hash: sha256(token), user_id: anon.id, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();
    const c = t.client();
    c.cookies.set('atrium_session', token);
    expect((await c.get('/api/v1/top-recommendations')).status).toBe(401);
    // anonymous users may still record actions
    const [a] = await t.db.selectFrom('resources').select('id').where('type', '=', 'article').limit(1).execute();
    expect((await c.post('/api/v1/actions', { resourceId: a.id, action: 'browse' })).status).toBe(201);
    const other = await bob.get(`/api/v2/recommendations?userId=${aliceId}`);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('只能获取本人的推荐');
  });

  it('a user with no history gets the recent hot items', async () => {
    const r = await bob.get('/api/v2/recommendations?type=article&size=5');
    expect(r.status).toBe(200);
    expect(r.body.content.length).toBeGreaterThan(0);
    for (const it of r.body.content) expect(it.reason).toBe('近期热门');
  });

  it('subscriptions over every version; is_subscribed in journal reads; 403 for another subscriber', async () => {
    const [j1, j2, j3] = journals;
    const read = async (c: Client) =>
      (await c.post('/api/v4/modules/top-journal', { topicId, offset: 0, count: 8 })).body.content as { id: number; is_subscribed: boolean }[];
    expect((await read(alice)).every((j) => j.is_subscribed === false)).toBe(true);

    expect((await alice.post('/api/v1/subscriptions', { journal: j1, subscriber: aliceId })).status).toBe(200);
    expect((await alice.post('/api/v3/subscriptions', { journal: j2, subscriber: aliceId, app_id: 7 })).status).toBe(200);
    expect((await alice.post('/api/v3/subscriptions', { journal: j2, subscriber: aliceId, app_id: 7 })).status).toBe(200); // idempotent
    expect((await alice.post('/api/v2/subscriptions', { subscriber: aliceId, resourceType: 'journal', resources: [j3, j1] })).status).toBe(200);
    const rows = await t.db
      .selectFrom('subscriptions')
      .select(['resource_id', 'app_id'])
      .where('user_id', '=', aliceId)
      .orderBy('resource_id')
      .orderBy('app_id')
      .execute();
    expect(rows).toEqual([
      { resource_id: j1, app_id: 0 },
      { resource_id: j2, app_id: 7 },
      { resource_id: j3, app_id: 0 },
    ]);

    const marked = await read(alice);
    expect(
      marked
        .filter((j) => j.is_subscribed)
        .map((j) => j.id)
        .sort(),
    ).toEqual([j1, j2, j3].sort());
    expect((await read(bob)).some((j) => j.is_subscribed)).toBe(false);

    const all = await alice.get(`/api/v2/list/subscriptions?subscriber=${aliceId}`);
    expect(all.body.content.map((j: { id: number }) => j.id).sort()).toEqual([j1, j2, j3].sort());
    const app7 = await alice.get(`/api/v2/list/subscriptions?subscriber=${aliceId}&appId=7`);
    expect(app7.body.content.map((j: { title: string }) => j.title)).toEqual(['软件学报']);

    expect((await alice.request('DELETE', '/api/v3/subscriptions', { resource_id: j2, subscriber: aliceId, app_id: 7 })).status).toBe(200);
    expect((await alice.request('DELETE', '/api/v1/subscriptions', { resource_id: j1, subscriber: aliceId })).status).toBe(200);
    const left = await t.db.selectFrom('subscriptions').select('resource_id').where('user_id', '=', aliceId).execute();
    expect(left).toEqual([{ resource_id: j3 }]);

    const foreign = await bob.post('/api/v3/subscriptions', { journal: j1, subscriber: aliceId, app_id: 7 });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe('只能管理本人的订阅');
    expect((await bob.get(`/api/v2/list/subscriptions?subscriber=${aliceId}`)).status).toBe(403);
    expect((await bob.request('DELETE', '/api/v1/subscriptions', { resource_id: j3, subscriber: aliceId })).status).toBe(403);
    expect((await t.client().post('/api/v1/subscriptions', { journal: j1, subscriber: aliceId })).status).toBe(401);

    const [article] = await t.db.selectFrom('resources').select('id').where('type', '=', 'article').limit(1).execute();
    const notJournal = await alice.post('/api/v1/subscriptions', { journal: article.id, subscriber: aliceId });
    expect(notJournal.status).toBe(400);
    expect(notJournal.body.error.message).toBe('只能订阅期刊');
    const unknown = await alice.post('/api/v2/subscriptions', { subscriber: aliceId, resourceType: 'journal', resources: [j1, 99_999_999] });
    expect(unknown.status).toBe(404);
    expect(await t.db.selectFrom('subscriptions').select('resource_id').where('user_id', '=', aliceId).execute()).toEqual([{ resource_id: j3 }]);
  });

  it('top-journal v4 counts 51 when no count is given; panel reads keep theirs', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      type: 'journal' as const,
      sourceKey: `many-${i}`,
      title: `期刊${i}`,
      date: null,
      topicId,
      fields: {},
    }));
    await upsertResources(t.db, many);
    await t.app.visitorCache.invalidate(); // written straight to the database, as an import would tell
    const d = await t.client().post('/api/v4/modules/top-journal', { topicId });
    expect(d.body.content).toHaveLength(51);
    expect((await t.client().post('/api/v4/modules/top-journal', { topicId, count: 8 })).body.content).toHaveLength(8);
    expect((await t.client().post('/api/v3/modules/top-journal', { topicId })).body.content).toHaveLength(8);
    expect((await t.client().post('/api/v4/modules/top-article', {})).body.content).toHaveLength(8);
  });
});
