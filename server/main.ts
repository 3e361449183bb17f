/**
 * Starts Atrium: configuration, database (migrated), demo content on a new database, the HTTP server,
 * and a graceful shutdown on SIGINT/SIGTERM.
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { buildServer } from './app.js';
import { smsProviderFrom } from './notify/sms.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { searchRunner } from './search/readPool.js';

async function main() {
  const config = loadConfig();
  const { db, dialect, file, close } = await openDatabase(config.databaseUrl);
  if (config.seedDemo) await seedDemoIfEmpty(db);
  const search = searchRunner(db, dialect, file, config.searchWorkers);
  const app = await buildServer({ db, dialect, config, sms: smsProviderFrom(config), search, file });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await search.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Atrium 已启动：http://localhost:${config.port}（数据库：${dialect}）`);
}

main().catch((err) => {
  console.error(`Atrium 启动失败：${(err as Error).message}`);
  process.exit(1);
});
