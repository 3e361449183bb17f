/**
 * `atrium files copy --from <folder>` (decision 228): the files the database names (uploads and logos)
 * move from a former local files folder into the configured store: an S3 bucket (s3rver on a free
 * loopback port) or another folder; a second run copies nothing again; a file missing from the former
 * folder is named, and the others are still copied.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { checkUpload } from './check.js';
import { copyStoredFiles } from './copy.js';
import { LocalStorage, S3Storage, type FileStorage } from './storage.js';
import { makeDocx, makePng } from '../test/files.js';
import { storeUpload } from '../routes/files/service.js';

let ctx: TestContext;
let s3server: S3rver;
let tmp: string;
let former: string;
let bucket: S3Storage;
const keys: string[] = [];
const LOGO = `${'ab'.repeat(16)}.png`;
const logoBytes = makePng(32, 32);

async function read(store: FileStorage, key: string): Promise<Buffer | null> {
  const o = await store.get(key);
  return o ? buffer(o.body) : null;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-copy-'));
  former = path.join(tmp, 'former-files');
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'moved' }] });
  const addr = await s3server.run();
  bucket = new S3Storage({
    bucket: 'moved',
    endpoint: `http://127.0.0.1:${addr.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  ctx = await createTestContext();
  await ctx.signIn('13800000071');
  const user = await ctx.db.selectFrom('users').selectAll().where('phone', '=', '13800000071').executeTakeFirstOrThrow();
  const old = new LocalStorage(former);
  for (const [data, name] of [
    [makePng(8, 8), '图.png'],
    [makeDocx(), '手册.docx'],
  ] as const) {
    const checked = await checkUpload(data, name.endsWith('.png') ? { kind: 'image', maxKB: 2048 } : { kind: 'file', maxMB: 20 }, name);
    keys.push((await storeUpload(ctx.db, old, data, checked, name, user)).key);
  }
  await new LocalStorage(path.join(former, 'logos')).put(LOGO, logoBytes, 'image/png');
  const app = await ctx.db
    .insertInto('applications')
    .values({
      name: '迁移站',
      host: 'move.example.cn',
      topic_id: null,
      logo: `/files/logos/${LOGO}`,
      status: 'released',
      home_config: '[]',
      header_config: '{}',
      footer_config: '{}',
      theme_config: '{}',
      created_by: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(app.id).toBeGreaterThan(0);
});
afterAll(async () => {
  await ctx?.close();
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('files copy', () => {
  it('copies every upload and logo into the bucket, byte for byte, and a second run copies nothing', async () => {
    const first = await copyStoredFiles(ctx.db, former, bucket, bucket);
    expect(first).toEqual({ copied: 3, present: 0, missing: [] });
    for (const key of keys) expect((await read(bucket, key))!.equals((await read(new LocalStorage(former), key))!)).toBe(true);
    expect((await read(bucket, LOGO))!.equals(logoBytes)).toBe(true);
    expect(await copyStoredFiles(ctx.db, former, bucket, bucket)).toEqual({ copied: 0, present: 3, missing: [] });
    // the former folder keeps its files
    expect(fs.existsSync(path.join(former, keys[0]))).toBe(true);
  });

  it('into another folder: logos go to its logos folder; a file the former folder lacks is named and the rest still copied', async () => {
    fs.rmSync(path.join(former, keys[1]));
    const dest = path.join(tmp, 'new-files');
    const r = await copyStoredFiles(ctx.db, former, new LocalStorage(dest), new LocalStorage(path.join(dest, 'logos')));
    expect(r).toEqual({ copied: 2, present: 0, missing: [keys[1]] });
    expect(fs.existsSync(path.join(dest, keys[0]))).toBe(true);
    expect(fs.readFileSync(path.join(dest, 'logos', LOGO)).equals(logoBytes)).toBe(true);
  });
});
