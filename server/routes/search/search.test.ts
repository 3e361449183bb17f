/**
 * Search (issue 4 'Search') on the real Chinese scientific literature of ../shared/data, on SQLite (FTS5
 * trigram) and PostgreSQL (pg_trgm): any substring of 2 or more characters of a title finds it, title
 * matches rank first, results page, facets count; and the detail read of one resource.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { importFiles } from '../../import/run.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const csl = path.resolve(here, '../../../../shared/data/csl-chinese-scientific-literature/csl_benchmark_devtest_joined.tsv');

let ctx: TestContext;
let topicId: number;
let titles: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  const summary = await importFiles(ctx.db, 'articles', [csl], { topic: '中文科技文献' });
  expect(summary.inserted).toBeGreaterThan(1000);
  topicId = summary.topicId;
  titles = (await ctx.db.selectFrom('resources').select('title').where('type', '=', 'article').orderBy('id').execute()).map((r) => r.title);
  const other = await ensureTopic(ctx.db, '其他专题');
  await upsertResources(ctx.db, [
    { type: 'policy', sourceKey: 'p1', title: '关于促进人工智能发展的若干政策', date: '2025-03-01', fields: {}, searchText: '国务院', topicId: other, categoryOne: '政策法规' },
    { type: 'scholar', sourceKey: 's1', title: 'Ada 100%_Lovelace', date: null, fields: { institution: 'London' }, topicId: other },
  ]);
}, 120_000);
afterAll(async () => { await ctx.close(); });

const search = (q: Record<string, string | number>) => ctx.client().get(`/api/v1/search?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

describe('GET /api/v1/search', () => {
  it('finds an article by any 2-, 3- and 5-character substring of its title', async () => {
    // a spread of real titles, and substrings from their middle
    for (const title of [titles[0], titles[37], titles[512], titles[titles.length - 1]]) {
      const chars = [...title];
      for (const len of [2, 3, 5]) {
        const start = Math.max(0, Math.floor(chars.length / 2) - len);
        const term = chars.slice(start, start + len).join('');
        let found = false;
        for (let page = 1; page <= 40 && !found; page++) {
          const r = await search({ q: term, topicId, page, size: 100 });
          expect(r.status).toBe(200);
          found = r.body.content.some((it: { title: string }) => it.title === title);
          if (r.body.content.length < 100) break;
        }
        expect(found, `「${term}」 should find 「${title}」`).toBe(true);
      }
    }
  });

  it('ranks title matches before matches in the abstract and keywords only', async () => {
    const r = await search({ q: '神经网络', topicId, size: 50 });
    expect(r.body.totalElements).toBeGreaterThan(10);
    const inTitle = r.body.content.map((it: { title: string }) => it.title.includes('神经网络'));
    const firstMiss = inTitle.indexOf(false);
    if (firstMiss >= 0) expect(inTitle.slice(firstMiss).every((x: boolean) => !x)).toBe(true);
    expect(inTitle[0]).toBe(true);
  });

  it('requires every term (AND) and pages the results', async () => {
    const both = await search({ q: '神经网络 图像', topicId, size: 100 });
    expect(both.body.totalElements).toBeGreaterThan(0);
    for (const it of both.body.content as Array<{ title: string; abstract?: string; keywords?: unknown }>) {
      const text = JSON.stringify(it);
      expect(text).toContain('神经网络');
      expect(text).toContain('图像');
    }
    const p1 = await search({ q: '研究', topicId, size: 10, page: 1 });
    const p2 = await search({ q: '研究', topicId, size: 10, page: 2 });
    expect(p1.body.content).toHaveLength(10);
    expect(p1.body.page).toBe(1);
    expect(p2.body.page).toBe(2);
    const ids1 = new Set(p1.body.content.map((x: { id: number }) => x.id));
    expect(p2.body.content.some((x: { id: number }) => ids1.has(x.id))).toBe(false);
    expect(p1.body.totalElements).toBe(p2.body.totalElements);
  });

  it('counts facets by type and by first-level category, and filters by them', async () => {
    const r = await search({ q: '研究', topicId, size: 5 });
    expect(r.body.facets.type).toEqual([{ value: 'article', count: r.body.totalElements }]);
    const cats = r.body.facets.category as Array<{ value: string; count: number }>;
    expect(cats.length).toBeGreaterThan(1);
    const sum = cats.reduce((s, c) => s + c.count, 0);
    expect(sum).toBe(r.body.totalElements);
    const one = await search({ q: '研究', topicId, category: cats[0].value, size: 5 });
    expect(one.body.totalElements).toBe(cats[0].count);
    const all = await search({ q: '人工智能' });
    expect(all.body.facets.type.map((f: { value: string }) => f.value)).toEqual(expect.arrayContaining(['policy']));
    const policies = await search({ q: '人工智能', type: 'policy' });
    expect(policies.body.content.map((x: { title: string }) => x.title)).toEqual(['关于促进人工智能发展的若干政策']);
  });

  it('treats LIKE wildcards and quotes in the query as text', async () => {
    expect((await search({ q: '100%_' })).body.content.map((x: { title: string }) => x.title)).toEqual(['Ada 100%_Lovelace']);
    expect((await search({ q: '%%' })).body.totalElements).toBe(0);
    expect((await search({ q: '"研究" OR x' })).status).toBe(200);
    expect((await search({ q: '国务院' })).body.content[0].title).toBe('关于促进人工智能发展的若干政策');
  });

  it('answers FTS or SQL syntax, control characters and a 1 MB query with a page or a 400, never a 500 (issue 11)', async () => {
    const odd = ['"', '*', '研究*', 'NEAR(研究', 'NEAR(研究 方法, 2)', '研究 AND', 'OR', 'NOT 研究', ')(', '^研究', '研究:标题', "研究' OR 1=1 --", '研\u0000究', '\u0007研究', '\\', '{}[]'];
    for (const q of odd) {
      const r = await search({ q });
      expect([200, 400], JSON.stringify(q)).toContain(r.status);
      if (r.status === 400) expect(typeof r.body.error.message).toBe('string');
    }
    const huge = await search({ q: '研'.repeat(350_000) });
    expect(huge.status).toBe(400);
  });

  it('answers an empty page for a blank query and 400 in Chinese for bad input', async () => {
    const blank = await search({ q: '   ' });
    expect(blank.status).toBe(200);
    expect(blank.body).toMatchObject({ content: [], totalElements: 0, empty: true });
    const long = await search({ q: '长'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(MSG.searchTooLong);
    expect((await search({ q: '研究', page: 0 })).status).toBe(400);
    expect((await search({ q: '研究', size: 'x' })).status).toBe(400);
    const badType = await search({ q: '研究', type: 'DROP TABLE' });
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toBe(MSG.unknownResourceType);
    const noApp = await search({ q: '研究', applicationId: 999 });
    expect(noApp.status).toBe(404);
    expect(noApp.body.error.message).toBe(MSG.applicationNotFound);
  });

  it('keeps the index in step when a resource is renamed or deleted', async () => {
    await upsertResources(ctx.db, [{ type: 'policy', sourceKey: 'p1', title: '数据要素流通管理办法', date: '2025-03-01', fields: {}, searchText: '', topicId }]);
    expect((await search({ q: '人工智能', type: 'policy' })).body.totalElements).toBe(0);
    expect((await search({ q: '要素流通', type: 'policy' })).body.totalElements).toBe(1);
    await ctx.db.deleteFrom('resources').where('type', '=', 'policy').execute();
    expect((await search({ q: '要素流通' })).body.totalElements).toBe(0);
  });
});

describe('GET /api/v1/resources/{type}/{id}', () => {
  it('answers one resource with its fields, 404 in Chinese for a wrong type or id, 400 for bad ids', async () => {
    const row = await ctx.db.selectFrom('resources').select(['id', 'title']).where('type', '=', 'article').orderBy('id').executeTakeFirstOrThrow();
    const ok = await ctx.client().get(`/api/v1/resources/article/${row.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: row.id, type: 'article', title: row.title });
    expect(typeof ok.body.abstract).toBe('string');
    const wrongType = await ctx.client().get(`/api/v1/resources/scholar/${row.id}`);
    expect(wrongType.status).toBe(404);
    expect(wrongType.body.error.message).toBe(MSG.resourceNotFound);
    expect((await ctx.client().get('/api/v1/resources/article/abc')).status).toBe(400);
    expect((await ctx.client().get('/api/v1/resources/article/-1')).status).toBe(400);
  });
});

it('reads the data set in place', () => {
  expect(fs.existsSync(csl)).toBe(true);
});
