/**
 * Request ids (server/http/requestId.ts): a safe incoming X-Request-Id is kept, anything else is
 * replaced by a new UUID; every answer (success, error, unknown path) carries the id back, and the
 * request's log lines have it as `reqId`.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { registerRequestId, requestIdOptions } from './requestId.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, id?: string) => ctx.app.inject({ method: 'GET', url, headers: id === undefined ? {} : { 'x-request-id': id } });

describe('X-Request-Id', () => {
  it('keeps a safe incoming id and returns it on success, error and unknown paths', async () => {
    for (const [url, status] of [
      ['/healthz', 200],
      ['/api/v1/notices/987654321', 404],
      ['/api/v1/no-such-route', 404],
      ['/metrics', 404],
    ] as const) {
      const r = await get(url, 'edge-1a2B.3_c-9');
      expect(r.statusCode, url).toBe(status);
      expect(r.headers['x-request-id'], url).toBe('edge-1a2B.3_c-9');
    }
  });

  it('makes a new id when there is none, or it is too long or has other characters', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, '', 'a'.repeat(65), 'id with spaces', 'id\u00e9', '<script>', 'a/b']) {
      const r = await get('/healthz', given);
      const id = String(r.headers['x-request-id']);
      expect(id, String(given)).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(7);
    expect((await get('/healthz', 'a'.repeat(64))).headers['x-request-id']).toBe('a'.repeat(64));
  });

  it("puts the id on the request's log lines", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, ...requestIdOptions });
    registerRequestId(app);
    app.get('/x', async (req) => {
      req.log.info('inside');
      return { ok: true };
    });
    const r = await app.inject({ method: 'GET', url: '/x', headers: { 'x-request-id': 'trace-42' } });
    await app.close();
    expect(r.headers['x-request-id']).toBe('trace-42');
    const mine = lines.filter((l) => l.reqId === 'trace-42');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'inside', 'request completed']));
  });
});
