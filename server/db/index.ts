/**
 * Opens the database named by a URL and applies the migrations (docs/architecture.md §Databases and migrations).
 * - `postgres://...` or `postgresql://...`: PostgreSQL through pg.
 * - anything else: a SQLite file path (an optional `sqlite:` or `file:` prefix is dropped), or `:memory:`.
 * Throws when the migrations fail; the caller stops.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { migrationProvider, type Dialect } from './migrations/index.js';
import { ensureSearchIndex } from '../search/indexer.js';
import { WALK_SETTINGS, setWalkingDb, walkingDb } from './walking.js';
import { withStatementCache } from './statementCache.js';
import { pgPool } from './pgPool.js';

export type Db = Kysely<Database>;

export interface OpenedDb {
  db: Db;
  dialect: Dialect;
  /** the SQLite file (absolute), or ':memory:'; undefined on PostgreSQL */
  file?: string;
  /** PostgreSQL's connection pool (its sizes go to /metrics); undefined on SQLite */
  pool?: pg.Pool;
  close: () => Promise<void>;
}

/** Connections the walk pool (server/db/walking.ts) keeps at most: searches run one or two at once (decision 363). */
const WALK_CONNECTIONS = 4;

/** True when the URL names a PostgreSQL database. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens the database and migrates it to the latest version. */
export async function openDatabase(url: string): Promise<OpenedDb> {
  let db: Db;
  let dialect: Dialect;
  let file: string | undefined;
  let pool: pg.Pool | undefined;
  if (isPostgresUrl(url)) {
    dialect = 'postgres';
    // the server's pool, and the walk pool of the searches that walk an index (decision 363)
    pool = pgPool(url, 10);
    const walkPool = pgPool(url, WALK_CONNECTIONS, WALK_SETTINGS.map(([k, v]) => `-c ${k}=${v}`).join(' '));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const walkDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: walkPool }) });
    setWalkingDb(db, walkDb);
  } else {
    dialect = 'sqlite';
    file = url.replace(/^(sqlite|file):(\/\/)?/, '');
    if (file !== ':memory:') {
      file = path.resolve(file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
    }
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  // Migrations are keyed by number, but features land in parallel: a database that already ran a later
  // number still takes an earlier one that arrived after it (each migration touches its own tables).
  const migrator = new Migrator({ db, provider: migrationProvider(dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const close = async () => {
    await walkingDb(db)?.destroy();
    await db.destroy();
  };
  if (error) {
    await close();
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}：${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  // the search index is cut by live code (server/search/grams.ts): built here, after the migrations,
  // when it is new or was cut another way
  const indexed = await ensureSearchIndex(db, (n) => {
    if (n % 100_000 === 0) console.warn(`正在重建检索索引：${n} 条`);
  });
  if (indexed > 0 && indexed >= 100_000) console.warn(`检索索引已重建：${indexed} 条`);
  return { db, dialect, file, pool, close };
}
