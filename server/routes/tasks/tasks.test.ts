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
  items: Array<{ type: string; line: number; fields: string[] }>;
  id: number;
  message: string;
  error: { message: string };
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
