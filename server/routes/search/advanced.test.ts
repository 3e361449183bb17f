/**
 * The advanced search (GET /api/v1/search/advanced; issue 31 §2, decisions 680-684) on a small known
 * fixture, on both databases: a field condition checks its own field (a title row does not match a
 * keyword), AND / OR / NOT combine as a library catalogue's do, the year range and the orders, a DOI
 * alone, the explore page's plain query, the facets and years, records a visitor may not read never
 * found, and bad conditions refused with their Chinese message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, insertApplication, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import type { AdvancedResult } from '../../../common/contracts/search.js';

let ctx: TestContext;
let topicId: number;
let appId: number;

const article = (key: string, title: string, date: string, author: string[], keywords: string[], journal: string, more: Record<string, unknown> = {}) => ({
  type: 'article' as const,
  sourceKey: key,
  title,
  date,
  fields: { author, keywords, journal, ...more },
  searchText: [...author, ...keywords, journal].join(' '),
  topicId,
  categoryOne: '工学',
  categoryTwo: journal === '软件学报' ? '软件工程' : '计算机科学',
});

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '高级检索专题');
  appId = await insertApplication(ctx.db, { name: '检索站', host: 'advanced.example.test', topicId, status: 'released' });
  await upsertResources(ctx.db, [
    article('10.1000/a1', '深度学习在图像识别中的应用', '2018-03-01', ['张三', '李四'], ['深度学习', '图像识别'], '计算机学报', {
      abstract: '卷积神经网络识别图像',
      doi: '10.1000/A1',
    }),
    article('a2', '图像分割方法综述', '2020-07-01', ['王五'], ['图像分割', '综述'], '软件学报', { abstract: '回顾图像分割' }),
    article('a3', '基于深度学习的文本分类', '2021-01-05', ['张三'], ['深度学习', '文本分类'], '软件学报', { abstract: '循环神经网络' }),
    article('a4', '知识图谱构建', '2022-05-01', ['赵六'], ['知识图谱', 'Deep Learning'], '中文信息学报'),
    // a keyword 深度学习 but not in the title: a 题名 row does not find it
    article('a5', '神经网络剪枝', '2019-02-01', ['钱七'], ['深度学习'], '计算机学报'),
    // withdrawn from the topic: never found
    article('a6', '深度学习隐秘稿', '2020-02-01', ['张三'], ['深度学习'], '计算机学报'),
  ]);
  const a6 = await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'a6').executeTakeFirstOrThrow();
  await sql`update resource_topics set published = 0 where resource_id = ${a6.id}`.execute(ctx.db);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

/** The search of these rows (`OP.field.value`) and other parameters, within the site. */
async function advanced(rows: string[], more: Record<string, string> = {}) {
  const p = new URLSearchParams({ applicationId: String(appId), ...more });
  for (const r of rows) p.append('c', r);
  return ctx.client().get(`/api/v1/search/advanced?${p}`);
}
const titles = (body: unknown) => (body as AdvancedResult).content.map((r) => r.title);

describe('GET /api/v1/search/advanced', () => {
  it('checks a row on its own field: 题名 深度学习 finds two titles, 关键词 深度学习 three records', async () => {
    const t = await advanced(['AND.title.深度学习'], { sort: 'newest' });
    expect(t.status).toBe(200);
    expect(titles(t.body)).toEqual(['基于深度学习的文本分类', '深度学习在图像识别中的应用']);
    const k = await advanced(['AND.keyword.深度学习'], { sort: 'oldest' });
    expect(titles(k.body)).toEqual(['深度学习在图像识别中的应用', '神经网络剪枝', '基于深度学习的文本分类']);
    // Latin letters ignore case
    const latin = await advanced(['AND.keyword.deep learning']);
    expect(titles(latin.body)).toEqual(['知识图谱构建']);
  });

  it('joins rows: AND narrows, OR adds a group, NOT takes out', async () => {
    expect(titles((await advanced(['AND.keyword.深度学习', 'AND.author.张三'], { sort: 'oldest' })).body)).toEqual([
      '深度学习在图像识别中的应用',
      '基于深度学习的文本分类',
    ]);
    expect(titles((await advanced(['AND.title.知识图谱', 'OR.author.王五'], { sort: 'oldest' })).body)).toEqual(['图像分割方法综述', '知识图谱构建']);
    const not = await advanced(['AND.any.图像', 'NOT.keyword.综述']);
    expect(titles(not.body)).toEqual(['深度学习在图像识别中的应用']);
    // AND binds tighter than OR: (题名 图像 AND 作者 王五) OR 期刊 中文信息学报
    expect(titles((await advanced(['AND.title.图像', 'AND.author.王五', 'OR.journal.中文信息学报'], { sort: 'oldest' })).body)).toEqual([
      '图像分割方法综述',
      '知识图谱构建',
    ]);
    // 摘要 narrows an indexed row
    expect(titles((await advanced(['AND.keyword.深度学习', 'AND.abstract.循环神经'])).body)).toEqual(['基于深度学习的文本分类']);
  });

  it('ranks by relevance, filters by years, counts years and facets', async () => {
    const r = await advanced(['AND.any.深度学习'], { from: '2019', to: '2021' });
    const body = r.body as AdvancedResult;
    // two titles hold the term: they come first (the shorter first)
    expect(body.content.map((x) => x.title)).toEqual(['基于深度学习的文本分类', '神经网络剪枝']);
    expect(body.totalElements).toBe(2);
    expect(body.years).toEqual([
      { value: '2019', count: 1 },
      { value: '2021', count: 1 },
    ]);
    const all = (await advanced(['AND.any.深度学习'])).body as AdvancedResult;
    expect(all.content[0].title).toBe('基于深度学习的文本分类');
    expect(all.facets.type).toEqual([{ value: 'article', count: 3 }]);
    const typed = (await advanced(['AND.any.深度学习'], { type: 'article', category: '工学', subcategory: '软件工程' })).body as AdvancedResult;
    expect(typed.content.map((x) => x.title)).toEqual(['基于深度学习的文本分类']);
    expect(typed.facets.category).toEqual([
      {
        value: '工学',
        count: 3,
        children: [
          { value: '计算机科学', count: 2 },
          { value: '软件工程', count: 1 },
        ],
      },
    ]);
  });

  it('finds a DOI alone, and takes the explore page’s plain query as one 任意字段 row', async () => {
    expect(titles((await advanced(['AND.doi.10.1000/A1'])).body)).toEqual(['深度学习在图像识别中的应用']);
    const plain = await ctx.client().get(`/api/v1/search/advanced?applicationId=${appId}&q=${encodeURIComponent('图像 综述')}`);
    expect(titles(plain.body)).toEqual(['图像分割方法综述']);
  });

  it('never finds a record the visitor may not read', async () => {
    const r = await advanced(['AND.title.隐秘']);
    expect((r.body as AdvancedResult).totalElements).toBe(0);
    const outside = await ctx.client().get(`/api/v1/search/advanced?c=${encodeURIComponent('AND.title.隐秘')}`);
    expect(outside.status).toBe(200);
    expect((outside.body as AdvancedResult).totalElements).toBe(0);
  });

  it('refuses bad conditions with their Chinese message', async () => {
    const cases: Array<[string[], Record<string, string>, string]> = [
      [[], {}, MSG.advancedNeedsCondition],
      [['NOT.title.综述'], {}, MSG.advancedNeedsCondition],
      [['NOT.title.综述', 'AND.title.图像'], {}, MSG.advancedFirstNot],
      [['AND.abstract.图像'], {}, MSG.advancedGroupNeedsIndexed],
      [['AND.title.图像', 'OR.institution.清华'], {}, MSG.advancedGroupNeedsIndexed],
      [['XOR.title.图像'], {}, MSG.advancedConditionInvalid],
      [['AND.color.图像'], {}, MSG.advancedConditionInvalid],
      [['AND.title.' + '图'.repeat(101)], {}, fillMsg(MSG.advancedTooLong, { n: 100 })],
      [Array.from({ length: 11 }, () => 'AND.title.图像'), {}, fillMsg(MSG.advancedTooMany, { n: 10 })],
      [['AND.title.图像'], { from: '2022', to: '2020' }, fillMsg(MSG.advancedYearsInvalid, { min: 1000, max: 2999 })],
      [['AND.title.图像'], { from: '二〇二〇' }, MSG.advancedYearsInvalid],
      [['AND.title.图像'], { sort: 'random' }, MSG.invalidInput],
    ];
    for (const [rows, more, message] of cases) {
      const r = await advanced(rows, more);
      expect(r.status, rows.join(' ')).toBe(400);
      expect((r.body as { error: { message: string } }).error.message, rows.join(' ')).toBe(message);
    }
  });
});
