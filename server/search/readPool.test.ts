/**
 * Searches on a SQLite file run in worker threads (decision 262): the pool answers what the
 * server's own connection answers, sees a write made after it started, reports a database failure as a
 * rejection, and stops. On PostgreSQL (ATRIUM_TEST_DB=postgres) and in memory there are no workers;
 * PostgreSQL runs as many searches at once as a file has workers, the others waiting (decision 363).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '../db/index.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { concurrencyLimit, searchRunner, type SearchRunner } from './readPool.js';
import { searchResources } from './service.js';
import { listTopicResources } from '../resources/topicData.js';

const onSqlite = process.env.ATRIUM_TEST_DB !== 'postgres';
let dir: string;
let opened: OpenedDb;
let runner: SearchRunner;
let topic: number;

describe.runIf(onSqlite)('the search pool on a SQLite file', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pool-'));
    opened = await openDatabase(path.join(dir, 'atrium.db'));
    const topicId = await ensureTopic(opened.db, '检索线程');
    await upsertResources(opened.db, [
      {
        type: 'article',
        sourceKey: 'a1',
        title: '基于深度学习的图像分割方法研究',
        date: '2024-01-01',
        fields: {},
        searchText: '卷积神经网络 张三',
        topicId,
        categoryOne: '工学',
      },
      {
        type: 'article',
        sourceKey: 'a2',
        title: '图书馆知识服务的评价体系',
        date: '2023-01-01',
        fields: {},
        searchText: '知识服务',
        topicId,
        categoryOne: '管理学',
      },
    ]);
    runner = searchRunner(opened.db, opened.dialect, opened.file, 1);
    topic = topicId;
  });
  afterAll(async () => {
    await runner?.close();
    await opened?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs in a worker and answers what the server connection answers', async () => {
    expect(runner.workers).toBe(1);
    for (const q of ['图像', '神经网络', '张三', '评价 体系', '学']) {
      const query = { q, page: 1, size: 10 };
      expect(await runner.search(query), q).toEqual(await searchResources(opened.db, opened.dialect, query));
    }
    expect((await runner.search({ q: '分割', page: 1, size: 10 })).content.map((r) => r.title)).toEqual(['基于深度学习的图像分割方法研究']);
  });

  it("reads a page of a topic's data in a worker, as the server connection does (decision 385)", async () => {
    for (const query of [
      { type: 'article', page: 1, size: 20 },
      { type: 'article', page: 1, size: 20, query: '知识服务' },
      { type: 'article', page: 1, size: 1, category: '工学' },
    ]) {
      const inWorker = await runner.read('topicResources', { topicId: topic, query });
      expect(inWorker, JSON.stringify(query)).toEqual(await listTopicResources(opened.db, topic, query));
    }
    const page = await runner.read('topicResources', { topicId: topic, query: { type: 'article', page: 1, size: 20, query: '图像' } });
    expect(page.content.map((r) => r.title)).toEqual(['基于深度学习的图像分割方法研究']);
    expect(page.totalElements).toBe(1);
  });

  it('sees a resource written after it started', async () => {
    await upsertResources(opened.db, [{ type: 'policy', sourceKey: 'p1', title: '科研数据管理办法', date: null, fields: {} }]);
    expect((await runner.search({ q: '数据管理', page: 1, size: 10 })).totalElements).toBe(1);
  });

  it('rejects with the database error when the file is gone, and starts no search after close', async () => {
    const broken = searchRunner(opened.db, opened.dialect, path.join(dir, 'missing.db'), 1);
    await expect(broken.search({ q: '图像', page: 1, size: 10 })).rejects.toThrow();
    // the next search starts the worker again, and fails the same way (no restart loop in between)
    await expect(broken.search({ q: '图像', page: 1, size: 10 })).rejects.toThrow();
    // the topic's data page goes through the same worker, so it fails the same way
    await expect(broken.read('topicResources', { topicId: topic, query: { type: 'article', page: 1, size: 20 } })).rejects.toThrow();
    await broken.close();
    await expect(broken.search({ q: '图像', page: 1, size: 10 })).rejects.toThrow('检索线程已停止');
  });
});

it('searches on the server connection in memory or on PostgreSQL', async () => {
  const mem = await openDatabase(':memory:');
  expect(searchRunner(mem.db, mem.dialect, mem.file).workers).toBe(0);
  expect(searchRunner(mem.db, 'postgres', undefined).workers).toBe(0);
  await mem.close();
});

describe('concurrencyLimit (the searches at once on PostgreSQL, decision 363)', () => {
  /** Starts `count` calls through `limit`, each ending when the test says; records the most running at once and the order they started. */
  function harness(limit: ReturnType<typeof concurrencyLimit>, count: number) {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const enders: Array<(fail?: boolean) => void> = [];
    const results = Array.from({ length: count }, (_, i) =>
      limit(
        () =>
          new Promise<number>((resolve, reject) => {
            running++;
            most = Math.max(most, running);
            started.push(i);
            enders[i] = (fail) => {
              running--;
              if (fail) reject(new Error(`第 ${i} 次失败`));
              else resolve(i);
            };
          }),
      ),
    );
    const tick = () => new Promise((r) => setTimeout(r, 0));
    return { results, started, enders, tick, most: () => most };
  }

  it('runs one at a time when the limit is 1, first come first served, and hands the slot on after a failure', async () => {
    const h = harness(concurrencyLimit(1), 3);
    await h.tick();
    expect(h.started).toEqual([0]);
    h.enders[0](true);
    await expect(h.results[0]).rejects.toThrow('第 0 次失败');
    await h.tick();
    expect(h.started).toEqual([0, 1]);
    h.enders[1]();
    await h.tick();
    expect(h.started).toEqual([0, 1, 2]);
    h.enders[2]();
    expect(await Promise.all(h.results.slice(1))).toEqual([1, 2]);
    expect(h.most()).toBe(1);
  });

  it('runs two at once when the limit is 2, and a call arriving as one ends does not overtake those waiting', async () => {
    const limit = concurrencyLimit(2);
    const h = harness(limit, 4);
    await h.tick();
    expect(h.started).toEqual([0, 1]);
    h.enders[0]();
    const late = limit(async () => 'late');
    await h.tick();
    expect(h.started).toEqual([0, 1, 2]);
    h.enders[1]();
    h.enders[2]();
    await h.tick();
    h.enders[3]();
    expect(await late).toBe('late');
    expect(await Promise.all(h.results)).toEqual([0, 1, 2, 3]);
    expect(h.most()).toBe(2);
  });
});
