/**
 * The monitors' engine and console calls (docs/decisions.md 670-676), on both databases: a channel with
 * an OAI-PMH source (Atrium's own provider on a second application, reached over a local HTTP server),
 * a local RSS feed and a BibTeX drop; a run, a second incremental run without duplicates, a run that
 * fails midway and resumes from its token, failing sources (garbage, timeout, redirect loop, a body
 * too large) beside working ones, a watch profile's hits, the schedule queued once, the refusals.
 */
import fs from 'node:fs';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, insertApplication, type Client, type TestContext } from '../test/harness.js';
import { ensureTopic, upsertResources, type ResourceInput } from '../resources/store.js';
import { queueDueMonitors, runMonitorSource, type MonitorEnv } from './run.js';
import { fetchText, isNotPublicAddress, MonitorError, type Resolve } from './fetch.js';
import { harvestOai, OAI_PAGES_AHEAD, parseOaiPage } from './harvest.js';
import { harvestOaiOffThread, PAGES_HANDED_AHEAD } from './oaiPages.js';
import { tokenAtEnd } from '../oai/answerBytes.js';
import { sendDueDigests } from './digest.js';
import { monitorTasks } from './tasks.js';
import { MSG, fillMsg } from '../../common/messages.js';
import type { MonitorChannel } from '../../common/contracts/monitors.js';

const HOST = 'harvested.example.cn';
const N = 450;
let ctx: TestContext;
let admin: Client;
let appId: number;
let sourceTopic: number;
let server: http.Server;
let base: string;
let env: MonitorEnv;
/** the OAI requests the local server answered, and whether it fails the next token page */
const oaiRequests: string[] = [];
/** how many times the local server sent the feed file */
const served = { feed: 0 };
let failTokenPages = false;
const feedFile = path.join(import.meta.dirname, 'fixtures', 'feed.xml');

const item = (i: number): ResourceInput => ({
  type: 'article',
  sourceKey: `mon-src-${i}`,
  title: `被采集论文 ${i}：棉花育种研究`,
  date: '2024-05-01',
  fields: { author: ['王五', `学者${i}`], keywords: ['棉花'], doi: i % 3 === 0 ? null : `10.5555/mon.${i}` },
  topicId: sourceTopic,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13900007001', 'super');
  sourceTopic = await ensureTopic(ctx.db, '被采集专题');
  await insertApplication(ctx.db, { name: '被采集站', host: HOST, topicId: sourceTopic, status: 'released' });
  appId = await insertApplication(ctx.db, { name: '监测站', host: 'monitor.example.cn', status: 'released' });
  await upsertResources(
    ctx.db,
    Array.from({ length: N }, (_, i) => item(i + 1)),
  );
  // a local HTTP server: Atrium's /oai of the second application, the feed file, and bad sources
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    void (async () => {
      if (url.startsWith('/oai')) {
        oaiRequests.push(url);
        if (failTokenPages && url.includes('resumptionToken')) {
          res.writeHead(503).end('busy');
          return;
        }
        const r = await ctx.app.inject({ method: 'GET', url, headers: { host: HOST } });
        res.writeHead(r.statusCode, { 'content-type': 'text/xml; charset=utf-8' }).end(r.body);
      } else if (url === '/feed.xml') {
        served.feed++;
        res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fs.readFileSync(feedFile));
      } else if (url === '/garbage') res.writeHead(200, { 'content-type': 'text/xml' }).end('<html><body>not a feed</body>');
      else if (url.startsWith('/loop')) res.writeHead(302, { location: '/loop' }).end();
      else if (url === '/slow') setTimeout(() => res.writeHead(200).end('<rss/>'), 3000);
      else if (url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/xml' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => {});
        pump();
      } else res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the sources here are local servers: loopback allowed, as ATRIUM_MONITOR_PRIVATE_HOSTS would (decision 677)
  env = { dropRoot: path.join(ctx.config.dataDir, 'monitor-drops'), limits: { timeoutMs: 1000, maxBytes: 1024 * 1024, allowPrivateHosts: true } };
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.close();
});

const channel = async (code = 'nstl'): Promise<MonitorChannel> => {
  const r = await admin.get(`/api/v1/monitors/${appId}/${code}`);
  expect(r.status).toBe(200);
  return r.body as MonitorChannel;
};
const addSource = async (code: string, body: Record<string, unknown>) => {
  const r = await admin.post(`/api/v1/monitors/${appId}/${code}/sources`, { schedule: '0 6 * * *', ...body });
  expect(r.status, r.text).toBe(201);
  return (r.body as { id: number }).id;
};
const topicCount = async (topicId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('resource_topics')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('topic_id', '=', topicId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a channel with three sources', () => {
  let oaiId: number;
  let feedId: number;
  let dropId: number;

  it('harvests Atrium’s own OAI-PMH provider to the end of its tokens, the feed and a BibTeX drop, with a profile’s hits', async () => {
    const profile = await admin.post(`/api/v1/monitors/${appId}/nstl/profiles`, { name: '棉花学者', kind: 'scholars', terms: ['学者7'] });
    expect(profile.status).toBe(201);
    const kw = await admin.post(`/api/v1/monitors/${appId}/nstl/profiles`, { name: '节水灌溉', kind: 'keywords', terms: ['滴灌'] });
    expect(kw.status).toBe(201);
    oaiId = await addSource('nstl', { name: '被采集站 OAI', kind: 'oai', url: `${base}/oai`, metadataPrefix: 'oai_dc' });
    feedId = await addSource('nstl', { name: '本地订阅源', kind: 'feed', url: `${base}/feed.xml` });
    dropId = await addSource('nstl', { name: 'BibTeX 投放', kind: 'file', url: 'nstl-drop', fileKind: 'bibtex' });
    fs.mkdirSync(path.join(env.dropRoot, 'nstl-drop'), { recursive: true });
    fs.copyFileSync(path.join(import.meta.dirname, 'fixtures', 'drop.bib'), path.join(env.dropRoot, 'nstl-drop', 'drop.bib'));

    const o = await runMonitorSource(ctx.db, oaiId, env);
    expect(o).toMatchObject({ added: N, error: null });
    // the topic's per-type count (what the panels and the topic list show) is recounted once at the run's end
    const nstl = await channel();
    const counted = await ctx.db
      .selectFrom('topic_type_counts')
      .select('n')
      .where('topic_id', '=', nstl.topicId)
      .where('type', '=', 'article')
      .executeTakeFirst();
    expect(Number(counted?.n)).toBe(N);
    // 450 records at 200 a page: the first page and two token pages
    expect(oaiRequests.filter((u) => u.includes('resumptionToken'))).toHaveLength(2);
    expect(await runMonitorSource(ctx.db, feedId, env)).toMatchObject({ added: 3, error: null });
    expect(await runMonitorSource(ctx.db, dropId, env)).toMatchObject({ added: 2, error: null });

    const ch = await channel();
    expect(ch.totalRecords).toBe(N + 5);
    expect(await topicCount(ch.topicId)).toBe(N + 5);
    expect(ch.perDay.at(-1)!.count).toBe(N + 5);
    const src = ch.sources.find((s) => s.id === oaiId)!;
    expect(src).toMatchObject({ lastStatus: 'done', lastAdded: N, lastError: null, resumable: false });
    expect(src.harvestedUntil).toBeTruthy();
    const scholars = ch.profiles.find((p) => p.name === '棉花学者')!;
    // 学者7, 学者70-79, 学者700+ do not exist past 450: 7 and 70-79 (11)
    expect(scholars.hitCount).toBe(11);
    expect(scholars.recentHits[0].title).toMatch(/被采集论文 7\d?：/);
    const drip = ch.profiles.find((p) => p.name === '节水灌溉')!;
    expect(drip.recentHits.map((h) => h.title).sort()).toEqual(['棉田滴灌技术进展', '膜下滴灌对棉花产量的影响']);
  });

  it('runs again incrementally: only new records, from the last harvest, no duplicate', async () => {
    oaiRequests.length = 0;
    await new Promise((r) => setTimeout(r, 1100));
    await upsertResources(ctx.db, [item(N + 1), item(N + 2)]);
    expect(await runMonitorSource(ctx.db, oaiId, env)).toMatchObject({ added: 2, error: null });
    expect(oaiRequests[0]).toMatch(/from=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}Z/);
    expect(await runMonitorSource(ctx.db, feedId, env)).toMatchObject({ added: 0, error: null });
    expect(await runMonitorSource(ctx.db, dropId, env)).toMatchObject({ added: 0, error: null });
    const ch = await channel();
    expect(ch.totalRecords).toBe(N + 7);
    expect(await topicCount(ch.topicId)).toBe(N + 7);
  });

  it('an edited profile keeps the hits of the terms it still has; another channel’s profile is not found (decision 679)', async () => {
    let ch = await channel();
    const drip = ch.profiles.find((p) => p.name === '节水灌溉')!;
    const scholars = ch.profiles.find((p) => p.name === '棉花学者')!;
    const url = (id: number) => `/api/v1/monitors/${appId}/nstl/profiles/${id}`;
    expect((await admin.put(url(drip.id), { name: '棉田灌溉', kind: 'keywords', terms: ['滴灌', '喷灌'] })).status).toBe(200);
    expect((await admin.put(url(scholars.id), { name: '棉花学者', kind: 'scholars', terms: ['学者70'] })).status).toBe(200);
    ch = await channel();
    expect(ch.profiles.find((p) => p.id === drip.id)).toMatchObject({ name: '棉田灌溉', terms: ['滴灌', '喷灌'], hitCount: 2 });
    // the hits of 学者7 go with the term; 学者70 made none of its own yet (a hit is made when a record is written)
    expect(ch.profiles.find((p) => p.id === scholars.id)).toMatchObject({ terms: ['学者70'], hitCount: 0, recentHits: [] });
    expect((await admin.put(url(drip.id), { name: '棉田灌溉', kind: 'journals', terms: ['滴灌'] })).status).toBe(200);
    expect((await channel()).profiles.find((p) => p.id === drip.id)).toMatchObject({ kind: 'journals', hitCount: 0 });
    const other = await admin.put(`/api/v1/monitors/${appId}/sci/profiles/${drip.id}`, { name: 'x', kind: 'keywords', terms: ['x'] });
    expect([other.status, other.body.error.message]).toEqual([404, MSG.monitorProfileNotFound]);
    expect((await channel()).profiles.find((p) => p.id === drip.id)).toMatchObject({ name: '棉田灌溉', kind: 'journals' });
  });

  it('a run that fails midway keeps its token and the next run resumes there, not from the start', async () => {
    const fresh = await addSource('sci', { name: '续传测试', kind: 'oai', url: `${base}/oai` });
    failTokenPages = true;
    const failed = await runMonitorSource(ctx.db, fresh, env);
    expect(failed.error).toBe('采集源返回 HTTP 503');
    expect(failed.added).toBe(200);
    let ch = await channel('sci');
    expect(ch.sources[0]).toMatchObject({ lastStatus: 'failed', lastError: '采集源返回 HTTP 503', resumable: true, harvestedUntil: null });
    failTokenPages = false;
    oaiRequests.length = 0;
    const resumed = await runMonitorSource(ctx.db, fresh, env);
    expect(resumed).toMatchObject({ error: null, added: N + 2 - 200 });
    expect(oaiRequests[0]).toContain('resumptionToken=');
    ch = await channel('sci');
    expect(ch.totalRecords).toBe(N + 2);
    expect(ch.sources[0]).toMatchObject({ lastStatus: 'done', resumable: false });
    expect(ch.runs.map((r) => r.status)).toEqual(['done', 'failed']);
  });

  it('bad sources fail with their message while the others go on', async () => {
    const bad = {
      garbage: await addSource('stis', { name: '乱码源', kind: 'feed', url: `${base}/garbage` }),
      loop: await addSource('stis', { name: '循环源', kind: 'oai', url: `${base}/loop` }),
      slow: await addSource('stis', { name: '超时源', kind: 'feed', url: `${base}/slow` }),
      huge: await addSource('stis', { name: '巨大源', kind: 'feed', url: `${base}/huge` }),
      missing: await addSource('stis', { name: '无目录', kind: 'file', url: 'no-such-drop', fileKind: 'ris' }),
    };
    const good = await addSource('stis', { name: '正常源', kind: 'feed', url: `${base}/feed.xml` });
    const out: Record<string, string | null> = {};
    for (const [k, id] of Object.entries(bad)) out[k] = (await runMonitorSource(ctx.db, id, env)).error;
    expect(await runMonitorSource(ctx.db, good, env)).toMatchObject({ added: 3, error: null });
    expect(out).toEqual({
      garbage: '采集源返回的不是 RSS 或 Atom 订阅源',
      loop: '采集源重定向次数过多（可能是循环重定向）',
      slow: '采集源在 1 秒内没有应答',
      huge: '采集源返回的内容超过 1 MB，已停止读取',
      missing: '投放目录不存在',
    });
    const ch = await channel('stis');
    expect(ch.sources.find((s) => s.name === '循环源')).toMatchObject({ lastStatus: 'failed', lastError: out.loop });
    expect(ch.runs.filter((r) => r.status === 'failed')).toHaveLength(5);
    expect(ch.totalRecords).toBe(3);
  });

  it('refuses sources on loopback, private and link-local addresses unless they are allowed (decision 677)', async () => {
    const strict = { ...env, limits: { ...env.limits!, allowPrivateHosts: false } };
    const ids = {
      loopback: await addSource('stm', { name: '本机源', kind: 'feed', url: `${base}/feed.xml` }),
      metadata: await addSource('stm', { name: '元数据地址', kind: 'oai', url: 'http://169.254.169.254/latest/meta-data' }),
      intranet: await addSource('stm', { name: '内网源', kind: 'feed', url: 'http://[::ffff:10.1.2.3]/feed.xml' }),
      named: await addSource('stm', { name: '本机名', kind: 'feed', url: 'http://localhost:1/feed.xml' }),
    };
    const out: Record<string, string | null> = {};
    for (const [k, id] of Object.entries(ids)) out[k] = (await runMonitorSource(ctx.db, id, strict)).error;
    expect(out).toEqual({
      loopback: fillMsg(MSG.monitorErrPrivateHost, { host: '127.0.0.1' }),
      metadata: fillMsg(MSG.monitorErrPrivateHost, { host: '169.254.169.254' }),
      intranet: fillMsg(MSG.monitorErrPrivateHost, { host: '::ffff:a01:203' }),
      named: fillMsg(MSG.monitorErrPrivateHost, { host: 'localhost' }),
    });
    expect((await runMonitorSource(ctx.db, ids.loopback, env)).error).toBeNull();
    expect([isNotPublicAddress('8.8.8.8'), isNotPublicAddress('2001:4860:4860::8888'), isNotPublicAddress('::1'), isNotPublicAddress('fd00::1')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('checks the address the connection itself takes, so a name that rebinds to a private address is not read (decision 677)', async () => {
    const port = (server.address() as AddressInfo).port;
    // a name that resolves to a public address at one look and to this machine's loopback at the next
    let asked = 0;
    const rebinding: Resolve = async () => (++asked % 2 === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '203.0.113.9', family: 4 }]);
    const feedsBefore = served.feed;
    const strict = { ...env.limits!, allowPrivateHosts: false, resolve: rebinding };
    await expect(fetchText(`http://rebind.example:${port}/feed.xml`, strict)).rejects.toThrow(fillMsg(MSG.monitorErrPrivateHost, { host: 'rebind.example' }));
    // one look per connection, and the address looked at is the one refused: the local server saw no request
    expect(asked).toBe(1);
    expect(served.feed).toBe(feedsBefore);
    // the same name, allowed: the connection goes where that one look said (the loopback server answers)
    asked = 0;
    const text = await fetchText(`http://rebind.example:${port}/feed.xml`, { ...strict, allowPrivateHosts: true });
    expect(text).toContain('<rss');
    expect([asked, served.feed]).toEqual([1, feedsBefore + 1]);
  });
});

describe('the digest (decision 678)', () => {
  it('sends each subscriber one 站内信 with its e-mail per period: records added, failed runs, profile hits', async () => {
    await ctx.db.updateTable('users').set({ email: 'monitor-admin@example.cn' }).where('phone', '=', '13900007001').execute();
    expect((await admin.put(`/api/v1/monitors/${appId}/stis/digest`, { digest: 'daily', subscribed: true })).status).toBe(200);
    const later = new Date(Date.now() + 60_000);
    expect(await sendDueDigests(ctx.db, later)).toBe(1);
    const mine = await ctx.db.selectFrom('notifications').selectAll().where('kind', '=', 'monitor.digest').execute();
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toBe('STIS 监测摘要（每日）');
    expect(mine[0].body).toContain('本期新增记录 3 条。');
    expect(mine[0].body).toContain('采集失败：\n- ');
    expect(mine[0].body).toContain('循环源：采集源重定向次数过多');
    expect(mine[0].link).toBe('/console/monitor_stis');
    const mail = await ctx.db.selectFrom('notification_mails').selectAll().where('notification_id', '=', mine[0].id).execute();
    expect(mail.map((m) => m.address)).toEqual(['monitor-admin@example.cn']);
    // not again within the day, once the next day, and once when two processes look at once
    expect(await sendDueDigests(ctx.db, new Date(later.getTime() + 3_600_000))).toBe(0);
    const nextDay = new Date(later.getTime() + 86_400_000);
    expect((await Promise.all([sendDueDigests(ctx.db, nextDay), sendDueDigests(ctx.db, nextDay)])).reduce((a, b) => a + b, 0)).toBe(1);
    const all = await ctx.db.selectFrom('notifications').select('body').where('kind', '=', 'monitor.digest').orderBy('id').execute();
    expect(all).toHaveLength(2);
    expect(all[1].body).toBe('本期新增记录 0 条。');
  });
});

describe('schedule and console calls', () => {
  it('a due source is queued once, even when two processes look at once; 立即运行 queues a task the runner works', async () => {
    const id = await addSource('stm', { name: '定时源', kind: 'feed', url: `${base}/feed.xml`, schedule: '*/5 * * * *' });
    const row = await ctx.db.selectFrom('monitor_sources').select('next_run_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toMatch(/:(00|05|10|15|20|25|30|35|40|45|50|55):00\.000Z$/);
    // the task runner of the test server may run the task meanwhile: count the tasks queued for it
    const later = new Date(Date.now() + 3_600_000);
    // the sources of the earlier tests run at 06:00: within the hour when this runs between 05:00 and 06:00
    const due = await ctx.db.selectFrom('monitor_sources').select('id').where('enabled', '=', 1).where('next_run_at', '<=', later.toISOString()).execute();
    expect(due.map((d) => d.id)).toContain(id);
    const [a, b] = await Promise.all([queueDueMonitors(ctx.db, later), queueDueMonitors(ctx.db, later)]);
    // each due source queued once between the two processes
    expect(a + b).toBe(due.length);
    const tasks = await ctx.db.selectFrom('tasks').select(['id', 'params']).where('kind', '=', 'monitor').execute();
    expect(tasks.filter((t) => JSON.parse(t.params).sourceId === id)).toHaveLength(1);
    const run = await admin.post(`/api/v1/monitors/${appId}/stm/sources/${id}/run`);
    expect(run.status).toBe(200);
    expect(run.body.message).toBe('已加入运行队列');
    const taskId = (run.body as { taskId: number }).taskId;
    for (let i = 0; i < 100; i++) {
      const t = await ctx.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow();
      if (t.status === 'done' || t.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const t = await ctx.db.selectFrom('tasks').select(['status', 'error']).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(t).toMatchObject({ status: 'done', error: null });
    expect((await channel('stm')).totalRecords).toBe(3);
  });

  it('runs a source in a worker thread with its own connection; a worker that cannot open the database fails the run as interrupted (decision 717)', async () => {
    const id = await addSource('xjbt', { name: '线程源', kind: 'feed', url: `${base}/feed.xml` });
    const hooks = monitorTasks(ctx.db, env, ctx.config.databaseUrl);
    expect(await hooks.run({ sourceId: id })).toEqual({ added: 3, error: null });
    let ch = await channel('xjbt');
    expect(ch.totalRecords).toBe(3);
    expect(ch.sources.find((s) => s.name === '线程源')).toMatchObject({ lastStatus: 'done', lastAdded: 3 });
    // a source the worker does not find: its error, as in this thread
    expect(await hooks.run({ sourceId: 999_999 })).toEqual({ added: 0, error: MSG.monitorSourceNotFound });
    // a worker that ends without an answer: the run is failed, said so on the source
    await ctx.db.updateTable('monitor_sources').set({ last_status: 'running' }).where('id', '=', id).execute();
    const broken = monitorTasks(ctx.db, env, 'postgres://postgres@127.0.0.1:1/atrium_none');
    expect(await broken.run({ sourceId: id })).toEqual({ added: 0, error: MSG.monitorErrInterrupted });
    ch = await channel('xjbt');
    expect(ch.sources.find((s) => s.name === '线程源')).toMatchObject({ lastStatus: 'failed', lastError: MSG.monitorErrInterrupted });
    expect(ch.totalRecords).toBe(3);
  });

  it('refuses bad input with the field and a Chinese message; a manager without 监测管理 is refused', async () => {
    const r = await admin.post(`/api/v1/monitors/${appId}/sci/sources`, { name: '坏', kind: 'oai', url: 'ftp://x', schedule: 'every day' });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toMatchObject({
      'body.schedule': 'cron 表达式无效，应为五段，例如 0 6 * * *',
      'body.url': '采集源地址须以 http:// 或 https:// 开头',
    });
    const drop = await admin.post(`/api/v1/monitors/${appId}/sci/sources`, { name: '坏', kind: 'file', url: '../etc', schedule: '0 6 * * *', fileKind: 'ris' });
    expect(drop.body.error.fields).toMatchObject({ 'body.url': '投放目录名只能包含字母、数字、_ 和 -' });
    const p = await admin.post(`/api/v1/monitors/${appId}/sci/profiles`, { name: '空', kind: 'keywords', terms: [] });
    expect(p.body.error.fields).toMatchObject({ 'body.terms': '请至少填写一个监测词（每个最多 100 个字符，最多 50 个）' });
    const code = await admin.get(`/api/v1/monitors/${appId}/abc`);
    expect(code.status).toBe(400);
    const m = await ctx.signIn('13900007002');
    const uid = (await ctx.db.selectFrom('users').select('id').where('phone', '=', '13900007002').executeTakeFirstOrThrow()).id;
    await ctx.db
      .insertInto('application_managers')
      .values({ application_id: appId, user_id: uid, rights: JSON.stringify(['home', 'content', 'settings', 'users', 'review']) })
      .execute();
    expect((await m.get(`/api/v1/monitors/${appId}/nstl`)).status).toBe(403);
    await ctx.db
      .updateTable('application_managers')
      .set({ rights: JSON.stringify(['monitor']) })
      .where('user_id', '=', uid)
      .execute();
    expect((await m.get(`/api/v1/monitors/${appId}/nstl`)).status).toBe(200);
  });
});

describe('an OAI-PMH page, read by the streaming parser (decision 672)', () => {
  const page = (inner: string, close = '</OAI-PMH>') =>
    `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-11-29T00:00:00Z</responseDate>${inner}${close}`;
  const dc = (body: string) =>
    `<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">${body}</oai_dc:dc></metadata>`;

  it('keeps each record’s fields, decodes entities and CDATA, skips deleted records and reads the token', () => {
    const out = parseOaiPage(
      page(
        '<ListRecords>' +
          `<record><header><identifier>oai:x:article/1</identifier><datestamp>2026-01-01T00:00:00Z</datestamp></header>${dc(
            '<dc:title xml:lang="zh">棉花 &amp; 滴灌</dc:title><dc:title>Cotton</dc:title><dc:creator>王五</dc:creator><dc:creator>李四</dc:creator>' +
              '<dc:subject>棉花</dc:subject><dc:description><![CDATA[<b>摘要</b>]]></dc:description><dc:date>2024-05-01</dc:date>' +
              '<dc:identifier>https://doi.org/10.5555/ABC.1</dc:identifier><dc:identifier>http://x.cn/a/1</dc:identifier><dc:source>棉花学报</dc:source>' +
              '<dc:publisher>新疆农科院</dc:publisher><dc:contributor>石河子大学</dc:contributor>',
          )}</record>` +
          '<record><header status="deleted"><identifier>oai:x:article/2</identifier><datestamp>2026-01-01T00:00:00Z</datestamp></header></record>' +
          `<record><header><identifier>oai:x:article/3</identifier><datestamp>2026-01-01T00:00:00Z</datestamp></header>${dc('<dc:creator>无题</dc:creator>')}</record>` +
          '<resumptionToken cursor="0" completeListSize="3"> tok-2 </resumptionToken></ListRecords>',
      ),
    );
    expect(out).toEqual({
      token: 'tok-2',
      records: [
        {
          title: '棉花 & 滴灌',
          identifier: 'oai:x:article/1',
          doi: '10.5555/abc.1',
          date: '2024-05-01',
          authors: ['王五', '李四'],
          institutions: ['石河子大学', '新疆农科院'],
          journal: '棉花学报',
          keywords: ['棉花'],
          abstract: '<b>摘要</b>',
          url: 'https://doi.org/10.5555/ABC.1',
        },
      ],
    });
    expect(parseOaiPage(page('<ListRecords><resumptionToken completeListSize="3" cursor="200"/></ListRecords>')).token).toBeNull();
  });

  it('refuses what is not a whole OAI-PMH answer, and reports the source’s error code', () => {
    const refused = (body: string) => {
      try {
        parseOaiPage(body);
        return null;
      } catch (e) {
        return e instanceof MonitorError ? e.message : String(e);
      }
    };
    expect(refused('<html><body>not OAI</body></html>')).toBe(MSG.monitorErrNotOai);
    expect(refused(page('<ListRecords><record><header>', ''))).toBe(MSG.monitorErrNotOai);
    expect(refused(page('<GetRecord/>'))).toBe(MSG.monitorErrNotOai);
    expect(refused(page('<error code="badResumptionToken">令牌已过期</error>'))).toBe(
      fillMsg(MSG.monitorErrOai, { code: 'badResumptionToken', text: '令牌已过期' }),
    );
    expect(parseOaiPage(page('<error code="noRecordsMatch">none</error>'))).toEqual({ records: [], token: null });
  });

  it('reads the token at the end of a page without parsing it, or says it cannot tell (decision 699)', () => {
    const list = (token: string) => page(`<ListRecords><record/>${token}</ListRecords>`);
    expect(tokenAtEnd(list('<resumptionToken cursor="0"> a&amp;b=2 </resumptionToken>'))).toBe('a&b=2');
    expect(tokenAtEnd(Buffer.from(list('<oai:resumptionToken>词-1</oai:resumptionToken>')))).toBe('词-1');
    expect(tokenAtEnd(list('<resumptionToken completeListSize="3" cursor="200"/>'))).toBeNull();
    expect(tokenAtEnd(list(''))).toBeNull();
    expect(tokenAtEnd(page('<ListIdentifiers><header/><resumptionToken>x</resumptionToken></ListIdentifiers>'))).toBe('x');
    expect(tokenAtEnd(page('<ListRecords><resumptionToken>x</resumptionToken><record/></ListRecords>'))).toBeNull();
    // a character reference, or a page cut short: the parse tells
    expect(tokenAtEnd(list('<resumptionToken>a&#38;b</resumptionToken>'))).toBeUndefined();
    expect(tokenAtEnd(list('<resumptionToken>t</resumptionToken>').slice(0, -12))).toBeUndefined();
  });

  it('reads pages ahead while one is written, each page once and in order; a token a page’s end does not show plainly comes from the parse (decision 699)', async () => {
    const rec = (i: number) =>
      `<record><header><identifier>oai:x:article/${i}</identifier><datestamp>2026-01-01T00:00:00Z</datestamp></header>${dc(`<dc:title>题名 ${i}</dc:title>`)}</record>`;
    const asked: string[] = [];
    const get = async (url: string) => {
      const token = new URL(url).searchParams.get('resumptionToken') ?? 't0';
      asked.push(token);
      const n = Number(token.slice(1));
      // page 2's token holds a comment: its end does not show it plainly, the parse reads t3
      const tail = n === 5 ? '' : n === 2 ? '<resumptionToken>t3<!-- --></resumptionToken>' : `<resumptionToken>t${n + 1}</resumptionToken>`;
      return Buffer.from(page(`<ListRecords>${rec(n)}${tail}</ListRecords>`));
    };
    const seen: Array<[string, string | null]> = [];
    await harvestOai(
      get,
      { timeoutMs: 1000, maxBytes: 1 << 20 },
      { url: 'http://x.example.cn/oai', set: null, prefix: null, from: null, token: null },
      async (records, next) => {
        seen.push([records.map((r) => r.title).join(), next]);
        await new Promise((r) => setTimeout(r, 20));
      },
    );
    expect(seen).toEqual([
      ['题名 0', 't1'],
      ['题名 1', 't2'],
      ['题名 2', 't3'],
      ['题名 3', 't4'],
      ['题名 4', 't5'],
      ['题名 5', null],
    ]);
    expect(asked.sort()).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
  });

  it('a harvest in the page worker reads on while the caller writes, and stops reading when the caller’s write fails (decision 714)', async () => {
    const rec = (i: number) =>
      `<record><header><identifier>oai:x:article/${i}</identifier><datestamp>2026-01-01T00:00:00Z</datestamp></header>${dc(`<dc:title>题名 ${i}</dc:title>`)}</record>`;
    const LAST = 40;
    const bodies = Array.from({ length: LAST + 1 }, (_, n) =>
      page(`<ListRecords>${rec(n)}${n === LAST ? '' : `<resumptionToken>t${n + 1}</resumptionToken>`}</ListRecords>`),
    );
    // the source answers from a thread of its own: this thread is held by the writes below
    const pages = new Worker(
      `const http = require('node:http');
      const { parentPort, workerData } = require('node:worker_threads');
      let failing = false;
      parentPort.on('message', () => { failing = true; parentPort.postMessage({ failing }); });
      const server = http.createServer((req, res) => {
        const n = Number(new URL(req.url, 'http://x').searchParams.get('resumptionToken')?.slice(1) ?? 0);
        parentPort.postMessage({ n, at: Date.now() });
        if (failing) res.writeHead(503).end('busy');
        else res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(workerData.bodies[n]);
      });
      server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));`,
      { eval: true, workerData: { bodies } },
    );
    /** when each page was asked for (Date.now()) */
    const askedAt = new Map<number, number>();
    const port = await new Promise<number>((resolve) =>
      pages.on('message', (m: { port?: number; n?: number; at?: number }) => {
        if (m.port) resolve(m.port);
        else if (m.n !== undefined) askedAt.set(m.n, m.at!);
      }),
    );
    const url = `http://127.0.0.1:${port}/oai`;
    const limits = { timeoutMs: 2000, maxBytes: 1 << 20, allowPrivateHosts: true };
    const list = { url, set: null, prefix: null, from: null, token: null };
    try {
      // a write of page 0 that holds this thread 300 ms, as SQLite's statements do: the worker has asked
      // for the following pages before it ends
      const seen: Array<[string, string | null]> = [];
      let firstWritten = 0;
      await harvestOaiOffThread(limits, list, async (records, next) => {
        seen.push([records.map((r) => r.title).join(), next]);
        if (seen.length === 1) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
          firstWritten = Date.now();
        }
      });
      expect(seen).toHaveLength(LAST + 1);
      expect(seen[0]).toEqual(['题名 0', 't1']);
      expect(seen[LAST]).toEqual([`题名 ${LAST}`, null]);
      expect(seen.every(([title], i) => title === `题名 ${i}`)).toBe(true);
      const readDuringWrite = [...askedAt].filter(([n, at]) => n > 0 && at < firstWritten).length;
      expect(readDuringWrite).toBeGreaterThanOrEqual(PAGES_HANDED_AHEAD);
      // what the caller's write throws ends the harvest, and the worker asks for a bounded number of pages more
      askedAt.clear();
      await expect(
        harvestOaiOffThread(limits, list, async (records) => {
          if (records[0].title === '题名 2') throw new Error('写入失败');
        }),
      ).rejects.toThrow('写入失败');
      await new Promise((r) => setTimeout(r, 300));
      const asked = askedAt.size;
      expect(asked).toBeLessThanOrEqual(3 + PAGES_HANDED_AHEAD + OAI_PAGES_AHEAD);
      await new Promise((r) => setTimeout(r, 200));
      expect(askedAt.size).toBe(asked);
      // a source's error reaches the caller as the source's message
      await new Promise((resolve) => {
        pages.once('message', resolve);
        pages.postMessage('fail');
      });
      await expect(harvestOaiOffThread(limits, list, async () => {})).rejects.toThrow('采集源返回 HTTP 503');
    } finally {
      await pages.terminate();
    }
  });
});
