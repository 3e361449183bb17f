/**
 * An import written staged (server/import/staged.ts; docs/decisions.md 410), on SQLite and PostgreSQL:
 * in short transactions, none of it seen by a visitor before it publishes (no published link, no count,
 * no search entry carrying the topic) and all of it after; a failure before publishing leaves nothing,
 * not even the topic it made, while a topic that existed stays; a re-import leaves unchanged records
 * alone and changes the others only when it publishes; what an import cut off before or while
 * publishing left is removed, what it published kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, testDialect } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { importFiles } from './run.js';
import { discardImport } from './staged.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-staged-'));
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A JSON-lines file of `n` articles keyed `${prefix}${i}` (titles changed by `title` when given). */
function rows(prefix: string, n: number, title = (i: number) => `第 ${i} 篇：${prefix} 的分批导入`): string {
  const file = path.join(tmp, `${prefix}-${Math.random().toString(36).slice(2)}.jsonl`);
  fs.writeFileSync(
    file,
    Array.from({ length: n }, (_, i) =>
      JSON.stringify({ type: 'article', key: `${prefix}${i}`, title: title(i), category: ['工学', '计算机科学与技术'] }),
    ).join('\n'),
  );
  return file;
}

/** What a visitor and the search could see of a topic, and the rows still marked by an import. */
async function state(topic: string) {
  const t = await db.selectFrom('topics').select('id').where('title', '=', topic).executeTakeFirst();
  const tid = t?.id ?? -1;
  const n = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0].n);
  const published = await n(sql`select count(*) as n from resource_topics where topic_id = ${tid} and published = 1`);
  const links = await n(sql`select count(*) as n from resource_topics where topic_id = ${tid}`);
  const counted = Number(
    (await db.selectFrom('topic_type_counts').select('n').where('topic_id', '=', tid).where('type', '=', 'article').executeTakeFirst())?.n ?? 0,
  );
  const markedRecords = await n(sql`select count(*) as n from resources where import_task is not null`);
  const markedLinks = await n(sql`select count(*) as n from resource_topics where import_task is not null`);
  // the search: SQLite's index holds a record's text (its links are joined at search time, published
  // only); PostgreSQL's row carries the record's published links
  const searchable =
    testDialect === 'postgres'
      ? Number((await sql<{ n: number }>`select count(*) as n from resource_grams where links ? ${String(tid)}`.execute(db)).rows[0].n)
      : Number(
          (
            await sql<{ n: number }>`select count(*) as n from resources_grams g join resource_topics rt on rt.resource_id = g.rowid
              where resources_grams match ${'"分批"'} and rt.topic_id = ${tid} and rt.published = 1`.execute(db)
          ).rows[0].n,
        );
  return { topic: !!t, published, links, counted, markedRecords, markedLinks, searchable };
}

describe('a staged import', () => {
  it('writes in short transactions that no visitor sees before it publishes, then every row', async () => {
    let atCommit: Awaited<ReturnType<typeof state>> | undefined;
    const phases = new Set<string>();
    let transactions = 0;
    const s = await importFiles(db, 'jsonl', [rows('a', 3000)], {
      topic: '分批导入',
      onProgress: (p) => void phases.add(p.phase),
      staged: {
        taskId: 901,
        budgetMs: 10,
        gapMs: 0,
        checkpoint: () => void transactions++,
        onPublish: async () => {
          atCommit = await state('分批导入');
        },
      },
    });
    expect(s).toMatchObject({ read: 3000, inserted: 3000, updated: 0 });
    expect(transactions).toBeGreaterThan(3); // written in several transactions, not one
    expect([...phases]).toEqual(['parse', 'write', 'publish']);
    // at the commit point: every row written, marked, and nothing a visitor or the search sees
    expect(atCommit).toEqual({ topic: true, published: 0, links: 3000, counted: 0, markedRecords: 3000, markedLinks: 3000, searchable: 0 });
    // published: every row, no mark left
    expect(await state('分批导入')).toEqual({ topic: true, published: 3000, links: 3000, counted: 3000, markedRecords: 0, markedLinks: 0, searchable: 3000 });
  });

  it('removes all it wrote when it fails before publishing: records, links, search entries and the topic it made; a topic that existed stays', async () => {
    const before = await state('分批导入');
    let calls = 0;
    const fail = (topic: string) =>
      importFiles(db, 'jsonl', [rows('b', 2000)], {
        topic,
        staged: {
          taskId: 902,
          budgetMs: 10,
          gapMs: 0,
          checkpoint: () => {
            if (++calls % 4 === 0) throw new Error('磁盘已满');
          },
        },
      });
    await expect(fail('失败的导入')).rejects.toThrow('磁盘已满');
    expect(await state('失败的导入')).toEqual({ topic: false, published: 0, links: 0, counted: 0, markedRecords: 0, markedLinks: 0, searchable: 0 });
    expect(await db.selectFrom('resources').select('id').where('source_key', 'like', 'b%').limit(1).execute()).toEqual([]);
    // into a topic that has records: they and it stay as they were
    await expect(fail('分批导入')).rejects.toThrow('磁盘已满');
    expect(await state('分批导入')).toEqual(before);
  });

  it('leaves unchanged records alone on a re-import and changes the others only when it publishes', async () => {
    const file = rows('c', 200);
    await importFiles(db, 'jsonl', [file], { topic: '再次导入', staged: { taskId: 903, gapMs: 0 } });
    const first = await db
      .selectFrom('resources')
      .select(['id', 'source_key', 'title', 'updated_at'])
      .where('source_key', 'like', 'c%')
      .orderBy('id')
      .execute();
    await new Promise((r) => setTimeout(r, 5)); // a later time for whatever is written again
    const changed = rows('c', 200, (i) => (i < 10 ? `第 ${i} 篇：改过的标题` : `第 ${i} 篇：c 的分批导入`));
    let titlesAtCommit: string[] = [];
    const s = await importFiles(db, 'jsonl', [changed], {
      topic: '再次导入',
      staged: {
        taskId: 904,
        gapMs: 0,
        onPublish: async () => {
          titlesAtCommit = (await db.selectFrom('resources').select('title').where('source_key', 'in', ['c0', 'c9']).orderBy('id').execute()).map(
            (r) => r.title,
          );
        },
      },
    });
    expect(s).toMatchObject({ read: 200, inserted: 0, updated: 200 });
    expect(titlesAtCommit).toEqual(['第 0 篇：c 的分批导入', '第 9 篇：c 的分批导入']);
    const after = await db
      .selectFrom('resources')
      .select(['id', 'source_key', 'title', 'updated_at'])
      .where('source_key', 'like', 'c%')
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const byKey = new Map(after.map((r) => [r.source_key, r]));
    const was = new Map(first.map((r) => [r.source_key, r]));
    expect(byKey.get('c0')!.title).toBe('第 0 篇：改过的标题');
    expect(byKey.get('c0')!.updated_at > was.get('c0')!.updated_at).toBe(true);
    expect(byKey.get('c50')!.updated_at).toBe(was.get('c50')!.updated_at); // not written again
    expect(await state('再次导入')).toMatchObject({ published: 200, counted: 200, markedRecords: 0, markedLinks: 0 });
  });

  it('removes what an import cut off before or while publishing left, and keeps what it published', async () => {
    // a server stopped at the commit point: every row written and marked, none published
    void importFiles(db, 'jsonl', [rows('d', 300)], { topic: '停下的导入', staged: { taskId: 905, gapMs: 0, onPublish: () => new Promise(() => {}) } });
    for (let i = 0; i < 500 && (await state('停下的导入')).markedRecords < 300; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await state('停下的导入')).toMatchObject({ published: 0, markedRecords: 300, markedLinks: 300 });
    // stopped while publishing: the links of the first 100 published (their records still marked)
    const first = (await db.selectFrom('resources').select('id').where('import_task', '=', 905).orderBy('id').limit(100).execute()).map((r) => r.id);
    await db.updateTable('resource_topics').set({ published: 1, import_task: null }).where('resource_id', 'in', first).execute();

    expect(await discardImport(db, undefined, undefined, { gapMs: 0 })).toBe(200);
    expect(await state('停下的导入')).toMatchObject({ published: 100, links: 100, markedRecords: 0, markedLinks: 0 });
    const kept = (await db.selectFrom('resources').select('id').where('source_key', 'like', 'd%').orderBy('id').execute()).map((r) => r.id);
    expect(kept).toEqual(first);
  });
});
