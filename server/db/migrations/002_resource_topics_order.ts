import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '002_resource_topics_order';

/**
 * Panel reads list a topic's newest resources of one type: keep the type and the date beside the
 * topic link so one index gives the page in order (bench/http.ts: sorting 24k scholars per read was
 * the bottleneck). date_key is the date, or '' when there is none (so it sorts last when descending).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('resource_topics')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('resource_topics')
    .addColumn('date_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update resource_topics set
          type = (select r.type from resources r where r.id = resource_topics.resource_id),
          date_key = coalesce((select r.date from resources r where r.id = resource_topics.resource_id), '')`.execute(db);
  await sql`create index resource_topics_order on resource_topics (topic_id, type, date_key desc, resource_id)`.execute(db);
}
