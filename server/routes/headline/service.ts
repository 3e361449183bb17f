/**
 * News domains and the headline a user follows (spec 2 §7 `GET /technology/news/v2/domain/list`, host
 * tools API 'headline getByUserId' and 'headline save'; docs/decisions.md 294).
 * - A news domain is a first-level category that news items carry in some topic (resource_topics,
 *   published rows only); the list counts the news items of each, most first.
 * - A user's headline is the list of domains they follow (user_headlines), in their order.
 */
import type { Db } from '../../db/index.js';
import type { Headline, NewsDomain } from '../../../common/contracts/headline.js';

export type { Headline, NewsDomain };

/** The most domains listed. */
export const DOMAIN_LIST_MAX = 200;

/** The news domains, most items first then by label; at most DOMAIN_LIST_MAX. */
export async function newsDomains(db: Db): Promise<NewsDomain[]> {
  const rows = await db
    .selectFrom('resource_topics')
    .select(['category_one', (eb) => eb.fn.count<number>('resource_id').distinct().as('n')])
    .where('type', '=', 'news')
    .where('published', '=', 1)
    .where('category_one', 'is not', null)
    .where('category_one', '!=', '')
    .groupBy('category_one')
    .orderBy('n', 'desc')
    .orderBy('category_one', 'asc')
    .limit(DOMAIN_LIST_MAX)
    .execute();
  return rows.map((r) => ({ label: r.category_one!, value: r.category_one!, count: Number(r.n) }));
}

/** Reads the headline of the user. */
export async function readHeadline(db: Db, userId: number): Promise<Headline> {
  const row = await db.selectFrom('user_headlines').select(['domains', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { userId, domains: [], updatedAt: null };
  let domains: string[] = [];
  try {
    const v = JSON.parse(row.domains) as unknown;
    if (Array.isArray(v)) domains = v.filter((d): d is string => typeof d === 'string');
  } catch {
    domains = [];
  }
  return { userId, domains, updatedAt: row.updated_at };
}

/** Stores the user's domains (duplicates dropped, first kept), replacing what was there; returns the headline. */
export async function saveHeadline(db: Db, userId: number, domains: string[]): Promise<Headline> {
  const unique = [...new Set(domains)];
  const t = new Date().toISOString();
  const value = JSON.stringify(unique);
  await db
    .insertInto('user_headlines')
    .values({ user_id: userId, domains: value, updated_at: t })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ domains: value, updated_at: t }))
    .execute();
  return { userId, domains: unique, updatedAt: t };
}
