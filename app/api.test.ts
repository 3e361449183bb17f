/**
 * The API client (app/api.ts): every failure rejects with the server's Chinese message (spec 2 §8,
 * docs/decisions.md #3), unsafe calls echo the XSRF cookie, a GET is retried once after 3000 ms on a
 * network failure or a 5xx (spec 2 §9), and panel reads map to the calls of spec 2 §7.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiPut, buildUrl, request, runRead } from './api';
import { MSG } from '@common/messages';

type FetchArgs = [input: string, init: RequestInit];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(...a: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(...a: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=tok%2Dabc; x=y' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (call: FetchArgs) => call[1].headers as Record<string, string>;

describe('api client', () => {
  it('rejects with the server message, code, status and fields of an error body', async () => {
    fetchMock.mockResolvedValue(json(409, { error: { code: 'conflict', message: MSG.hostTaken, fields: { host: MSG.hostTaken } } }));
    const err = await apiPost('/api/v1/applications', { name: 'x', host: 'a.cn' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('该域名已被其他应用使用');
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).code).toBe('conflict');
    expect((err as ApiError).fields).toEqual({ host: MSG.hostTaken });
  });

  it('rejects (never hangs) when a 200 answer carries an error field', async () => {
    fetchMock.mockResolvedValue(json(200, { error: { code: 'x', message: '出错了' } }));
    await expect(apiGet('/api/v1/session')).rejects.toMatchObject({ message: '出错了' });
  });

  it('rejects with a Chinese message on a 429 sign-in code request', async () => {
    fetchMock.mockResolvedValue(json(429, { error: { code: 'too_many_requests', message: MSG.sendTooOften } }));
    await expect(apiPut('/api/v3/oauth/digits', { country_code: '86', mobile_number: '13800138000' }))
      .rejects.toMatchObject({ status: 429, message: MSG.sendTooOften });
  });

  it('sends credentials and the XSRF header on unsafe methods only', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await apiPost('/api/v1/applications', { a: 1 });
    await apiGet('/api/v1/session');
    const [post, get] = fetchMock.mock.calls;
    expect(post[1].method).toBe('POST');
    expect(post[1].credentials).toBe('include');
    expect(headersOf(post)['X-XSRF-TOKEN']).toBe('tok-abc');
    expect(headersOf(post)['Content-Type']).toBe('application/json');
    expect(post[1].body).toBe('{"a":1}');
    expect(get[1].credentials).toBe('include');
    expect(headersOf(get)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('retries a GET once after 3000 ms on a 5xx, then resolves', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(json(503, { error: { code: 'server_error', message: MSG.serverError } }))
      .mockResolvedValueOnce(json(200, { user: null }));
    const p = apiGet<{ user: null }>('/api/v1/session');
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toEqual({ user: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a GET only once on network failure and then rejects with the network message', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const p = apiGet('/api/v1/topics').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    const err = await p;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).message).toBe(MSG.networkError);
  });

  it('does not retry a POST, nor a GET refused with a 4xx', async () => {
    fetchMock.mockResolvedValue(json(500, { error: { code: 'server_error', message: MSG.serverError } }));
    await expect(apiPost('/api/v1/applications', {})).rejects.toMatchObject({ status: 500, message: MSG.serverError });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(404, { error: { code: 'not_found', message: MSG.unknownHost } }));
    await expect(apiGet('/api/v1/applications/config', { host: 'x.cn' })).rejects.toMatchObject({ status: 404, message: MSG.unknownHost });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives a Chinese message when an error answer has no JSON body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const err = await request('/api/v1/session', { method: 'DELETE' }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(502);
    expect((err as ApiError).message).toBe(MSG.serverError);
  });

  it('aborts after 30000 ms with the timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const p = apiPut('/api/v1/applications/1', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const err = await p;
    expect((err as ApiError).code).toBe('timeout');
    expect((err as ApiError).message).toBe(MSG.requestTimeout);
  });

  it('sends arrays as repeated query keys and leaves out empty values', () => {
    expect(buildUrl('/x', { a: [1, 2], b: 'c', d: undefined, e: null })).toBe('/x?a=1&a=2&b=c');
  });

  it('maps panel reads to their calls', async () => {
    fetchMock.mockImplementation(async () => json(200, { content: [], totalElements: 0, empty: true, page: 1, size: 4 }));
    const site = { applicationId: 7, topicId: 3 };
    await runRead({ key: 'main', source: 'top', kind: 'scholar', count: 4, categoryLevelOne: '计算机' }, site);
    await runRead({ key: 'n', source: 'notice', count: 8, moduleId: 'm1' }, site);
    await runRead({ key: 'l', source: 'link', count: 2, moduleId: 'm2' }, site);
    const [top, notice, link] = fetchMock.mock.calls;
    expect(top[0]).toBe('/api/v4/modules/top-scholar');
    expect(top[1].method).toBe('POST');
    expect(JSON.parse(String(top[1].body))).toEqual({ offset: 0, count: 4, topicId: 3, categoryLevelOne: '计算机' });
    expect(notice[0]).toBe('/api/v1/modules/top-notice?applicationId=7&moduleId=m1&offset=0&count=8');
    expect(link[0]).toBe('/api/v1/modules/top-link?applicationId=7&moduleId=m2&offset=0&count=2');
  });
});
