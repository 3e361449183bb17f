/**
 * Uploads end to end through the HTTP API (spec 2 §5, §7 'Uploads', §8): real files in, the same bytes
 * out with safe headers; refusals with the spec's Chinese messages and nothing stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSIGNED_PAYLOAD, createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { makeDocx, makeElf, makePng, multipartBody, type FormPart } from '../../test/files.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let alice: Client;
let bob: Client;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signIn('13800000011');
  bob = await ctx.signIn('13800000012');
  admin = await ctx.signIn('13800000013', 'super');
});
afterAll(async () => {
  await ctx.close();
});

/** Posts a multipart body as the client (its cookies; the XSRF header unless `xsrf: false`). */
export async function upload(app: TestContext['app'], client: Client | null, url: string, parts: FormPart[], opts: { xsrf?: boolean } = {}) {
  const { body, contentType } = multipartBody(parts);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (client) {
    Object.assign(headers, await client.browserHeaders('POST', url, UNSIGNED_PAYLOAD));
    if (opts.xsrf === false) delete headers['x-xsrf-token'];
  }
  const res = await app.inject({ method: 'POST', url, headers, payload: body });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: json as FilesReply, text: res.body, headers: res.headers };
}

/** One file of GET /api/v1/files as the tests read it. */
interface FileRow {
  id: number;
  name: string;
  contentType: string;
  uploaderId: number | null;
  url: string;
}

/** A reply of the files routes as the tests read it: the stored file, or a refusal (`error`). */
interface FilesReply extends FileRow {
  key: string;
  message: string;
  maxSize: number;
  error: { code: string; message: string; fields?: Record<string, string> };
}

const filesDir = () => ctx.config.filesDir;
const storedCount = () => (fs.existsSync(filesDir()) ? fs.readdirSync(filesDir()).length : 0);
const rowCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Expects a refusal with the message, and that neither a row nor a stored file was added. */
async function refused(res: { status: number; body: FilesReply }, status: number, message: string, before: { rows: number; stored: number }) {
  expect(res.status).toBe(status);
  expect(res.body.error.message).toBe(message);
  expect(await rowCount()).toBe(before.rows);
  expect(storedCount()).toBe(before.stored);
}
const counts = async () => ({ rows: await rowCount(), stored: storedCount() });

describe('image upload (POST /api/v1/files)', () => {
  it('stores a real PNG and serves the same bytes back as image/png with nosniff', async () => {
    const png = makePng(40, 30);
    const res = await upload(ctx.app, alice, '/api/v1/files', [
      { name: 'uid', value: '1' },
      { name: 'file', filename: '../../我的照片.png', data: png, type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\/files\/[A-Za-z0-9_-]{22}\.png$/);
    const key = res.text.slice('/files/'.length);
    expect(fs.readFileSync(path.join(filesDir(), key)).equals(png)).toBe(true);
    const row = await ctx.db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ original_name: '我的照片.png', content_type: 'image/png', size: png.length, width: 40, height: 30 });

    const got = await ctx.app.inject({ method: 'GET', url: res.text });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.headers['cache-control']).toContain('max-age=31536000');
    expect(String(got.headers['content-disposition'])).toMatch(/^inline;/);
  });

  it('stores a JPEG-named PNG as .png: the type comes from the bytes, not the name', async () => {
    const res = await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'photo.jpg', data: makePng(5, 5), type: 'image/jpeg' }]);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/\.png$/);
  });

  it('refuses a renamed executable with 图片格式不正确 and stores nothing', async () => {
    const before = await counts();
    const res = await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'photo.png', data: makeElf(), type: 'image/png' }]);
    await refused(res, 400, '图片格式不正确', before);
  });

  it('refuses a text file renamed .png, and a GIF (only jpeg and png are images here)', async () => {
    const before = await counts();
    await refused(
      await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'notes.png', data: Buffer.from('just some words\n'), type: 'image/png' }]),
      400,
      '图片格式不正确',
      before,
    );
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(20)]);
    await refused(
      await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'a.gif', data: gif, type: 'image/gif' }]),
      400,
      '图片格式不正确',
      before,
    );
  });

  it('refuses an image over 2048 KB with 请选择小于 2048 K 的图片 and stores nothing', async () => {
    const before = await counts();
    const big = makePng(8, 8, 2048 * 1024 + 1);
    expect(big.length).toBeGreaterThan(2048 * 1024);
    await refused(await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'big.png', data: big }]), 413, '请选择小于 2048 K 的图片', before);
    // exactly at the limit passes
    const edge = makePng(8, 8, 2048 * 1024);
    expect(edge.length).toBe(2048 * 1024);
    expect((await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'edge.png', data: edge }])).status).toBe(200);
  });

  it('a smaller maxSize (KB) sent by the uploader is enforced, a larger one is refused', async () => {
    const before = await counts();
    const png = makePng(8, 8, 3000);
    await refused(
      await upload(ctx.app, alice, '/api/v1/files', [
        { name: 'maxSize', value: '2' },
        { name: 'file', filename: 'a.png', data: png },
      ]),
      413,
      '请选择小于 2 K 的图片',
      before,
    );
    const res = await upload(ctx.app, alice, '/api/v1/files', [
      { name: 'maxSize', value: '99999' },
      { name: 'file', filename: 'a.png', data: png },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.['body.maxSize']).toBeTruthy();
  });

  it('checks width and height ranges when all four are set', async () => {
    const before = await counts();
    const png = makePng(120, 50);
    const bounds = (minW: number, maxW: number, minH: number, maxH: number): FormPart[] => [
      { name: 'minWidth', value: String(minW) },
      { name: 'maxWidth', value: String(maxW) },
      { name: 'minHeight', value: String(minH) },
      { name: 'maxHeight', value: String(maxH) },
    ];
    await refused(
      await upload(ctx.app, alice, '/api/v1/files', [...bounds(10, 100, 10, 100), { name: 'file', filename: 'w.png', data: png }]),
      400,
      '请选择宽度在 10 到 100 像素之间的图片',
      before,
    );
    await refused(
      await upload(ctx.app, alice, '/api/v1/files', [...bounds(100, 200, 60, 80), { name: 'file', filename: 'h.png', data: png }]),
      400,
      '请选择高度在 60 到 80 像素之间的图片',
      before,
    );
    // three of four bounds: no range check (spec 2 §5 'if all four ... are set')
    const three = bounds(10, 100, 10, 100).slice(0, 3);
    expect((await upload(ctx.app, alice, '/api/v1/files', [...three, { name: 'file', filename: 'ok.png', data: png }])).status).toBe(200);
    expect((await upload(ctx.app, alice, '/api/v1/files', [...bounds(120, 120, 50, 50), { name: 'file', filename: 'ok.png', data: png }])).status).toBe(200);
  });

  it('needs a signed-in user (401) and the XSRF header (403)', async () => {
    const before = await counts();
    const png = makePng(4, 4);
    await refused(await upload(ctx.app, null, '/api/v1/files', [{ name: 'file', filename: 'a.png', data: png }]), 403, '页面已过期，请刷新后重试', before);
    const anon = ctx.client();
    await refused(await upload(ctx.app, anon, '/api/v1/files', [{ name: 'file', filename: 'a.png', data: png }]), 401, '请先登录', before);
    await refused(
      await upload(ctx.app, alice, '/api/v1/files', [{ name: 'file', filename: 'a.png', data: png }], { xsrf: false }),
      403,
      '页面已过期，请刷新后重试',
      before,
    );
    await refused(
      await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: 'a.png', data: png }], { xsrf: false }),
      403,
      '页面已过期，请刷新后重试',
      before,
    );
  });

  it('refuses a request without a file, a JSON body and two files with a Chinese message', async () => {
    const before = await counts();
    await refused(await upload(ctx.app, alice, '/api/v1/files', [{ name: 'uid', value: '1' }]), 400, '请选择要上传的文件', before);
    await refused(await alice.post('/api/v1/files', { file: 'x' }), 400, '请选择要上传的文件', before);
    const png = makePng(4, 4);
    const two = await upload(ctx.app, alice, '/api/v1/files', [
      { name: 'file', filename: 'a.png', data: png },
      { name: 'file', filename: 'b.png', data: png },
    ]);
    expect(two.status).toBeGreaterThanOrEqual(400);
    expect(two.status).toBeLessThan(500);
    expect(two.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await rowCount()).toBe(before.rows);
  });
});

describe('file upload (POST /api/v2/files)', () => {
  it('stores a text file and serves it as an attachment under its original name', async () => {
    const text = Buffer.from('第一行\nsecond line\n');
    const res = await upload(ctx.app, alice, '/api/v2/files', [
      { name: 'uid', value: '7' },
      { name: 'file', filename: '报告 2024.txt', data: text, type: 'text/plain' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '报告 2024.txt', size: text.length, contentType: 'text/plain; charset=utf-8' });
    expect(res.body.url).toMatch(/^\/files\/[A-Za-z0-9_-]{22}\.txt$/);
    const got = await ctx.app.inject({ method: 'GET', url: res.body.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(text)).toBe(true);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="__ 2024.txt"; filename*=UTF-8''${encodeURIComponent('报告 2024.txt')}`);
  });

  it('accepts PDF and DOCX by their content, named as they were', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const p = await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: 'paper.bin', data: pdf }]);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ contentType: 'application/pdf', name: 'paper.bin' });
    expect(p.body.url).toMatch(/\.pdf$/);
    const d = await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: '论文.docx', data: makeDocx() }]);
    expect(d.status).toBe(200);
    expect(d.body.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const got = await ctx.app.inject({ method: 'GET', url: d.body.url });
    expect(String(got.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('refuses executables, HTML and SVG with 不支持该文件格式', async () => {
    const before = await counts();
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(0x3a),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(0x40),
      Buffer.from('PE\0\0'),
      Buffer.alloc(200),
    ]);
    for (const [name, data] of [
      ['tool.pdf', makeElf()],
      ['setup.txt', exe],
      ['page.txt', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
      ['logo.txt', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
      ['logo.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ] as Array<[string, Buffer]>) {
      const res = await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: name, data }]);
      await refused(res, 400, '不支持该文件格式', before);
    }
  });

  it('refuses a file over 20 MB with 请选择小于 20M 的文件 and stores nothing', async () => {
    const before = await counts();
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x61);
    await refused(await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: 'big.txt', data: big }]), 413, '请选择小于 20M 的文件', before);
  });

  it('serves an image uploaded as an attachment inline, and 404 for unknown keys', async () => {
    const res = await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: 'fig.png', data: makePng(3, 3) }]);
    expect(res.body).toMatchObject({ contentType: 'image/png', width: 3, height: 3 });
    expect((await ctx.app.inject({ method: 'GET', url: res.body.url })).headers['content-disposition']).toMatch(/^inline;/);
    for (const url of ['/files/nothere1234567890123456.png', '/files/..%2F..%2Fetc%2Fpasswd']) {
      const got = await ctx.app.inject({ method: 'GET', url });
      expect(got.statusCode).toBe(404);
      expect(got.json().error.message).toBe('文件不存在');
    }
    // a NUL is refused before any route (server/http/input.ts, decision 258)
    const nul = await ctx.app.inject({ method: 'GET', url: '/files/%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe(MSG.invalidCharacter);
  });
});

describe('listing and deleting (GET /api/v1/files, DELETE /api/v1/files/:id)', () => {
  it('lists a user’s own files, newest first; a super manager sees all', async () => {
    const mine = await alice.get('/api/v1/files?size=100');
    expect(mine.status).toBe(200);
    expect(mine.body.totalElements).toBeGreaterThan(3);
    expect(mine.body.content.every((f: FileRow) => f.uploaderId === mine.body.content[0].uploaderId)).toBe(true);
    const ids = mine.body.content.map((f: FileRow) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await bob.get('/api/v1/files')).body.totalElements).toBe(0);
    expect((await admin.get('/api/v1/files')).body.totalElements).toBe(mine.body.totalElements);
    const images = await alice.get('/api/v1/files?kind=image&size=100');
    expect(images.body.content.every((f: FileRow) => f.contentType.startsWith('image/'))).toBe(true);
    const named = await alice.get(`/api/v1/files?query=${encodeURIComponent('报告')}`);
    expect(named.body.content.map((f: FileRow) => f.name)).toEqual(['报告 2024.txt']);
    // % and _ in the query match themselves, on SQLite as on PostgreSQL (server/db/like.ts)
    for (const filename of ['a_b 100%.txt', 'axb 1000.txt'])
      await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename, data: Buffer.from('x') }]);
    const literal = await alice.get(`/api/v1/files?query=${encodeURIComponent('A_B 100%')}`);
    expect(literal.body.content.map((f: FileRow) => f.name)).toEqual(['a_b 100%.txt']);
    expect((await ctx.client().get('/api/v1/files')).status).toBe(401);
  });

  it('only the uploader or a super manager deletes; the stored file goes too', async () => {
    const res = await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: 'gone.txt', data: Buffer.from('bye') }]);
    const { id, key, url } = res.body;
    expect(fs.existsSync(path.join(filesDir(), key))).toBe(true);
    const other = await bob.del(`/api/v1/files/${id}`);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('没有权限执行此操作');
    expect(fs.existsSync(path.join(filesDir(), key))).toBe(true);
    // the owner access (decision 360) keeps the route's answers: a malformed id 400, an unknown one 404
    for (const who of [bob, admin]) {
      const bad = await who.del('/api/v1/files/abc');
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('文件不存在');
      expect((await who.del('/api/v1/files/999999')).status).toBe(404);
    }
    const ok = await alice.del(`/api/v1/files/${id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('文件已删除');
    expect(fs.existsSync(path.join(filesDir(), key))).toBe(false);
    expect(await ctx.db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await alice.del(`/api/v1/files/${id}`)).status).toBe(404);
    const byAdmin = await upload(ctx.app, bob, '/api/v2/files', [{ name: 'file', filename: 'b.txt', data: Buffer.from('b') }]);
    expect((await admin.del(`/api/v1/files/${byAdmin.body.id}`)).status).toBe(200);
  });
});

describe('a stored file’s name for the console (GET /api/v1/files/:key/info; docs/decisions.md 327)', () => {
  it('answers the uploaded name, size and type to a manager and a super manager; a plain user 403; unknown 404', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const up = await upload(ctx.app, alice, '/api/v2/files', [{ name: 'file', filename: '2025 年度报告.pdf', data: pdf }]);
    expect(up.status).toBe(200);
    const info = `/api/v1/files/${up.body.key}/info`;
    const byAdmin = await admin.get(info);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual({ url: up.body.url, name: '2025 年度报告.pdf', size: pdf.length, contentType: 'application/pdf' });
    // a plain user (not a manager of any application) is refused, even for their own upload
    const plain = await alice.get(info);
    expect(plain.status).toBe(403);
    expect(plain.body.error.message).toBe(MSG.forbidden);
    // a manager of some application (bob, named by the super manager)
    const appId = (await admin.post('/api/v1/applications', { name: '文件站点', host: 'files-info.example.cn' })).body.applicationId;
    expect((await admin.post('/api/v1/applications/managers', { applicationId: appId, phone: '13800000012', rights: ['content'] })).status).toBe(201);
    const byManager = await bob.get(info);
    expect(byManager.status).toBe(200);
    expect(byManager.body.name).toBe('2025 年度报告.pdf');
    for (const url of ['/api/v1/files/nothere1234567890123456.pdf/info', '/api/v1/files/..%2Fetc/info']) {
      const res = await admin.get(url);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('文件不存在');
    }
    expect((await ctx.client().get(info)).status).toBe(401);
  });
});
