/**
 * Starts Atrium: configuration, database (migrated), demo content on a new database, the HTTP server,
 * the purge of expired rows, and a graceful shutdown on SIGINT/SIGTERM. Built into dist/node/main.js
 * (scripts/build-server.mjs) and run with plain `node` by `npm start`; `npm run dev` and the tests run
 * it from source through tsx.
 */
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { buildServer } from './app.js';
import { smsProviderFrom } from './notify/sms.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { searchRunner } from './search/readPool.js';
import { startPurge } from './maintenance/purge.js';
import { createStorage } from './files/storage.js';
import { watchPool } from './metrics/index.js';

async function main() {
  const config = loadConfig();
  const { db, dialect, file, pool, close } = await openDatabase(config.databaseUrl);
  if (config.seedDemo) await seedDemoIfEmpty(db);
  const search = searchRunner(db, dialect, file, config.searchWorkers, dialect === 'postgres' ? config.databaseUrl : undefined);
  const app = await buildServer({ db, dialect, config, sms: smsProviderFrom(config), search, file });
  if (pool) watchPool('postgres', () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  watchPool('search_workers', () => ({ total: search.workers }));
  const purge = startPurge(db, config.purgeIntervalMs ?? 0, app.log, { auditRetentionDays: config.auditRetentionDays, storage: createStorage(config) });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await purge.stop();
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
  // a configuration problem is the operator's to fix: its list, no stack trace
  if (err instanceof ConfigError) {
    console.error(
      `Atrium 启动失败：配置有误（${err.problems.length} 处）\n${err.problems.map((p) => `  - ${p}`).join('\n')}\n环境变量的说明见 docs/operations.md。`,
    );
  } else {
    console.error(`Atrium 启动失败：${(err as Error).message}`);
  }
  process.exit(1);
});
