/**
 * The task runner (decision 267). On a SQLite file: an import runs in a worker thread and
 * reports progress; a cancel in the middle rolls the whole import back (no row of it is left); a task
 * left running by a stopped server is marked interrupted at the next start and can be run again; the
 * column mapping of a task reaches the worker.
 * On PostgreSQL: two server processes (two pools) share the queue and run each task once; a task whose
 * heartbeat is older than the limit is marked interrupted, one with a fresh heartbeat is not; the
 * heartbeat stays fresh through an import's last step (vacuum), which reports no rows; a cancel asked
 * through another process stops an import.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Db, type OpenedDb } from '../db/index.js';
import { freshDatabase, testDialect } from '../test/harness.js';
import { TaskRunner } from './runner.js';
import { MSG } from '../../common/messages.js';

const onSqlite = testDialect === 'sqlite';
let dir: string;
let opened: OpenedDb;
let rows: string;

/** A queued import task of `file` into `topic`; returns its id. */
async function queue(file: string, topic: string, status = 'queued'): Promise<number> {
  const r = await opened.db
    .insertInto('tasks')
    .values({
      kind: 'import',
      status,
      title: topic,
      params: JSON.stringify({ kind: 'jsonl', topic, file, name: path.basename(file) }),
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
const statusOf = async (id: number) => await opened.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const inTopic = async (topic: string) =>
  Number(
    (
      await opened.db
        .selectFrom('resource_topics')
        .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
        .where('topics.title', '=', topic)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The records of a topic a visitor sees (published links). */
const inTopicPublished = async (topic: string) =>
  Number(
    (
      await opened.db
        .selectFrom('resource_topics')
        .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
        .where('topics.title', '=', topic)
        .where('resource_topics.published', '=', 1)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
async function until<T>(f: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    const v = await f();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}

describe.runIf(onSqlite)('the task runner on a SQLite file', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-tasks-'));
    opened = await openDatabase(path.join(dir, 'atrium.db'));
    rows = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(
      rows,
      Array.from({ length: 60_000 }, (_, i) =>
        JSON.stringify({ type: 'article', key: `k${i}`, title: `第 ${i} 篇：面向大规模文献的检索方法研究`, category: ['工学', '计算机科学与技术'] }),
      ).join('\n'),
    );
  });
  afterAll(async () => {
    await opened?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports in a worker with progress, and a cancel in the middle leaves no row of it', async () => {
    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 50);
    const id = await queue(rows, '取消的导入');
    await runner.start();
    const live = await until(() => {
      const p = runner.progressOf(id);
      return p && p.done > 0 ? p : undefined;
    });
    expect(live.total).toBe(60_000);
    expect(live.done).toBeLessThan(60_000);
    expect(runner.cancel(id)).toBe(true);
    const t = await until(async () => {
      const s = await statusOf(id);
      return s.status === 'running' ? undefined : s;
    });
    expect(t.status).toBe('cancelled');
    expect(t.error).toBe('任务已取消，没有写入任何数据');
    expect(await inTopic('取消的导入')).toBe(0);
    expect(await opened.db.selectFrom('resources').select('id').limit(1).execute()).toEqual([]);
    // nor its search entries, nor the topic it made (decision 410)
    expect(
      Number((await sql<{ n: number }>`select count(*) as n from resources_grams where resources_grams match ${'"检索"'}`.execute(opened.db)).rows[0].n),
    ).toBe(0);
    expect(await opened.db.selectFrom('topics').select('id').where('title', '=', '取消的导入').executeTakeFirst()).toBeUndefined();

    // run again: it completes, every row once
    await opened.db.updateTable('tasks').set({ status: 'queued' }).where('id', '=', id).execute();
    runner.kick();
    const done = await until(async () => {
      const s = await statusOf(id);
      return s.status === 'done' ? s : undefined;
    });
    expect(JSON.parse(done.result!)).toMatchObject({ inserted: 60_000, updated: 0 });
    expect(await inTopic('取消的导入')).toBe(60_000);
    await runner.stop();
  });

  it('re-indexes every resource as a task with progress; a cancel keeps the batches done, and a retry completes it', async () => {
    const found = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from resources_grams where resources_grams match ${'"检索"'}`.execute(opened.db)).rows[0].n);
    await sql`insert into resources_grams (resources_grams) values ('delete-all')`.execute(opened.db); // the index lost
    expect(await found()).toBe(0);
    const row = await opened.db
      .insertInto('tasks')
      .values({ kind: 'reindex', status: 'queued', title: MSG.reindexTaskTitle, params: '{}', created_by: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 50);
    await runner.start();
    const live = await until(() => {
      const p = runner.progressOf(row.id);
      return p && p.done > 0 ? p : undefined;
    });
    expect(live.total).toBe(60_000); // the rows of the import above
    expect(runner.cancel(row.id)).toBe(true);
    const t = await until(async () => {
      const s = await statusOf(row.id);
      return s.status === 'running' ? undefined : s;
    });
    expect(t.status).toBe('cancelled');
    expect(t.error).toBe(MSG.reindexCancelled);
    expect(t.done).toBeGreaterThan(0);
    expect(t.done).toBeLessThan(60_000);
    expect(await found()).toBe(t.done); // the batches done stay indexed

    await opened.db.updateTable('tasks').set({ status: 'queued' }).where('id', '=', row.id).execute();
    runner.kick();
    const done = await until(async () => {
      const s = await statusOf(row.id);
      return s.status === 'done' ? s : undefined;
    });
    expect(done).toMatchObject({ done: 60_000, total: 60_000, error: null });
    expect(await found()).toBe(60_000); // every title's 检索 is found again
    await runner.stop();
  });

  it('marks a task left running by a stopped server interrupted at the next start', async () => {
    const id = await queue(rows, '中断的导入', 'running');
    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 60_000);
    await runner.start();
    const t = await statusOf(id);
    expect(t.status).toBe('interrupted');
    expect(t.error).toMatch(/服务器重启，任务已中断/);
    await runner.stop();
  });

  it('lets the server write while an import runs in the worker: no write fails or waits long, and no row is seen before the import publishes (decisions 410, 411)', async () => {
    const other = await opened.db
      .insertInto('topics')
      .values({ title: '并发写入', cover: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 50);
    const id = await queue(rowsFile(dir, 'paced', 40_000), '分批发布');
    await runner.start();
    const waits: number[] = [];
    const failures: string[] = [];
    const early: number[] = [];
    for (let i = 0; ; i++) {
      const t0 = performance.now();
      try {
        // a console write as the server makes them: a transaction that reads, then writes (on its own
        // connection: the worker has another)
        await opened.db.transaction().execute(async (tx) => {
          await tx.selectFrom('topics').select('title').where('id', '=', other.id).executeTakeFirstOrThrow();
          await tx
            .updateTable('topics')
            .set({ description: `第 ${i} 次` })
            .where('id', '=', other.id)
            .execute();
        });
      } catch (err) {
        failures.push((err as Error).message);
      }
      waits.push(performance.now() - t0);
      // what a visitor sees of the import, then whether it had begun to publish (in this order: a row seen
      // before the mark would be a row shown too early)
      const seen = await inTopicPublished('分批发布');
      const task = await statusOf(id);
      if (seen > 0 && task.publishing !== 1) early.push(seen);
      if (task.status !== 'running' && task.status !== 'queued') break;
      await sleep(20);
    }
    expect(failures).toEqual([]);
    expect(early).toEqual([]);
    expect(waits.length).toBeGreaterThan(20);
    expect(Math.max(...waits)).toBeLessThan(1000);
    expect((await statusOf(id)).status).toBe('done');
    expect(await inTopicPublished('分批发布')).toBe(40_000);
    expect(await opened.db.selectFrom('resources').select('id').where('import_task', 'is not', null).limit(1).execute()).toEqual([]);
    await runner.stop();
  });

  it('at the next start removes what an import cut off before publishing left, and runs again one cut off while it published, to the end', async () => {
    const mark = async (task: number, key: string, published: boolean) => {
      const t = await opened.db.selectFrom('topics').select('id').where('title', '=', `停下的导入 ${task}`).executeTakeFirst();
      const topicId =
        t?.id ??
        (
          await opened.db
            .insertInto('topics')
            .values({ title: `停下的导入 ${task}`, cover: null, created_at: new Date().toISOString() })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const now = new Date().toISOString();
      const r = await opened.db
        .insertInto('resources')
        .values({
          type: 'article',
          source_key: key,
          title: key,
          date: null,
          fields: '{}',
          search_text: '',
          created_at: now,
          updated_at: now,
          import_task: task,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await opened.db
        .insertInto('resource_topics')
        .values({
          resource_id: r.id,
          topic_id: topicId,
          category_one: null,
          category_two: null,
          type: 'article',
          date_key: '',
          published: published ? 1 : 0,
          import_task: published ? null : task,
        })
        .execute();
    };
    // one stopped while it wrote (nothing published), one stopped while it published (some rows published)
    const file = rowsFile(dir, 'again', 500);
    const writing = await queue(file, '停下的导入 甲', 'running');
    const publishing = await queue(file, '停下的导入 乙', 'running');
    await opened.db.updateTable('tasks').set({ publishing: 1 }).where('id', '=', publishing).execute();
    await mark(writing, 'left-1', false);
    await mark(writing, 'left-2', false);
    await mark(publishing, 'again0', true); // published before the stop (its mark not yet cleared)
    await mark(publishing, 'again1', false);

    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 50);
    await runner.start();
    expect(await statusOf(writing)).toMatchObject({ status: 'interrupted', error: MSG.importRestarted });
    // out of its topic before anything is served (its records are removed right after)
    expect(await inTopic(`停下的导入 ${writing}`)).toBe(0);
    const done = await until(async () => {
      const s = await statusOf(publishing);
      return s.status === 'done' || s.status === 'failed' ? s : undefined;
    });
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(await opened.db.selectFrom('resources').select('id').where('source_key', 'in', ['left-1', 'left-2']).execute()).toEqual([]);
    // every row of the file once, the one published before kept (updated, not added again)
    expect(JSON.parse(done.result!)).toMatchObject({ read: 500, inserted: 499, updated: 1 });
    expect(await opened.db.selectFrom('resources').select('id').where('source_key', 'like', 'again%').execute()).toHaveLength(500);
    expect(await opened.db.selectFrom('resources').select('id').where('import_task', 'is not', null).limit(1).execute()).toEqual([]);
    await runner.stop();
  });

  it('passes the column mapping chosen in the console to the import in the worker', async () => {
    const file = path.join(dir, 'keys.jsonl');
    fs.writeFileSync(
      file,
      [
        { 类型: 'article', 题名: '键名不同的第一篇' },
        { 类型: 'article', 题名: '键名不同的第二篇' },
      ]
        .map((o) => JSON.stringify(o))
        .join('\n'),
    );
    const mapping = { type: '类型', title: '题名', date: null, key: null, fields: null, category: null, search: null };
    const r = await opened.db
      .insertInto('tasks')
      .values({
        kind: 'import',
        status: 'queued',
        title: '列对应',
        params: JSON.stringify({ kind: 'jsonl', topic: '列对应', file, name: 'keys.jsonl', mapping }),
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 50);
    await runner.start();
    const t = await until(async () => {
      const s = await statusOf(r.id);
      return s.status === 'done' || s.status === 'failed' ? s : undefined;
    });
    expect(t).toMatchObject({ status: 'done', error: null });
    expect(JSON.parse(t.result!)).toMatchObject({ inserted: 2, skipped: 0 });
    expect(await inTopic('列对应')).toBe(2);
    await runner.stop();
  });
});

/** Writes `n` JSON lines of articles keyed `${prefix}${i}` into `dir`; returns the file. */
function rowsFile(dir: string, prefix: string, n: number): string {
  const file = path.join(dir, `${prefix}.jsonl`);
  fs.writeFileSync(
    file,
    Array.from({ length: n }, (_, i) =>
      JSON.stringify({ type: 'article', key: `${prefix}${i}`, title: `第 ${i} 篇：${prefix} 的检索方法`, category: ['工学'] }),
    ).join('\n'),
  );
  return file;
}
/** Queues an import task of `file` into `topic` on `db`; returns its id. */
async function queueOn(db: Db, file: string, topic: string): Promise<number> {
  const r = await db
    .insertInto('tasks')
    .values({
      kind: 'import',
      status: 'queued',
      title: topic,
      params: JSON.stringify({ kind: 'jsonl', topic, file, name: path.basename(file) }),
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a PostgreSQL test opened on its fresh database; each is closed by onFreshPostgres at the end. */
interface PgScope {
  /** the test's database, through the first pool */
  db: Db;
  url: string;
  /** a temporary folder, removed at the end */
  dir(): string;
  /** another pool on the same database (a second server process), closed at the end */
  open(): Promise<OpenedDb>;
  /** a task runner on `db` or another pool, stopped at the end */
  runner(r: TaskRunner): TaskRunner;
  /** anything else to undo at the end (run before what was opened earlier) */
  defer(undo: () => Promise<unknown> | unknown): void;
}

/**
 * Runs `test` on a fresh PostgreSQL database, then, whether it passed or not, undoes what it opened,
 * last opened first (runners stopped, pools and clients closed, folders removed), and drops the database.
 */
async function onFreshPostgres(test: (pg: PgScope) => Promise<void>): Promise<void> {
  const fresh = await freshDatabase();
  const undo: Array<() => Promise<unknown> | unknown> = [() => fresh.drop()];
  const scope: PgScope = {
    db: fresh.db,
    url: fresh.url,
    dir: () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-tasks-pg-'));
      undo.push(() => fs.rmSync(d, { recursive: true, force: true }));
      return d;
    },
    open: async () => {
      const o = await openDatabase(fresh.url);
      undo.push(() => o.close());
      return o;
    },
    runner: (r) => {
      undo.push(() => r.stop());
      return r;
    },
    defer: (f) => void undo.push(f),
  };
  try {
    await test(scope);
  } finally {
    for (const f of undo.reverse()) await f();
  }
}

describe.runIf(!onSqlite)('the task runner on PostgreSQL', () => {
  it('two server processes (two pools on one database) share the queue: each task is run once, by one of them', () =>
    onFreshPostgres(async (pgs) => {
      const other = await pgs.open(); // the second process's own pool
      const d = pgs.dir();
      const runs = [0, 0];
      const a = pgs.runner(new TaskRunner(pgs.db, 'postgres', undefined, 10, async () => void runs[0]++));
      const b = pgs.runner(new TaskRunner(other.db, 'postgres', undefined, 10, async () => void runs[1]++));
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) ids.push(await queueOn(pgs.db, rowsFile(d, `q${i}-`, 400), `共享队列 ${i}`));
      await Promise.all([a.start(), b.start()]);
      const tasks = await until(async () => {
        const r = await pgs.db.selectFrom('tasks').selectAll().where('id', 'in', ids).orderBy('id').execute();
        return r.every((t) => t.status !== 'queued' && t.status !== 'running') ? r : undefined;
      });
      await sleep(300); // a second run of a task would have begun by now
      expect(tasks.map((t) => t.status)).toEqual(ids.map(() => 'done'));
      expect(runs[0] + runs[1]).toBe(10);
      // each task was taken by one process, and each process took some
      expect(tasks.filter((t) => t.owner === a.owner)).toHaveLength(runs[0]);
      expect(tasks.filter((t) => t.owner === b.owner)).toHaveLength(runs[1]);
      expect(runs[0]).toBeGreaterThan(0);
      expect(runs[1]).toBeGreaterThan(0);
      // written once: every row inserted, none updated by a second run, none doubled
      for (const t of tasks) expect(JSON.parse(t.result!)).toMatchObject({ inserted: 400, updated: 0 });
      const n = await pgs.db
        .selectFrom('resources')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(4000);
    }));

  it('marks a task of another process interrupted when its heartbeat is older than the limit, not one whose heartbeat is fresh', () =>
    onFreshPostgres(async (pgs) => {
      const running = async (owner: string, heartbeatAgoMs: number) =>
        (
          await pgs.db
            .insertInto('tasks')
            .values({
              kind: 'import',
              status: 'running',
              title: owner,
              params: JSON.stringify({ kind: 'jsonl', topic: owner, file: '/nonexistent.jsonl', name: 'x.jsonl' }),
              owner,
              heartbeat_at: new Date(Date.now() - heartbeatAgoMs).toISOString(),
              created_by: null,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const read = async (id: number) => await pgs.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const gone = await running('gone-1', 61_000);
      const alive = await running('alive-2', 1_000);
      const first = pgs.runner(new TaskRunner(pgs.db, 'postgres', undefined, 60_000));
      await first.start();
      expect(await read(gone)).toMatchObject({ status: 'interrupted', owner: 'gone-1' });
      expect((await read(gone)).error).toMatch(/服务器重启，任务已中断/);
      expect(await read(alive)).toMatchObject({ status: 'running', owner: 'alive-2', error: null });
      await first.stop();

      // a running process checks again now and then: a heartbeat that stops beating is noticed later
      const stops = await running('stops-3', 0);
      const watching = pgs.runner(new TaskRunner(pgs.db, 'postgres', undefined, 20, undefined, { staleMs: 800 }));
      await watching.start();
      expect((await read(stops)).status).toBe('running');
      const t = await until(async () => {
        const r = await read(stops);
        return r.status === 'interrupted' ? r : undefined;
      }, 10_000);
      expect(Date.parse(t.finished_at!) - Date.parse(t.heartbeat_at!)).toBeGreaterThanOrEqual(800);
    }));

  it('keeps the heartbeat of an import fresh in its last step, which reports no rows (vacuum), so another process does not take it for abandoned', () =>
    onFreshPostgres(async (pgs) => {
      const other = await pgs.open();
      const d = pgs.dir();
      // another session holds the lock vacuum needs on the bigram index: the import's vacuum (analyze) waits
      const locker = new pg.Client({ connectionString: pgs.url });
      await locker.connect();
      let locked = true;
      pgs.defer(async () => {
        if (locked) await locker.query('rollback');
        await locker.end();
      });
      await locker.query('begin');
      await locker.query('lock table resource_grams in share update exclusive mode');
      const runner = pgs.runner(new TaskRunner(pgs.db, 'postgres', undefined, 20, undefined, { staleMs: 1000, heartbeatMs: 100 }));
      const id = await queueOn(pgs.db, rowsFile(d, 'hb', 1500), '心跳');
      await runner.start();
      await until(async () => {
        const r = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and query ilike 'vacuum%' and wait_event_type = 'Lock'`.execute(pgs.db);
        return Number(r.rows[0].n) > 0 || undefined;
      });
      await sleep(2500); // 2.5 times the limit without a row reported
      const during = await pgs.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(during.status).toBe('running');
      expect(Date.now() - Date.parse(during.heartbeat_at!)).toBeLessThan(1000);
      // a second process starting now (same limit) leaves it running
      const second = pgs.runner(new TaskRunner(other.db, 'postgres', undefined, 60_000, undefined, { staleMs: 1000 }));
      await second.start();
      await second.stop();
      expect((await pgs.db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('running');
      await locker.query('rollback');
      locked = false;
      const t = await until(async () => {
        const r = await pgs.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return r.status === 'running' ? undefined : r;
      });
      expect(t.status).toBe('done');
      expect(JSON.parse(t.result!)).toMatchObject({ inserted: 1500, updated: 0 });
    }));

  it('stops a running import when another process asks (cancel_requested), and nothing of it stays', () =>
    onFreshPostgres(async (pgs) => {
      const file = path.join(pgs.dir(), 'rows.jsonl');
      fs.writeFileSync(
        file,
        Array.from({ length: 60_000 }, (_, i) =>
          JSON.stringify({ type: 'article', key: `p${i}`, title: `第 ${i} 篇：跨进程取消的导入`, category: ['工学'] }),
        ).join('\n'),
      );
      const row = await pgs.db
        .insertInto('tasks')
        .values({
          kind: 'import',
          status: 'queued',
          title: '跨进程',
          params: JSON.stringify({ kind: 'jsonl', topic: '跨进程取消', file, name: 'rows.jsonl' }),
          created_by: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const runner = pgs.runner(new TaskRunner(pgs.db, 'postgres', undefined, 50));
      await runner.start();
      await until(() => {
        const p = runner.progressOf(row.id);
        return p && p.done > 0 ? p : undefined;
      });
      // another server process: it only writes the flag
      await pgs.db.updateTable('tasks').set({ cancel_requested: 1 }).where('id', '=', row.id).execute();
      const t = await until(async () => {
        const s = await pgs.db.selectFrom('tasks').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        return s.status === 'running' ? undefined : s;
      });
      expect(t.status).toBe('cancelled');
      expect(await pgs.db.selectFrom('resources').select('id').limit(1).execute()).toEqual([]);
    }));
});
