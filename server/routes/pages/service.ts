/**
 * Composed pages of an application (`/xrender/{pageId}`, decisions 700-705): the console's list,
 * create, title change, publish / withdraw, delete, the configuration's save with a revision (as the home
 * page's, server/routes/revisions/service.ts) and the revisions' list, read and restore; and the visitor's
 * read of one page. Services take the application id the route's access already checked.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { PageRevisionsTable, PagesTable } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import type { HomeConfig } from '../../../common/homeConfig.js';
import { readPage } from '../../db/paging.js';
import { emptyHomeConfig, parseStoredConfig } from '../../applications/service.js';
import type { PageDetail, PageListItem, PageState } from '../../../common/contracts/pages.js';
import type { Revision, RevisionListItem } from '../../../common/contracts/revisions.js';
import { HOME_CONFIG_REVISIONS_KEPT, type Author } from '../revisions/service.js';
import { PAGE_ID_PATTERN } from './schema.js';

type PageRow = Selectable<PagesTable>;

/** A stored page as the list shows it. */
export function presentPage(p: PageRow): PageListItem {
  return {
    applicationId: p.application_id,
    pageId: p.page_id,
    title: p.title,
    state: p.state === 'published' ? 'published' : 'draft',
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    publishedAt: p.published_at,
  };
}

/** A stored configuration read back (a broken one reads as an empty page). */
const parseConfig = parseStoredConfig;

/** A stored page with its configuration. */
export const presentPageDetail = (p: PageRow): PageDetail => ({ ...presentPage(p), homeConfig: parseConfig(p.home_config) });

/** Every page of an application, in path-id order. */
export async function listPages(db: Db, applicationId: number): Promise<PageListItem[]> {
  const rows = await db.selectFrom('pages').selectAll().where('application_id', '=', applicationId).orderBy('page_id').execute();
  return rows.map(presentPage);
}

/** The published pages of an application (link targets of the header menu), in path-id order. */
export async function publishedPages(db: Db, applicationId: number): Promise<PageListItem[]> {
  const rows = await db
    .selectFrom('pages')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('state', '=', 'published')
    .orderBy('page_id')
    .execute();
  return rows.map(presentPage);
}

/** The page `pageId` of the application, or null (a path id that cannot exist is null too). */
export async function findPage(db: Db, applicationId: number, pageId: string): Promise<PageRow | null> {
  if (!PAGE_ID_PATTERN.test(pageId)) return null;
  const row = await db.selectFrom('pages').selectAll().where('application_id', '=', applicationId).where('page_id', '=', pageId).executeTakeFirst();
  return row ?? null;
}

/** The page `pageId` of the application; 404 页面不存在 when it has none. */
export async function getPage(db: Db, applicationId: number, pageId: string): Promise<PageRow> {
  const row = await findPage(db, applicationId, pageId);
  if (!row) throw notFound(MSG.pageNotFound);
  return row;
}

/** The refusal of a path id another page of the application has (400 on `body.pageId`). */
const taken = () => badRequest(MSG.pageIdTaken, { 'body.pageId': MSG.pageIdTaken });

/**
 * Creates a draft page with an empty configuration (and its first revision). 400 on `body.pageId`
 * (该页面路径已被本应用的另一个页面使用) when the application has a page with that path id.
 */
export async function createPage(db: Db, applicationId: number, input: { pageId: string; title: string }, author: Author): Promise<PageListItem> {
  if (await findPage(db, applicationId, input.pageId)) throw taken();
  const at = new Date().toISOString();
  const config = JSON.stringify(emptyHomeConfig());
  try {
    const row = await db.transaction().execute(async (trx) => {
      const page = await trx
        .insertInto('pages')
        .values({
          application_id: applicationId,
          page_id: input.pageId,
          title: input.title,
          state: 'draft',
          home_config: config,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('page_revisions')
        .values({ page_row_id: page.id, author_id: author.id, author_name: author.name || '', summary: MSG.pageCreated, home_config: config, created_at: at })
        .execute();
      return page;
    });
    return presentPage(row);
  } catch (err) {
    // two creates of one path id at once: the unique constraint refuses the second
    if (await findPage(db, applicationId, input.pageId)) throw taken();
    throw err;
  }
}

/** Changes a page's title; 404 页面不存在 for an unknown page. */
export async function renamePage(db: Db, applicationId: number, pageId: string, title: string): Promise<PageListItem> {
  const page = await getPage(db, applicationId, pageId);
  const at = new Date().toISOString();
  await db.updateTable('pages').set({ title, updated_at: at }).where('id', '=', page.id).execute();
  return presentPage({ ...page, title, updated_at: at });
}

/** Publishes a page or takes it back to draft; 404 页面不存在 for an unknown page. */
export async function setPageState(db: Db, applicationId: number, pageId: string, state: PageState): Promise<PageListItem> {
  const page = await getPage(db, applicationId, pageId);
  const at = new Date().toISOString();
  const publishedAt = state === 'published' ? at : page.published_at;
  await db.updateTable('pages').set({ state, published_at: publishedAt, updated_at: at }).where('id', '=', page.id).execute();
  return presentPage({ ...page, state, published_at: publishedAt, updated_at: at });
}

/** Deletes a page and its revisions; 404 页面不存在 for an unknown page. */
export async function deletePage(db: Db, applicationId: number, pageId: string): Promise<void> {
  const page = await getPage(db, applicationId, pageId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('page_revisions').where('page_row_id', '=', page.id).execute();
    await trx.deleteFrom('pages').where('id', '=', page.id).execute();
  });
}

/**
 * Stores `homeConfig` (already validated) as the page's configuration and as a new revision, in one
 * transaction; keeps the newest HOME_CONFIG_REVISIONS_KEPT revisions. Returns the revision id.
 */
export async function savePageConfig(db: Db, page: PageRow, homeConfig: HomeConfig, author: Author, summary: string): Promise<number> {
  const at = new Date().toISOString();
  const text = JSON.stringify(homeConfig);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('pages').set({ home_config: text, updated_at: at }).where('id', '=', page.id).execute();
    const row = await trx
      .insertInto('page_revisions')
      .values({ page_row_id: page.id, author_id: author.id, author_name: author.name || '', summary, home_config: text, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const oldestKept = await trx
      .selectFrom('page_revisions')
      .select('id')
      .where('page_row_id', '=', page.id)
      .orderBy('id', 'desc')
      .offset(HOME_CONFIG_REVISIONS_KEPT - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept) await trx.deleteFrom('page_revisions').where('page_row_id', '=', page.id).where('id', '<', oldestKept.id).execute();
    return row.id;
  });
}

/** A page's revision as the revision list shows it (the application id is the page's). */
function presentRevisionItem(
  page: PageRow,
  r: Pick<Selectable<PageRevisionsTable>, 'id' | 'author_id' | 'author_name' | 'summary' | 'created_at'>,
): RevisionListItem {
  return { id: r.id, applicationId: page.application_id, authorId: r.author_id, authorName: r.author_name, summary: r.summary, createdAt: r.created_at };
}

/** One page of a page's revisions, newest first. */
export async function listPageRevisions(db: Db, page: PageRow, pageNo: number, size: number) {
  const base = db.selectFrom('page_revisions').where('page_row_id', '=', page.id);
  return readPage(
    base,
    { page: pageNo, size },
    (qb) => qb.select(['id', 'author_id', 'author_name', 'summary', 'created_at']).orderBy('id', 'desc'),
    (r) => presentRevisionItem(page, r),
  );
}

/** One revision of a page with its configuration; 404 该历史版本不存在 when the page has no such revision. */
export async function getPageRevision(db: Db, page: PageRow, revisionId: number): Promise<Revision> {
  const r = await db.selectFrom('page_revisions').selectAll().where('page_row_id', '=', page.id).where('id', '=', revisionId).executeTakeFirst();
  if (!r) throw notFound(MSG.revisionNotFound);
  return { ...presentRevisionItem(page, r), homeConfig: parseConfig(r.home_config) };
}
