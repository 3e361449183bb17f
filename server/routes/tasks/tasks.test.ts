/**
 * Imports from the console as background tasks (issue 11 §3 'Import from the console', §4; decision
 * 267), on both databases: the preview of a real CSL file writes nothing; a queued import of it runs to
 * 'done' with its counts and the resources in the topic; a file of the wrong kind fails with a Chinese
 * message and can be retried; only super managers may do any of it; a finished task cannot be
 * cancelled; a super manager's re-index task rebuilds a lost search index (others 403, one at a time).
 * The worker-thread path, a cancel mid-run and the restart mark are in server/tasks/runner.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, testDialect, type Client, type TestContext } from '../../test/harness.js';
import type { FormPart } from '../../files/testFiles.js';
import { MSG } from '../../../common/messages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const csl = path.resolve(here, '../../../../shared/data/csl-chinese-scientific-literature/csl_benchmark_devtest_joined.tsv');

let ctx: TestContext;
let admin: Client;
let plain: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13500000001', 'super');
  plain = await ctx.signIn('13500000002');
});
afterAll(async () => {
  await ctx.close();
});

/** What the upload routes answer: an import preview, a queued task, or a refusal. */
interface UploadAnswer {
  read: number;
  found: number;
  items: Array<{ type: string; line: number; title: string; date: string | null; category: string | null; fields: string[] }>;
  mapping: { adjustable: boolean; columns: string[]; missing: string[]; fields: Array<{ name: string; column: string | null; required: boolean }> };
  id: number;
  message: string;
  error: { message: string; fields: Record<string, string> };
}

/** Posts a multipart form as the client. */
const upload = (client: Client, url: string, parts: FormPart[]) => client.multipart<UploadAnswer>(url, parts);
const file = (name: string, data: Buffer | string) => ({
  name: 'file',
  filename: name,
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
  type: 'text/plain',
});
/** Polls a task until it leaves queued and running (at most 60 s). */
async function settled(id: number) {
  for (let i = 0; i < 600; i++) {
    const t = (await admin.get(`/api/v1/tasks/${id}`)).body;
    if (t.status !== 'queued' && t.status !== 'running') return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

describe('imports from the console', () => {
  it('previews a real CSL file without writing anything', async () => {
    const r = await upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }, file('csl.tsv', fs.readFileSync(csl))]);
    expect(r.status).toBe(200);
    expect(r.body.read).toBeGreaterThan(1900);
    expect(r.body.found).toBeGreaterThan(1900);
    expect(r.body.items).toHaveLength(10);
    expect(r.body.items[0]).toMatchObject({ type: 'article', line: 2 });
    expect(r.body.items[0].fields).toContain('abstract');
    expect(await ctx.db.selectFrom('resources').select('id').limit(1).execute()).toEqual([]);
    const bad = await upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'nonsense' }, file('csl.tsv', 'x')]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.importKindUnknown);
    expect((await upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }])).status).toBe(400);
    expect((await upload(plain, '/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }, file('csl.tsv', 'x')])).status).toBe(403);
  });

  it('runs a queued import to done, with its counts, and the articles in the topic', async () => {
    const r = await upload(admin, '/api/v1/tasks/imports', [
      { name: 'kind', value: 'articles' },
      { name: 'topic', value: '中文科技文献' },
      file('csl.tsv', fs.readFileSync(csl)),
    ]);
    expect(r.status).toBe(201);
    expect(r.body.message).toBe(MSG.importQueued);
    const t = await settled(r.body.id);
    expect(t.status).toBe('done');
    expect(t.title).toBe(MSG.importTaskTitle('csl.tsv', '中文科技文献'));
    expect(t.result.inserted).toBeGreaterThan(1900);
    expect(t.done).toBe(t.result.inserted + t.result.updated);
    const n = await ctx.db
      .selectFrom('resource_topics')
      .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
      .where('topics.title', '=', '中文科技文献')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(t.result.inserted);
    const list = (await admin.get('/api/v1/tasks')).body;
    expect(list.content[0]).toMatchObject({ id: r.body.id, status: 'done', importKind: 'articles', topic: '中文科技文献', fileName: 'csl.tsv' });
    const cancel = await admin.post(`/api/v1/tasks/${r.body.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe(MSG.taskNotRunning);
  });

  it('fails a file of another kind with a Chinese message, writes nothing, and retries it', async () => {
    const before = await ctx.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await upload(admin, '/api/v1/tasks/imports', [
      { name: 'kind', value: 'articles' },
      { name: 'topic', value: '错放的专题' },
      file('people.csv', 'name,affiliation\nAda,London\n'),
    ]);
    const t = await settled(r.body.id);
    expect(t.status).toBe('failed');
    expect(t.error).toMatch(/导入失败，没有写入任何数据/);
    const after = await ctx.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const again = await admin.post(`/api/v1/tasks/${r.body.id}/retry`, {});
    expect(again.body.message).toBe(MSG.importQueued);
    expect((await settled(r.body.id)).status).toBe('failed');
    expect((await admin.post('/api/v1/tasks/999999/retry', {})).status).toBe(404);
    expect((await upload(admin, '/api/v1/tasks/imports', [{ name: 'kind', value: 'articles' }, file('a.tsv', 'x')])).body.error.message).toBe(
      MSG.topicRequired,
    );
    expect((await plain.get('/api/v1/tasks')).status).toBe(403);
    expect((await ctx.client().get('/api/v1/tasks')).status).toBe(401);
  });
});

describe('the column mapping of an import from the console', () => {
  const moe = path.resolve(here, '../../../../shared/data/moe-china-universities-2025/moe_universities_2025.csv');
  // the MOE list's first 30 universities under headers the importer does not know
  const renamed = ['序号,院校,代码,主管部门,城市,层次,备注,省', ...fs.readFileSync(moe, 'utf8').split('\n').slice(1, 31)].join('\n');
  const mapping = { 学校名称: '院校', 学校标识码: '代码', 所在地: '城市', 办学层次: '层次', 省份: '省' };
  const parts = (extra: Array<{ name: string; value: string }>) => [{ name: 'kind', value: 'institutions' }, ...extra, file('高校.csv', renamed)];
  const send = (url: string, extra: Array<{ name: string; value: string }>) => upload(admin, url, parts(extra));
  const taskCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('tasks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('previews a CSV with renamed headers: the required fields without a column, then the rows read with the chosen columns', async () => {
    const bare = await send('/api/v1/imports/preview', []);
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ read: 30, found: 0, items: [] });
    expect(bare.body.mapping).toMatchObject({
      adjustable: true,
      columns: ['序号', '院校', '代码', '主管部门', '城市', '层次', '备注', '省'],
      missing: ['学校名称', '学校标识码'],
    });
    // the columns whose names it knows are found as before
    expect(bare.body.mapping.fields.find((f) => f.name === '主管部门')?.column).toBe('主管部门');

    const mapped = await send('/api/v1/imports/preview', [{ name: 'mapping', value: JSON.stringify(mapping) }]);
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ read: 30, found: 30 });
    expect(mapped.body.mapping.missing).toEqual([]);
    expect(mapped.body.items[0]).toMatchObject({ type: 'institution', title: '北京大学', category: '北京市 / 本科' });
    // 不导入 for an optional field: the row no longer carries it
    const without = await send('/api/v1/imports/preview', [{ name: 'mapping', value: JSON.stringify({ ...mapping, 省份: null, 办学层次: null }) }]);
    expect(without.body.items[0].category).toBeNull();
    expect(await ctx.db.selectFrom('resources').select('id').where('type', '=', 'institution').limit(1).execute()).toEqual([]);
  });

  it('imports a CSV with renamed headers with the mapping, kept with the task', async () => {
    const r = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: JSON.stringify(mapping) },
    ]);
    expect(r.status).toBe(201);
    const stored = await ctx.db.selectFrom('tasks').select('params').where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.params).mapping).toEqual({
      学校名称: '院校',
      学校标识码: '代码',
      主管部门: '主管部门',
      所在地: '城市',
      办学层次: '层次',
      备注: '备注',
      省份: '省',
    });
    const t = await settled(r.body.id);
    expect(t.status).toBe('done');
    expect(t.result).toMatchObject({ read: 30, inserted: 30, updated: 0, skipped: 0 });
    const pku = await ctx.db
      .selectFrom('resources')
      .select(['title', 'source_key', 'fields'])
      .where('type', '=', 'institution')
      .where('title', '=', '北京大学')
      .executeTakeFirstOrThrow();
    expect(pku.source_key).toBe('4111010001');
    expect(JSON.parse(pku.fields)).toMatchObject({ code: '4111010001', province: '北京市', level: '本科', location: '北京市', authority: '教育部' });
  });

  it('refuses a mapping naming a column the file lacks, a required field without a column, or one that is not a mapping (400 with fields), and queues nothing', async () => {
    const before = await taskCount();
    const ghost = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: JSON.stringify({ ...mapping, 学校名称: '学校全称' }) },
    ]);
    expect(ghost.status).toBe(400);
    expect(ghost.body.error.message).toBe(MSG.importMappingNoColumn('学校名称', '学校全称'));
    expect(ghost.body.error.fields).toEqual({ 'mapping.学校名称': MSG.importMappingNoColumn('学校名称', '学校全称') });
    // the preview refuses it the same way
    const ghostPreview = await send('/api/v1/imports/preview', [{ name: 'mapping', value: JSON.stringify({ 省份: '省份' }) }]);
    expect(ghostPreview.status).toBe(400);
    expect(ghostPreview.body.error.fields).toEqual({ 'mapping.省份': MSG.importMappingNoColumn('省份', '省份') });

    const unmapped = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: JSON.stringify({ ...mapping, 学校标识码: null }) },
    ]);
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.error.message).toBe(MSG.importMappingMissing(['学校标识码']));
    expect(unmapped.body.error.fields).toEqual({ 'mapping.学校标识码': MSG.importMappingRequired('学校标识码') });
    // a required field left out, and not found by its name either
    const partial = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: JSON.stringify({ 学校名称: '院校' }) },
    ]);
    expect(partial.status).toBe(400);
    expect(partial.body.error.fields).toEqual({ 'mapping.学校标识码': MSG.importMappingRequired('学校标识码') });

    const twice = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: JSON.stringify({ ...mapping, 备注: '院校' }) },
    ]);
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.error.fields)).toEqual(['mapping.备注']);
    const unknown = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: JSON.stringify({ ...mapping, 校训: '备注' }) },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ 'mapping.校训': MSG.importMappingUnknownField('校训') });
    const notJson = await send('/api/v1/tasks/imports', [
      { name: 'topic', value: '改名的高校表' },
      { name: 'mapping', value: '{学校名称' },
    ]);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.fields).toEqual({ mapping: MSG.importMappingInvalid });
    const bib = await upload(admin, '/api/v1/tasks/imports', [
      { name: 'kind', value: 'bibtex' },
      { name: 'topic', value: '参考' },
      { name: 'mapping', value: JSON.stringify({ title: 'TI' }) },
      file('a.bib', '@article{a, title={X}}'),
    ]);
    expect(bib.status).toBe(400);
    expect(bib.body.error.message).toBe(MSG.importMappingNotAdjustable);
    expect(await taskCount()).toBe(before);
    // only super managers may import
    expect((await upload(plain, '/api/v1/tasks/imports', parts([{ name: 'topic', value: 'x' }]))).status).toBe(403);
  });

  it('reads JSON lines whose keys differ with a mapping of the keys', async () => {
    const lines = [
      { 类型: 'article', 题名: '基于深度学习的中文分词方法研究', 年份日期: '2021-06-01', 编号: 'jl-1' },
      { 类型: 'article', 题名: '面向科技文献的关键词抽取', 编号: 'jl-2' },
    ]
      .map((o) => JSON.stringify(o))
      .join('\n');
    const jl = (extra: Array<{ name: string; value: string }>) =>
      upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'jsonl' }, ...extra, file('k.jsonl', lines)]);
    const bare = await jl([]);
    expect(bare.body.mapping).toMatchObject({ columns: ['类型', '题名', '年份日期', '编号'], missing: ['type', 'title'] });
    const keyed = { type: '类型', title: '题名', date: '年份日期', key: '编号' };
    const r = await jl([{ name: 'mapping', value: JSON.stringify(keyed) }]);
    expect(r.body).toMatchObject({ read: 2, found: 2 });
    expect(r.body.items[0]).toMatchObject({ title: '基于深度学习的中文分词方法研究', date: '2021-06-01' });
    const q = await upload(admin, '/api/v1/tasks/imports', [
      { name: 'kind', value: 'jsonl' },
      { name: 'topic', value: '键名不同的 JSON 行' },
      { name: 'mapping', value: JSON.stringify(keyed) },
      file('k.jsonl', lines),
    ]);
    expect(q.status).toBe(201);
    expect((await settled(q.body.id)).result).toMatchObject({ inserted: 2, skipped: 0 });
    const row = await ctx.db.selectFrom('resources').select(['title', 'date']).where('source_key', '=', 'jl-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '基于深度学习的中文分词方法研究', date: '2021-06-01' });
  });
});

describe('re-indexing as a task', () => {
  it('rebuilds the search index of every resource for a super manager, and a search answers from it afterwards', async () => {
    const topic = await ctx.db.selectFrom('topics').select('id').where('title', '=', '中文科技文献').executeTakeFirstOrThrow();
    const search = async () => (await ctx.client().get(`/api/v1/search?q=${encodeURIComponent('神经网络')}&topicId=${topic.id}`)).body.totalElements as number;
    // the index lost, as after a failure or a change of how texts are cut: nothing is found
    if (testDialect === 'postgres') await sql`delete from resource_grams`.execute(ctx.db);
    else await sql`insert into resources_grams (resources_grams) values ('delete-all')`.execute(ctx.db);
    expect(await search()).toBe(0);

    expect((await plain.post('/api/v1/tasks/reindex', {})).status).toBe(403);
    const r = await admin.post('/api/v1/tasks/reindex', {});
    expect(r.status).toBe(201);
    expect(r.body.message).toBe(MSG.importQueued);
    const t = await settled(r.body.id);
    expect(t).toMatchObject({ kind: 'reindex', status: 'done', title: MSG.reindexTaskTitle, error: null });
    const n = await ctx.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(t.done).toBe(Number(n.n));
    expect(t.total).toBe(Number(n.n));
    expect(await search()).toBeGreaterThan(10);

    // one at a time: refused while another is queued or running
    const pending = await ctx.db
      .insertInto('tasks')
      .values({
        kind: 'reindex',
        status: 'running',
        title: MSG.reindexTaskTitle,
        params: '{}',
        owner: 'another',
        heartbeat_at: new Date().toISOString(),
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const again = await admin.post('/api/v1/tasks/reindex', {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.reindexAlreadyQueued);
    await ctx.db.deleteFrom('tasks').where('id', '=', pending.id).execute();
  });
});
