/**
 * The OAI-PMH answers made in the read pool's worker threads, as a server runs them on a SQLite file
 * (decision 688) and on PostgreSQL (decision 716, each worker with connections of its own): a whole
 * ListRecords harvest through resumption tokens gives the same documents as the same server answering
 * on its own thread, and an error of the protocol is the same `<error>`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.js';
import { loadConfig } from '../config.js';
import { OutboxSmsProvider } from '../notify/sms.js';
import { Client, freshDatabase, insertApplication, testDialect } from '../test/harness.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { searchRunner, type SearchRunner } from '../search/readPool.js';
import { withResponseDate } from './index.js';

const HOST = 'oai-pool.example.cn';
const N = 450;

describe('OAI-PMH in the read pool', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let pooled: FastifyInstance;
  let plain: FastifyInstance;
  let pool: SearchRunner;
  let oaiReads = 0;
  beforeAll(async () => {
    database = await freshDatabase();
    const topicId = await ensureTopic(database.db, 'OAI 线程专题');
    await insertApplication(database.db, { name: 'OAI 线程站', host: HOST, topicId, status: 'released' });
    await upsertResources(
      database.db,
      Array.from({ length: N }, (_, i) => ({
        type: 'article' as const,
        sourceKey: `pool-${i}`,
        title: `线程中的记录 ${i}`,
        date: '2024-05-01',
        fields: { author: [`作者${i % 7}`], keywords: ['收割'], abstract: `第 ${i} 条的摘要` },
        topicId,
        categoryOne: '工学',
      })),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-oai-pool-'));
    const config = loadConfig(
      { NODE_ENV: 'test' },
      { dataDir: dir, databaseUrl: database.url, secret: 'test-secret', smsOutbox: path.join(dir, 'sms.jsonl'), webDir: path.join(dir, 'no-web') },
    );
    const build = (search?: SearchRunner) =>
      buildServer(
        { db: database.db, dialect: testDialect, config, sms: new OutboxSmsProvider(path.join(dir, 'sms.jsonl')), search },
        { logger: false, web: false },
      );
    pool = testDialect === 'sqlite' ? searchRunner(database.db, 'sqlite', database.url, 2) : searchRunner(database.db, 'postgres', undefined, 2, database.url);
    expect(pool.workers).toBe(2);
    // the answers the pool makes, counted
    const counting: SearchRunner = {
      ...pool,
      read: (name, arg) => {
        if (name === 'oai') oaiReads += 1;
        return pool.read(name, arg);
      },
    };
    pooled = await build(counting);
    plain = await build();
    await Promise.all([pooled.ready(), plain.ready()]);
  }, 60_000);
  afterAll(async () => {
    await pooled?.close();
    await plain?.close();
    await pool?.close();
    await database?.drop();
  });

  const harvest = async (app: FastifyInstance) => {
    const client = new Client(app, '10.55.0.1');
    const docs: string[] = [];
    let query = 'verb=ListRecords&metadataPrefix=oai_dc';
    for (;;) {
      const res = await client.get(`/oai?${query}`, { host: HOST });
      expect(res.status).toBe(200);
      const xml = res.text;
      // what differs by the moment of the answer: its date and the tokens (they carry their expiry)
      docs.push(
        xml
          .replace(/<responseDate>[^<]+<\/responseDate>/, '')
          .replace(/resumptionToken="[^"]+"/, 'resumptionToken=""')
          .replace(/<resumptionToken([^>]*)>[^<]+</, '<resumptionToken$1><')
          .replace(/expirationDate="[^"]+"/, ''),
      );
      const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
      if (!token) return docs;
      query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
    }
  };

  it('harvests the same documents as the server answering on its own thread', async () => {
    const [fromPool, fromThread] = [await harvest(pooled), await harvest(plain)];
    expect(fromPool.length).toBe(Math.ceil(N / 200));
    expect(oaiReads).toBe(fromPool.length);
    expect(fromPool.join('').split('<record>').length - 1).toBe(N);
    expect(fromPool).toEqual(fromThread);
  });

  it('makes the next page while the harvester reads this one, and reads it again after a write (decision 689)', async () => {
    const client = new Client(pooled, '10.55.0.3');
    const settle = () => new Promise((r) => setTimeout(r, 300));
    const before = oaiReads;
    const first = await client.get('/oai?verb=ListRecords&metadataPrefix=oai_dc', { host: HOST });
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(first.text)![1]!;
    await settle();
    // page 1, and page 2 made ahead before anyone asked for it
    expect(oaiReads - before).toBe(2);
    const second = await client.get(`/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`, { host: HOST });
    expect(second.text.split('<record>').length - 1).toBe(200);
    // its responseDate is the moment it was sent, not the moment it was made
    const sent = /<responseDate>([^<]+)<\/responseDate>/.exec(second.text)![1]!;
    expect(Math.abs(Date.parse(sent) - Date.now())).toBeLessThan(2000);
    await settle();
    // page 2 came from what was made ahead: one more read, for page 3
    expect(oaiReads - before).toBe(3);
    const token3 = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(second.text)![1]!;
    // a write that changes what visitors see: the page made ahead is not used, and the record's new title shows
    await database.db.updateTable('resources').set({ title: '写入后的新标题' }).where('source_key', '=', 'pool-449').execute();
    await pooled.visitorCache.invalidate();
    const third = await client.get(`/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token3)}`, { host: HOST });
    expect(third.status).toBe(200);
    await settle();
    // page 3 read again (it is the last: no token, nothing made ahead), with the new title
    expect(oaiReads - before).toBe(4);
    expect(third.text).toContain('写入后的新标题');
    expect(third.text).toContain('<resumptionToken completeListSize');
  });

  it('sets the responseDate of a page made ahead in its bytes, or by its text when the old one is not 20 characters (decision 708)', () => {
    const now = new Date('2026-11-30T09:30:15.123Z');
    const doc = (date: string) => Buffer.from(`<?xml version="1.0"?><OAI-PMH><responseDate>${date}</responseDate><ListRecords>题名</ListRecords></OAI-PMH>`);
    const made = doc('2026-11-30T09:29:59Z');
    const sent = withResponseDate(made, now);
    expect(sent).toBe(made);
    expect(sent.toString()).toBe(doc('2026-11-30T09:30:15Z').toString());
    expect(withResponseDate(doc('2026-11-30'), now).toString()).toBe(doc('2026-11-30T09:30:15Z').toString());
  });

  it('answers a protocol error from the pool as the protocol says', async () => {
    const res = await new Client(pooled, '10.55.0.2').get('/oai?verb=ListRecords&metadataPrefix=marc21', { host: HOST });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<error code="cannotDisseminateFormat">');
  });
});
