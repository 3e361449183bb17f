/**
 * Usage analytics: beacons as sendBeacon sends them (text/plain, no XSRF header, no
 * signature) are counted into daily aggregates after a flush, visitors as salted hashes only; malformed,
 * oversized and too-long beacons and unknown kinds answer 400 in Chinese and write nothing; the report
 * (series, previous period, panels named by the home config, resources with titles, searches) is for
 * the application's managers and super managers only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { BEACON_PATH, type UsageEvent, type UsageReport } from '../../../common/analytics.js';
import { localDay } from './collector.js';
import { rangeOf } from './service.js';

const HOST = 'stats.example.cn';
let ctx: TestContext;
let admin: Client;
let manager: Client;
let otherManager: Client;
let plain: Client;
let appId: number;
let otherAppId: number;
let resourceId: number;

const home = [
  {
    page: 'home',
    template: [
      { id: 'n1', type: 'notice', alias: '通知公告', span: 2 },
      { id: 'n2', type: 'notice', alias: '学术动态', span: 2 },
    ],
    style: 'card',
    groups: {},
  },
];

/** A beacon as the browser's sendBeacon sends it: a text/plain string, cookies, no XSRF header, no signature. */
const beacon = (c: Client, body: string, opts: { host?: string; contentType?: string; headers?: Record<string, string> } = {}) =>
  c.request('POST', BEACON_PATH, undefined, {
    raw: body,
    contentType: opts.contentType ?? 'text/plain;charset=UTF-8',
    xsrf: false,
    sign: false,
    host: opts.host ?? HOST,
    headers: opts.headers,
  });
const events = (...e: UsageEvent[]) => JSON.stringify({ e });
const stored = async () =>
  (
    await ctx.db.selectFrom('usage_daily').select(['metric', 'key', 'count']).where('application_id', '=', appId).orderBy('metric').orderBy('key').execute()
  ).map((r) => `${r.metric}|${r.key}|${r.count}`);
const report = (c: Client, query = '') => c.get<UsageReport & { error?: { message: string } }>(`/api/v1/applications/${appId}/analytics${query}`);

beforeAll(async () => {
  ctx = await createTestContext();
  const topicId = await ensureTopic(ctx.db, '统计专题');
  await upsertResources(ctx.db, [{ type: 'scholar', sourceKey: 'stats-1', title: '统计学者', fields: {}, topicId }]);
  resourceId = (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'stats-1').executeTakeFirstOrThrow()).id;
  admin = await ctx.signIn('13800000001', 'super');
  manager = await ctx.signIn('13800000002');
  otherManager = await ctx.signIn('13800000003');
  plain = await ctx.signIn('13800000004');
  appId = (await admin.post('/api/v1/applications', { name: '统计站点', host: HOST, topicId })).body.applicationId;
  otherAppId = (await admin.post('/api/v1/applications', { name: '他站', host: 'stats-other.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId);
  expect((await admin.post(`/api/v1/applications/${appId}/home-config`, { homeConfig: home })).status).toBe(200);
  const uid = async (phone: string) => (await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  await ctx.db
    .insertInto('application_managers')
    .values([
      { application_id: appId, user_id: await uid('13800000002') },
      { application_id: otherAppId, user_id: await uid('13800000003') },
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('analytics beacons', () => {
  it('counts the events of beacons into daily aggregates after a flush, visitors as hashes', async () => {
    const a = ctx.client();
    const b = ctx.client();
    const first = await beacon(
      a,
      events(
        { k: 'pageview', p: '/' },
        { k: 'panel_view', m: 'n1' },
        { k: 'panel_view', m: 'n2' },
        { k: 'panel_click', m: 'n1' },
        { k: 'resource_open', t: 'scholar', i: resourceId },
        { k: 'search', q: ' 人工智能 ', n: 12 },
        { k: 'search', q: '不存在的词', n: 0 },
        { k: 'signin' },
      ),
    );
    expect(first.status, first.text).toBe(204);
    // an empty answer that no browser shows carries no security headers (decision 373)
    expect(first.headers['content-security-policy']).toBeUndefined();
    expect(first.headers['permissions-policy']).toBeUndefined();
    expect((await beacon(a, events({ k: 'pageview', p: '/microapp/explore' }))).status).toBe(204);
    // application/json as well (a Blob of that type)
    expect((await beacon(b, events({ k: 'pageview', p: '/' }, { k: 'panel_click', m: 'n1' }), { contentType: 'application/json' })).status).toBe(204);
    await ctx.app.usageCollector.flush();
    expect(await stored()).toEqual([
      'pageview||3',
      'panel_click|n1|2',
      'panel_view|n1|1',
      'panel_view|n2|1',
      `resource_open|scholar:${resourceId}|1`,
      'search|不存在的词|1',
      'search|人工智能|1',
      'search_zero|不存在的词|1',
      'signin||1',
    ]);
    const visitors = await ctx.db.selectFrom('usage_visitors').selectAll().where('application_id', '=', appId).execute();
    expect(visitors).toHaveLength(2);
    const tokens = [a.cookies.get('XSRF-TOKEN')!, b.cookies.get('XSRF-TOKEN')!];
    for (const v of visitors) for (const t of tokens) expect(v.visitor_hash).not.toContain(t);

    // the same visitor on the same day is not counted twice; a flush adds to the stored counts
    expect((await beacon(a, events({ k: 'pageview', p: '/' }))).status).toBe(204);
    await ctx.app.usageCollector.flush();
    expect(await ctx.db.selectFrom('usage_visitors').select('visitor_hash').where('application_id', '=', appId).execute()).toHaveLength(2);
    expect((await stored())[0]).toBe('pageview||4');

    const r = await report(manager);
    expect(r.status, r.text).toBe(200);
    const today = localDay(new Date());
    expect(r.body.to).toBe(today);
    expect(r.body.days).toHaveLength(7);
    expect(r.body.days.at(-1)).toEqual({ day: today, views: 4, visitors: 2, searches: 2, zeroSearches: 1, signins: 1 });
    expect(r.body.totals).toEqual({ views: 4, visitors: 2, searches: 2, zeroSearches: 1, signins: 1, panelClicks: 2 });
    expect(r.body.panels).toEqual([
      { moduleId: 'n1', title: '通知公告', type: 'notice', views: 1, clicks: 2 },
      { moduleId: 'n2', title: '学术动态', type: 'notice', views: 1, clicks: 0 },
    ]);
    expect(r.body.resources).toEqual([{ type: 'scholar', id: resourceId, title: '统计学者', opens: 1 }]);
    expect(r.body.searches).toEqual([
      { query: '不存在的词', count: 1 },
      { query: '人工智能', count: 1 },
    ]);
    expect(r.body.zeroSearches).toEqual([{ query: '不存在的词', count: 1 }]);
  });

  it("names a resource by the record of its own type and id, never another type's record of that id (decision 426)", async () => {
    // a report key whose id is the scholar's (a page that answered 404, or a made-up beacon)
    const c = ctx.client();
    expect((await beacon(c, events({ k: 'resource_open', t: 'report', i: resourceId }, { k: 'resource_open', t: 'report', i: resourceId }))).status).toBe(204);
    await ctx.app.usageCollector.flush();
    const r = await report(manager);
    expect(r.status, r.text).toBe(200);
    expect(r.body.resources).toContainEqual({ type: 'report', id: resourceId, title: MSG.analyticsResourceRemoved, opens: 2 });
    expect(r.body.resources.filter((x: { title: string }) => x.title === '统计学者')).toEqual([
      { type: 'scholar', id: resourceId, title: '统计学者', opens: 1 },
    ]);
  });

  it('refuses malformed, oversized and too-long beacons with 400 in Chinese and writes nothing', async () => {
    await ctx.app.usageCollector.flush();
    const before = await stored();
    const c = ctx.client();
    const cases: Array<[string, string, string]> = [
      ['not JSON', '{"e": [', MSG.analyticsBeaconInvalid],
      ['empty', '', MSG.analyticsBeaconInvalid],
      ['an array', '[]', MSG.analyticsBeaconInvalid],
      ['no events', events(), MSG.analyticsBeaconInvalid],
      ['unknown kind', events({ k: 'pageview', p: '/' }, { k: 'purchase' } as unknown as UsageEvent), MSG.analyticsKindUnknown],
      ['extra field', events({ k: 'signin', who: '13800000001' } as unknown as UsageEvent), MSG.analyticsEventInvalid],
      ['path not a path', events({ k: 'pageview', p: 'https://evil.example.com/' }), MSG.analyticsEventInvalid],
      ['bad module id', events({ k: 'panel_click', m: '<script>' }), MSG.analyticsEventInvalid],
      ['bad resource type', events({ k: 'resource_open', t: 'secret', i: 1 } as unknown as UsageEvent), MSG.analyticsEventInvalid],
      ['negative hits', events({ k: 'search', q: 'x', n: -1 }), MSG.analyticsEventInvalid],
      ['too many events', events(...Array.from({ length: 51 }, () => ({ k: 'pageview' as const, p: '/' }))), MSG.analyticsTooManyEvents],
      ['oversized', events({ k: 'pageview', p: '/' }) + ' '.repeat(17 * 1024), MSG.analyticsBeaconTooLarge],
      ['oversized query', events({ k: 'search', q: '长'.repeat(101), n: 1 }), MSG.analyticsEventInvalid],
    ];
    for (const [what, body, message] of cases) {
      const r = await beacon(c, body);
      expect(r.status, `${what}: ${r.text}`).toBe(400);
      expect(r.body?.error?.message, what).toBe(message);
    }
    const wrongType = await beacon(c, events({ k: 'signin' }), { contentType: 'application/octet-stream' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toBe(MSG.analyticsBeaconInvalid);
    // the beacon of an unknown host counts nowhere (answered 204 like a draft's: decision 407, bounds.test.ts)
    const unknownHost = await beacon(c, events({ k: 'pageview', p: '/' }), { host: 'nobody.example.cn' });
    expect(unknownHost.status).toBe(204);
    // Do Not Track and Global Privacy Control sent by the browser: accepted, not counted
    expect((await beacon(c, events({ k: 'pageview', p: '/' }), { headers: { dnt: '1' } })).status).toBe(204);
    expect((await beacon(c, events({ k: 'pageview', p: '/' }), { headers: { 'sec-gpc': '1' } })).status).toBe(204);
    await ctx.app.usageCollector.flush();
    expect(await stored()).toEqual(before);
  });

  it("leaves the visitors' shared cache alone and sets no cookie but the visitor id's (decision 406)", async () => {
    const generation = async () => (await ctx.db.selectFrom('cache_generation').select('generation').executeTakeFirst())?.generation ?? 0;
    const before = await generation();
    const c = ctx.client();
    const r = await beacon(c, events({ k: 'pageview', p: '/' }));
    expect(r.status).toBe(204);
    // no XSRF cookie (decision 321); only the server-issued visitor id, httpOnly, sent back to the beacon alone
    const set = ([] as string[]).concat((r.headers['set-cookie'] as string | string[] | undefined) ?? []);
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^atrium_visitor=[^;]+; Max-Age=\d+; Path=\/api\/v1\/analytics; HttpOnly; SameSite=Lax$/);
    // a second beacon with it sets nothing
    const again = await beacon(c, events({ k: 'pageview', p: '/' }));
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await generation()).toBe(before);
  });

  it('keeps the XSRF check and the signature for every other write', async () => {
    const c = ctx.client();
    const r = await c.request('POST', `/api/v1/applications/${appId}/home-config`, { homeConfig: home }, { xsrf: false, sign: false });
    expect(r.status).toBe(403);
  });
});

describe('the collector (decision 342)', () => {
  it('counts beacons either side of midnight on their own days, each visitor once a day', async () => {
    await ctx.app.usageCollector.flush();
    const c = ctx.app.usageCollector;
    const late = new Date(2026, 2, 1, 23, 59, 59, 900);
    const early = new Date(2026, 2, 2, 0, 0, 0, 100);
    for (let i = 0; i < 50; i++) c.add(appId, 'night-owl', [{ k: 'pageview', p: '/' }], late);
    c.add(appId, 'night-owl', [{ k: 'pageview', p: '/' }], early);
    c.add(appId, 'early-bird', [{ k: 'pageview', p: '/' }], early);
    c.add(appId, 'night-owl', [{ k: 'pageview', p: '/' }], late);
    await c.flush();
    const views = await ctx.db
      .selectFrom('usage_daily')
      .select(['day', 'count'])
      .where('application_id', '=', appId)
      .where('metric', '=', 'pageview')
      .where('day', 'in', ['2026-03-01', '2026-03-02'])
      .orderBy('day')
      .execute();
    expect(views.map((r) => `${r.day} ${r.count}`)).toEqual(['2026-03-01 51', '2026-03-02 2']);
    const visitors = await ctx.db
      .selectFrom('usage_visitors')
      .select(['day', 'visitor_hash'])
      .where('application_id', '=', appId)
      .where('day', 'in', ['2026-03-01', '2026-03-02'])
      .orderBy('day')
      .execute();
    expect(visitors.map((r) => r.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-02']);
    // only hashes are stored, never the id the route gave
    expect(visitors.every((r) => r.visitor_hash.length === 32 && !r.visitor_hash.includes('owl'))).toBe(true);
  });
});

describe('analytics report', () => {
  it('compares with the previous period of equal length', async () => {
    await ctx.db
      .insertInto('usage_daily')
      .values([
        { application_id: appId, day: '2025-03-01', metric: 'pageview', key: '', count: 10 },
        { application_id: appId, day: '2025-03-03', metric: 'pageview', key: '', count: 5 },
        { application_id: appId, day: '2025-02-27', metric: 'pageview', key: '', count: 4 },
        { application_id: appId, day: '2025-02-25', metric: 'pageview', key: '', count: 100 }, // before the previous period
        { application_id: appId, day: '2025-03-02', metric: 'search_zero', key: 'abc', count: 2 },
        { application_id: appId, day: '2025-03-02', metric: 'search', key: 'abc', count: 2 },
      ])
      .execute();
    await ctx.db.insertInto('usage_visitors').values({ application_id: appId, day: '2025-03-01', visitor_hash: 'h1' }).execute();
    const r = await report(admin, '?from=2025-03-01&to=2025-03-03');
    expect(r.status, r.text).toBe(200);
    expect(r.body.previousFrom).toBe('2025-02-26');
    expect(r.body.previousTo).toBe('2025-02-28');
    expect(r.body.days.map((d) => d.views)).toEqual([10, 0, 5]);
    expect(r.body.previousDays.map((d) => d.views)).toEqual([0, 4, 0]);
    expect(r.body.totals).toMatchObject({ views: 15, visitors: 1, searches: 2, zeroSearches: 2 });
    expect(r.body.previousTotals).toMatchObject({ views: 4, visitors: 0 });
    expect(r.body.zeroSearches).toEqual([{ query: 'abc', count: 2 }]);
    expect(r.body.panels.map((p) => [p.title, p.views, p.clicks])).toEqual([
      ['通知公告', 0, 0],
      ['学术动态', 0, 0],
    ]);
  });

  it('works out the range and its previous period across a leap day', () => {
    expect(rangeOf({}, '2024-03-01')).toEqual({ from: '2024-02-24', to: '2024-03-01', previousFrom: '2024-02-17', previousTo: '2024-02-23' });
    expect(rangeOf({ from: '2024-02-28', to: '2024-03-01' })).toMatchObject({ previousFrom: '2024-02-25', previousTo: '2024-02-27' });
  });

  it('refuses a wrong range with 400 in Chinese', async () => {
    const backwards = await report(manager, '?from=2025-03-05&to=2025-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.message).toBe(MSG.analyticsRangeInvalid);
    const notADay = await report(manager, '?from=2025-02-30');
    expect(notADay.status).toBe(400);
    expect(notADay.body.error?.message).toBe(MSG.analyticsRangeInvalid);
    const tooLong = await report(manager, '?from=2020-01-01&to=2025-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message).toBe(fillMsg(MSG.analyticsRangeTooLong, { n: 366 }));
  });

  it('is for the managers of the application and super managers only', async () => {
    expect((await report(ctx.client())).status).toBe(401);
    const other = await report(otherManager);
    expect(other.status).toBe(403);
    expect(other.body.error?.message).toBe(MSG.forbidden);
    expect((await report(plain)).status).toBe(403);
    expect((await report(admin)).status).toBe(200);
    const unknown = await admin.get('/api/v1/applications/999999/analytics');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MSG.applicationNotFound);
    const badId = await admin.get('/api/v1/applications/abc/analytics');
    expect(badId.status).toBe(400);
  });

  it('drops the counts of an application deleted before the flush', async () => {
    const c = ctx.client();
    expect((await beacon(c, events({ k: 'pageview', p: '/' }), { host: 'stats-other.example.cn' })).status).toBe(204);
    const gone = await admin.del(`/api/v1/applications/${otherAppId}`);
    expect(gone.status, gone.text).toBe(200);
    await ctx.app.usageCollector.flush();
    expect(await ctx.db.selectFrom('usage_daily').select('count').where('application_id', '=', otherAppId).execute()).toEqual([]);
  });
});
