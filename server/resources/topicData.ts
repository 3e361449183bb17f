/**
 * A topic's data page reads (decisions 375, 385): a page of one type's resources of a topic,
 * newest first, with the manager's filters (title, category, year, published state, report type,
 * WeChat account, id) and the filtered count. A service of its own, below the routes, because the read
 * pool's workers (server/search/longReads.ts) run it as well as GET /api/v1/topics/{id}/resources.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/index.js';
import { pageOffset } from '../db/paging.js';
import { makePage, type Page } from '../../common/page.js';
import { parseFields } from './present.js';
import { topicResources } from './inTopic.js';
import { containsText } from '../db/like.js';
import { titleHolds } from '../search/service.js';
import { jsonText } from '../db/json.js';
import type { TopicResource } from '../../common/topics.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';

/** The filters of a topic's data page (GET /api/v1/topics/{id}/resources, the route's parsed query). */
export interface TopicResourcesQuery {
  type: string;
  page: number;
  size: number;
  query?: string;
  category?: string;
  subcategory?: string;
  year?: number;
  published?: 'yes' | 'no';
  reportType?: string;
  account?: string;
  id?: number;
}

/**
 * The two reads of a page of one type's resources of the topic (see the file comment): `page`, the
 * page's rows newest first, and `count`, the filtered total (`n`). Built, not run: the data page runs
 * them side by side, and a test asks their plans (decision 375).
 */
export function topicResourcesReads(db: Db, topicId: number, q: TopicResourcesQuery) {
  // conditions on the topic link alone (a title through the bigram index, decision 375), and those
  // that need the resource row (its JSON fields; a title without letters or digits, by LIKE)
  const onLink: RawBuilder<SqlBool>[] = [];
  const onRow: RawBuilder<SqlBool>[] = [];
  if (q.query) {
    const indexed = titleHolds(db, 'resource_topics.resource_id', q.query);
    if (indexed) onLink.push(indexed);
    else onRow.push(containsText('resources.title', q.query));
  }
  if (q.category) onLink.push(sql`${sql.ref('resource_topics.category_one')} = ${q.category}`);
  if (q.category && q.subcategory) onLink.push(sql`${sql.ref('resource_topics.category_two')} = ${q.subcategory}`);
  if (q.year) onLink.push(sql`${sql.ref('resource_topics.date_key')} >= ${`${q.year}`} and ${sql.ref('resource_topics.date_key')} < ${`${q.year + 1}`}`);
  if (q.published) onLink.push(sql`${sql.ref('resource_topics.published')} = ${q.published === 'yes' ? 1 : 0}`);
  if (q.id) onLink.push(sql`${sql.ref('resource_topics.resource_id')} = ${q.id}`);
  // a type's own filter on one stored field (the registry's topicFilter: a report's type, an article's account)
  const filter = resourceTypeOf(q.type)?.topicFilter;
  const filterValue = filter && q[filter.param];
  if (filter && filterValue) onRow.push(sql`${jsonText(db, filter.field)} = ${filterValue}`);
  const all = [...onLink, ...onRow];
  const base = topicResources(db, topicId, q.type).$if(all.length > 0, (qb) => qb.where(sql<SqlBool>`${sql.join(all, sql` and `)}`));
  // the count reads the topic's links alone unless a condition needs the resource row: joining a
  // million resource rows only to count them took 1.8 s at 1M articles (decision 375)
  const count = onRow.length
    ? base.select(sql<number | string>`count(*)`.as('n'))
    : db
        .selectFrom('resource_topics')
        .where('resource_topics.topic_id', '=', topicId)
        .where('resource_topics.type', '=', q.type)
        .$if(onLink.length > 0, (qb) => qb.where(sql<SqlBool>`${sql.join(onLink, sql` and `)}`))
        .select(sql<number | string>`count(*)`.as('n'));
  const page = base
    .select([
      'resources.id',
      'resources.type',
      'resources.title',
      'resources.date',
      'resources.fields',
      'resources.updated_at',
      'resource_topics.category_one',
      'resource_topics.category_two',
      'resource_topics.published',
    ])
    .orderBy('resource_topics.date_key', 'desc')
    .orderBy('resource_topics.resource_id', 'desc')
    .limit(q.size)
    .offset(pageOffset(q.page, q.size));
  return { page, count };
}

/** A page of one type's resources of the topic; see the file comment. */
export async function listTopicResources(db: Db, topicId: number, q: TopicResourcesQuery): Promise<Page<TopicResource>> {
  const { page, count } = topicResourcesReads(db, topicId, q);
  const [rows, total] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
  const items = rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    date: r.date,
    fields: parseFields(r.fields),
    updatedAt: r.updated_at,
    category: r.category_one,
    subcategory: r.category_two,
    published: Number(r.published) === 1,
  }));
  return makePage(items, Number(total.n), q.page, q.size);
}
