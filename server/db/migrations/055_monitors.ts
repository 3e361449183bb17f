import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '055_monitors';

/**
 * The five monitoring channels (server/monitors; docs/decisions.md 670-679), per application:
 * - `monitor_channels`: one row per application and channel code (nstl, sci, stis, stm, xjbt), made on
 *   first use, with the topic its harvested records land in and the digest's period (off, daily, weekly);
 * - `monitor_sources`: an OAI-PMH endpoint (url, set, metadataPrefix), an RSS/Atom feed (url) or a file
 *   drop (url = a folder under the drop root), its cron schedule, enabled, the next run's time (claimed
 *   by one process), the last run's state, `harvested_until` (the `from` of the next incremental
 *   harvest) and the saved resumption token of a run that failed midway;
 * - `monitor_items`: each record harvested into a channel under its deduplication key (DOI, else
 *   identifier, else normalised title + year), with the resource it became and when;
 * - `monitor_runs`: one row per run of a source (times, duration, records added, error);
 * - `monitor_profiles` (keywords, scholars, institutions, journals: a JSON list of terms) and
 *   `monitor_hits` (a record matching a profile, once);
 * - `monitor_subscribers`: the managers who receive a channel's digest.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('monitor_channels'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('topic_id', 'integer', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull().defaultTo('off'))
    .addColumn('last_digest_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('monitor_channels_app_code', ['application_id', 'code'])
    .execute();
  await withId(db.schema.createTable('monitor_sources'), dialect)
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('monitor_channels.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('set_spec', 'text')
    .addColumn('metadata_prefix', 'text')
    .addColumn('file_kind', 'text')
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('next_run_at', 'text')
    .addColumn('harvested_until', 'text')
    .addColumn('resume_token', 'text')
    .addColumn('last_run_at', 'text')
    .addColumn('last_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_added', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitor_sources_channel').on('monitor_sources').columns(['channel_id', 'id']).execute();
  await withId(db.schema.createTable('monitor_items'), dialect)
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('monitor_channels.id').onDelete('cascade'))
    .addColumn('source_id', 'integer')
    .addColumn('dedup_key', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('monitor_items_channel_key', ['channel_id', 'dedup_key'])
    .execute();
  await db.schema.createIndex('monitor_items_created').on('monitor_items').columns(['channel_id', 'created_at']).execute();
  await withId(db.schema.createTable('monitor_runs'), dialect)
    .addColumn('source_id', 'integer', (c) => c.notNull().references('monitor_sources.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('monitor_runs_source').on('monitor_runs').columns(['source_id', 'id']).execute();
  await withId(db.schema.createTable('monitor_profiles'), dialect)
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('monitor_channels.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('monitor_hits'), dialect)
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('monitor_profiles.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('monitor_hits_profile_resource', ['profile_id', 'resource_id'])
    .execute();
  await db.schema
    .createTable('monitor_subscribers')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('monitor_channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('monitor_subscribers_pk', ['channel_id', 'user_id'])
    .execute();
}
