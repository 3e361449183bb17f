/**
 * Benchmark (README 'Benchmarks', first figure): the import rate of every CSRankings scholar file
 * through Atrium's real import code (`importFiles(db, 'scholars', …)` on a SQLite file opened by
 * `openDatabase`, so migrations, pragmas, parsing, key assignment, institution linking and the upsert
 * are all counted), against the raw insert rate of the same driver (better-sqlite3, one prepared
 * INSERT, one transaction) writing the same number of rows of the same byte sizes into a table of the
 * same shape, measured in the same run. Both databases are fresh files in temp folders, removed after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../server/db/index.js';
import { importFiles, type ImportSummary } from '../server/import/run.js';

/** Root of the repository (the folder holding bench/). */
const repoRoot = path.resolve(import.meta.dirname, '..');
/** The CSRankings folder, read in place (never copied into the repository). */
export const CSRANKINGS_DIR = path.resolve(repoRoot, '../shared/data/csrankings-scholars');
/** Topic the benchmark imports the scholars into. */
export const BENCH_TOPIC = '计算机科学';

/**
 * The 26 scholar files csrankings-a.csv … csrankings-z.csv, in name order (absolute paths).
 * Throws when the folder is missing or holds none of them.
 */
export function csrankingsFiles(dir = CSRANKINGS_DIR): string[] {
  if (!fs.existsSync(dir)) throw new Error(`CSRankings data not found: ${dir}`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^csrankings-[a-z]\.csv$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
  if (files.length === 0) throw new Error(`no csrankings-[a-z].csv in ${dir}`);
  return files;
}

export interface ImportFigures {
  /** data rows read from the CSV files (headers excluded): the row count both rates are based on */
  rows: number;
  /** Atrium: rows / wall-clock seconds of `importFiles` (read + parse + write + commit), rows per second */
  importRowsPerSec: number;
  /** baseline: rows / seconds of `rows` prepared INSERTs in one transaction (incl. commit), rows per second */
  rawInsertRowsPerSec: number;
  /** the import's own summary (inserted, updated, skipped, related institutions, seconds) */
  summary: ImportSummary;
  /** wall-clock seconds of the import and of the raw insert */
  importSeconds: number;
  rawSeconds: number;
}

/** Byte lengths of one stored resource row's variable columns, used to shape the baseline rows. */
interface RowShape {
  key: number;
  title: number;
  fields: number;
  search: number;
}

/** An ASCII string of exactly `n` bytes (varying content, so pages are not trivially alike). */
function filler(n: number, seed: number): string {
  const base = `${seed.toString(36)}-abcdefghijklmnopqrstuvwxyz0123456789`;
  return base.repeat(Math.ceil(n / base.length) + 1).slice(0, n);
}

/**
 * Inserts `shapes.length` rows with better-sqlite3 directly (one prepared statement, one transaction)
 * into a fresh file with the same pragmas as `openDatabase` and a table shaped like `resources`
 * (same columns, same unique (type, source_key) and (type, date) indexes). Returns the seconds from
 * BEGIN to COMMIT; the rows are built before the clock starts. Throws on any SQLite error.
 */
function rawInsert(file: string, shapes: RowShape[]): number {
  const sqlite = new BetterSqlite3(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec(`CREATE TABLE resources (
      id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, source_key TEXT NOT NULL, title TEXT NOT NULL,
      date TEXT, fields TEXT NOT NULL, search_text TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE UNIQUE INDEX resources_type_key ON resources (type, source_key);
      CREATE INDEX resources_type_date ON resources (type, date);`);
    const t = new Date().toISOString();
    const rows = shapes.map((s, i) => [
      'scholar',
      `${i}:${filler(Math.max(0, s.key - String(i).length - 1), i)}`,
      filler(s.title, i),
      null,
      filler(s.fields, i + 1),
      filler(s.search, i + 2),
      t,
      t,
    ]);
    const stmt = sqlite.prepare(
      'INSERT INTO resources (type, source_key, title, date, fields, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertAll = sqlite.transaction((all: unknown[][]) => {
      for (const r of all) stmt.run(r);
    });
    const started = performance.now();
    insertAll(rows);
    return (performance.now() - started) / 1000;
  } finally {
    sqlite.close();
  }
}

/**
 * Runs both measurements once and returns the figures (rows per second; see ImportFigures).
 * Order: the Atrium import first (also giving the row count and the real byte sizes of the stored
 * scholar rows), then the raw baseline with that many rows of those sizes (rows beyond the stored
 * ones, i.e. the skipped duplicates, reuse the sizes cyclically). Temp folders are removed even on
 * failure. Throws when the data is missing, the import fails (ImportError) or SQLite fails.
 */
export async function benchImport(files = csrankingsFiles()): Promise<ImportFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-import-'));
  try {
    // (a) Atrium: the real import into a fresh, migrated SQLite file
    const { db, close } = await openDatabase(path.join(dir, 'atrium.db'));
    let summary: ImportSummary;
    let importSeconds: number;
    let stored: RowShape[];
    try {
      const started = performance.now();
      summary = await importFiles(db, 'scholars', files, { topic: BENCH_TOPIC });
      importSeconds = (performance.now() - started) / 1000;
      stored = await db
        .selectFrom('resources')
        .select((eb) => [
          eb.fn<number>('length', [eb.cast('source_key', 'blob')]).as('key'),
          eb.fn<number>('length', [eb.cast('title', 'blob')]).as('title'),
          eb.fn<number>('length', [eb.cast('fields', 'blob')]).as('fields'),
          eb.fn<number>('length', [eb.cast('search_text', 'blob')]).as('search'),
        ])
        .where('type', '=', 'scholar')
        .orderBy('id')
        .execute();
    } finally {
      await close();
    }
    const rows = summary.read;
    if (rows === 0 || stored.length === 0) throw new Error('the import stored no scholar');

    // (b) baseline: raw better-sqlite3 inserts of the same number of rows, same sizes, fresh file
    const shapes = Array.from({ length: rows }, (_, i) => stored[i % stored.length]);
    const rawSeconds = rawInsert(path.join(dir, 'raw.db'), shapes);

    return {
      rows,
      importRowsPerSec: rows / importSeconds,
      rawInsertRowsPerSec: rows / rawSeconds,
      summary,
      importSeconds,
      rawSeconds,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
