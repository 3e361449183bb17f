/**
 * The literature analyses shared by the server processes (server/search/analysisStore.ts; decision 710),
 * on the project's database: two processes asking at once compute once and both get the result; a
 * stored analysis answers without computing; a newer cache generation computes again; a claim whose
 * process is gone (old heartbeat) is taken over; a failure removes its claim and the next ask computes;
 * a newer generation's analysis answers a process that has not learnt of the write yet, and when that
 * newer claim's process is gone, it computes for itself and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { EMPTY_ANALYSIS, type LiteratureAnalysis } from './literature.js';
import { sharedAnalysis } from './analysisStore.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.drop();
});

const FAST = { heartbeatMs: 20, staleMs: 200, pollMs: 10 };
const analysisOf = (total: number): LiteratureAnalysis => ({ ...EMPTY_ANALYSIS, total, years: [{ value: '2024', count: total }] });
/** A computation that counts its runs and takes `ms`. */
function counted(total: number, ms = 50) {
  const c = {
    runs: 0,
    compute: async () => {
      c.runs++;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return analysisOf(total);
    },
  };
  return c;
}
const rowOf = (key: string) => db.selectFrom('literature_analyses').selectAll().where('key', '=', key).executeTakeFirst();

describe('sharedAnalysis', () => {
  it('computes once for two processes asking at once, and both get the result, stored', async () => {
    const c = counted(7, 150);
    const [a, b] = await Promise.all([
      sharedAnalysis(db, 'k-once', 1, c.compute, { ...FAST, owner: 'process-a' }),
      sharedAnalysis(db, 'k-once', 1, c.compute, { ...FAST, owner: 'process-b' }),
    ]);
    expect(c.runs).toBe(1);
    expect([a.total, b.total]).toEqual([7, 7]);
    const row = await rowOf('k-once');
    expect(row?.status).toBe('ready');
    expect(JSON.parse(row!.result!).total).toBe(7);
  });

  it('answers a stored analysis without computing, and computes again in a newer generation', async () => {
    const stored = counted(8);
    await sharedAnalysis(db, 'k-gen', 1, stored.compute, FAST);
    const again = counted(99);
    expect((await sharedAnalysis(db, 'k-gen', 1, again.compute, { ...FAST, owner: 'another' })).total).toBe(8);
    expect(again.runs).toBe(0);
    expect((await sharedAnalysis(db, 'k-gen', 2, again.compute, FAST)).total).toBe(99);
    expect(again.runs).toBe(1);
    expect((await rowOf('k-gen'))?.generation).toBe(2);
  });

  it('takes over a claim whose process is gone', async () => {
    const old = new Date(Date.now() - 60_000).toISOString();
    await db
      .insertInto('literature_analyses')
      .values({ key: 'k-stale', generation: 1, status: 'running', result: null, owner: 'gone', started_at: old, heartbeat_at: old, finished_at: null })
      .execute();
    const c = counted(5);
    expect((await sharedAnalysis(db, 'k-stale', 1, c.compute, FAST)).total).toBe(5);
    expect(c.runs).toBe(1);
    expect((await rowOf('k-stale'))?.status).toBe('ready');
  });

  it('waits for a live claim of another process instead of computing', async () => {
    const now = new Date().toISOString();
    await db
      .insertInto('literature_analyses')
      .values({ key: 'k-wait', generation: 1, status: 'running', result: null, owner: 'other', started_at: now, heartbeat_at: now, finished_at: null })
      .execute();
    const c = counted(1);
    const waiting = sharedAnalysis(db, 'k-wait', 1, c.compute, { ...FAST, staleMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t = new Date().toISOString();
    await db
      .updateTable('literature_analyses')
      .set({ status: 'ready', result: JSON.stringify(analysisOf(42)), heartbeat_at: t, finished_at: t })
      .where('key', '=', 'k-wait')
      .execute();
    expect((await waiting).total).toBe(42);
    expect(c.runs).toBe(0);
  });

  it('removes its claim when the computation fails, and the next ask computes', async () => {
    const failing = async (): Promise<LiteratureAnalysis> => {
      throw new Error('数据库连接中断');
    };
    await expect(sharedAnalysis(db, 'k-fail', 1, failing, FAST)).rejects.toThrow('数据库连接中断');
    expect(await rowOf('k-fail')).toBeUndefined();
    const c = counted(3);
    expect((await sharedAnalysis(db, 'k-fail', 1, c.compute, FAST)).total).toBe(3);
  });

  it('answers a newer generation stored by a process that learnt of a write first', async () => {
    await sharedAnalysis(db, 'k-behind', 5, counted(50).compute, FAST);
    const c = counted(4);
    expect((await sharedAnalysis(db, 'k-behind', 4, c.compute, FAST)).total).toBe(50);
    expect(c.runs).toBe(0);
  });

  it('computes for itself, storing nothing, when the claim of a newer generation lost its process', async () => {
    const old = new Date(Date.now() - 60_000).toISOString();
    await db
      .insertInto('literature_analyses')
      .values({ key: 'k-newer-gone', generation: 9, status: 'running', result: null, owner: 'gone', started_at: old, heartbeat_at: old, finished_at: null })
      .execute();
    const c = counted(6);
    expect((await sharedAnalysis(db, 'k-newer-gone', 8, c.compute, FAST)).total).toBe(6);
    expect(c.runs).toBe(1);
    const row = await rowOf('k-newer-gone');
    expect([row?.generation, row?.status, row?.owner]).toEqual([9, 'running', 'gone']);
  });
});
