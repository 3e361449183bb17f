/**
 * The S3-compatible store against a real S3 server (s3rver on a free loopback port): uploads through
 * the routes land in the bucket, are served back byte-identical, and deleting removes the object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSIGNED_PAYLOAD, createTestContext, type Client, type TestContext } from '../test/harness.js';
import { makePng, multipartBody } from '../test/files.js';
import { S3Storage } from './storage.js';
import type { S3Config } from '../config.js';

let server: S3rver;
let dir: string;
let s3: S3Config;
let ctx: TestContext;
let alice: Client;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'atrium-files' }] });
  const addr = await server.run();
  s3 = {
    bucket: 'atrium-files',
    endpoint: `http://127.0.0.1:${addr.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  ctx = await createTestContext({ s3 });
  alice = await ctx.signIn('13800000021');
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(url: string, data: Buffer, filename: string) {
  const { body, contentType } = multipartBody([
    { name: 'uid', value: '1' },
    { name: 'file', filename, data },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, ...(await alice.browserHeaders('POST', url, UNSIGNED_PAYLOAD)) },
  });
  return res;
}

describe('S3-compatible storage', () => {
  it('stores uploads in the bucket, serves them back and deletes them', async () => {
    const store = new S3Storage(s3);
    const png = makePng(16, 9);
    const res = await post('/api/v1/files', png, 'pic.png');
    expect(res.statusCode).toBe(200);
    const key = res.body.slice('/files/'.length);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: 'atrium-files', Key: key }));
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(png.length);
    expect(fs.existsSync(path.join(ctx.config.filesDir, key))).toBe(false);

    const got = await ctx.app.inject({ method: 'GET', url: res.body });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(png)).toBe(true);

    const doc = await post('/api/v2/files', Buffer.from('附件正文'), '说明.txt');
    expect(doc.statusCode).toBe(200);
    const { id, url } = doc.json();
    expect((await ctx.app.inject({ method: 'GET', url })).body).toBe('附件正文');

    expect((await alice.del(`/api/v1/files/${id}`)).status).toBe(200);
    expect(await store.get(url.slice('/files/'.length))).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
