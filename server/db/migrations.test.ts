/**
 * The migrations (and §8, docs/decisions.md 269): one file per migration in
 * server/db/migrations/, named after its stored key and listed in number order; a migration imports
 * only `kysely`, node built-ins and files of its folder (nothing that can change); a new database
 * stores exactly the keys existing databases hold, so migrating them again runs nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase, testDialect } from '../test/harness.js';
import { MIGRATIONS, migrationProvider } from './migrations/index.js';
import { walkingDb } from './walking.js';
import type { Db } from './index.js';

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The names stored in `kysely_migration` by every database so far: never change one. */
const STORED_NAMES = [
  '0001_initial',
  '002_resource_topics_order',
  '003_topic_type_counts',
  '004_wechat_accounts',
  '006_home_config_revisions',
  '007_xmodule_catalogue',
  '008_files',
  '010_search',
  '011_signin',
  '012_roles',
  '013_personal',
  '014_account',
  '015_request_nonces',
  '016_user_rights',
  '017_restrict_download_default',
  '018_wechat_tickets',
  '020_cache_generation',
  '021_used_login_links',
  '022_search_grams',
  '023_topic_data',
  '024_tasks',
  '025_resource_grams_pg',
  '026_report_files',
  '027_headlines_titles',
  '028_audit_log',
  '029_usage_daily',
  '031_session_devices',
  '032_resource_grams_categories',
  '033_resource_grams_links',
  '034_detail_signin',
  '035_resource_topics_console_order',
  '036_code_requesters',
  '038_import_staging',
  '039_resource_topics_facets',
  '040_oai_tombstones',
  '042_moderation',
  '043_comments',
  '045_feedback',
  '046_personal_centre',
  '047_questions',
  '048_dds',
  '049_submission_queues',
  '050_communities',
  '051_api_keys',
  '052_scholar_claims',
  '053_reader_approvals',
  '054_queue_search',
  '055_monitors',
  '056_pages',
  '057_saved_searches',
  '058_queue_grams',
  '059_literature_analyses',
  '060_comment_versions',
];

/** The module specifiers of a source text that a migration may not import (anything but kysely, node, siblings). */
function forbiddenImports(source: string): string[] {
  const builtins = new Set(builtinModules);
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => {
      if (spec === 'kysely') return false;
      if (spec.startsWith('node:') || builtins.has(spec)) return false;
      return !/^\.\/[^/]+$/.test(spec); // a sibling file: './name.js'
    });
}

const migrationFiles = () =>
  fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();

describe('migration files', () => {
  it('import nothing but kysely, node built-ins and files of their folder', () => {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(STORED_NAMES.length);
    const offending = files.flatMap((f) => forbiddenImports(fs.readFileSync(path.join(DIR, f), 'utf8')).map((spec) => `${f}: ${spec}`));
    expect(offending).toEqual([]);
  });

  it('the import rule catches a planted violation', () => {
    expect(forbiddenImports(`import { BUILTIN_CATALOGUE } from '../../modules/xmodule/builtins.js';`)).toEqual(['../../modules/xmodule/builtins.js']);
    expect(forbiddenImports(`import type { Db } from '../index.js';\nexport { x } from './sub/x.js';\nconst z = await import('zod');`)).toEqual([
      '../index.js',
      './sub/x.js',
      'zod',
    ]);
    expect(
      forbiddenImports(
        `import { sql, type Kysely } from 'kysely';\nimport fs from 'node:fs';\nimport path from 'path';\nimport { withId } from './helpers.js';`,
      ),
    ).toEqual([]);
  });

  it('are listed in number order, each in a file named after its stored key', () => {
    expect(MIGRATIONS.map((m) => m.name)).toEqual(STORED_NAMES);
    const numbered = migrationFiles().filter((f) => /^\d/.test(f));
    const named = MIGRATIONS.map((m) => {
      const [, num, rest] = m.name.match(/^(\d+)(_\w+)$/)!;
      return `${String(Number(num)).padStart(3, '0')}${rest}.ts`;
    });
    expect(named).toEqual(numbered);
  });
});

describe('a migrated database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('stores the names existing databases hold, and migrating again runs nothing', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(STORED_NAMES);
    const again = await new Migrator({ db: database.db, provider: migrationProvider(database.dialect), allowUnorderedMigrations: true }).migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
  });

  it.runIf(testDialect === 'postgres')('PostgreSQL connections run without JIT compilation (decision 351)', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(database.db);
    expect(rows[0].jit).toBe('off');
  });

  it.runIf(testDialect === 'postgres')('PostgreSQL connections scan a table from its first page, not in step with other scans (decision 369)', async () => {
    const { rows } = await sql<{ synchronize_seqscans: string }>`show synchronize_seqscans`.execute(database.db);
    expect(rows[0].synchronize_seqscans).toBe('off');
  });

  it.runIf(testDialect === 'postgres')(
    'the search walks on connections of their own that plan without sequential scans or parallel workers (decision 370)',
    async () => {
      const walkDb = walkingDb(database.db)!;
      const show = async (db: Db, setting: string) => Object.values((await sql<Record<string, string>>`show ${sql.raw(setting)}`.execute(db)).rows[0])[0];
      expect(await show(walkDb, 'enable_seqscan')).toBe('off');
      expect(await show(walkDb, 'max_parallel_workers_per_gather')).toBe('0');
      expect(await show(walkDb, 'jit')).toBe('off');
      // the main pool plans freely
      expect(await show(database.db, 'enable_seqscan')).toBe('on');
    },
  );

  it.runIf(testDialect === 'postgres')('keeps an idle PostgreSQL connection, whose backend has its shared buffers mapped already (decision 372)', async () => {
    const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0].pid;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = await backend();
      // pg's pool closed a connection idle for 10 s
      vi.advanceTimersByTime(5 * 60_000);
      expect(await backend()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the catalogue migration 007 seeds from its frozen copy', async () => {
    const rows = await database.db.selectFrom('xmodule_catalogue').select(['module_name', 'group_name', 'more', 'params']).orderBy('id').execute();
    expect(rows.map((r) => [r.module_name, r.group_name, r.more])).toEqual([
      ['search-box', '检索', '/microapp/explore'],
      ['text-block', '内容', null],
      ['stats', '内容', null],
      ['image-banner', '图片', null],
    ]);
    expect(JSON.parse(rows[2].params).map((p: { field: string }) => p.field)).toEqual([
      'count',
      'value1',
      'label1',
      'value2',
      'label2',
      'value3',
      'label3',
      'value4',
      'label4',
    ]);
  });
});
