/** What every route plugin receives: the database, the configuration and the providers. */
import type { Db } from './db/index.js';
import type { Dialect } from './db/migrations.js';
import type { Config } from './config.js';
import type { SmsProvider } from './notify/sms.js';

export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  sms: SmsProvider;
}
