/**
 * The API client (app/api.ts): every failure rejects with the server's Chinese message (spec 2 §8,
 * docs/decisions.md #3), unsafe calls echo the XSRF cookie, a GET is retried once after 3000 ms on a
 * network failure or a 5xx (spec 2 §9), and panel reads map to the calls of spec 2 §7.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiPut, buildUrl, dispositionName, downloadBlob, forgetSigningKey, request, runRead } from './api';
import { MSG } from '@common/messages';
import { SIGN_HEADER, SIGNING_KEY_PATH, bodyDigest, canonicalRequest, signatureOf } from '@common/requestSigning';

const KEY = 'ab'.repeat(32);

type FetchArgs = [input: string, init: RequestInit];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(...a: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(...a: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=tok%2Dabc; x=y' });
  // the key the server embeds in the page (server/web/index.ts) for this XSRF token
  forgetSigningKey();
  vi.stubGlobal('__ATRIUM_SIGNING__', { xsrf: 'tok-abc', key: KEY, serverTime: Date.now() });
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
    await expect(apiPut('/api/v3/oauth/digits', { country_code: '86', mobile_number: '13800138000' })).rejects.toMatchObject({
      status: 429,
      message: MSG.sendTooOften,
    });
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
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'server_error', message: MSG.serverError } })).mockResolvedValueOnce(json(200, { user: null }));
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
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = apiPut('/api/v1/applications/1', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const err = await p;
    expect((err as ApiError).code).toBe('timeout');
    expect((err as ApiError).message).toBe(MSG.requestTimeout);
  });

  it('signs every call: nonce, timestamp, body hash and an HMAC the server can check', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await apiPost('/api/v1/notices?x=1', { title: '通知' });
    await apiGet('/api/v1/search', { q: '中文', type: ['a', 'b'] });
    const [post, get] = fetchMock.mock.calls;
    for (const [call, method, path, query, body] of [
      [post, 'POST', '/api/v1/notices', '?x=1', '{"title":"通知"}'],
      [get, 'GET', '/api/v1/search', '?q=%E4%B8%AD%E6%96%87&type=a&type=b', undefined],
    ] as const) {
      const h = headersOf(call);
      expect(h[SIGN_HEADER.validation]).toBe(bodyDigest(body));
      expect(Math.abs(Number(h[SIGN_HEADER.timestamp]) - Date.now())).toBeLessThan(2000);
      const canon = canonicalRequest({
        method,
        path,
        query,
        timestamp: h[SIGN_HEADER.timestamp],
        nonce: h[SIGN_HEADER.nonce],
        validation: h[SIGN_HEADER.validation],
      });
      expect(h[SIGN_HEADER.signature]).toBe(signatureOf(KEY, canon));
    }
    expect(headersOf(post)[SIGN_HEADER.nonce]).not.toBe(headersOf(get)[SIGN_HEADER.nonce]);
  });

  it('asks for the key when the page has none, and signs on the server clock', async () => {
    vi.stubGlobal('__ATRIUM_SIGNING__', undefined);
    const serverAhead = 10 * 60_000;
    fetchMock.mockImplementation(async (url) =>
      url === SIGNING_KEY_PATH ? json(200, { key: KEY, serverTime: Date.now() + serverAhead }) : json(200, { ok: true }),
    );
    await apiPost('/api/v1/actions', {});
    await apiPost('/api/v1/actions', {});
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([SIGNING_KEY_PATH, '/api/v1/actions', '/api/v1/actions']);
    const ts = Number(headersOf(fetchMock.mock.calls[1])[SIGN_HEADER.timestamp]);
    expect(Math.abs(ts - (Date.now() + serverAhead))).toBeLessThan(2000);
  });

  it('after a refused signature fetches the key again and sends once more with a new nonce', async () => {
    const refused = () => json(401, { error: { code: 'signature_invalid', message: MSG.signatureInvalid } });
    fetchMock
      .mockResolvedValueOnce(refused())
      .mockResolvedValueOnce(json(200, { key: 'cd'.repeat(32), serverTime: Date.now() }))
      .mockResolvedValueOnce(json(201, { id: 1 }));
    await expect(apiPost('/api/v1/notices', { a: 1 })).resolves.toEqual({ id: 1 });
    const urls = fetchMock.mock.calls.map((c) => c[0]);
    expect(urls).toEqual(['/api/v1/notices', SIGNING_KEY_PATH, '/api/v1/notices']);
    expect(headersOf(fetchMock.mock.calls[0])[SIGN_HEADER.nonce]).not.toBe(headersOf(fetchMock.mock.calls[2])[SIGN_HEADER.nonce]);
    // a second refusal reaches the caller with its message (no loop)
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) => (url === SIGNING_KEY_PATH ? json(200, { key: KEY, serverTime: Date.now() }) : refused()));
    await expect(apiPost('/api/v1/notices', { a: 1 })).rejects.toMatchObject({ status: 401, message: MSG.signatureInvalid });
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/v1/notices')).toHaveLength(2);
    // a replay refusal is not retried
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(401, { error: { code: 'nonce_reused', message: MSG.nonceReused } }));
    await expect(apiPost('/api/v1/notices', {})).rejects.toMatchObject({ message: MSG.nonceReused });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects with a message when no key can be had (never hangs)', async () => {
    vi.stubGlobal('__ATRIUM_SIGNING__', undefined);
    fetchMock.mockResolvedValue(json(500, { error: { code: 'server_error', message: MSG.serverError } }));
    await expect(apiPost('/api/v1/actions', {})).rejects.toMatchObject({ code: 'signing_key', message: MSG.signingKeyFailed });
  });

  it('downloads a blob with its server name, and rejects with the server message', async () => {
    const clicked: string[] = [];
    const a = {
      href: '',
      download: '',
      click() {
        clicked.push(this.download);
      },
      remove() {},
    };
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=tok%2Dabc', createElement: () => a, body: { appendChild: () => a } });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    fetchMock.mockResolvedValueOnce(
      new Response('{"format":"x"}', { status: 200, headers: { 'content-disposition': 'attachment; filename="atrium-lib.cn-20261124.json"' } }),
    );
    await expect(downloadBlob('/toolsApi/applicationExport/export', { applicationId: 1 }, 'x.json')).resolves.toEqual({
      name: 'atrium-lib.cn-20261124.json',
      size: 14,
    });
    expect(clicked).toEqual(['atrium-lib.cn-20261124.json']);
    expect(headersOf(fetchMock.mock.calls[0])['X-XSRF-TOKEN']).toBe('tok-abc');
    expect(headersOf(fetchMock.mock.calls[0])[SIGN_HEADER.signature]).toMatch(/^[0-9a-f]{64}$/);
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: MSG.forbidden } }));
    await expect(downloadBlob('/toolsApi/applicationExport/export', { applicationId: 1 }, 'x.json')).rejects.toMatchObject({
      status: 403,
      message: MSG.forbidden,
    });
    expect(dispositionName("attachment; filename*=UTF-8''%E5%AF%BC%E5%87%BA.json")).toBe('导出.json');
  });

  it('a blob download refused for its signature fetches the key again and sends once more; an HTML error page still gives a message', async () => {
    const a = { href: '', download: '', click() {}, remove() {} };
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=tok%2Dabc', createElement: () => a, body: { appendChild: () => a } });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: { code: 'timestamp_skew', message: MSG.timestampSkew } }))
      .mockResolvedValueOnce(json(200, { key: 'ef'.repeat(32), serverTime: Date.now() }))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    await expect(downloadBlob('/toolsApi/applicationExport/export', { applicationId: 2 }, '站点.json')).resolves.toEqual({ name: '站点.json', size: 2 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/toolsApi/applicationExport/export', SIGNING_KEY_PATH, '/toolsApi/applicationExport/export']);
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(downloadBlob('/toolsApi/applicationExport/export', { applicationId: 2 }, '站点.json')).rejects.toMatchObject({
      status: 502,
      message: MSG.serverError,
    });
  });

  it('sends arrays as repeated query keys and leaves out empty values', () => {
    expect(buildUrl('/x', { a: [1, 2], b: 'c', d: undefined, e: null })).toBe('/x?a=1&a=2&b=c');
  });

  it('sends every panel read to the one panel-read call, the read as JSON', async () => {
    fetchMock.mockImplementation(async () => json(200, { content: [], totalElements: 0, empty: true, page: 1, size: 4 }));
    const site = { applicationId: 7, topicId: 3 };
    const top = { key: 'main', source: 'top', kind: 'scholar', count: 4, categoryLevelOne: '计算机' } as const;
    const notice = { key: 'n', source: 'notice', count: 8, moduleId: 'm1' } as const;
    await runRead(top, site);
    await runRead(notice, site);
    const urls = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://x'));
    expect(urls.map((u) => u.pathname)).toEqual(['/api/v1/modules/panel-read', '/api/v1/modules/panel-read']);
    expect(fetchMock.mock.calls.map((c) => c[1].method)).toEqual(['GET', 'GET']);
    expect(urls.map((u) => u.searchParams.get('applicationId'))).toEqual(['7', '7']);
    expect(JSON.parse(urls[0].searchParams.get('read')!)).toEqual(top);
    expect(JSON.parse(urls[1].searchParams.get('read')!)).toEqual(notice);
  });
});
