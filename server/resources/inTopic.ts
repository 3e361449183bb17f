/**
 * The resources of one type in a topic (docs/architecture.md §Resources and topics; decision 357): `resource_topics` joined
 * to `resources`, by topic and type, the start of every read that lists a topic's resources of a type
 * (the panel feeds and tools, the reports, the console's topic data and resource manager). The caller
 * adds its filters, columns, order and paging.
 */
import type { Db } from '../db/index.js';

/**
 * `resource_topics ⋈ resources` where the link is to `topicId` and of `type`; with `published`, only the
 * resources published in the topic (what a visitor may read). Columns are to be named in full
 * (`resources.title`, `resource_topics.date_key`).
 */
export function topicResources(db: Db, topicId: number, type: string, opts: { published?: boolean } = {}) {
  return db
    .selectFrom('resource_topics')
    .innerJoin('resources', 'resources.id', 'resource_topics.resource_id')
    .where('resource_topics.topic_id', '=', topicId)
    .where('resource_topics.type', '=', type)
    .$if(!!opts.published, (qb) => qb.where('resource_topics.published', '=', 1));
}
