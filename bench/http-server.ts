/**
 * Child process of the HTTP benchmark (bench/http.ts): runs ONE server on 127.0.0.1 (random port) in
 * its own process, so that autocannon (in the parent) and the server do not share an event loop.
 *
 *   atrium <dir>              Atrium (buildServer) on a fresh SQLite file in <dir> holding every
 *                             CSRankings scholar (imported with the real import code)
 *   bare <dir> <bodyFile>     a bare Fastify app with one route, POST /api/v4/modules/top-scholar,
 *                             answering the JSON object read from <bodyFile> (a constant)
 *
 * Protocol (IPC): sends `{ type: 'ready', port, topicId }` once listening; on `{ type: 'stop' }` closes the
 * server (and database) and exits 0. Any failure is printed to stderr and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase } from '../server/db/index.js';
import { loadConfig } from '../server/config.js';
import { buildServer } from '../server/app.js';
import { OutboxSmsProvider } from '../server/notify/sms.js';
import { importFiles } from '../server/import/run.js';
import { BENCH_TOPIC, csrankingsFiles } from './import.js';

/** The message the child sends to the parent once listening. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** atrium: id of the topic the scholars were imported into; bare: null */
  topicId: number | null;
}

/** Starts Atrium with every CSRankings scholar in a fresh SQLite file under `dir`; returns the app and its close. */
async function startAtrium(dir: string): Promise<{ app: FastifyInstance; close: () => Promise<void>; topicId: number }> {
  const dbFile = path.join(dir, 'bench.db');
  const { db, dialect, close } = await openDatabase(dbFile);
  const { topicId } = await importFiles(db, 'scholars', csrankingsFiles(), { topic: BENCH_TOPIC });
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: dir, databaseUrl: dbFile, secret: 'bench', webDir: path.join(dir, 'none') });
  const app = await buildServer({ db, dialect, config, sms: new OutboxSmsProvider(path.join(dir, 'sms.jsonl')) }, { logger: false, web: false });
  return { app, close, topicId };
}

/** Starts a bare Fastify app whose only route answers the constant object in `bodyFile`. */
function startBare(bodyFile: string): { app: FastifyInstance; close: () => Promise<void>; topicId: null } {
  const answer = JSON.parse(fs.readFileSync(bodyFile, 'utf8')) as unknown;
  const app = Fastify({ logger: false });
  app.post('/api/v4/modules/top-scholar', async () => answer);
  return { app, close: async () => {}, topicId: null };
}

async function main() {
  const [mode, dir, bodyFile] = process.argv.slice(2);
  if (!process.send) throw new Error('bench/http-server.ts must be started by bench/http.ts (needs an IPC channel)');
  if (!dir || (mode !== 'atrium' && mode !== 'bare') || (mode === 'bare' && !bodyFile)) {
    throw new Error('usage: http-server.ts atrium <dir> | bare <dir> <bodyFile>');
  }
  const { app, close, topicId } = mode === 'atrium' ? await startAtrium(dir) : startBare(bodyFile);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (m: { type?: string }) => {
    if (m?.type !== 'stop') return;
    void (async () => {
      await app.close();
      await close();
      process.exit(0);
    })();
  });
  process.on('disconnect', () => process.exit(0)); // the parent went away: do not linger
  const msg: ReadyMessage = { type: 'ready', port: (app.server.address() as { port: number }).port, topicId };
  process.send(msg);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
