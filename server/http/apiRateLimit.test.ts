/**
 * The global per-address limit of the API (decision 278): set low, the next request from
 * the same address answers 429 with the Chinese message in the API's error shape; other addresses,
 * pages and probes are not counted. The tests' default (NODE_ENV=test) is no limit.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { freePort } from '../../e2e/freePort.js';

const REDIS_SERVER = '/usr/bin/redis-server';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimitPerMinute: 5 });
});
afterAll(async () => {
  await ctx.close();
});

describe('global API rate limit', () => {
  it('answers 429 with a Chinese message once an address passes its limit', async () => {
    const c = ctx.client('10.77.0.1');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await c.get('/api/v1/oauth/options')).status);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    const refused = await c.get('/api/v1/oauth/options');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: expect.stringMatching(/^您的网络地址请求过于频繁，请 \d+ 秒后再试$/) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // a write is refused before anything else runs
    expect((await c.request('POST', '/api/v1/applications', { name: 'x', host: 'x.example.cn' }, { sign: false })).status).toBe(429);
    // the tools API is the API too
    expect((await c.request('POST', '/toolsApi/applicationExport/export', {}, { sign: false })).status).toBe(429);
    // probes and files are not the API
    expect((await c.get('/healthz')).status).toBe(200);
    expect((await c.get('/files/none.png')).status).not.toBe(429);
    // another address has its own count
    expect((await ctx.client('10.77.0.2').get('/api/v1/oauth/options')).status).toBe(200);
  });

  it('counts the analytics beacons of an address apart from its other calls, with the same limit (decision 344)', async () => {
    const c = ctx.client('10.77.0.9');
    const beacon = () =>
      c.request('POST', '/api/v1/analytics/beacon', undefined, {
        raw: JSON.stringify({ e: [{ k: 'pageview', p: '/' }] }),
        contentType: 'text/plain;charset=UTF-8',
        xsrf: false,
        sign: false,
        host: 'nosite.example.cn',
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await beacon()).status);
    // answered (204: this test server has no site on the host, which counts nothing; decision 407), not refused
    expect(codes).toEqual([204, 204, 204, 204, 204]);
    const refused = await beacon();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^您的网络地址请求过于频繁，请 \d+ 秒后再试$/);
    // the address's own calls still have their five
    for (let i = 0; i < 5; i++) expect((await c.get('/api/v1/oauth/options')).status).toBe(200);
    expect((await c.get('/api/v1/oauth/options')).status).toBe(429);
  });

  it('is off in the tests by default', async () => {
    const free = await createTestContext();
    try {
      expect(free.config.rateLimitPerMinute).toBe(0);
      const c = free.client('10.77.0.3');
      for (let i = 0; i < 30; i++) expect((await c.get('/api/v1/oauth/options')).status).toBe(200);
    } finally {
      await free.close();
    }
  });
});

describe('global API rate limit in Redis (REDIS_URL)', () => {
  // Debian's redis-server, when the machine has it: a throwaway instance on a free loopback port
  it.skipIf(!fs.existsSync(REDIS_SERVER))('shares one count between two server processes', async () => {
    const port = await freePort();
    const redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const contexts: TestContext[] = [];
    try {
      for (let i = 0; ; i++) {
        const up = await new Promise<boolean>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => {
            s.end();
            resolve(true);
          });
          s.on('error', () => resolve(false));
        });
        if (up) break;
        if (i > 50) throw new Error('redis-server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      const redisUrl = `redis://127.0.0.1:${port}/0`;
      for (let i = 0; i < 2; i++) contexts.push(await createTestContext({ rateLimitPerMinute: 4, redisUrl }));
      const [a, b] = contexts.map((c) => c.client('10.78.0.1'));
      const codes: number[] = [];
      for (const c of [a, b, a, b]) codes.push((await c.get('/api/v1/oauth/options')).status);
      expect(codes).toEqual([200, 200, 200, 200]);
      // the fifth request of the address, on either process, is refused
      const refused = await b.get('/api/v1/oauth/options');
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(/^您的网络地址请求过于频繁/);
      expect((await a.get('/api/v1/oauth/options')).status).toBe(429);
      expect((await contexts[0].client('10.78.0.2').get('/api/v1/oauth/options')).status).toBe(200);
    } finally {
      for (const c of contexts) await c.close();
      redis.kill('SIGTERM');
    }
  });
});
