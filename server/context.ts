/** What every route plugin receives: the database, the configuration and the providers. */
import type { Db } from './db/index.js';
import type { Dialect } from './db/migrations/index.js';
import type { Config } from './config.js';
import type { SmsProvider } from './notify/sms.js';
import type { SearchRunner } from './search/readPool.js';

export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  sms: SmsProvider;
  /** where searches run (worker threads on a SQLite file); absent: on `db` (server/search/readPool.ts) */
  search?: SearchRunner;
  /** the SQLite file (imports then run in a worker thread with their own connection); absent on PostgreSQL and in memory */
  file?: string;
}
