import type { Kysely } from 'kysely';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '059_literature_analyses';

/**
 * The literature analyses shared by the server processes (`/LiteratureMiner`, issue 31 §1;
 * docs/decisions.md 710): one row per analysed query and audience (`key`, a hash), made in cache
 * generation `generation`; `status` 'running' while a process computes it (`owner`, its `heartbeat_at`
 * renewed), then 'ready' with the analysis as JSON in `result`. The purge removes rows a day old.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('literature_analyses')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('literature_analyses_heartbeat').on('literature_analyses').column('heartbeat_at').execute();
}
