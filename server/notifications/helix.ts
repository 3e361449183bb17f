/**
 * The personal centre's own rows (issue 29 §9; docs/decisions.md 583-586): 我的收藏 and 浏览历史 (one row
 * per reader, site and item, with the title and site path the detail page gave), 我的评论 (the reader's
 * comments with their review state), and the application's section switches. Every read and write is
 * filtered by the reader's id: another reader's row answers 404.
 */
import type { Db } from '../db/index.js';
import { readPage } from '../db/paging.js';
import { HttpError, notFound, tooMany } from '../http/errors.js';
import { MSG, fillMsg } from '../../common/messages.js';
import type { Page } from '../../common/page.js';
import { FAVORITES_MAX, HELIX_FIXED_SECTIONS, HELIX_SECTIONS, HELIX_SECTION_LABELS, type HelixSection, type ReaderItemType } from '../../common/helix.js';
import { parseJsonArray } from './json.js';
import { readerSettings } from './settings.js';
import { targetPath } from '../comments/kind.js';

/** An item a detail page names: the site, what it is, its title and site path. */
export interface ReaderItemInput {
  applicationId: number;
  targetType: ReaderItemType;
  targetId: string;
  title: string;
  link: string;
}

/** A favourite or a history entry as the reader sees it. */
export interface ReaderItem {
  id: number;
  targetType: string;
  targetId: string;
  title: string;
  link: string;
  at: string;
}

type ItemTable = 'favorites' | 'browsing_history';

/** The sections the application turned off (never the fixed ones). */
export async function sectionsOff(db: Db, applicationId: number): Promise<HelixSection[]> {
  const row = await db.selectFrom('helix_settings').select('sections_off').where('application_id', '=', applicationId).executeTakeFirst();
  return parseJsonArray(row?.sections_off).filter(
    (k): k is HelixSection => (HELIX_SECTIONS as readonly string[]).includes(k) && !HELIX_FIXED_SECTIONS.includes(k as HelixSection),
  );
}

/** Stores the sections the application turns off (the fixed ones are never off); resolves with them. */
export async function saveSectionsOff(db: Db, applicationId: number, off: readonly string[]): Promise<HelixSection[]> {
  const keep = HELIX_SECTIONS.filter((k) => off.includes(k) && !HELIX_FIXED_SECTIONS.includes(k));
  const values = { sections_off: JSON.stringify(keep), updated_at: new Date().toISOString() };
  await db
    .insertInto('helix_settings')
    .values({ application_id: applicationId, ...values })
    .onConflict((oc) => oc.column('application_id').doUpdateSet(values))
    .execute();
  return keep;
}

/**
 * Resolves when section `key` is on for the application; otherwise throws 403 本站未开放个人中心的「…」栏目
 * (decision 585: a section the site turned off is not shown, and its calls refuse).
 */
export async function requireSectionOn(db: Db, applicationId: number, key: HelixSection): Promise<void> {
  if ((await sectionsOff(db, applicationId)).includes(key)) {
    throw new HttpError(403, 'section_off', fillMsg(MSG.helixSectionOff, { section: HELIX_SECTION_LABELS[key] }));
  }
}

const presentItem = (r: { id: number; target_type: string; target_id: string; title: string; path: string; at: string }): ReaderItem => ({
  id: r.id,
  targetType: r.target_type,
  targetId: r.target_id,
  title: r.title,
  link: r.path,
  at: r.at,
});

/** Page `q.page` of the reader's favourites or history on one site, newest first. */
export async function listItems(db: Db, table: ItemTable, userId: number, q: { applicationId: number; page: number; size: number }): Promise<Page<ReaderItem>> {
  const base = db.selectFrom(table).where('user_id', '=', userId).where('application_id', '=', q.applicationId);
  return readPage(
    base,
    q,
    (qb) => qb.select(['id', 'target_type', 'target_id', 'title', 'path', 'at']).orderBy('at', 'desc').orderBy('id', 'desc'),
    presentItem,
  );
}

/** Writes (or refreshes: title, path, time) the reader's row of one item; resolves with its id. */
async function upsertItem(db: Db, table: ItemTable, userId: number, it: ReaderItemInput): Promise<number> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto(table)
    .values({ user_id: userId, application_id: it.applicationId, target_type: it.targetType, target_id: it.targetId, title: it.title, path: it.link, at })
    .onConflict((oc) => oc.columns(['user_id', 'application_id', 'target_type', 'target_id']).doUpdateSet({ title: it.title, path: it.link, at }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The reader's favourite of one item, or null. */
export async function favoriteOf(db: Db, userId: number, applicationId: number, targetType: string, targetId: string): Promise<number | null> {
  const row = await db
    .selectFrom('favorites')
    .select('id')
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return row ? row.id : null;
}

/** Adds the item to the reader's favourites (again: refreshed); 429 past FAVORITES_MAX on one site. */
export async function addFavorite(db: Db, userId: number, it: ReaderItemInput): Promise<number> {
  if ((await favoriteOf(db, userId, it.applicationId, it.targetType, it.targetId)) === null) {
    const n = await db
      .selectFrom('favorites')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('application_id', '=', it.applicationId)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= FAVORITES_MAX) throw tooMany(fillMsg(MSG.favoritesTooMany, { n: FAVORITES_MAX }));
  }
  return upsertItem(db, 'favorites', userId, it);
}

/** Removes the reader's favourite `id`; 404 收藏不存在 when it is not theirs. Resolves with its site. */
export async function removeFavorite(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom('favorites').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(MSG.favoriteNotFound);
}

/** Records a view of the item, unless the reader turned the history off; resolves with whether it was recorded. */
export async function recordView(db: Db, userId: number, it: ReaderItemInput): Promise<boolean> {
  if ((await readerSettings(db, userId)).historyOff) return false;
  await upsertItem(db, 'browsing_history', userId, it);
  return true;
}

/** Clears the reader's history on one site; resolves with how many rows went. */
export async function clearHistory(db: Db, userId: number, applicationId: number): Promise<number> {
  const res = await db.deleteFrom('browsing_history').where('user_id', '=', userId).where('application_id', '=', applicationId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** One of the reader's comments with its state: shown, pending, rejected (with the reason), withdrawn, hidden. */
export interface MyComment {
  id: number;
  targetType: string;
  targetId: string;
  isReply: boolean;
  /** the page the comment is on, when it has one of its own */
  link: string | null;
  body: string;
  state: 'shown' | 'pending' | 'rejected' | 'withdrawn' | 'hidden';
  reason: string | null;
  createdAt: string;
}

/** Page `q.page` of the reader's comments on one site, newest first, each with its review state. */
export async function myComments(db: Db, userId: number, q: { applicationId: number; page: number; size: number }): Promise<Page<MyComment>> {
  const base = db.selectFrom('comments as c').where('c.author_id', '=', userId).where('c.application_id', '=', q.applicationId);
  return readPage(
    base,
    q,
    (qb) =>
      qb
        .leftJoin('submissions as s', (j) => j.onRef('s.ref_id', '=', 'c.id').on('s.kind', '=', 'comment'))
        .select(['c.id', 'c.target_type', 'c.target_id', 'c.parent_id', 'c.body', 'c.visible', 'c.created_at', 's.status', 's.reason'])
        .orderBy('c.id', 'desc'),
    (r) => {
      const state: MyComment['state'] =
        r.status === 'rejected'
          ? 'rejected'
          : r.status === 'withdrawn'
            ? 'withdrawn'
            : r.status === 'pending' && !r.visible
              ? 'pending'
              : r.visible
                ? 'shown'
                : 'hidden';
      return {
        id: r.id,
        targetType: r.target_type,
        targetId: r.target_id,
        isReply: r.parent_id != null,
        link: targetPath(r.target_type, r.target_id),
        body: r.body,
        state,
        reason: state === 'rejected' ? (r.reason ?? null) : null,
        createdAt: r.created_at,
      };
    },
  );
}
