/**
 * The one set of migrations for SQLite and PostgreSQL (docs/architecture.md §Databases and migrations), one file per migration in
 * number order (docs/decisions.md 269). Each file exports `name`, the key Kysely stores in
 * `kysely_migration` (kept exactly as first released, `0001_initial` included, so existing databases
 * run nothing again), and `up(db, dialect)`, written with Kysely's schema builder. A migration imports
 * only `kysely`, node built-ins and files of this folder (server/db/migrations.test.ts): its effect on
 * a new database must not follow later changes of the application's code.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './helpers.js';
import * as m001 from './001_initial.js';
import * as m002 from './002_resource_topics_order.js';
import * as m003 from './003_topic_type_counts.js';
import * as m004 from './004_wechat_accounts.js';
import * as m006 from './006_home_config_revisions.js';
import * as m007 from './007_xmodule_catalogue.js';
import * as m008 from './008_files.js';
import * as m010 from './010_search.js';
import * as m011 from './011_signin.js';
import * as m012 from './012_roles.js';
import * as m013 from './013_personal.js';
import * as m014 from './014_account.js';
import * as m015 from './015_request_nonces.js';
import * as m016 from './016_user_rights.js';
import * as m017 from './017_restrict_download_default.js';
import * as m018 from './018_wechat_tickets.js';
import * as m020 from './020_cache_generation.js';
import * as m021 from './021_used_login_links.js';
import * as m022 from './022_search_grams.js';
import * as m023 from './023_topic_data.js';
import * as m024 from './024_tasks.js';
import * as m025 from './025_resource_grams_pg.js';
import * as m026 from './026_report_files.js';
import * as m027 from './027_headlines_titles.js';
import * as m028 from './028_audit_log.js';
import * as m029 from './029_usage_daily.js';
import * as m031 from './031_session_devices.js';
import * as m032 from './032_resource_grams_categories.js';
import * as m033 from './033_resource_grams_links.js';
import * as m034 from './034_detail_signin.js';
import * as m035 from './035_resource_topics_console_order.js';
import * as m036 from './036_code_requesters.js';
import * as m038 from './038_import_staging.js';
import * as m039 from './039_resource_topics_facets.js';
import * as m040 from './040_oai_tombstones.js';
import * as m042 from './042_moderation.js';
import * as m043 from './043_comments.js';
import * as m045 from './045_feedback.js';
import * as m046 from './046_personal_centre.js';
import * as m047 from './047_questions.js';
import * as m048 from './048_dds.js';
import * as m049 from './049_submission_queues.js';
import * as m050 from './050_communities.js';
import * as m051 from './051_api_keys.js';
import * as m052 from './052_scholar_claims.js';
import * as m053 from './053_reader_approvals.js';
import * as m054 from './054_queue_search.js';
import * as m055 from './055_monitors.js';
import * as m056 from './056_pages.js';
import * as m057 from './057_saved_searches.js';
import * as m058 from './058_queue_grams.js';
import * as m059 from './059_literature_analyses.js';
import * as m060 from './060_comment_versions.js';

export type { Dialect } from './helpers.js';

/** One migration file: the key stored in `kysely_migration` and the change it makes. */
export interface MigrationFile {
  readonly name: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Every migration, in number order. A new one gets the next number, a file named after its key, and a line here. */
export const MIGRATIONS: readonly MigrationFile[] = [
  m001,
  m002,
  m003,
  m004,
  m006,
  m007,
  m008,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
  m028,
  m029,
  m031,
  m032,
  m033,
  m034,
  m035,
  m036,
  m038,
  m039,
  m040,
  m042,
  m043,
  m045,
  m046,
  m047,
  m048,
  m049,
  m050,
  m051,
  m052,
  m053,
  m054,
  m055,
  m056,
  m057,
  m058,
  m059,
  m060,
];

/**
 * Kysely migration provider for the given dialect: every migration of MIGRATIONS keyed by its stored
 * name. Throws (when asked for the migrations) if two files declare the same name.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: async () => {
      const all: Record<string, Migration> = {};
      for (const m of MIGRATIONS) {
        if (all[m.name]) throw new Error(`两个迁移使用了同一名称：${m.name}`);
        all[m.name] = { up: (db) => m.up(db, dialect) };
      }
      return all;
    },
  };
}
