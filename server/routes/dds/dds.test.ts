/**
 * Document delivery API (issue 29 §7; docs/decisions.md 600-609), on both databases: a reader requests a
 * full text (typed, from a record, a DOI looked up in the site's catalogue), staff deliver a file checked
 * by content or answer 无法提供 with a reason (409 on a second answer), each move notifies the reader and
 * is audited; the reader downloads after the copyright notice, at most 5 times within 7 days (410 with a
 * Chinese message after); the daily limit per site (429); another application's request 404, a manager
 * without 内容管理 403; the purge removes expired delivery files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { queueCast, userIdOf } from '../../test/staffFixture.js';
import { makeElf } from '../../test/files.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { createStorage } from '../../files/storage.js';
import { purgeExpired } from '../../maintenance/purge.js';
import { MSG, fillMsg } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let otherManager: Client;
let homeOnly: Client;
let reader: Client;
let otherReader: Client;
let appId: number;
let otherAppId: number;
let articleId: number;

/** A small PDF: file-type knows it by its `%PDF-` header. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const userId = (phone: string) => userIdOf(ctx, phone);
const request = (c: Client, over: Record<string, unknown> = {}) =>
  c.post('/api/v1/dds', { applicationId: appId, title: '量子计算中的纠错码', authors: '张三; 李四', journal: '物理学报', year: '2021', ...over });
const deliver = (c: Client, id: number, app = appId, file: Buffer = PDF, fileName = '纠错码.pdf') =>
  c.post(`/api/v1/applications/${app}/dds/${id}/deliver`, { fileName, file: file.toString('base64') });

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    clients: { admin, manager, otherManager, homeOnly, reader, otherReader },
    appId,
    otherAppId,
  } = await queueCast(ctx, '1371000', { name: '传递站点', host: 'dds.example.cn' }, { name: '别的站点', host: 'dds2.example.cn' }));
  const topicId = await ensureTopic(ctx.db, '传递专题');
  await ctx.db.updateTable('applications').set({ topic_id: topicId }).where('id', '=', appId).execute();
  const up = await upsertResources(ctx.db, [
    {
      type: 'article',
      sourceKey: 'dds-1',
      title: 'Mastering the game of Go',
      date: '2016-01-28',
      fields: {
        author: ['David Silver', 'Aja Huang'],
        journal: 'Nature',
        volume: '529',
        issue: '7587',
        pages: '484-489',
        doi: '10.1038/Nature16961',
        publish_year: 2016,
      },
      topicId,
    },
    { type: 'article', sourceKey: 'dds-2', title: '他站文章', fields: { doi: '10.1000/elsewhere' } },
  ]);
  articleId = up.ids[0];
});
afterAll(async () => {
  await ctx.close();
});

describe('document delivery', () => {
  it('a request is delivered with a PDF, the reader is notified, downloads 5 times after the notice, the 6th is refused', async () => {
    const sent = await request(reader, { doi: 'https://doi.org/10.1000/ABC', note: '<b>急用</b>' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ message: MSG.ddsSubmitted, state: 'pending', doi: '10.1000/abc', note: '<b>急用</b>', downloadable: false });
    const id = sent.body.id as number;

    const list = await manager.get(`/api/v1/applications/${appId}/dds?state=pending`);
    expect(list.status).toBe(200);
    expect(list.body.content.find((d: { id: number }) => d.id === id)).toMatchObject({
      title: '量子计算中的纠错码',
      userContact: '137****0005',
      state: 'pending',
    });
    expect((await manager.get(`/api/v1/applications/${appId}/dds?state=delivered`)).body.content).toEqual([]);

    // a file that is not a document is refused by content, nothing is written
    const elf = await deliver(manager, id, appId, makeElf(), 'paper.pdf');
    expect([elf.status, elf.body.error.message]).toEqual([400, MSG.uploadFileType]);
    expect((await manager.get(`/api/v1/applications/${appId}/dds/${id}`)).body.state).toBe('pending');

    const done = await deliver(manager, id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'delivered', message: MSG.ddsDelivered, fileName: '纠错码.pdf', downloads: 0, downloadsLeft: 5 });
    const days = (Date.parse(done.body.expiresAt) - Date.parse(done.body.deliveredAt)) / 86_400_000;
    expect(days).toBe(7);
    const twice = await manager.post(`/api/v1/applications/${appId}/dds/${id}/refuse`, { reason: '晚了' });
    expect([twice.status, twice.body.error.message]).toEqual([409, '该请求当前为「已传递」，不能标记无法提供']);
    expect((await deliver(manager, id)).status).toBe(409);

    // the copyright notice first
    const unconfirmed = await reader.get(`/api/v1/dds/mine/${id}/file`);
    expect([unconfirmed.status, unconfirmed.body.error.message]).toEqual([400, MSG.ddsCopyrightRequired]);
    for (let i = 1; i <= 5; i++) {
      const got = await reader.get(`/api/v1/dds/mine/${id}/file?agree=1`);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(String(got.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('纠错码.pdf')}`);
      expect(got.text.startsWith('%PDF-1.4')).toBe(true);
    }
    const sixth = await reader.get(`/api/v1/dds/mine/${id}/file?agree=1`);
    expect([sixth.status, sixth.body.error.message]).toEqual([410, MSG.ddsDownloadsUsedUp]);
    expect((await otherReader.get(`/api/v1/dds/mine/${id}/file?agree=1`)).status).toBe(404);

    const mine = await reader.get(`/api/v1/dds/mine?applicationId=${appId}`);
    expect(mine.body.content[0]).toMatchObject({ id, state: 'delivered', downloads: 5, downloadsLeft: 0, downloadable: false });
    expect((await otherReader.get(`/api/v1/dds/mine?applicationId=${appId}`)).body.content).toEqual([]);

    const readerId = await userId('13710000005');
    const notes = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', readerId).where('kind', 'like', 'delivery.%').execute();
    expect(notes.map((n) => [n.kind, n.title, n.body, n.link, n.application_id])).toEqual([
      ['delivery.deliver', MSG.notifyDdsDelivered, '量子计算中的纠错码', '/temp/dds', appId],
    ]);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('resource', '=', 'dds').where('resource_id', '=', String(id)).execute();
    expect(audit.map((a) => [a.action, a.application_id])).toEqual([['deliver', appId]]);
  });

  it('无法提供 with a reason reaches the reader as text; an empty reason is refused', async () => {
    const id = (await request(reader, { title: '一本绝版书' })).body.id as number;
    const empty = await manager.post(`/api/v1/applications/${appId}/dds/${id}/refuse`, { reason: '  ' });
    expect([empty.status, empty.body.error.message]).toEqual([400, MSG.ddsReasonRequired]);
    const refused = await manager.post(`/api/v1/applications/${appId}/dds/${id}/refuse`, { reason: '本馆未收藏，<i>馆际互借</i>也无法获取' });
    expect(refused.body).toMatchObject({ state: 'unavailable', reason: '本馆未收藏，<i>馆际互借</i>也无法获取', message: MSG.ddsRefused });
    expect((await deliver(manager, id)).status).toBe(409);
    const dl = await reader.get(`/api/v1/dds/mine/${id}/file?agree=1`);
    expect([dl.status, dl.body.error.message]).toEqual([409, MSG.ddsNotDelivered]);
    const note = await ctx.db.selectFrom('notifications').selectAll().where('kind', '=', 'delivery.refuse').executeTakeFirstOrThrow();
    expect([note.title, note.body, note.user_id]).toEqual([MSG.notifyDdsUnavailable, '本馆未收藏，<i>馆际互借</i>也无法获取', await userId('13710000005')]);
  });

  it('delivered and 无法提供 each write the e-mail to the outbox for a reader with an address, per the 文献传递 preference', async () => {
    const mailer = await ctx.signIn('13710000007');
    const mailerId = await userId('13710000007');
    await ctx.db.updateTable('users').set({ email: 'dds-reader@example.cn' }).where('id', '=', mailerId).execute();
    const outbox = () =>
      ctx.db
        .selectFrom('notification_mails as m')
        .innerJoin('notifications as n', 'n.id', 'm.notification_id')
        .select(['m.address', 'n.kind', 'n.title', 'n.body'])
        .where('m.user_id', '=', mailerId)
        .orderBy('m.id')
        .execute();
    const delivered = (await request(mailer, { title: '传递邮件一' })).body.id as number;
    expect((await deliver(manager, delivered)).status).toBe(200);
    const refused = (await request(mailer, { title: '传递邮件二' })).body.id as number;
    expect((await manager.post(`/api/v1/applications/${appId}/dds/${refused}/refuse`, { reason: '无馆藏' })).status).toBe(200);
    expect(await outbox()).toEqual([
      { address: 'dds-reader@example.cn', kind: 'delivery.deliver', title: MSG.notifyDdsDelivered, body: '传递邮件一' },
      { address: 'dds-reader@example.cn', kind: 'delivery.refuse', title: MSG.notifyDdsUnavailable, body: '无馆藏' },
    ]);
    // 文献传递 e-mail turned off: the 站内信 is still written, no e-mail; turning 其他通知 off does not stop it
    expect((await mailer.put('/api/v1/helix/settings', { mailOff: ['delivery'], historyOff: false })).status).toBe(200);
    const third = (await request(mailer, { title: '传递邮件三' })).body.id as number;
    expect((await deliver(manager, third)).status).toBe(200);
    expect(await outbox()).toHaveLength(2);
    expect((await ctx.db.selectFrom('notifications').select('id').where('user_id', '=', mailerId).execute()).length).toBe(3);
    expect((await mailer.put('/api/v1/helix/settings', { mailOff: ['other'], historyOff: false })).status).toBe(200);
    const fourth = (await request(mailer, { title: '传递邮件四' })).body.id as number;
    expect((await manager.post(`/api/v1/applications/${appId}/dds/${fourth}/refuse`, { reason: '不提供' })).status).toBe(200);
    expect((await outbox()).map((m) => m.body)).toEqual(['传递邮件一', '无馆藏', '不提供']);
  });

  it('looks a DOI or a record up in the site catalogue only, and fills the citation from it', async () => {
    const byDoi = await reader.get(`/api/v1/dds/lookup?applicationId=${appId}&doi=${encodeURIComponent('doi:10.1038/nature16961')}`);
    expect(byDoi.status).toBe(200);
    expect(byDoi.body).toEqual({
      resourceId: articleId,
      resourceType: 'article',
      title: 'Mastering the game of Go',
      authors: 'David Silver; Aja Huang',
      journal: 'Nature',
      year: '2016',
      volume: '529',
      issue: '7587',
      pages: '484-489',
      doi: '10.1038/nature16961',
    });
    expect((await reader.get(`/api/v1/dds/lookup?applicationId=${appId}&resourceId=${articleId}`)).body.title).toBe('Mastering the game of Go');
    // a record outside the site's topic is not found by DOI nor by id
    const elsewhere = await reader.get(`/api/v1/dds/lookup?applicationId=${appId}&doi=10.1000/elsewhere`);
    expect([elsewhere.status, elsewhere.body.error.message]).toEqual([404, MSG.ddsDoiNotFound]);
    expect((await reader.get(`/api/v1/dds/lookup?applicationId=${appId}&resourceId=${articleId + 1}`)).status).toBe(404);
    const bad = await reader.get(`/api/v1/dds/lookup?applicationId=${appId}&doi=not-a-doi`);
    expect([bad.status, bad.body.error.message]).toEqual([400, MSG.ddsDoiInvalid]);
    expect((await ctx.client().get(`/api/v1/dds/lookup?applicationId=${appId}&doi=10.1038/nature16961`)).status).toBe(401);

    // a request from the detail page keeps its record; one naming a record of another site is refused
    const fromRecord = await request(otherReader, { resourceId: articleId, title: 'Mastering the game of Go' });
    expect([fromRecord.status, fromRecord.body.resourceId]).toEqual([201, articleId]);
    const foreign = await request(otherReader, { resourceId: articleId + 1 });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, MSG.ddsResourceNotFound]);
  });

  it('refuses bad requests with a Chinese message naming the field, and writes nothing', async () => {
    const before = (await ctx.db.selectFrom('dds_requests').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: '  ' }, 400, MSG.ddsTitleRequired],
      [{ title: '长'.repeat(501) }, 400, MSG.ddsTitleTooLong],
      [{ year: '21' }, 400, MSG.ddsYearInvalid],
      [{ journal: '刊'.repeat(301) }, 400, fillMsg(MSG.ddsFieldTooLong, { field: MSG.ddsFieldJournal })],
      [{ doi: 'abc' }, 400, MSG.ddsDoiInvalid],
      [{ applicationId: 999999 }, 404, MSG.applicationNotFound],
    ];
    for (const [over, status, message] of cases) {
      const res = await request(homeOnly, over);
      expect([over, res.status, res.body.error?.message]).toEqual([over, status, message]);
    }
    expect((await request(homeOnly, { title: '  ' })).body.error.fields).toHaveProperty(['body.title']);
    expect((await ctx.db.selectFrom('dds_requests').select('id').execute()).length).toBe(before);
    expect((await ctx.client().post('/api/v1/dds', { applicationId: appId, title: 'x' })).status).toBe(401);
  });

  it('limits requests per reader per day by the site setting (default 5), with a clear message', async () => {
    const busy = await ctx.signIn('13710000009');
    for (let i = 0; i < 5; i++) expect((await request(busy, { title: `第 ${i} 篇` })).status).toBe(201);
    const refused = await request(busy, { title: '第 6 篇' });
    expect([refused.status, refused.body.error.message]).toEqual([429, fillMsg(MSG.ddsDailyLimit, { n: 5 })]);
    expect((await busy.get(`/api/v1/dds/mine?applicationId=${appId}`)).body).toMatchObject({ dailyLimit: 5, usedToday: 5 });

    // the site raises its limit
    expect((await homeOnly.put(`/api/v1/applications/${appId}/dds-settings`, { dailyLimit: 6 })).status).toBe(403);
    const bad = await manager.put(`/api/v1/applications/${appId}/dds-settings`, { dailyLimit: 0 });
    expect([bad.status, bad.body.error.message]).toEqual([400, MSG.ddsDailyLimitInvalid]);
    const saved = await manager.put(`/api/v1/applications/${appId}/dds-settings`, { dailyLimit: 6 });
    expect(saved.body).toEqual({ dailyLimit: 6, message: MSG.ddsSettingsSaved });
    expect((await manager.get(`/api/v1/applications/${appId}/dds-settings`)).body).toEqual({ dailyLimit: 6 });
    expect((await request(busy, { title: '第 6 篇' })).status).toBe(201);
    expect((await request(busy, { title: '第 7 篇' })).status).toBe(429);
    // the limit is per site
    expect((await busy.post('/api/v1/dds', { applicationId: otherAppId, title: '他站请求' })).status).toBe(201);
  });

  it('lets exactly the daily limit through when requests are sent at the same moment (decision 577)', async () => {
    const eager = await ctx.signIn('13710000010');
    const limit = (await eager.get(`/api/v1/dds/mine?applicationId=${otherAppId}`)).body.dailyLimit as number;
    const sent = await Promise.all(
      Array.from({ length: limit + 2 }, (_, i) => eager.post('/api/v1/dds', { applicationId: otherAppId, title: `同时第 ${i} 篇` })),
    );
    const statuses = sent.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(limit).fill(201), 429, 429]);
    expect(sent.filter((r) => r.status === 429).map((r) => r.body.error.message)).toEqual(Array(2).fill(fillMsg(MSG.ddsDailyLimit, { n: limit })));
    const stored = await ctx.db
      .selectFrom('dds_requests')
      .select('id')
      .where('user_id', '=', await userId('13710000010'))
      .execute();
    expect(stored.length).toBe(limit);
  });

  it("404 for another application's request, 403 without 内容管理 or for a reader", async () => {
    const id = (await request(otherReader, { title: '权限测试' })).body.id as number;
    // a manager of another application, through their own application: not found
    const foreign = await otherManager.get(`/api/v1/applications/${otherAppId}/dds/${id}`);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, MSG.ddsNotFound]);
    expect((await otherManager.post(`/api/v1/applications/${otherAppId}/dds/${id}/refuse`, { reason: '不是我的' })).status).toBe(404);
    expect((await deliver(otherManager, id, otherAppId)).status).toBe(404);
    expect((await otherManager.get(`/api/v1/applications/${otherAppId}/dds`)).body.content.some((d: { id: number }) => d.id === id)).toBe(false);
    // through this application: not theirs
    expect((await otherManager.get(`/api/v1/applications/${appId}/dds/${id}`)).status).toBe(403);
    const noRight = await homeOnly.post(`/api/v1/applications/${appId}/dds/${id}/refuse`, { reason: '无权' });
    expect(noRight.status).toBe(403);
    expect(noRight.body.error.message).toContain('内容管理');
    expect((await homeOnly.get(`/api/v1/applications/${appId}/dds`)).status).toBe(403);
    expect((await reader.get(`/api/v1/applications/${appId}/dds/${id}`)).status).toBe(403);
    expect((await ctx.db.selectFrom('dds_requests').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('pending');
    expect((await admin.get(`/api/v1/applications/${appId}/dds/${id}`)).body).toMatchObject({ id, state: 'pending' });
  });

  it('an expired link is refused, and the purge removes the expired file but keeps the request', async () => {
    const id = (await request(otherReader, { title: '过期测试' })).body.id as number;
    expect((await deliver(manager, id)).status).toBe(200);
    const row = await ctx.db.selectFrom('dds_requests').select(['file_key', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const storage = createStorage(ctx.config);
    expect(await storage.get(row.file_key!)).not.toBeNull();
    expect((await otherReader.get(`/api/v1/dds/mine/${id}/file?agree=1`)).status).toBe(200);

    // a purge before the expiry keeps it
    expect((await purgeExpired(ctx.db, new Date(), { storage })).ddsFiles).toBe(0);
    // 7 days later: the link is expired
    await ctx.db
      .updateTable('dds_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const late = await otherReader.get(`/api/v1/dds/mine/${id}/file?agree=1`);
    expect([late.status, late.body.error.message]).toEqual([410, MSG.ddsLinkExpired]);
    const counts = await purgeExpired(ctx.db, new Date(), { storage });
    expect(counts.ddsFiles).toBe(1);
    expect(await storage.get(row.file_key!)).toBeNull();
    const after = await ctx.db.selectFrom('dds_requests').select(['state', 'file_key', 'downloads']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual({ state: 'delivered', file_key: null, downloads: 1 });
    expect((await otherReader.get(`/api/v1/dds/mine/${id}/file?agree=1`)).status).toBe(410);
    expect((await purgeExpired(ctx.db, new Date(), { storage })).ddsFiles).toBe(0);
  });
});
