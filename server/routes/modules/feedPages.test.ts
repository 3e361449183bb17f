/**
 * The feed reads as the feed pages use them (spec 1 §2 'Links the panels produce'; decisions 112, 113):
 * top-job with `page`, top-bulletin with `offset`, top-wechat-article with several `wechatId`s. The
 * panels' own uses (no page, no offset, one account) answer as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let topicId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '招聘快报');
  const day = (i: number) => `2026-04-${String(10 + i).padStart(2, '0')}`;
  await upsertResources(ctx.db, [
    ...Array.from({ length: 5 }, (_, i) => ({
      type: 'job' as const,
      sourceKey: `j${i}`,
      title: `岗位${i}`,
      date: day(i),
      topicId,
      fields: { salary: `${i}0K` },
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      type: 'bulletin' as const,
      sourceKey: `b${i}`,
      title: `快报${i}`,
      date: day(i),
      topicId,
      fields: { bulletinType: i % 2 ? '快讯' : '快报' },
    })),
    {
      type: 'wechat_article' as const,
      sourceKey: 'w1',
      title: '甲号文章',
      date: day(1),
      topicId,
      fields: { wechatId: 'gh_a', groupName: '要闻', articleTime: `${day(1)} 08:00:00` },
    },
    {
      type: 'wechat_article' as const,
      sourceKey: 'w2',
      title: '乙号文章',
      date: day(2),
      topicId,
      fields: { wechatId: 'gh_b', groupName: '活动', articleTime: `${day(2)} 08:00:00` },
    },
    { type: 'wechat_article' as const, sourceKey: 'w3', title: '丙号文章', date: day(3), topicId, fields: { wechatId: 'gh_c' } },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const titlesOfHits = (b: { hits: Array<{ _source: { title: string } }> }) => b.hits.map((h) => h._source.title);

describe('feed reads for the feed pages', () => {
  it('pages the jobs newest first with page and pageSize, keeping the total', async () => {
    const c = ctx.client();
    const p1 = await c.get(`/api/v1/modules/top-job?topicId=${topicId}&pageSize=2`);
    expect(titlesOfHits(p1.body)).toEqual(['岗位4', '岗位3']);
    const p3 = await c.get(`/api/v1/modules/top-job?topicId=${topicId}&pageSize=2&page=3`);
    expect(titlesOfHits(p3.body)).toEqual(['岗位0']);
    expect(p3.body.total).toBe(5);
    const bad = await c.get(`/api/v1/modules/top-job?topicId=${topicId}&page=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['query.page']).toBeDefined();
  });

  it('skips bulletins with offset, with and without a type filter', async () => {
    const c = ctx.client();
    const rest = await c.get(`/api/v1/modules/top-bulletin?topicId=${topicId}&size=2&offset=2`);
    expect(rest.body.map((b: { article: { title: string } }) => b.article.title)).toEqual(['快报2', '快报1']);
    const flash = await c.get(`/api/v1/modules/top-bulletin?topicId=${topicId}&type=${encodeURIComponent('快讯')}&offset=1`);
    expect(flash.body.map((b: { article: { title: string } }) => b.article.title)).toEqual(['快报1']);
    expect((await c.get(`/api/v1/modules/top-bulletin?offset=-1`)).status).toBe(400);
  });

  it('reads the articles of several accounts at once, newest first; one account as before', async () => {
    const c = ctx.client();
    const two = await c.get('/api/v1/modules/top-wechat-article?wechatId=gh_a&wechatId=gh_b&pageSize=10');
    expect(two.body.total).toBe(2);
    expect(two.body.records.map((r: { material: { title: string } }) => r.material.title)).toEqual(['乙号文章', '甲号文章']);
    expect(two.body.records[0]).toMatchObject({ groupName: '活动', articleTime: '2026-04-12 08:00:00' });
    const one = await c.get('/api/v1/modules/top-wechat-article?wechatId=gh_c');
    expect(one.body.records.map((r: { material: { title: string } }) => r.material.title)).toEqual(['丙号文章']);
    const bad = await c.get('/api/v1/modules/top-wechat-article?wechatId=gh_a&wechatId=bad%20id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.wechatIdInvalid);
    const many = await c.get(`/api/v1/modules/top-wechat-article?${Array.from({ length: 21 }, (_, i) => `wechatId=gh_${i}`).join('&')}`);
    expect(many.status).toBe(400);
  });
});
