import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '023_topic_data';

/**
 * Topics and their data in the console (docs/decisions.md 265): a topic's description,
 * and whether a resource is published in a topic (visitors read published ones only); the order
 * index of the panel reads takes the flag, so a read stays one index range.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topics').addColumn('description', 'text').execute();
  await db.schema
    .alterTable('resource_topics')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`drop index if exists resource_topics_order`.execute(db);
  await sql`create index resource_topics_order on resource_topics (topic_id, type, published, date_key desc, resource_id)`.execute(db);
  // a search within a topic reads its matches' links from this index alone (decision 261)
  await sql`create index resource_topics_search on resource_topics (resource_id, topic_id, published, type, category_one, category_two, date_key)`.execute(db);
}
