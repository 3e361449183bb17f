/**
 * The task runner on a SQLite file (issue 11 §4; decision 267): an import runs in a worker thread and
 * reports progress; a cancel in the middle rolls the whole import back (no row of it is left); a task
 * left running by a stopped server is marked interrupted at the next start and can be run again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '../db/index.js';
import { freshDatabase } from '../test/harness.js';
import { TaskRunner } from './runner.js';

const onSqlite = process.env.ATRIUM_TEST_DB !== 'postgres';
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

  it('marks a task left running by a stopped server interrupted at the next start', async () => {
    const id = await queue(rows, '中断的导入', 'running');
    const runner = new TaskRunner(opened.db, 'sqlite', opened.file, 60_000);
    await runner.start();
    const t = await statusOf(id);
    expect(t.status).toBe('interrupted');
    expect(t.error).toMatch(/服务器重启，任务已中断/);
    await runner.stop();
  });
});

describe.runIf(!onSqlite)('the task runner on PostgreSQL', () => {
  it('stops a running import when another process asks (cancel_requested), and nothing of it stays', async () => {
    const fresh = await freshDatabase();
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-tasks-pg-'));
    try {
      const file = path.join(d, 'rows.jsonl');
      fs.writeFileSync(
        file,
        Array.from({ length: 60_000 }, (_, i) =>
          JSON.stringify({ type: 'article', key: `p${i}`, title: `第 ${i} 篇：跨进程取消的导入`, category: ['工学'] }),
        ).join('\n'),
      );
      const row = await fresh.db
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
      const runner = new TaskRunner(fresh.db, 'postgres', undefined, 50);
      await runner.start();
      await until(() => {
        const p = runner.progressOf(row.id);
        return p && p.done > 0 ? p : undefined;
      });
      // another server process: it only writes the flag
      await fresh.db.updateTable('tasks').set({ cancel_requested: 1 }).where('id', '=', row.id).execute();
      const t = await until(async () => {
        const s = await fresh.db.selectFrom('tasks').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        return s.status === 'running' ? undefined : s;
      });
      expect(t.status).toBe('cancelled');
      expect(await fresh.db.selectFrom('resources').select('id').limit(1).execute()).toEqual([]);
      await runner.stop();
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
      await fresh.drop();
    }
  });
});
