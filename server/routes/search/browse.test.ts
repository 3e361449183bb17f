/**
 * Explore's counts while browsing: a type without a query counts its total and every
 * facet exactly in SQL over the rows the viewer may read, past the search's cap (2,000) too; after a
 * filter a facet's count agrees with the list's total; and a query past the cap shows lower bounds in
 * which no category counts more than its sub-categories explain. Checked against counts made here in
 * JavaScript over the rows as they were written, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, testDialect, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { SEARCH_CAP } from '../../../common/searchFacets.js';
import { searchResources } from '../../search/service.js';

interface Facet {
  value: string;
  count: number;
}
interface Tree extends Facet {
  children: Facet[];
}
interface Inst {
  id: number;
  province: string;
  level: string;
  one: string;
  two: string;
  published: boolean;
}

const PROVINCES = ['广东省', '北京市', '江苏省', '四川省', '湖北省', '西藏自治区'];
const LEVELS = ['本科', '专科'];
const ONES: Record<string, string[]> = { 综合: ['综合甲', '综合乙'], 理工: ['理工甲', '理工乙', '理工丙'], 师范: ['师范甲'] };
/** more institutions than the search's cap, so that a count over its first matches would be wrong */
const N = SEARCH_CAP + 537;

let ctx: TestContext;
let topicId: number;
let insts: Inst[] = [];
const ARTICLES = 120;

function countsOf(values: string[]): Facet[] {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m].map(([value, count]) => ({ value, count })).sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1));
}
function treeOf(rows: Inst[]): Tree[] {
  return countsOf(rows.map((r) => r.one)).map((c) => ({ ...c, children: countsOf(rows.filter((r) => r.one === c.value).map((r) => r.two)) }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '高校名录');
  const ones = Object.keys(ONES);
  // uneven spreads, so that the counts differ
  const spec = Array.from({ length: N }, (_, i) => {
    const one = ones[(i * 7) % 11 < 6 ? 0 : (i * 7) % 11 < 9 ? 1 : 2];
    return {
      province: PROVINCES[(i * i + 3 * i) % PROVINCES.length],
      level: LEVELS[i % 5 < 3 ? 0 : 1],
      one,
      two: ONES[one][i % ONES[one].length],
    };
  });
  const { ids } = await upsertResources(
    ctx.db,
    spec.map((s, i) => ({
      type: 'institution' as const,
      sourceKey: `inst-${i}`,
      title: `测试大学${i}`,
      date: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
      fields: { province: s.province, level: s.level },
      searchText: '',
      topicId,
      categoryOne: s.one,
      categoryTwo: s.two,
    })),
  );
  await upsertResources(
    ctx.db,
    Array.from({ length: ARTICLES }, (_, i) => ({
      type: 'article' as const,
      sourceKey: `art-${i}`,
      title: `测试文章${i}`,
      date: '2021-05-01',
      fields: {},
      searchText: '',
      topicId,
      categoryOne: '工学',
      categoryTwo: '计算机',
    })),
  );
  // every 50th institution is a draft in its topic: no visitor counts it
  insts = spec.map((s, i) => ({ id: ids[i], ...s, published: i % 50 !== 0 }));
  const drafts = insts.filter((x) => !x.published).map((x) => x.id);
  await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', 'in', drafts).execute();
  if (testDialect === 'postgres') await sql`analyze resource_topics`.execute(ctx.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const search = (q: Record<string, string | number>) =>
  ctx.client().get(`/api/v1/search?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

describe('browse counts', () => {
  it('counts a browse of more than the cap exactly: type, category tree, province and level', async () => {
    const seen = insts.filter((x) => x.published);
    expect(seen.length).toBeGreaterThan(SEARCH_CAP);
    const r = await search({ q: '', type: 'institution', topicId, size: 10 });
    expect(r.status).toBe(200);
    expect(r.body.capped).toBe(false);
    expect(r.body.totalElements).toBe(seen.length);
    expect(r.body.facets.exact).toBe(true);
    expect(r.body.facets.typesExact).toBe(true);
    expect(r.body.facets.type).toEqual([
      { value: 'institution', count: seen.length },
      { value: 'article', count: ARTICLES },
    ]);
    expect(r.body.facets.category).toEqual(treeOf(seen));
    expect(r.body.facets.fields.province).toEqual(countsOf(seen.map((x) => x.province)));
    expect(r.body.facets.fields.level).toEqual(countsOf(seen.map((x) => x.level)));
    // every parent is its children's sum (each row has a sub-category)
    for (const c of r.body.facets.category as Tree[]) expect(c.children.reduce((n, k) => n + k.count, 0)).toBe(c.count);
  });

  it('pages a browse past the cap, newest first', async () => {
    const seen = insts.filter((x) => x.published).length;
    const size = 100;
    const last = Math.ceil(seen / size);
    const r = await search({ q: '', type: 'institution', topicId, size, page: last });
    expect(r.status).toBe(200);
    expect(r.body.content).toHaveLength(seen - (last - 1) * size);
    const after = await search({ q: '', type: 'institution', topicId, size, page: last + 1 });
    expect(after.body.content).toHaveLength(0);
  });

  it('after a filter, the facet agrees with the list total (共 N 条), and each facet ignores only its own filter', async () => {
    const seen = insts.filter((x) => x.published);
    const gd = seen.filter((x) => x.province === '广东省');
    const r = await search({ q: '', type: 'institution', topicId, province: '广东省', size: 10 });
    expect(r.body.totalElements).toBe(gd.length);
    const province = (r.body.facets.fields.province as Facet[]).find((f) => f.value === '广东省');
    expect(province?.count).toBe(r.body.totalElements);
    // the province facet keeps its other values; the level facet and the tree count Guangdong's
    expect(r.body.facets.fields.province).toEqual(countsOf(seen.map((x) => x.province)));
    expect(r.body.facets.fields.level).toEqual(countsOf(gd.map((x) => x.level)));
    expect((r.body.facets.fields.level as Facet[]).reduce((n, f) => n + f.count, 0)).toBe(r.body.totalElements);
    expect(r.body.facets.category).toEqual(treeOf(gd));

    // 广东省 and 本科, then a category and a sub-category: every chosen facet equals the total
    const both = await search({ q: '', type: 'institution', topicId, province: '广东省', level: '本科', size: 10 });
    const gdBk = gd.filter((x) => x.level === '本科');
    expect(both.body.totalElements).toBe(gdBk.length);
    expect((both.body.facets.fields.province as Facet[]).find((f) => f.value === '广东省')?.count).toBe(gdBk.length);
    expect((both.body.facets.fields.level as Facet[]).find((f) => f.value === '本科')?.count).toBe(gdBk.length);
    const { one, two } = gd[gd.length - 1];
    const sub = await search({ q: '', type: 'institution', topicId, province: '广东省', category: one, subcategory: two, size: 10 });
    const inSub = gd.filter((x) => x.one === one && x.two === two);
    expect(inSub.length).toBeGreaterThan(0);
    expect(sub.body.totalElements).toBe(inSub.length);
    const tree = sub.body.facets.category as Tree[];
    expect(tree).toEqual(treeOf(gd));
    expect(tree.find((c) => c.value === one)?.children.find((k) => k.value === two)?.count).toBe(inSub.length);
    expect(sub.body.facets.fields.province.find((f: Facet) => f.value === '广东省')?.count).toBe(inSub.length);
  });

  it('outside a topic, counts the records the visitor may read (published ones)', async () => {
    const seen = insts.filter((x) => x.published);
    const r = await search({ q: '', type: 'institution', size: 5 });
    expect(r.status).toBe(200);
    expect(r.body.totalElements).toBe(seen.length);
    expect(r.body.facets.fields.province).toEqual(countsOf(seen.map((x) => x.province)));
    expect(r.body.facets.type).toContainEqual({ value: 'institution', count: seen.length });
  });

  it('a query past the cap shows lower bounds in which no category counts more than its sub-categories explain', async () => {
    const cap = 40;
    const r = await searchResources(ctx.db, testDialect, { q: '测试大学', topicId, type: 'institution', page: 1, size: 10 }, cap);
    expect(r.capped).toBe(true);
    expect(r.facets.exact).toBe(false);
    expect(r.facets.category.length).toBeGreaterThan(0);
    for (const c of r.facets.category) {
      if (c.children.length) expect(c.count).toBeLessThanOrEqual(c.children.reduce((n, k) => n + k.count, 0));
    }
    // a category whose matches often have no sub-category: past the cap its count is what its
    // sub-categories explain (工学 showed 1,113+ over sub-categories adding up to about 280)
    const sparse = await ensureTopic(ctx.db, '稀疏专题');
    await upsertResources(
      ctx.db,
      Array.from({ length: 100 }, (_, i) => ({
        type: 'article' as const,
        sourceKey: `sparse-${i}`,
        title: `稀疏样本研究${i}`,
        date: '2022-02-02',
        fields: {},
        searchText: '',
        topicId: sparse,
        categoryOne: '工学',
        categoryTwo: i % 4 === 0 ? `学科${i % 3}` : null,
      })),
    );
    const lower = await searchResources(ctx.db, testDialect, { q: '稀疏样本', topicId: sparse, type: 'article', category: '工学', page: 1, size: 10 }, cap);
    expect(lower.capped).toBe(true);
    const [eng] = lower.facets.category;
    expect(eng.value).toBe('工学');
    expect(eng.children.length).toBeGreaterThan(0);
    expect(eng.count).toBe(eng.children.reduce((n, k) => n + k.count, 0));
    // browsed, the same topic counts exactly: the parent holds its matches without a sub-category too
    const browsed = await searchResources(ctx.db, testDialect, { q: '', topicId: sparse, type: 'article', page: 1, size: 10 }, cap);
    expect(browsed.totalElements).toBe(100);
    expect(browsed.facets.category[0].count).toBe(100);

    // a query whose matches fit under the cap is exact
    const fit = await searchResources(ctx.db, testDialect, { q: '测试文章', topicId, type: 'article', page: 1, size: 10 });
    expect(fit.capped).toBe(false);
    expect(fit.totalElements).toBe(ARTICLES);
    expect(fit.facets.exact).toBe(true);
    expect(fit.facets.category).toEqual([{ value: '工学', count: ARTICLES, children: [{ value: '计算机', count: ARTICLES }] }]);
  });
});
