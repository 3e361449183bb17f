/**
 * The explore page's facets per resource type (decision 263) through GET /api/v1/search,
 * on the real catalogues of ../shared/data read in place, on SQLite and PostgreSQL: an article's 门类 →
 * 学科 tree, a journal's subject tree and 中科院分区 / CCF 等级, a conference's CCF 等级 and 年份 (and
 * its 领域 → CCF class tree), a scholar's 国家/地区 (and its country → affiliation tree), an
 * institution's 省份 and 办学层次. Each query's matches of the type stay under the cap, so every count
 * is exact, and each is checked against a count made here in JavaScript over the topic's rows read
 * straight from the tables (a match: the query, lower-cased, inside the lower-cased title or search
 * text, the index's rule), not through the search code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { importFiles } from '../../import/run.js';
import { SEARCH_CAP } from '../../../common/searchFacets.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = path.resolve(here, '../../../../shared/data');
const hasData = fs.existsSync(path.join(data, 'csrankings-scholars'));
if (!hasData) console.warn(`分面测试跳过：找不到 ${data}`);
const csl = path.join(data, 'csl-chinese-scientific-literature', 'csl_benchmark_devtest_joined.tsv');
const jcr = path.join(data, 'showjcr-journal-lists');
const journalFiles = ['FQBJCR2025-UTF8.csv', 'CCF2026-UTF8.csv', 'CCFT2025-UTF8.csv', 'CCFChinese2019-UTF8.csv'].map((f) => path.join(jcr, f));
const conferences = path.join(data, 'ccf-deadlines-conferences', 'conferences_flat.csv');
const moe = path.join(data, 'moe-china-universities-2025', 'moe_universities_2025.csv');
const scholarsDir = path.join(data, 'csrankings-scholars');

interface Facet {
  value: string;
  count: number;
}
interface Tree extends Facet {
  children: Facet[];
}
interface Row {
  id: number;
  title: string;
  text: string;
  f: Record<string, unknown>;
  one: string | null;
  two: string | null;
}

/** Counts of values, largest first, then by value (the order the API promises); null and '' left out. */
function countsOf(values: Array<unknown>): Facet[] {
  const m = new Map<string, number>();
  for (const v of values) {
    if (v == null || v === '') continue;
    if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`not a facet value: ${JSON.stringify(v)}`);
    m.set(String(v), (m.get(String(v)) ?? 0) + 1);
  }
  return [...m].map(([value, count]) => ({ value, count })).sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1));
}

/** The two-level category tree of rows (at most 50 entries a level, as the API). */
function treeOf(rows: Row[]): Tree[] {
  return countsOf(rows.map((r) => r.one))
    .slice(0, 50)
    .map((c) => ({ ...c, children: countsOf(rows.filter((r) => r.one === c.value).map((r) => r.two)).slice(0, 50) }));
}

let ctx: TestContext;
const topics: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  if (!hasData) return;
  topics.article = (await importFiles(ctx.db, 'articles', [csl], { topic: '中文科技文献' })).topicId;
  topics.journal = (await importFiles(ctx.db, 'journals', journalFiles, { topic: '期刊' })).topicId;
  topics.conference = (await importFiles(ctx.db, 'conferences', [conferences], { topic: '学术会议' })).topicId;
  topics.institution = (await importFiles(ctx.db, 'institutions', [moe], { topic: '高校' })).topicId;
  const scholarFiles = fs
    .readdirSync(scholarsDir)
    .filter((f) => /^csrankings-[a-z]\.csv$/.test(f))
    .sort()
    .map((f) => path.join(scholarsDir, f));
  topics.scholar = (await importFiles(ctx.db, 'scholars', scholarFiles, { topic: '计算机科学' })).topicId;
}, 600_000);
afterAll(async () => {
  await ctx?.close();
});

/** The published resources of a type in its topic, read from the tables, that a query matches (see the file comment). */
async function matching(type: string, q: string): Promise<Row[]> {
  const rows = await ctx.db
    .selectFrom('resource_topics as rt')
    .innerJoin('resources as r', 'r.id', 'rt.resource_id')
    .select(['r.id', 'r.title', 'r.search_text', 'r.fields', 'rt.category_one', 'rt.category_two'])
    .where('rt.topic_id', '=', topics[type])
    .where('rt.type', '=', type)
    .where('rt.published', '=', 1)
    .execute();
  const norm = (s: string) => s.normalize('NFKC').toLowerCase();
  const term = norm(q);
  return rows
    .map((r) => ({
      id: Number(r.id),
      title: r.title,
      text: r.search_text,
      f: JSON.parse(r.fields) as Record<string, unknown>,
      one: r.category_one,
      two: r.category_two,
    }))
    .filter((r) => !term || norm(r.title).includes(term) || norm(r.text).includes(term));
}

const search = (q: Record<string, string | number>) =>
  ctx.client().get(`/api/v1/search?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

/** Asks the API for `type` and `q` (and filters), checks the answer is exact, and returns its body. */
async function facetsOf(type: string, q: string, filters: Record<string, string> = {}) {
  const r = await search({ q, type, topicId: topics[type], size: 1, ...filters });
  expect(r.status).toBe(200);
  expect(r.body.capped).toBe(false);
  expect(r.body.facets.exact).toBe(true);
  return r.body as { totalElements: number; facets: { type: Facet[]; category: Tree[]; fields: Record<string, Facet[]> } };
}

describe.runIf(hasData)('facets per type on the real catalogues', () => {
  it("an article's 门类 → 学科 tree (CSL)", async () => {
    const rows = await matching('article', '控制');
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.length).toBeLessThanOrEqual(SEARCH_CAP);
    const body = await facetsOf('article', '控制');
    expect(body.totalElements).toBe(rows.length);
    expect(body.facets.category).toEqual(treeOf(rows));
    expect(body.facets.category.length).toBeGreaterThan(3);
    // the discipline is the listing field 学科 of the same row
    expect(rows.every((r) => r.f.category === r.one && r.f.discipline === r.two)).toBe(true);
    const top = body.facets.category[0];
    const narrowed = await facetsOf('article', '控制', { category: top.value, subcategory: top.children[0].value });
    expect(narrowed.totalElements).toBe(top.children[0].count);
    // the tree ignores its own filter
    expect(narrowed.facets.category).toEqual(body.facets.category);
  });

  it("a journal's subject tree, 中科院分区 and CCF 等级 (ShowJCR)", async () => {
    const rows = await matching('journal', '计算');
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.length).toBeLessThanOrEqual(SEARCH_CAP);
    const body = await facetsOf('journal', '计算');
    expect(body.totalElements).toBe(rows.length);
    expect(body.facets.fields.partition).toEqual(countsOf(rows.map((r) => r.f.partition)));
    expect(body.facets.fields.partition.map((f) => f.value).sort()).toEqual(['1', '2', '3', '4']);
    expect(body.facets.fields.ccf).toEqual(countsOf(rows.map((r) => r.f.ccf_rank)));
    expect(body.facets.fields.ccf.map((f) => f.value).sort()).toEqual(['A', 'B', 'C']);
    // the subject (大类) is the tree's first level, its first subcategory the second
    expect(body.facets.category).toEqual(treeOf(rows));
    expect(rows.filter((r) => r.f.subject).every((r) => r.one === r.f.subject)).toBe(true);
    expect(body.facets.category.map((c) => c.value)).toContain('计算机科学');
    // 1区: the partition facet keeps its counts, CCF 等级 follows (the CCF lists carry no partition)
    const first = await facetsOf('journal', '计算', { partition: '1' });
    expect(first.totalElements).toBe(rows.filter((r) => r.f.partition === 1).length);
    expect(first.facets.fields.partition).toEqual(body.facets.fields.partition);
    expect(first.facets.fields.ccf).toEqual([]);
    expect(first.facets.category).toEqual(treeOf(rows.filter((r) => r.f.partition === 1)));
    const a = await facetsOf('journal', '计算', { ccf: 'A' });
    expect(a.totalElements).toBe(rows.filter((r) => r.f.ccf_rank === 'A').length);
  });

  it("a conference's CCF 等级 and 年份, and its 领域 → CCF class tree (ccf-deadlines)", async () => {
    // every conference: 1,161 rows, under the cap
    const rows = await matching('conference', '');
    expect(rows.length).toBe(1161);
    const body = await facetsOf('conference', '');
    expect(body.totalElements).toBe(rows.length);
    expect(body.facets.fields.rank).toEqual(countsOf(rows.map((r) => r.f.rank_ccf)));
    expect(body.facets.fields.rank).toEqual([
      { value: 'B', count: 430 },
      { value: 'C', count: 350 },
      { value: 'A', count: 308 },
      { value: 'N', count: 73 },
    ]);
    expect(body.facets.fields.year).toEqual(countsOf(rows.map((r) => r.f.year)));
    expect(body.facets.fields.year[0]).toEqual({ value: '2026', count: 307 });
    expect(body.facets.category).toEqual(treeOf(rows));
    const a = await facetsOf('conference', '', { rank: 'A' });
    expect(a.totalElements).toBe(308);
    expect(a.facets.fields.year).toEqual(countsOf(rows.filter((r) => r.f.rank_ccf === 'A').map((r) => r.f.year)));
    const y = await facetsOf('conference', '', { rank: 'A', year: '2025' });
    expect(y.totalElements).toBe(rows.filter((r) => r.f.rank_ccf === 'A' && r.f.year === 2025).length);
  });

  it("a scholar's 国家/地区 and its country → affiliation tree (CSRankings)", async () => {
    const rows = await matching('scholar', 'tech');
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.length).toBeLessThanOrEqual(SEARCH_CAP);
    const body = await facetsOf('scholar', 'tech');
    expect(body.totalElements).toBe(rows.length);
    expect(body.facets.fields.country).toEqual(countsOf(rows.map((r) => r.f.country)));
    expect(body.facets.fields.country.length).toBeGreaterThan(10);
    expect(body.facets.category).toEqual(treeOf(rows));
    const cn = await facetsOf('scholar', 'tech', { country: '中国' });
    const inChina = rows.filter((r) => r.f.country === '中国');
    expect(cn.totalElements).toBe(inChina.length);
    expect(cn.facets.category).toEqual(treeOf(inChina));
    expect(cn.facets.category[0].children.map((c) => c.value)).toContain('ShanghaiTech University');
  });

  it("an institution's 省份 and 办学层次, and its province → level tree (MOE list)", async () => {
    const rows = await matching('institution', '师范');
    expect(rows.length).toBeGreaterThan(200);
    const body = await facetsOf('institution', '师范');
    expect(body.totalElements).toBe(rows.length);
    expect(body.facets.fields.province).toEqual(countsOf(rows.map((r) => r.f.province)));
    expect(body.facets.fields.province.length).toBe(31);
    expect(body.facets.fields.level).toEqual(countsOf(rows.map((r) => r.f.level)));
    expect(body.facets.fields.level.map((f) => f.value)).toEqual(['本科', '专科']);
    expect(body.facets.category).toEqual(treeOf(rows));
    const bj = await facetsOf('institution', '师范', { province: '北京市', level: '本科' });
    expect(bj.totalElements).toBe(rows.filter((r) => r.f.province === '北京市' && r.f.level === '本科').length);
    expect(bj.facets.fields.level).toEqual(countsOf(rows.filter((r) => r.f.province === '北京市').map((r) => r.f.level)));
  });
});
