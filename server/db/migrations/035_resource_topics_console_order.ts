import { sql, type Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '035_resource_topics_console_order';

/**
 * The console data page's order (decision 375): a topic's links of one type newest first,
 * published and unpublished together. `resource_topics_order` leads with `published` (the panels read
 * published links only), so without a state chosen that page sorted every link of the type (4.5-6.5 s
 * at 1M articles on SQLite); this index gives the order as it is. Same statement on SQLite and
 * PostgreSQL. Throws the database's error when the statement fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index resource_topics_console on resource_topics (topic_id, type, date_key desc, resource_id desc)`.execute(db);
}
