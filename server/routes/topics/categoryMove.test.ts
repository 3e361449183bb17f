/**
 * Moving a category that records of several types share (issue 28 item 12; decision 540), on both
 * databases: the usage answer counts each type, a move without types is refused while it would move
 * another type's records, a move for one type splits the category (the stored rows: a new node under the
 * target for that type, the old one kept for the others), explore's category facet of the other type keeps
 * its parent, and invalid moves are refused with their Chinese messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources, type ResourceInput } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let stranger: Client;
let topicId: number;

type Tree = Array<{ value: string; count: number; children: Array<{ value: string; count: number }> }>;

/** The stored category nodes of the topic as `first` / `first/second` paths, sorted. */
async function storedPaths(): Promise<string[]> {
  const rows = await ctx.db.selectFrom('categories').select(['id', 'parent_id', 'label']).where('topic_id', '=', topicId).execute();
  return rows.map((r) => (r.parent_id === null ? r.label : `${rows.find((p) => p.id === r.parent_id)!.label}/${r.label}`)).sort();
}
/** Each stored link of a type as `first/second`, sorted. */
async function linksOf(type: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('resource_topics')
    .select(['category_one', 'category_two'])
    .where('topic_id', '=', topicId)
    .where('type', '=', type)
    .execute();
  return rows.map((r) => `${r.category_one}/${r.category_two}`).sort();
}
/** Explore's category facet of a type, as a visitor reads it. */
const facet = async (type: string) =>
  (await ctx.client().get(`/api/v1/search?${new URLSearchParams({ q: '', type, topicId: String(topicId), size: '10' })}`)).body.facets.category as Tree;
const parentOf = (tree: Tree, label: string) => tree.filter((c) => c.children.some((k) => k.value === label)).map((c) => c.value);
const put = (body: unknown, who: Client = manager) => who.put(`/api/v1/topics/${topicId}/categories`, body);
const usage = (category: string, subcategory?: string, who: Client = manager) =>
  who.get(`/api/v1/topics/${topicId}/categories/usage?${new URLSearchParams({ category, ...(subcategory ? { subcategory } : {}) })}`);

beforeAll(async () => {
  ctx = await createTestContext();
  topicId = await ensureTopic(ctx.db, '生态环境');
  const rec = (type: string, key: string, one: string, two: string): ResourceInput => ({
    type: type as ResourceInput['type'],
    sourceKey: key,
    title: `${two}${key}`,
    date: '2024-01-01',
    fields: {},
    searchText: '',
    topicId,
    categoryOne: one,
    categoryTwo: two,
  });
  await upsertResources(ctx.db, [
    rec('project', 'p1', '理学', '生态学'),
    rec('project', 'p2', '理学', '生态学'),
    rec('project', 'p3', '理学', '生态学'),
    rec('institution', 'i1', '理学', '生态学'),
    rec('institution', 'i2', '理学', '生态学'),
    rec('institution', 'i3', '军事学', '军事指挥学'),
    rec('project', 'p4', '理学', '数学'),
    rec('project', 'p5', '军事学', '军事指挥学'),
  ]);
  admin = await ctx.signIn('13700000011', 'super');
  const appId = (await admin.post('/api/v1/applications', { name: '生态门户', host: 'eco.example.cn', topicId })).body.applicationId as number;
  await releaseApplication(admin, appId);
  manager = await ctx.signIn('13700000012');
  stranger = await ctx.signIn('13700000013');
  expect((await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13700000012', rights: ['content'] })).status).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

describe('moving a category shared by several types', () => {
  it('counts the records of each type under a category, for its managers only', async () => {
    const r = await usage('理学', '生态学');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      path: ['理学', '生态学'],
      types: [
        { type: 'project', label: '项目', count: 3 },
        { type: 'institution', label: '机构', count: 2 },
      ],
    });
    expect((await usage('理学')).body.types).toEqual([
      { type: 'project', label: '项目', count: 4 },
      { type: 'institution', label: '机构', count: 2 },
    ]);
    const missing = await usage('理学', '无此学科');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MSG.categoryNotFound);
    expect((await usage('理学', '生态学', stranger)).status).toBe(403);
    expect((await usage('理学', '生态学', ctx.client())).status).toBe(401);
    expect((await usage('<b>理学</b>')).status).toBe(400);
  });

  it('refuses a move that would silently move another type, and moves nothing', async () => {
    const r = await put({ op: 'move', path: ['理学', '生态学'], under: '军事学' });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(MSG.categoryMoveChooseTypes('生态学', '项目 3 条、机构 2 条'));
    expect(r.body.error.message).toBe('移动「生态学」将影响：项目 3 条、机构 2 条。请选择移动全部类型还是只移动其中一种');
    expect(await linksOf('institution')).toEqual(['军事学/军事指挥学', '理学/生态学', '理学/生态学']);
    expect(await linksOf('project')).toEqual(['军事学/军事指挥学', '理学/数学', '理学/生态学', '理学/生态学', '理学/生态学']);
  });

  it('refuses invalid moves with their Chinese messages', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ op: 'move', path: ['理学', '生态学'], under: '军事学', types: ['journal'] }, 400, MSG.categoryMoveTypeEmpty('生态学', '期刊')],
      [{ op: 'move', path: ['理学', '生态学'], under: '军事学', types: ['dragon'] }, 400, MSG.unknownResourceType],
      [{ op: 'move', path: ['理学', '生态学'], under: '军事学', types: [] }, 400, MSG.unknownResourceType],
      [{ op: 'move', path: ['理学', '生态学'], under: '无此门类', types: ['project'] }, 404, MSG.categoryNotFound],
      [{ op: 'move', path: ['理学'], under: '军事学', types: ['project'] }, 400, MSG.categoryMoveSecondOnly],
      [{ op: 'move', path: ['理学', '数学'], under: '理学', types: ['project'] }, 200, MSG.categoryMoved('数学', '理学')],
    ];
    for (const [body, status, message] of cases) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(status < 300 ? r.body.message : r.body.error.message).toBe(message);
    }
    expect((await put({ op: 'move', path: ['理学', '生态学'], under: '军事学', types: ['project'] }, stranger)).status).toBe(403);
    expect(await storedPaths()).toEqual(['军事学', '军事学/军事指挥学', '理学', '理学/数学', '理学/生态学']);
  });

  it("moves for projects only: the category splits, institutions' facet keeps its parent", async () => {
    expect(parentOf(await facet('institution'), '生态学')).toEqual(['理学']);
    const r = await put({ op: 'move', path: ['理学', '生态学'], under: '军事学', types: ['project'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe(MSG.categoryMovedFor('生态学', '项目 3 条', '军事学', '理学'));
    expect(await storedPaths()).toEqual(['军事学', '军事学/军事指挥学', '军事学/生态学', '理学', '理学/数学', '理学/生态学']);
    expect(await linksOf('project')).toEqual(['军事学/军事指挥学', '军事学/生态学', '军事学/生态学', '军事学/生态学', '理学/数学']);
    expect(await linksOf('institution')).toEqual(['军事学/军事指挥学', '理学/生态学', '理学/生态学']);
    // explore: projects' 生态学 is under 军事学, institutions' still under 理学
    const projects = await facet('project');
    expect(parentOf(projects, '生态学')).toEqual(['军事学']);
    expect(projects.find((c) => c.value === '军事学')!.count).toBe(4);
    const institutions = await facet('institution');
    expect(parentOf(institutions, '生态学')).toEqual(['理学']);
    expect(institutions.find((c) => c.value === '理学')).toMatchObject({ count: 2, children: [{ value: '生态学', count: 2 }] });
    // the tree lists both: 生态学 under 理学 (institutions) and under 军事学 (projects)
    const tree = r.body.tree as Array<{ value: string; children?: Array<{ value: string }> }>;
    expect(tree.map((n) => [n.value, (n.children ?? []).map((c) => c.value)])).toEqual([
      ['军事学', ['军事指挥学', '生态学']],
      ['理学', ['数学', '生态学']],
    ]);
    // the rest of the old category is now one type: a move without types moves it, and it meets the split one
    expect((await usage('理学', '生态学')).body.types).toEqual([{ type: 'institution', label: '机构', count: 2 }]);
    const again = await put({ op: 'move', path: ['理学', '生态学'], under: '军事学' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.categoryExists('军事学 / 生态学'));
  });

  it('moves every type with the category itself when all types are named', async () => {
    await upsertResources(ctx.db, [
      {
        type: 'project',
        sourceKey: 'p6',
        title: '海洋科学项目',
        date: null,
        fields: {},
        searchText: '',
        topicId,
        categoryOne: '理学',
        categoryTwo: '海洋科学',
      },
      {
        type: 'institution',
        sourceKey: 'i6',
        title: '海洋研究所',
        date: null,
        fields: {},
        searchText: '',
        topicId,
        categoryOne: '理学',
        categoryTwo: '海洋科学',
      },
    ]);
    const before = await ctx.db.selectFrom('categories').select('id').where('topic_id', '=', topicId).where('label', '=', '海洋科学').execute();
    const r = await put({ op: 'move', path: ['理学', '海洋科学'], under: '军事学', types: ['institution', 'project', 'project'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe(MSG.categoryMoved('海洋科学', '军事学'));
    // the same node moved: no copy left under 理学
    const after = await ctx.db.selectFrom('categories').select('id').where('topic_id', '=', topicId).where('label', '=', '海洋科学').execute();
    expect(after).toEqual(before);
    expect(await storedPaths()).toContain('军事学/海洋科学');
    expect(await storedPaths()).not.toContain('理学/海洋科学');
    expect(parentOf(await facet('institution'), '海洋科学')).toEqual(['军事学']);
    expect(parentOf(await facet('project'), '海洋科学')).toEqual(['军事学']);
  });
});
