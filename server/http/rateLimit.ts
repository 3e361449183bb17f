/**
 * Fixed-window rate limits kept in the database, so that several processes share them (DESIGN.md 'Scale').
 */
import type { Db } from '../db/index.js';

/**
 * Counts one hit on `key`; returns false when more than `limit` hits fell in the current window of `windowMs` ms.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
    const start = now.toISOString();
    if (!row || new Date(row.window_start).getTime() + windowMs <= now.getTime()) {
      await tx
        .insertInto('rate_limits')
        .values({ key, window_start: start, count: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: start, count: 1 }))
        .execute();
      return true;
    }
    if (row.count >= limit) return false;
    await tx
      .updateTable('rate_limits')
      .set({ count: row.count + 1 })
      .where('key', '=', key)
      .execute();
    return true;
  });
}
