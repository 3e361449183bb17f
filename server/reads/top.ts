/**
 * Panel reads (spec 2 §7 'Content'): top resources of a kind in a topic and category, published
 * notices and links of an application. Every read returns a page (common/page.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';
import { pageAt, readSlice } from '../db/paging.js';
import { inModuleScope, type ModuleScope } from '../content/moduleScope.js';
import { makePage, type Page } from '../../common/page.js';
import type { TopKind } from '../../modules/types.js';
import { presentResource, type ResourceItem } from '../resources/present.js';
import { LINK_ITEM_COLUMNS, NOTICE_ITEM_COLUMNS, presentLinkItem, presentNoticeItem } from '../content/present.js';

export interface TopQuery {
  kind: TopKind;
  offset: number;
  count: number;
  topicId?: number | null;
  categoryLevelOne?: string | null;
  categoryLevelTwo?: string | null;
  /**
   * without a topic: the records the viewer may read (server/policies/rows.ts); a read within a topic
   * reads its published records (the caller has checked the topic is the viewer's to read)
   */
  rows: ResourceRows;
}

/**
 * The newest resources of a kind (date desc, undated last, then import order), filtered by topic and
 * category. With a topic the page comes in order from the index resource_topics_order (no sort of all
 * the topic's resources per read) and, without a category, the total from topic_type_counts.
 */
export async function readTop(db: Db, q: TopQuery): Promise<Page<ResourceItem>> {
  const pageOf = pageAt(q.offset, q.count);
  const cols = ['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'] as const;
  if (q.topicId != null) {
    const links = db
      .selectFrom('resource_topics')
      .where('resource_topics.topic_id', '=', q.topicId)
      .where('resource_topics.type', '=', q.kind)
      .where('resource_topics.published', '=', 1)
      .$if(!!q.categoryLevelOne, (qb) => qb.where('resource_topics.category_one', '=', q.categoryLevelOne!))
      .$if(!!q.categoryLevelTwo, (qb) => qb.where('resource_topics.category_two', '=', q.categoryLevelTwo!));
    const [rows, total] = await Promise.all([
      links
        .innerJoin('resources', 'resources.id', 'resource_topics.resource_id')
        .select(cols)
        .orderBy('resource_topics.date_key', 'desc')
        .orderBy('resource_topics.resource_id', 'asc')
        .limit(q.count)
        .offset(q.offset)
        .execute(),
      q.categoryLevelOne || q.categoryLevelTwo
        ? links.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
        : db
            .selectFrom('topic_type_counts')
            .select('n')
            .where('topic_id', '=', q.topicId)
            .where('type', '=', q.kind)
            .executeTakeFirst()
            .then((r) => ({ n: r?.n ?? 0 })),
    ]);
    return makePage(rows.map(presentResource), Number(total.n), pageOf, q.count);
  }
  const base = db
    .selectFrom('resources')
    .where('resources.type', '=', q.kind)
    .where(resourceVisible(q.rows, sql.ref('resources.id')));
  return readSlice(
    base,
    q,
    (qb) =>
      qb
        .select(cols)
        .orderBy('resources.date', (ob) => ob.desc().nullsLast())
        .orderBy('resources.id', 'asc'),
    presentResource,
  );
}

export interface AppItemsQuery extends ModuleScope {
  offset: number;
  count: number;
}

/** Published notices of an application (pinned first, newest first). Item: spec 1 §3 'Notice'. */
export async function readTopNotices(db: Db, q: AppItemsQuery) {
  const base = db.selectFrom('notices').where(inModuleScope(q)).where('active', '=', 1);
  return readSlice(
    base,
    q,
    (qb) => qb.select(NOTICE_ITEM_COLUMNS).orderBy('top', 'desc').orderBy('publish_date_time', 'desc').orderBy('id', 'desc'),
    presentNoticeItem,
  );
}

/** Published links of an application (pinned by order first, newest first). Item: spec 1 §3 'Link'. */
export async function readTopLinks(db: Db, q: AppItemsQuery) {
  const base = db.selectFrom('links').where(inModuleScope(q)).where('active', '=', 1);
  return readSlice(
    base,
    q,
    (qb) => qb.select(LINK_ITEM_COLUMNS).orderBy('top', 'desc').orderBy('top_order', 'asc').orderBy('publish_date_time', 'desc').orderBy('id', 'desc'),
    presentLinkItem,
  );
}
