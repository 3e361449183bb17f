/**
 * Imports from the console as background tasks (decision
 * 267), on both databases: the preview of a real CSL file writes nothing; a queued import of it runs to
 * 'done' with its counts and the resources in the topic; a file of the wrong kind fails with a Chinese
 * message and can be retried; only super managers may do any of it; a finished task cannot be
 * cancelled; a super manager's re-index task rebuilds a lost search index (others 403, one at a time).
 * The preview of a large file reads its first rows only (decision 413); errors name the uploaded file,
 * never its path on the server (decision 414); a database busy past its wait answers 503 (decision 412).
 * The worker-thread path, a cancel mid-run and the restart mark are in server/tasks/runner.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { busyDatabase } from '../../http/errors.js';
import { createTestContext, testDialect, type Client, type TestContext } from '../../test/harness.js';
import type { FormPart } from '../../test/files.js';
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
  skipped: Array<{ line: number; reason: string }>;
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
    // the first rows only (decision 413): the file's 2,000 are not all read
    expect(r.body.read).toBeGreaterThanOrEqual(10);
    expect(r.body.read).toBeLessThan(2000);
    expect(r.body.found).toBe(r.body.read);
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

describe('large files, names and a busy database (decisions 412-414)', () => {
  it('previews a 20 MB file from its first rows only, with the mapping of its header', async () => {
    const rows = 200_000;
    const lines = ['title\tabstract\tkeywords\tdiscipline\tcategory'];
    for (let i = 0; i < rows; i++) lines.push(`面向大规模文献的检索方法研究（第 ${i} 号）\t摘要 ${i}\t检索_文献\t计算机科学与技术\t工学`);
    const data = Buffer.from(lines.join('\n'));
    expect(data.length).toBeGreaterThan(20 * 2 ** 20);
    const r = await upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }, file('大文件.tsv', data)]);
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(10);
    expect(r.body.items[0]).toMatchObject({ line: 2, type: 'article', title: '面向大规模文献的检索方法研究（第 0 号）', category: '工学 / 计算机科学与技术' });
    expect(r.body.items[9].line).toBe(11);
    // only the beginning was read: far fewer rows than the file holds, each of them whole (the whole file
    // took 4-5 s to parse before; how long the beginning takes is a benchmark's to say, not a test's:
    // a bound of 3 s on this call failed on a loaded machine)
    expect(r.body.read).toBeGreaterThanOrEqual(10);
    expect(r.body.read).toBeLessThan(10_000);
    expect(r.body.found).toBe(r.body.read);
    expect(r.body.skipped).toEqual([]);
    expect(r.body.mapping).toMatchObject({ adjustable: true, missing: [], columns: ['title', 'abstract', 'keywords', 'discipline', 'category'] });
    expect(r.body.mapping.fields.find((f) => f.name === 'title')?.column).toBe('title');
  });

  it('names the uploaded file, never its path on the server, in the errors of a preview and of a task', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const serverPath = /\/|\\|imports|[0-9a-f]{8}-[0-9a-f]{4}-/;
    const preview = await upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }, file('照片.png', png)]);
    expect(preview.status).toBe(400);
    expect(preview.body.error.message).toBe(MSG.importFileBinary('照片.png'));
    expect(preview.body.error.message).not.toMatch(serverPath);

    const q = await upload(admin, '/api/v1/tasks/imports', [
      { name: 'kind', value: 'articles' },
      { name: 'topic', value: '图片不是表格' },
      file('照片.png', png),
    ]);
    expect(q.status).toBe(201);
    const t = await settled(q.body.id);
    expect(t.status).toBe('failed');
    expect(t.error).toBe(MSG.importFailedNothingWritten([MSG.importFileBinary('照片.png')]));
    expect(t.error).not.toContain(ctx.config.dataDir);
    expect(t.error).not.toMatch(serverPath);
    // a folder a browser may send with the name is not kept either
    const nested = await upload(admin, '/api/v1/imports/preview', [{ name: 'kind', value: 'articles' }, file('C:\\Users\\张三\\空.tsv', '')]);
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toBe(MSG.importFileEmpty('空.tsv'));
  });

  it.runIf(testDialect === 'sqlite')(
    'answers 503 with Retry-After and a Chinese message, not 500, while another connection holds the database past the wait',
    async () => {
      const topic = await admin.post<{ id: number }>('/api/v1/topics', { title: '繁忙时的写入', description: null });
      expect(topic.status).toBe(201);
      const other = new BetterSqlite3(ctx.config.databaseUrl);
      other.exec('begin immediate');
      try {
        const r = await admin.put(`/api/v1/topics/${topic.body.id}`, { title: '不该写入', cover: null, description: null });
        expect(r.status).toBe(503);
        expect(r.headers['retry-after']).toBe('2');
        expect(r.body.error).toEqual({ code: 'busy', message: MSG.databaseBusy });
      } finally {
        other.exec('rollback');
        other.close();
      }
      const stored = await ctx.db.selectFrom('topics').select('title').where('id', '=', topic.body.id).executeTakeFirstOrThrow();
      expect(stored.title).toBe('繁忙时的写入');
      // and the same write goes through once the database is free
      expect((await admin.put(`/api/v1/topics/${topic.body.id}`, { title: '空闲时的写入', cover: null, description: null })).status).toBe(200);
    },
  );

  it.runIf(testDialect === 'postgres')('takes PostgreSQL refusing a lock past its wait (lock_timeout) for a busy database: 503, not 500', async () => {
    const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    const waiter = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
    await waiter.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table topics in access exclusive mode');
      await waiter.query("set lock_timeout = '50ms'");
      const err = await waiter.query('update topics set title = title').catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('55P03');
      expect(busyDatabase(err)).toMatchObject({ status: 503, message: MSG.databaseBusy });
      expect(busyDatabase(new Error('语法错误'))).toBeNull();
    } finally {
      await holder.query('rollback');
      await holder.end();
      await waiter.end();
    }
  });
});
