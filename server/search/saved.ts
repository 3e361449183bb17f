/**
 * A signed-in reader's saved advanced searches and search history on a site (issue 31 §2; decisions
 * 684-685): each search is kept as its canonical /exploreV3 query (common/advancedSearch.ts
 * canonicalQuery). A saved search with 每日提醒 on is looked at once a day by the background tasks'
 * look at the queue ({@link sendDueSearchAlerts}): the records added since its last look that it
 * matches (ids above `seen_id`, within the site's topic) are told to the reader as one 站内信 and its
 * e-mail (server/notifications/send.ts), and the look moves `seen_id` on.
 */
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { notify } from '../notifications/send.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { ADVANCED_SORTS, canonicalQuery, conditionProblem, conditionsOf, querySummary, yearsProblem, type AdvancedSort } from '../../common/advancedSearch.js';
import { FIELD_FACET_KEYS } from '../../common/searchFacets.js';
import { advancedSearch, type AdvancedQuery } from './advanced.js';

/** The most saved searches a reader keeps per site. */
export const SAVED_SEARCHES_MAX = 50;
/** The longest name of a saved search, characters. */
export const SAVED_NAME_MAX = 60;
/** History entries a reader sees, and keeps, per site. */
export const HISTORY_SHOWN = 20;
export const HISTORY_KEPT = 100;
/** How often a saved search with 每日提醒 is looked at, ms. */
export const ALERT_PERIOD_MS = 86_400_000;
/** Titles a new-results message lists. */
const ALERT_TITLES = 5;

export interface SavedSearch {
  id: number;
  name: string;
  query: string;
  summary: string;
  notify: boolean;
  notifiedAt: string | null;
  createdAt: string;
}
export interface HistoryEntry {
  id: number;
  query: string;
  summary: string;
  total: number;
  at: string;
}

/**
 * The search of a saved query as the advanced search's arguments (no viewer rows, no page); a 400 with
 * its message when the query holds no searchable rows or a wrong year range.
 */
export function searchOfQuery(query: string): Omit<AdvancedQuery, 'page' | 'size' | 'topicId'> {
  const p = new URLSearchParams(query);
  const conditions = conditionsOf(p);
  const year = (k: string) => (/^\d{4}$/.test(p.get(k) ?? '') ? Number(p.get(k)) : null);
  const problem = conditionProblem(conditions) ?? yearsProblem(year('from'), year('to'));
  if (problem) throw badRequest(problem, { query: problem });
  const sort = p.get('sort') ?? 'relevance';
  const fieldFilters = Object.fromEntries(FIELD_FACET_KEYS.flatMap((k) => (p.get(k) ? [[k, p.get(k)!]] : [])));
  return {
    conditions,
    yearFrom: year('from'),
    yearTo: year('to'),
    sort: Object.hasOwn(ADVANCED_SORTS, sort) ? (sort as AdvancedSort) : 'relevance',
    type: p.get('type'),
    category: p.get('category'),
    subcategory: p.get('subcategory'),
    fieldFilters,
  };
}

const presentSaved = (r: { id: number; name: string; query: string; notify: number; notified_at: string | null; created_at: string }): SavedSearch => ({
  id: Number(r.id),
  name: r.name,
  query: r.query,
  summary: querySummary(r.query),
  notify: Number(r.notify) === 1,
  notifiedAt: r.notified_at,
  createdAt: r.created_at,
});

/** The reader's saved searches on the site, newest first. */
export async function listSaved(db: Db, userId: number, applicationId: number): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .select(['id', 'name', 'query', 'notify', 'notified_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(presentSaved);
}

/** A name: trimmed, 1 to SAVED_NAME_MAX characters, else 400 with its message. */
function nameOf(name: string): string {
  const n = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (!n) throw badRequest(MSG.savedSearchNameRequired, { name: MSG.savedSearchNameRequired });
  if (n.length > SAVED_NAME_MAX)
    throw badRequest(fillMsg(MSG.savedSearchNameTooLong, { n: SAVED_NAME_MAX }), { name: fillMsg(MSG.savedSearchNameTooLong, { n: SAVED_NAME_MAX }) });
  return n;
}

/**
 * Saves a search (its query made canonical) for the reader; new results are those added from now on.
 * 400 for a bad name or query, 409 when the same search is saved already or the reader has
 * SAVED_SEARCHES_MAX on the site. Resolves with the saved search.
 */
export async function saveSearch(db: Db, userId: number, applicationId: number, input: { name: string; query: string; notify: boolean }): Promise<SavedSearch> {
  const name = nameOf(input.name);
  const query = canonicalQuery(new URLSearchParams(input.query));
  searchOfQuery(query);
  return db.transaction().execute(async (trx) => {
    const mine = await trx
      .selectFrom('saved_searches')
      .select(['id', 'query'])
      .where('user_id', '=', userId)
      .where('application_id', '=', applicationId)
      .execute();
    if (mine.some((m) => m.query === query)) throw conflict(MSG.savedSearchExists);
    if (mine.length >= SAVED_SEARCHES_MAX) throw conflict(fillMsg(MSG.savedSearchTooMany, { n: SAVED_SEARCHES_MAX }));
    const top = await trx
      .selectFrom('resources')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const t = new Date().toISOString();
    const row = await trx
      .insertInto('saved_searches')
      .values({
        user_id: userId,
        application_id: applicationId,
        name,
        query,
        notify: input.notify ? 1 : 0,
        seen_id: Number(top?.id ?? 0),
        notified_at: t,
        created_at: t,
        updated_at: t,
      })
      .returning(['id', 'name', 'query', 'notify', 'notified_at', 'created_at'])
      .executeTakeFirstOrThrow();
    return presentSaved(row);
  });
}

/** Renames a saved search of the reader's or turns its 每日提醒 on or off; 404 when it is not theirs. */
export async function updateSaved(db: Db, userId: number, id: number, change: { name?: string; notify?: boolean }): Promise<SavedSearch> {
  const set: { name?: string; notify?: number; updated_at: string } = { updated_at: new Date().toISOString() };
  if (change.name !== undefined) set.name = nameOf(change.name);
  if (change.notify !== undefined) set.notify = change.notify ? 1 : 0;
  const row = await db
    .updateTable('saved_searches')
    .set(set)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'query', 'notify', 'notified_at', 'created_at'])
    .executeTakeFirst();
  if (!row) throw notFound(MSG.savedSearchNotFound);
  return presentSaved(row);
}

/** Deletes a saved search of the reader's; 404 when it is not theirs. */
export async function deleteSaved(db: Db, userId: number, id: number): Promise<void> {
  const r = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw notFound(MSG.savedSearchNotFound);
}

/**
 * Notes a search the reader ran (its canonical query and total): the same search as the newest entry
 * updates it, another is added, and entries beyond HISTORY_KEPT go. A search without rows is not noted.
 */
export async function recordSearch(db: Db, userId: number, applicationId: number, params: URLSearchParams, total: number): Promise<void> {
  const query = canonicalQuery(params);
  if (!query) return;
  const t = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('search_history')
      .select(['id', 'query'])
      .where('user_id', '=', userId)
      .where('application_id', '=', applicationId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last?.query === query) {
      await trx.updateTable('search_history').set({ total, created_at: t }).where('id', '=', last.id).execute();
      return;
    }
    await trx.insertInto('search_history').values({ user_id: userId, application_id: applicationId, query, total, created_at: t }).execute();
    const cut = await trx
      .selectFrom('search_history')
      .select('id')
      .where('user_id', '=', userId)
      .where('application_id', '=', applicationId)
      .orderBy('id', 'desc')
      .offset(HISTORY_KEPT)
      .limit(1)
      .executeTakeFirst();
    if (cut)
      await trx.deleteFrom('search_history').where('user_id', '=', userId).where('application_id', '=', applicationId).where('id', '<=', cut.id).execute();
  });
}

/** The reader's newest HISTORY_SHOWN searches on the site. */
export async function listHistory(db: Db, userId: number, applicationId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('search_history')
    .select(['id', 'query', 'total', 'created_at'])
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .orderBy('id', 'desc')
    .limit(HISTORY_SHOWN)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), query: r.query, summary: querySummary(r.query), total: Number(r.total), at: r.created_at }));
}

/** Clears the reader's search history on the site; resolves with the entries removed. */
export async function clearSearchHistory(db: Db, userId: number, applicationId: number): Promise<number> {
  const r = await db.deleteFrom('search_history').where('user_id', '=', userId).where('application_id', '=', applicationId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Looks at the saved searches with 每日提醒 whose last look is a day old (decision 684): each is claimed
 * by moving `notified_at` from the value read (so two processes look once), searched for records above
 * its `seen_id` in the site's topic (published records only), and, when there are any, told to its reader
 * as one 站内信 of kind `search.alert` (with its e-mail) listing up to 5 titles and linking to the search;
 * `seen_id` moves to the highest id there was before the look. A site without a topic, or a query that
 * no longer reads (a rule changed), is passed over until the next day. Resolves with the messages sent.
 */
export async function sendDueSearchAlerts(db: Db, dialect: Dialect, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - ALERT_PERIOD_MS).toISOString();
  const rows = await db
    .selectFrom('saved_searches as s')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .select(['s.id', 's.user_id', 's.application_id', 's.name', 's.query', 's.seen_id', 's.notified_at', 'a.topic_id'])
    .where('s.notify', '=', 1)
    .where((eb) => eb.or([eb('s.notified_at', 'is', null), eb('s.notified_at', '<=', due)]))
    .limit(100)
    .execute();
  let sent = 0;
  for (const s of rows) {
    const claim = await db
      .updateTable('saved_searches')
      .set({ notified_at: now.toISOString() })
      .where('id', '=', s.id)
      .where((eb) => (s.notified_at === null ? eb('notified_at', 'is', null) : eb('notified_at', '=', s.notified_at)))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1 || s.topic_id == null) continue;
    let search: ReturnType<typeof searchOfQuery>;
    try {
      search = searchOfQuery(s.query);
    } catch {
      continue;
    }
    const top = await db
      .selectFrom('resources')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const found = await advancedSearch(db, dialect, {
      ...search,
      sort: 'newest',
      topicId: s.topic_id,
      afterId: Number(s.seen_id),
      page: 1,
      size: ALERT_TITLES,
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('saved_searches')
        .set({ seen_id: Number(top?.id ?? s.seen_id) })
        .where('id', '=', s.id)
        .execute();
      if (!found.totalElements) return;
      const n = found.capped ? `${found.totalElements}+` : String(found.totalElements);
      await notify(trx, {
        userId: s.user_id,
        applicationId: s.application_id,
        kind: 'search.alert',
        title: fillMsg(MSG.savedSearchAlertTitle, { name: s.name, n }),
        body: [fillMsg(MSG.savedSearchAlertBody, { summary: querySummary(s.query) }), ...found.content.map((r) => `· ${r.title}`)].join('\n'),
        link: `/exploreV3?${s.query}`,
      });
      sent++;
    });
  }
  return sent;
}
