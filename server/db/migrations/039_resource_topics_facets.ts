import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '039_resource_topics_facets';

/**
 * Explore's browse counts (server/search/browse.ts): a topic's published links of one type
 * grouped by their two category levels, read from this index alone. Without it the category tree of a
 * browse read every link's row: 1.1-1.2 s for 1M links on SQLite, against 100-125 ms with it
 * (measured on a table of 1M links, 13 categories × 7 sub-categories). Same statement on SQLite and
 * PostgreSQL. Throws the database's error when the statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index resource_topics_facets on resource_topics (topic_id, type, published, category_one, category_two)`.execute(db);
}
