/**
 * Personalisation: users' actions on resources, recommendations ranked from them, the
 * 不感兴趣 marks and journal subscriptions. SQL via Kysely; the scoring is TypeScript over a bounded
 * candidate set (decision 151).
 */
import { sql } from 'kysely';
import { resourceVisible, type ResourceRows } from '../../policies/rows.js';
import type { Db } from '../../db/index.js';
import { pageOffset } from '../../db/paging.js';
import type { ActionType } from '../../../common/constants.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { makePage, type Page } from '../../../common/page.js';
import { badRequest, notFound } from '../../http/errors.js';
import { presentResource, type ResourceItem } from '../../resources/present.js';
import { markSubscribed } from '../../reads/subscribed.js';
import { resourceTypeOf } from '../../../common/resourceTypes.js';

/** The resource's id and type, or 404 (MSG.resourceNotFound). */
export async function resourceOrThrow(db: Db, resourceId: number): Promise<{ id: number; type: string }> {
  const r = await db.selectFrom('resources').select(['id', 'type']).where('id', '=', resourceId).executeTakeFirst();
  if (!r) throw notFound(MSG.resourceNotFound);
  return r;
}

/** Records one action of the user on the resource (spec 1 §3 'Users, resource types, actions'); 404 for an unknown resource. */
export async function recordAction(db: Db, userId: number, resourceId: number, action: ActionType) {
  const r = await resourceOrThrow(db, resourceId);
  const created_at = new Date().toISOString();
  await db.insertInto('user_actions').values({ user_id: userId, resource_id: r.id, type: r.type, action, created_at }).execute();
  return { userId, resourceId: r.id, type: r.type, action, createdAt: created_at };
}

/** Marks the resource 不感兴趣 for the user (idempotent); 404 for an unknown resource. */
export async function dismiss(db: Db, userId: number, resourceId: number) {
  await resourceOrThrow(db, resourceId);
  await db
    .insertInto('recommendation_dismissals')
    .values({ user_id: userId, resource_id: resourceId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'resource_id']).doNothing())
    .execute();
}

/** A recommended item: the listing item plus the reason shown to the user (Chinese) and its score. */
export type RecommendedItem = ResourceItem & { reason: string; score: number };

interface Row {
  id: number;
  type: string;
  title: string;
  date: string | null;
  fields: string;
}

/** How many of the user's latest browsed resources make the profile; candidate bounds per source. */
export const PROFILE_SIZE = 20;
const CANDIDATES_BY_DISCIPLINE = 300;
const CANDIDATES_BY_CATEGORY = 150;
const CANDIDATES_HOT = 100;
const HOT_WINDOW_DAYS = 30;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const keywordsOf = (f: Record<string, unknown>): string[] => (Array.isArray(f.keywords) ? f.keywords.map(str).filter(Boolean) : []);

/**
 * One page of recommendations for the user (spec 2 §7 'Content' recommendations): candidates are the
 * resources (of `type` when given) sharing the discipline (resource_topics.category_two) or category
 * (category_one) of the user's last PROFILE_SIZE browsed resources, plus the most acted-on resources of
 * the last 30 days; anything the user already acted on or marked 不感兴趣 is left out. Score: discipline
 * share 4, category share 1, shared keywords 1 each (at most 2), popularity up to 1, recency up to 0.5.
 * Reason: 因为您浏览过《…》 (shares keywords with it), 与您关注的「学科」相关, or 近期热门.
 * Only records `visible` lets the user read are recommended (server/policies/rows.ts; decision 394).
 */
export async function recommend(
  db: Db,
  userId: number,
  q: { page: number; size: number; type?: string },
  visible: ResourceRows,
): Promise<Page<RecommendedItem>> {
  const browsed = await db
    .selectFrom('user_actions')
    .innerJoin('resources', 'resources.id', 'user_actions.resource_id')
    .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
    .select((eb) => eb.fn.max('user_actions.created_at').as('last'))
    .where('user_actions.user_id', '=', userId)
    .where('user_actions.action', '=', 'browse')
    .$if(!!q.type, (qb) => qb.where('user_actions.type', '=', q.type!))
    .groupBy(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
    .orderBy('last', 'desc')
    .limit(PROFILE_SIZE)
    .execute();

  const disciplines = new Map<string, number>();
  const categories = new Map<string, number>();
  const profile = browsed.map((b) => {
    const f = presentResource(b) as Record<string, unknown>;
    const d = str(f.discipline);
    const c = str(f.category);
    if (d) disciplines.set(d, (disciplines.get(d) ?? 0) + 1);
    if (c) categories.set(c, (categories.get(c) ?? 0) + 1);
    return { title: b.title, keywords: new Set(keywordsOf(f)) };
  });

  const seen = db.selectFrom('user_actions').select('resource_id').where('user_id', '=', userId);
  const dismissed = db.selectFrom('recommendation_dismissals').select('resource_id').where('user_id', '=', userId);
  const cols = ['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'] as const;
  const byCategory = (column: 'category_one' | 'category_two', values: string[], limit: number): Promise<Row[]> =>
    values.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('resource_topics')
          .innerJoin('resources', 'resources.id', 'resource_topics.resource_id')
          .select(cols)
          .where(`resource_topics.${column}`, 'in', values)
          .where('resource_topics.published', '=', 1)
          .where(resourceVisible(visible, sql.ref('resources.id')))
          .$if(!!q.type, (qb) => qb.where('resource_topics.type', '=', q.type!))
          .where('resources.id', 'not in', seen)
          .where('resources.id', 'not in', dismissed)
          .orderBy('resource_topics.date_key', 'desc')
          .orderBy('resources.id', 'asc')
          .limit(limit)
          .execute();
  const since = new Date(Date.now() - HOT_WINDOW_DAYS * 86_400_000).toISOString();
  const [byDiscipline, byCat, hot] = await Promise.all([
    byCategory('category_two', [...disciplines.keys()], CANDIDATES_BY_DISCIPLINE),
    byCategory('category_one', [...categories.keys()], CANDIDATES_BY_CATEGORY),
    db
      .selectFrom('user_actions')
      .select('resource_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since)
      .$if(!!q.type, (qb) => qb.where('type', '=', q.type!))
      .where('resource_id', 'not in', seen)
      .where('resource_id', 'not in', dismissed)
      .groupBy('resource_id')
      .orderBy('n', 'desc')
      .orderBy('resource_id', 'asc')
      .limit(CANDIDATES_HOT)
      .execute(),
  ]);

  const candidates = new Map<number, Row>();
  for (const r of [...byDiscipline, ...byCat]) candidates.set(r.id, r);
  const hotIds = hot.map((h) => h.resource_id).filter((rid) => !candidates.has(rid));
  if (hotIds.length) {
    const rows = await db
      .selectFrom('resources')
      .select(cols)
      .where('resources.id', 'in', hotIds)
      .where(resourceVisible(visible, sql.ref('resources.id')))
      .execute();
    for (const r of rows) candidates.set(r.id, r);
  }
  // popularity of every candidate: actions by everyone (bounded by the candidate set)
  const ids = [...candidates.keys()];
  const popularity = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const counts = await db
      .selectFrom('user_actions')
      .select('resource_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resource_id', 'in', part)
      .groupBy('resource_id')
      .execute();
    for (const c of counts) popularity.set(c.resource_id, Number(c.n));
  }
  const maxPop = Math.max(1, ...popularity.values());
  const dates = [...candidates.values()]
    .map((r) => r.date ?? '')
    .filter(Boolean)
    .sort();
  const oldest = dates[0] ?? '';
  const newest = dates.at(-1) ?? '';
  const recency = (d: string | null) => {
    if (!d || !newest || newest === oldest) return 0;
    const t = Date.parse(d);
    const a = Date.parse(oldest);
    const b = Date.parse(newest);
    return Number.isNaN(t) || Number.isNaN(a) || b === a ? 0 : 0.5 * ((t - a) / (b - a));
  };

  const scored: RecommendedItem[] = [];
  for (const r of candidates.values()) {
    const item = presentResource(r);
    const f = item as Record<string, unknown>;
    const d = str(f.discipline);
    const c = str(f.category);
    const kws = keywordsOf(f);
    let bestShared = 0;
    let bestTitle = '';
    for (const p of profile) {
      const shared = kws.filter((k) => p.keywords.has(k)).length;
      if (shared > bestShared) {
        bestShared = shared;
        bestTitle = p.title;
      }
    }
    const dShare = d && disciplines.has(d) ? disciplines.get(d)! / Math.max(browsed.length, 1) : 0;
    const cShare = c && categories.has(c) ? categories.get(c)! / Math.max(browsed.length, 1) : 0;
    const pop = (popularity.get(r.id) ?? 0) / maxPop;
    const score = (dShare > 0 ? 4 + dShare : 0) + (cShare > 0 ? 1 : 0) + Math.min(bestShared, 2) + pop + recency(r.date);
    const reason =
      bestShared > 0
        ? fillMsg(MSG.recommendBecauseBrowsed, { title: bestTitle })
        : dShare > 0
          ? fillMsg(MSG.recommendBecauseDiscipline, { name: d })
          : cShare > 0
            ? fillMsg(MSG.recommendBecauseDiscipline, { name: c })
            : MSG.recommendHot;
    scored.push({ ...item, reason, score: Math.round(score * 1000) / 1000 });
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const start = pageOffset(q.page, q.size);
  let content = scored.slice(start, start + q.size);
  // journals carry is_subscribed for the user, as in the journal reads (the panel tops up with them)
  if (content.some((i) => resourceTypeOf(i.type)?.subscribable)) content = await markSubscribed(db, userId, content);
  return makePage(content, scored.length, q.page, q.size);
}

/** Subscribes the user to the journals (idempotent) in one transaction; 404 unknown, 400 not a journal. */
export async function subscribe(db: Db, userId: number, resourceIds: number[], appId = 0) {
  const unique = [...new Set(resourceIds)];
  const rows = await db.selectFrom('resources').select(['id', 'type']).where('id', 'in', unique).execute();
  if (rows.length !== unique.length) throw notFound(MSG.resourceNotFound);
  if (rows.some((r) => !resourceTypeOf(r.type)?.subscribable)) throw badRequest(MSG.subscribeNotJournal);
  const created_at = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (const rid of unique) {
      await tx
        .insertInto('subscriptions')
        .values({ user_id: userId, resource_id: rid, app_id: appId, created_at })
        .onConflict((oc) => oc.columns(['user_id', 'resource_id', 'app_id']).doNothing())
        .execute();
    }
  });
  return { subscriber: userId, resources: unique, appId };
}

/** Ends the user's subscription to the journal: of one application when `appId` is given, else all of them. */
export async function unsubscribe(db: Db, userId: number, resourceId: number, appId?: number) {
  await resourceOrThrow(db, resourceId);
  await db
    .deleteFrom('subscriptions')
    .where('user_id', '=', userId)
    .where('resource_id', '=', resourceId)
    .$if(appId != null, (qb) => qb.where('app_id', '=', appId!))
    .execute();
}

/** The user's subscribed journals (of one application when given), newest subscription first, as listing items with is_subscribed true. */
export async function listSubscriptions(db: Db, userId: number, appId?: number): Promise<Page<ResourceItem>> {
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('resources', 'resources.id', 'subscriptions.resource_id')
    .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
    .select((eb) => eb.fn.max('subscriptions.created_at').as('at'))
    .where('subscriptions.user_id', '=', userId)
    .$if(appId != null, (qb) => qb.where('subscriptions.app_id', '=', appId!))
    .groupBy(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
    .orderBy('at', 'desc')
    .orderBy('resources.id', 'asc')
    .execute();
  const content = rows.map((r) => ({ ...presentResource(r), is_subscribed: true }));
  return makePage(content, content.length, 1, Math.max(content.length, 1));
}
