import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '029_usage_daily';

/**
 * Usage analytics (docs/decisions.md 318-323): daily aggregates per application, written by
 * the beacon collector (server/analytics/collector.ts) and read by /console/analysis.
 * - `usage_daily`: one count per (application, day, metric, key); `key` is '' for a plain daily total,
 *   a module id for panel views and clicks, `type:id` for a resource, the query for searches.
 * - `usage_visitors`: the distinct visitors of a day as salted hashes (server secret + day), never a raw id.
 * A deleted application takes its rows with it. Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_daily')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['application_id', 'day', 'metric', 'key'])
    .execute();
  await db.schema
    .createTable('usage_visitors')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_visitors_pk', ['application_id', 'day', 'visitor_hash'])
    .execute();
}
