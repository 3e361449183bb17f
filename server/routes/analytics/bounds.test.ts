/**
 * What beacons can add to a site (docs/decisions.md 405-408): a flood of new search terms adds at most
 * the bound of rows a day whatever is sent, and every search is still counted (the rest as 其他); one
 * visitor brings at most VISITOR_NEW_KEYS new keys and VISITOR_EVENTS events a day; past days are cut
 * to their top KEYS_KEPT keys plus 其他; visitors are the ids the server issued, so made-up cookies make
 * no visitors; a draft's host and an unknown host are answered alike and store nothing; the report
 * lists the top terms and a 其他 that adds up to the total, and on a SQLite file reads in the read pool.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { BEACON_PATH, type UsageEvent, type UsageReport } from '../../../common/analytics.js';
import { KEYED_METRICS, KEYS_KEPT, KEYS_PER_DAY, OTHER_KEY, VISITOR_EVENTS, VISITOR_NEW_KEYS, localDay } from './collector.js';
import { IDS_PER_ADDRESS, VISITOR_COOKIE, addressGroup } from './visitors.js';
import { usageReport } from './service.js';
import { REMOVED_PANELS } from '../../analytics/readings.js';
import { openDatabase } from '../../db/index.js';
import { searchRunner } from '../../search/readPool.js';
import { createApplication } from '../../applications/service.js';

let ctx: TestContext;
let admin: Client;
const apps: Record<'flood' | 'one' | 'visit' | 'draft' | 'past', number> = { flood: 0, one: 0, visit: 0, draft: 0, past: 0 };
const host = (name: keyof typeof apps) => `${name}.bounds.example.cn`;
const today = localDay(new Date());

/** A beacon as sendBeacon sends it (text/plain, no XSRF header, no signature). */
const beacon = (c: Client, e: UsageEvent[], to: string) =>
  c.request('POST', BEACON_PATH, undefined, { raw: JSON.stringify({ e }), contentType: 'text/plain;charset=UTF-8', xsrf: false, sign: false, host: to });
const flush = () => ctx.app.usageCollector.flush();
/** The stored rows of an application's day: `metric` → { named: rows with a key of their own, other: the 其他 count, sum }. */
async function rowsOf(appId: number, day = today) {
  const rows = await ctx.db.selectFrom('usage_daily').select(['metric', 'key', 'count']).where('application_id', '=', appId).where('day', '=', day).execute();
  const out: Record<string, { named: number; other: number; sum: number }> = {};
  for (const r of rows) {
    const m = (out[r.metric] ??= { named: 0, other: 0, sum: 0 });
    if (r.key === OTHER_KEY) m.other += Number(r.count);
    else m.named++;
    m.sum += Number(r.count);
  }
  return { total: rows.length, byMetric: out, count: (key: string, metric = 'search') => rows.find((r) => r.metric === metric && r.key === key)?.count };
}
const visitorsOf = async (appId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('usage_visitors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('application_id', '=', appId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const report = async (appId: number) => {
  const r = await admin.get<UsageReport>(`/api/v1/applications/${appId}/analytics`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13800000011', 'super');
  for (const name of Object.keys(apps) as Array<keyof typeof apps>) {
    const r = await admin.post('/api/v1/applications', { name: `上限${name}`, host: host(name) });
    expect(r.status, r.text).toBe(201);
    apps[name] = r.body.applicationId;
    if (name !== 'draft') await releaseApplication(admin, apps[name]);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('what a site can gain a day (decision 405)', () => {
  it('adds at most the bound of rows for a flood of new search terms, counts every search, and reports the top terms with a 其他 that adds up', async () => {
    const to = host('flood');
    const reader = ctx.client('10.1.0.2');
    const searches = (q: string, n: number, times: number): UsageEvent[] => Array.from({ length: times }, () => ({ k: 'search' as const, q, n }));
    expect((await beacon(reader, [{ k: 'pageview', p: '/' }, ...searches('人工智能', 12, 5), ...searches('机器学习', 0, 3)], to)).status).toBe(204);
    // the flood: each beacon from a browser that keeps no cookie, 50 new terms that found nothing
    const BEACONS = 170;
    for (let i = 0; i < BEACONS; i++) {
      const r = await beacon(
        ctx.client('10.1.0.1'),
        Array.from({ length: 50 }, (_, j) => ({ k: 'search' as const, q: `洪水 ${i} ${j}`, n: 0 })),
        to,
      );
      expect(r.status).toBe(204);
    }
    // afterwards a term already kept is still counted apart; a new one goes to 其他
    expect((await beacon(reader, searches('人工智能', 12, 2), to)).status).toBe(204);
    expect((await beacon(ctx.client('10.1.0.3'), searches('新的词', 4, 1), to)).status).toBe(204);
    await flush();

    const rows = await rowsOf(apps.flood);
    const flood = BEACONS * 50;
    expect(rows.byMetric.search).toEqual({ named: KEYS_PER_DAY, other: expect.any(Number), sum: 5 + 3 + flood + 2 + 1 });
    expect(rows.byMetric.search_zero).toEqual({ named: KEYS_PER_DAY, other: expect.any(Number), sum: 3 + flood });
    // the bound of the whole day: each keyed metric its places and one 其他 row, plus the plain totals
    expect(rows.total).toBeLessThanOrEqual(KEYED_METRICS.length * (KEYS_PER_DAY + 1) + 2);
    expect(rows.count('人工智能')).toBe(7);
    expect(rows.count('机器学习')).toBe(3);
    expect(rows.count('新的词')).toBeUndefined();

    const r = await report(apps.flood);
    expect(r.totals.searches).toBe(5 + 3 + flood + 2 + 1);
    expect(r.searches.slice(0, 2)).toEqual([
      { query: '人工智能', count: 7 },
      { query: '机器学习', count: 3 },
    ]);
    expect(r.searches).toHaveLength(10);
    expect(r.searches.some((s) => s.query === '')).toBe(false);
    expect(r.searches.reduce((n, s) => n + s.count, 0) + r.other.searches).toBe(r.totals.searches);
    expect(r.zeroSearches[0]).toEqual({ query: '机器学习', count: 3 });
    expect(r.zeroSearches.reduce((n, s) => n + s.count, 0) + r.other.zeroSearches).toBe(r.totals.zeroSearches);
    expect(r.other.resources).toBe(0);
  });

  it('lets one visitor bring at most VISITOR_NEW_KEYS new keys a day; the rest counts as 其他, also in the panels', async () => {
    const to = host('one');
    const v = ctx.client('10.2.0.1');
    for (let b = 0; b < 3; b++) {
      const r = await beacon(
        v,
        Array.from({ length: 50 }, (_, j) => ({ k: 'search' as const, q: `词 ${b} ${j}`, n: 1 })),
        to,
      );
      expect(r.status).toBe(204);
    }
    // another visitor's panel clicks on 120 panels that the site does not have
    const w = ctx.client('10.2.0.2');
    for (let b = 0; b < 3; b++) {
      const r = await beacon(
        w,
        Array.from({ length: 40 }, (_, j) => ({ k: 'panel_click' as const, m: `p${b}-${j}` })),
        to,
      );
      expect(r.status).toBe(204);
    }
    await flush();
    const rows = await rowsOf(apps.one);
    expect(rows.byMetric.search).toEqual({ named: VISITOR_NEW_KEYS, other: 150 - VISITOR_NEW_KEYS, sum: 150 });
    expect(rows.byMetric.panel_click).toEqual({ named: VISITOR_NEW_KEYS, other: 120 - VISITOR_NEW_KEYS, sum: 120 });
    // the report names the REMOVED_PANELS most used panels the site does not have; the rest is 其他
    const r = await report(apps.one);
    expect(r.panels).toHaveLength(REMOVED_PANELS + 1);
    expect(r.panels[0]).toMatchObject({ title: MSG.analyticsPanelRemoved, type: null, clicks: 1 });
    expect(r.panels.at(-1)).toEqual({ moduleId: '', title: MSG.analyticsOther, type: null, views: 0, clicks: 120 - REMOVED_PANELS });
    expect(r.panels.reduce((n, p) => n + p.clicks, 0)).toBe(r.totals.panelClicks);
    expect(r.searches.reduce((n, s) => n + s.count, 0) + r.other.searches).toBe(150);
  });

  it('counts at most VISITOR_EVENTS events of one visitor a day', async () => {
    const c = ctx.app.usageCollector;
    await flush();
    const views = Array.from({ length: 50 }, () => ({ k: 'pageview' as const, p: '/' }));
    for (let i = 0; i < VISITOR_EVENTS / 50 + 10; i++) c.add(apps.one, 'u-greedy', views);
    c.add(apps.one, 'u-modest', views.slice(0, 3));
    await flush();
    expect((await rowsOf(apps.one)).byMetric.pageview.sum).toBe(VISITOR_EVENTS + 3);
  });

  it('cuts past days to their top KEYS_KEPT keys per metric plus 其他, totals unchanged', async () => {
    const d = new Date();
    const dayBefore = (n: number) => localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n));
    const past = dayBefore(3);
    const rows = (day: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ application_id: apps.past, day, metric: 'search', key: `k${i}`, count: n - i }));
    await ctx.db
      .insertInto('usage_daily')
      .values([
        ...rows(past, 150),
        { application_id: apps.past, day: past, metric: 'search', key: OTHER_KEY, count: 10 },
        ...rows(dayBefore(2), KEYS_KEPT),
        ...rows(today, 150),
      ])
      .execute();
    await ctx.app.usageCollector.compact(today);
    const cut = await rowsOf(apps.past, past);
    expect(cut.byMetric.search).toEqual({ named: KEYS_KEPT, other: 10 + (50 * 51) / 2, sum: 10 + (150 * 151) / 2 });
    // the most counted were kept
    expect(cut.count('k0')).toBe(150);
    expect(cut.count(`k${KEYS_KEPT - 1}`)).toBe(150 - KEYS_KEPT + 1);
    expect(cut.count(`k${KEYS_KEPT}`)).toBeUndefined();
    // again: nothing changes; a day within the bound and the day in progress are left alone
    await ctx.app.usageCollector.compact(today);
    expect((await rowsOf(apps.past, past)).byMetric.search).toEqual(cut.byMetric.search);
    expect((await rowsOf(apps.past, dayBefore(2))).byMetric.search.named).toBe(KEYS_KEPT);
    expect((await rowsOf(apps.past, today)).byMetric.search.named).toBe(150);
  });
});

describe('visitors are the ids the server issued (decision 406)', () => {
  it('makes no visitor of a made-up cookie', async () => {
    const to = host('visit');
    for (let i = 0; i < 20; i++) {
      const c = ctx.client('10.3.0.1');
      c.cookies.set('XSRF-TOKEN', crypto.randomBytes(18).toString('base64url'));
      c.cookies.set(VISITOR_COOKIE, crypto.randomBytes(24).toString('base64url'));
      expect((await beacon(c, [{ k: 'pageview', p: '/' }], to)).status).toBe(204);
    }
    await flush();
    // the twenty made-up cookies are their address's one visitor
    expect(await visitorsOf(apps.visit)).toBe(1);

    // an issued id is one visitor however many beacons it sends; the same id with another signature is none
    const real = ctx.client('10.3.0.2');
    for (let i = 0; i < 3; i++) expect((await beacon(real, [{ k: 'pageview', p: '/' }], to)).status).toBe(204);
    const issued = real.cookies.get(VISITOR_COOKIE)!;
    expect(issued).toBeTruthy();
    const forged = ctx.client('10.3.0.1');
    forged.cookies.set(VISITOR_COOKIE, `${decodeURIComponent(issued).split('.')[0]}.${crypto.randomBytes(32).toString('base64').replace(/=+$/, '')}`);
    expect((await beacon(forged, [{ k: 'pageview', p: '/' }], to)).status).toBe(204);
    await flush();
    expect(await visitorsOf(apps.visit)).toBe(2);
  });

  it(`issues at most IDS_PER_ADDRESS ids a day to one address; its other beacons are one visitor`, async () => {
    const to = host('visit');
    await flush();
    const before = await visitorsOf(apps.visit);
    let issued = 0;
    for (let i = 0; i < IDS_PER_ADDRESS + 5; i++) {
      const r = await beacon(ctx.client('10.4.0.1'), [{ k: 'pageview', p: '/' }], to);
      expect(r.status).toBe(204);
      if (r.headers['set-cookie']) issued++;
    }
    expect(issued).toBe(IDS_PER_ADDRESS);
    // another address still gets one
    expect((await beacon(ctx.client('10.4.0.2'), [{ k: 'pageview', p: '/' }], to)).headers['set-cookie']).toBeDefined();
    await flush();
    expect(await visitorsOf(apps.visit)).toBe(before + IDS_PER_ADDRESS + 1 + 1);
    // the address stands for every browser behind it (a campus): its page views are all counted, past VISITOR_EVENTS
    const views = async () => (await rowsOf(apps.visit)).byMetric.pageview.sum;
    const viewsBefore = await views();
    const many = Array.from({ length: 50 }, () => ({ k: 'pageview' as const, p: '/' }));
    const beacons = VISITOR_EVENTS / 50 + 10;
    for (let i = 0; i < beacons; i++) expect((await beacon(ctx.client('10.4.0.1'), many, to)).status).toBe(204);
    await flush();
    expect(await views()).toBe(viewsBefore + beacons * 50);
  });

  it('counts an IPv6 address by its /64', () => {
    expect(addressGroup('2001:db8:1:2::5')).toBe('2001:0db8:0001:0002');
    expect(addressGroup('2001:DB8:1:2:ffff:1:2:9')).toBe('2001:0db8:0001:0002');
    expect(addressGroup('2001:db8:1:3::5')).toBe('2001:0db8:0001:0003');
    expect(addressGroup('::1')).toBe('0000:0000:0000:0000');
    expect(addressGroup('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressGroup('10.0.0.1')).toBe('10.0.0.1');
  });
});

describe("a draft's host and an unknown host (decision 407)", () => {
  it('are answered alike, as a released site is, and store nothing', async () => {
    const answer = async (to: string) => {
      const r = await beacon(
        ctx.client('10.5.0.1'),
        [
          { k: 'pageview', p: '/' },
          { k: 'search', q: '草稿', n: 0 },
        ],
        to,
      );
      const cookies = ([] as string[]).concat((r.headers['set-cookie'] as string | string[] | undefined) ?? []);
      return {
        status: r.status,
        text: r.text,
        headers: Object.keys(r.headers)
          .filter((h) => h !== 'date')
          .sort(),
        cookies: cookies.map((c) => c.replace(/=[^;]*/, '=…').replace(/Max-Age=\d+/, 'Max-Age=…')),
      };
    };
    const draft = await answer(host('draft'));
    const unknown = await answer('nobody.bounds.example.cn');
    const released = await answer(host('visit'));
    expect(draft).toEqual(unknown);
    expect(draft).toEqual(released);
    expect(draft.status).toBe(204);
    await flush();
    expect((await rowsOf(apps.draft)).total).toBe(0);
    expect(await visitorsOf(apps.draft)).toBe(0);
  });
});

describe.runIf(process.env.ATRIUM_TEST_DB !== 'postgres')('the report on a SQLite file (decision 408)', () => {
  it('reads in the read pool and answers what the server connection answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-usage-'));
    const opened = await openDatabase(path.join(dir, 'atrium.db'));
    const runner = searchRunner(opened.db, opened.dialect, opened.file, 1);
    try {
      const app = await createApplication(opened.db, { name: '池', host: 'pool.example.cn' }, null);
      await opened.db
        .insertInto('usage_daily')
        .values([
          { application_id: app.id, day: today, metric: 'pageview', key: '', count: 9 },
          { application_id: app.id, day: today, metric: 'search', key: '人工智能', count: 4 },
          { application_id: app.id, day: today, metric: 'search', key: OTHER_KEY, count: 3 },
          { application_id: app.id, day: today, metric: 'panel_click', key: 'gone', count: 2 },
        ])
        .execute();
      expect(runner.workers).toBe(1);
      const pooled = await usageReport(opened.db, app, {}, (arg) => runner.read('usageReadings', arg));
      expect(pooled).toEqual(await usageReport(opened.db, app, {}));
      expect(pooled.totals).toMatchObject({ views: 9, searches: 7, panelClicks: 2 });
      expect(pooled.searches).toEqual([{ query: '人工智能', count: 4 }]);
      expect(pooled.other.searches).toBe(3);
    } finally {
      await runner.close();
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
