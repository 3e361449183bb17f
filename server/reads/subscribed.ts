/** The signed-in user's journal subscriptions as marks on listing items (spec 1 §3 'Journal'). */
import type { Db } from '../db/index.js';

/** Sets is_subscribed on journal listing items for the user (any application) — spec 1 §3 'Journal'. */
export async function markSubscribed<T extends { id: number }>(db: Db, userId: number, items: T[]): Promise<(T & { is_subscribed: boolean })[]> {
  if (items.length === 0) return [];
  const subs = await db
    .selectFrom('subscriptions')
    .select('resource_id')
    .distinct()
    .where('user_id', '=', userId)
    .where(
      'resource_id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  const on = new Set(subs.map((s) => s.resource_id));
  return items.map((i) => ({ ...i, is_subscribed: on.has(i.id) }));
}
