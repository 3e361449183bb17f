import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '003_topic_type_counts';

/**
 * The number of a topic's resources of each type, kept by the writers, so an unfiltered panel read
 * does not count the topic's index range on every request (bench/http.ts: the count was 90 % of a read).
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('topic_type_counts')
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_type_counts_pk', ['topic_id', 'type'])
    .execute();
  await sql`insert into topic_type_counts (topic_id, type, n)
          select topic_id, type, count(*) from resource_topics group by topic_id, type`.execute(db);
}
