/**
 * The statement cache of a SQLite connection: the server's own (server/db/index.ts) and each read
 * worker's (server/search/worker.ts). Its own file so that a worker thread loads it without the
 * PostgreSQL driver and the migrations.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** How many prepared statements a SQLite connection keeps for reuse. */
const STATEMENT_CACHE = 256;

/**
 * A better-sqlite3 database whose `prepare` reuses the statement of a SQL text it has prepared before
 * (the 256 most recent): Kysely prepares every query anew, and an import's 500-row statements cost SQLite
 * a parse each time. Kysely runs one query at a time per connection, so a statement is never in use twice.
 * Kysely's `begin` becomes `begin immediate` (decision 411).
 */
export function withStatementCache(sqlite: BetterSqlite3.Database): { close(): void; prepare(sql: string): BetterSqlite3.Statement } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string) {
      // a transaction takes the write lock when it begins (docs/decisions.md 411): a deferred one that
      // read first and then wrote failed at once (SQLITE_BUSY, no busy wait) whenever another connection
      // (an import's worker) held the lock at that moment
      const sqlText = text === 'begin' ? 'begin immediate' : text;
      let st = cache.get(sqlText);
      if (st) {
        cache.delete(sqlText); // most recent last
      } else {
        st = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, st);
      return st;
    },
  };
}
