/**
 * The literature analysis of a search (GET /api/v1/literature; issue 31 §1, decisions 710-712) on a
 * small known fixture, on both databases: publications per year, the top authors in order, an edge's
 * weight, records a visitor may not read never counted, bad filters refused in Chinese, and a result
 * computed in the background answered 'pending' until it is ready, and stored for the other server
 * processes, which answer it without computing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Client, createTestContext, insertApplication, testDialect, type TestContext } from '../../test/harness.js';
import { buildServer } from '../../app.js';
import { OutboxSmsProvider } from '../../notify/sms.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import type { LiteratureAnswer } from '../../../common/contracts/search.js';

let ctx: TestContext;
let topicId: number;

const article = (key: string, date: string, author: string[], keywords: string[], journal: string, institution?: string, topic?: number) => ({
  type: 'article' as const,
  sourceKey: key,
  title: `数据挖掘研究之${key}`,
  date,
  fields: { author, keywords, journal, ...(institution ? { institution } : {}) },
  searchText: [...author, ...keywords, journal].join(' '),
  topicId: topic ?? topicId,
  categoryOne: '工学',
});

async function fixture(c: TestContext) {
  topicId = await ensureTopic(c.db, '文献分析专题');
  const draftTopic = await ensureTopic(c.db, '草稿专题');
  await insertApplication(c.db, { name: '文献站', host: 'miner.example.test', topicId, status: 'released' });
  await insertApplication(c.db, { name: '草稿站', host: 'miner-draft.example.test', topicId: draftTopic, status: 'draft' });
  await upsertResources(c.db, [
    article('a1', '2020-03-01', ['张三', '李四'], ['机器学习', '数据挖掘'], '计算机学报', '清华大学'),
    article('a2', '2020-07-01', ['张三', '王五'], ['机器学习', '深度学习'], '计算机学报', '北京大学'),
    article('a3', '2021-01-05', ['张三', '李四'], ['机器学习'], '软件学报', '清华大学'),
    article('a4', '2022-05-01', ['赵六'], ['数据挖掘'], '软件学报'),
    // withdrawn from the released site's topic: never counted
    article('a5', '2021-02-01', ['幽灵作者'], ['幽灵词'], '幽灵期刊'),
    // published only in a draft site's topic: never counted
    article('a6', '2019-02-01', ['草稿作者'], ['草稿词'], '草稿期刊', undefined, draftTopic),
    // another query: not counted
    { ...article('a7', '2023-01-01', ['无关作者'], ['无关'], '无关期刊'), title: '完全不同的标题' },
  ]);
  const a5 = await c.db.selectFrom('resources').select('id').where('source_key', '=', 'a5').executeTakeFirstOrThrow();
  await sql`update resource_topics set published = 0 where resource_id = ${a5.id}`.execute(c.db);
}

const analyse = (c: TestContext, q: Record<string, string>) => c.client().get(`/api/v1/literature?${new URLSearchParams(q)}`);

beforeAll(async () => {
  ctx = await createTestContext();
  await fixture(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/literature', () => {
  it('counts the matching records per year, ranks the authors and weighs the edges', async () => {
    const r = await analyse(ctx, { q: '数据挖掘' });
    expect(r.status).toBe(200);
    const body = r.body as LiteratureAnswer;
    expect(body.status).toBe('ready');
    const a = body.result!;
    expect(a.total).toBe(4);
    expect(a.years).toEqual([
      { value: '2020', count: 2 },
      { value: '2021', count: 1 },
      { value: '2022', count: 1 },
    ]);
    expect(a.authors.slice(0, 2)).toEqual([
      { value: '张三', count: 3 },
      { value: '李四', count: 2 },
    ]);
    expect(a.authors.map((x) => x.value).sort()).toEqual(['张三', '李四', '王五', '赵六'].sort());
    expect(a.keywords[0]).toEqual({ value: '机器学习', count: 3 });
    expect(a.journals).toEqual(
      expect.arrayContaining([
        { value: '计算机学报', count: 2 },
        { value: '软件学报', count: 2 },
      ]),
    );
    expect(a.institutions[0]).toEqual({ value: '清华大学', count: 2 });
    const edge = (n: NonNullable<LiteratureAnswer['result']>['authorNetwork'], x: string, y: string) =>
      n.edges.find((e) => (e.source === x && e.target === y) || (e.source === y && e.target === x))?.weight;
    expect(edge(a.authorNetwork, '张三', '李四')).toBe(2);
    expect(edge(a.authorNetwork, '张三', '王五')).toBe(1);
    expect(edge(a.authorNetwork, '李四', '王五')).toBeUndefined();
    expect(edge(a.keywordNetwork, '机器学习', '数据挖掘')).toBe(1);
    expect(a.authorNetwork.nodes).toHaveLength(4);
  });

  it('never counts a withdrawn record or one published only in a draft site', async () => {
    const r = await analyse(ctx, { q: '数据挖掘' });
    const text = JSON.stringify(r.body);
    for (const hidden of ['幽灵作者', '幽灵词', '幽灵期刊', '草稿作者', '草稿词', '2019']) expect(text).not.toContain(hidden);
    // a query only the hidden records match: nothing to analyse
    const ghost = await analyse(ctx, { q: '幽灵作者' });
    expect((ghost.body as LiteratureAnswer).result).toMatchObject({ total: 0, authors: [] });
  });

  it('applies the search filters: a type and a topic', async () => {
    const byType = await analyse(ctx, { q: '数据挖掘', type: 'journal' });
    expect((byType.body as LiteratureAnswer).result!.total).toBe(0);
    const inTopic = await analyse(ctx, { q: '数据挖掘', type: 'article', topicId: String(topicId), category: '工学' });
    expect((inTopic.body as LiteratureAnswer).result!.total).toBe(4);
  });

  it('refuses bad filters with a Chinese message', async () => {
    const blank = await analyse(ctx, { q: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(MSG.minerNeedsQuery);
    const long = await analyse(ctx, { q: '长'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain(MSG.searchTooLong);
    const badType = await analyse(ctx, { q: '数据', type: 'Bad Type' });
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toContain(MSG.unknownResourceType);
    const badTopic = await analyse(ctx, { q: '数据', topicId: 'abc' });
    expect(badTopic.status).toBe(400);
    expect(badTopic.body.error.message).toContain(MSG.invalidInput);
  });
});

describe('GET /api/v1/literature beyond the time budget', () => {
  let slow: TestContext;
  beforeAll(async () => {
    slow = await createTestContext({ literatureBudgetMs: 0 });
    await fixture(slow);
  }, 60_000);
  afterAll(async () => {
    await slow.close();
  });

  it('answers pending or ready at once, and the result when it is ready', async () => {
    const first = (await analyse(slow, { q: '数据挖掘' })).body as LiteratureAnswer;
    expect(['pending', 'ready']).toContain(first.status);
    if (first.status === 'pending') expect(first.result).toBeNull();
    let answer = first;
    for (let i = 0; i < 50 && answer.status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = (await analyse(slow, { q: '数据挖掘' })).body as LiteratureAnswer;
    }
    expect(answer.status).toBe('ready');
    expect(answer.result!.total).toBe(4);
  });

  it('stores the analysis for the other server processes, which answer it without computing', async () => {
    const stored = await slow.db.selectFrom('literature_analyses').select(['key', 'status', 'result']).execute();
    expect(stored.map((r) => r.status)).toEqual(['ready']);
    // a marked copy in the store: a second server on the same database answers it, so it read the store
    const marked = { ...(JSON.parse(stored[0].result!) as object), total: 404 };
    await slow.db
      .updateTable('literature_analyses')
      .set({ result: JSON.stringify(marked) })
      .where('key', '=', stored[0].key)
      .execute();
    const other = await buildServer(
      { db: slow.db, dialect: testDialect, config: { ...slow.config, literatureBudgetMs: 5000 }, sms: new OutboxSmsProvider(slow.outbox) },
      { logger: false, web: false },
    );
    await other.ready();
    try {
      const res = await new Client(other, '10.77.0.1').get(`/api/v1/literature?${new URLSearchParams({ q: '数据挖掘' })}`);
      expect((res.body as LiteratureAnswer).status).toBe('ready');
      expect((res.body as LiteratureAnswer).result!.total).toBe(404);
    } finally {
      await other.close();
    }
  });
});
