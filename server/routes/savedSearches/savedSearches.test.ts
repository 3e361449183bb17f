/**
 * A reader's saved advanced searches, their daily alerts and the search history (issue 31 §2;
 * decisions 684-685), on both databases: save, list, rename, 每日提醒 on and off, refusals with their
 * Chinese message (a bad name, a query that cannot search, the same search twice, another reader's
 * row); the alert tells of the records added since the last look, once a day, as a 站内信; the history
 * notes the first page of each search of a signed-in reader and is cleared on request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { releasedSite, signInCast } from '../../test/staffFixture.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { isPostgres } from '../../db/dialect.js';
import { sendDueSearchAlerts } from '../../search/saved.js';
import { MSG, fillMsg } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let reader: Client;
let otherReader: Client;
let readerId: number;
let appId: number;
let topicId: number;

const QUERY = `c=${encodeURIComponent('AND.title.量子')}&c=${encodeURIComponent('NOT.keyword.综述')}`;
const article = (key: string, title: string, keywords: string[]) => ({
  type: 'article' as const,
  sourceKey: key,
  title,
  date: '2024-01-01',
  fields: { keywords },
  searchText: keywords.join(' '),
  topicId,
});
const dialect = () => (isPostgres(ctx.db) ? 'postgres' : 'sqlite');
const day = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  const cast = await signInCast(ctx, '1391111', ['admin', 'reader', 'otherReader']);
  ({ admin, reader, otherReader } = cast.clients);
  readerId = cast.ids.reader;
  appId = await releasedSite(admin, '检索提醒站', 'saved.example.cn');
  topicId = await ensureTopic(ctx.db, '检索提醒专题');
  await ctx.db.updateTable('applications').set({ topic_id: topicId }).where('id', '=', appId).execute();
  await upsertResources(ctx.db, [article('old', '量子计算导论', ['量子'])]);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('saved searches', () => {
  let id: number;

  it('saves a search with its canonical query and lists it; refuses what cannot be saved', async () => {
    const saved = await reader.post('/api/v1/search/saved', { applicationId: appId, name: ' 量子 ', query: `${QUERY}&page=3&sort=relevance`, notify: true });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe(MSG.savedSearchSaved);
    expect(saved.body.item).toMatchObject({ name: '量子', query: QUERY, summary: '题名：量子 不含 关键词：综述', notify: true });
    id = saved.body.item.id;
    const list = await reader.get(`/api/v1/search/saved?applicationId=${appId}`);
    expect(list.body.items.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await otherReader.get(`/api/v1/search/saved?applicationId=${appId}`)).body.items).toEqual([]);

    const again = await reader.post('/api/v1/search/saved', { applicationId: appId, name: '又一次', query: QUERY });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.savedSearchExists);
    const blank = await reader.post('/api/v1/search/saved', { applicationId: appId, name: '  ', query: 'c=AND.title.x' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(MSG.savedSearchNameRequired);
    const long = await reader.post('/api/v1/search/saved', { applicationId: appId, name: '长'.repeat(61), query: 'c=AND.title.x' });
    expect(long.body.error.message).toBe(fillMsg(MSG.savedSearchNameTooLong, { n: 60 }));
    const unsearchable = await reader.post('/api/v1/search/saved', { applicationId: appId, name: '摘要', query: 'c=AND.abstract.量子' });
    expect(unsearchable.status).toBe(400);
    expect(unsearchable.body.error.message).toBe(MSG.advancedGroupNeedsIndexed);
    const anonymous = await ctx.client().post('/api/v1/search/saved', { applicationId: appId, name: 'x', query: QUERY });
    expect(anonymous.status).toBe(401);
  });

  it('renames and switches 每日提醒 only for its reader', async () => {
    expect((await otherReader.put(`/api/v1/search/saved/${id}`, { notify: false })).status).toBe(404);
    expect((await otherReader.del(`/api/v1/search/saved/${id}`)).status).toBe(404);
    const renamed = await reader.put(`/api/v1/search/saved/${id}`, { name: '量子论文' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.item).toMatchObject({ name: '量子论文', notify: true });
  });

  it('tells the reader once a day of the records added since the last look, as a 站内信', async () => {
    await upsertResources(ctx.db, [
      article('new1', '量子纠缠实验', ['量子']),
      article('new2', '量子通信综述', ['综述']),
      article('new3', '经典力学', ['力学']),
    ]);
    // not a day since it was saved: nothing yet
    expect(await sendDueSearchAlerts(ctx.db, dialect(), new Date())).toBe(0);
    const later = new Date(Date.now() + day + 60_000);
    expect(await sendDueSearchAlerts(ctx.db, dialect(), later)).toBe(1);
    const notes = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', readerId).where('kind', '=', 'search.alert').execute();
    expect(notes).toHaveLength(1);
    expect(notes[0].title).toBe('您保存的检索“量子论文”有 1 条新结果');
    expect(notes[0].body).toContain('· 量子纠缠实验');
    expect(notes[0].body).not.toContain('量子通信综述');
    expect(notes[0].link).toBe(`/exploreV3?${QUERY}`);
    // the same day again, and the next day without new records: nothing more
    expect(await sendDueSearchAlerts(ctx.db, dialect(), later)).toBe(0);
    expect(await sendDueSearchAlerts(ctx.db, dialect(), new Date(later.getTime() + day + 60_000))).toBe(0);
    // 每日提醒 off: never looked at
    await reader.put(`/api/v1/search/saved/${id}`, { notify: false });
    await upsertResources(ctx.db, [article('new4', '量子点材料', ['量子'])]);
    expect(await sendDueSearchAlerts(ctx.db, dialect(), new Date(later.getTime() + 3 * day))).toBe(0);
  });

  it('deletes a saved search', async () => {
    const del = await reader.del(`/api/v1/search/saved/${id}`);
    expect(del.body.message).toBe(MSG.savedSearchDeleted);
    expect((await reader.get(`/api/v1/search/saved?applicationId=${appId}`)).body.items).toEqual([]);
  });
});

describe('search history', () => {
  const search = (c: Client, q: string, page = 1) => c.get(`/api/v1/search/advanced?applicationId=${appId}&${q}&page=${page}`);

  it('notes the first page of each search of a signed-in reader, once per search in a row, and clears', async () => {
    await search(reader, 'c=AND.title.%E9%87%8F%E5%AD%90');
    await search(reader, 'c=AND.title.%E9%87%8F%E5%AD%90');
    await search(reader, 'c=AND.title.%E9%87%8F%E5%AD%90', 2);
    await search(reader, 'c=AND.title.%E9%87%8F%E5%AD%90&from=2024&to=2024');
    await search(ctx.client(), 'c=AND.title.%E7%BB%8F%E5%85%B8');
    const h = await reader.get(`/api/v1/search/history?applicationId=${appId}`);
    expect(h.body.items.map((x: { summary: string; total: number }) => [x.summary, x.total])).toEqual([
      ['题名：量子（2024-2024 年）', 4],
      ['题名：量子', 4],
    ]);
    expect((await otherReader.get(`/api/v1/search/history?applicationId=${appId}`)).body.items).toEqual([]);
    const cleared = await reader.del(`/api/v1/search/history?applicationId=${appId}`);
    expect(cleared.body.message).toBe(MSG.savedSearchHistoryCleared);
    expect((await reader.get(`/api/v1/search/history?applicationId=${appId}`)).body.items).toEqual([]);
  });
});
