/**
 * /metrics (decision 279): absent unless enabled; enabled, Prometheus text with request
 * durations by route pattern, panel-read and search timings, for loopback callers or a bearer token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { readPanel } from '../reads/index.js';
import { watchPool } from './index.js';

const TOKEN = 'metrics-token-0123456789';
let off: TestContext;
let on: TestContext;
beforeAll(async () => {
  off = await createTestContext();
  on = await createTestContext({ metrics: true, metricsToken: TOKEN });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

describe('/metrics', () => {
  it('is not there unless ATRIUM_METRICS=1', async () => {
    const r = await off.app.inject({ method: 'GET', url: '/metrics' });
    // the API's 404, not a page (with a built browser app an unknown path is a 302 to /block/404)
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toContain('application/json');
  });

  it('serves request durations by route pattern, panel reads and searches', async () => {
    expect((await on.app.inject({ method: 'GET', url: '/api/v1/notices/123456' })).statusCode).toBe(404);
    expect((await on.app.inject({ method: 'GET', url: '/api/v1/search?q=%E6%8E%A7%E5%88%B6' })).statusCode).toBe(200);
    await readPanel({ db: on.db, app: { id: 1, topic_id: null } }, { key: 'k', source: 'job', count: 3 });
    const unwatch = watchPool('test_pool', () => ({ total: 3, idle: 2, waiting: 0 }));
    const r = await on.app.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toContain('# TYPE http_request_duration_seconds histogram');
    // the pattern, never the raw URL
    expect(r.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/notices\/:id",status_code="404"\} \d+/);
    // no label holds the raw id (a value may hold those digits by chance: a duration's sum, a byte count)
    expect(r.body).not.toMatch(/\{[^}]*123456[^}]*\}/);
    expect(r.body).toMatch(/atrium_search_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(r.body).toMatch(/atrium_panel_read_duration_seconds_count\{source="job",outcome="ok"\} [1-9]/);
    expect(r.body).toContain('atrium_pool_size{pool="test_pool",state="idle"} 2');
    expect(r.body).toContain('process_cpu_seconds_total');
    unwatch();
    expect((await on.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('test_pool');
  });

  it('answers other addresses only with the bearer token', async () => {
    const far = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.9' };
    const refused = await on.app.inject(far);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/监控指标只能从本机访问/);
    expect((await on.app.inject({ ...far, headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(403);
    expect((await on.app.inject({ ...far, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    // proxied through nginx on the same machine: not loopback any more
    expect((await on.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
  });
});
