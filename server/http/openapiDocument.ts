/**
 * The API document built in-process, without a listening server (decision 439): a throwaway SQLite
 * database, the app built on it as the tests build it, `app.swagger()`, and everything closed again.
 * `npm run generate:api` (scripts/generate-api-types.mjs) writes the browser's types from it, and the
 * staleness test compares them with the committed common/apiSchema.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/index.js';
import { loadConfig } from '../config.js';
import { buildServer } from '../app.js';
import { OutboxSmsProvider } from '../notify/sms.js';

/** The OpenAPI document of the app as it is declared (what GET /api/openapi.json answers outside production). */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-openapi-'));
  const opened = await openDatabase(path.join(dir, 'doc.db'));
  try {
    const outbox = path.join(dir, 'sms.jsonl');
    const config = loadConfig(
      { NODE_ENV: 'test' },
      { dataDir: dir, databaseUrl: path.join(dir, 'doc.db'), secret: 'openapi-document', smsOutbox: outbox, webDir: path.join(dir, 'no-web') },
    );
    const app = await buildServer({ db: opened.db, dialect: 'sqlite', config, sms: new OutboxSmsProvider(outbox) }, { logger: false, web: false });
    try {
      await app.ready();
      return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
