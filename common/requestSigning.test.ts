/**
 * The canonical form of a signed request (spec 2 §7 'Request wrapper', decision 220): both sides must
 * build the same string, and the pure-JS hashes must agree with Node's.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGN_HEADER, UNSIGNED_PAYLOAD, bodyDigest, canonicalQuery, canonicalRequest, newNonce, signRequest, signatureOf, splitUrl } from './requestSigning';

describe('request signing', () => {
  it('sorts query keys but keeps the order of repeated keys, and encodes alike', () => {
    expect(canonicalQuery('?b=2&a=x&a=1&c=%E4%B8%AD+%E6%96%87')).toBe('a=x&a=1&b=2&c=%E4%B8%AD%20%E6%96%87');
    expect(canonicalQuery('ids=3&ids=1')).not.toBe(canonicalQuery('ids=1&ids=3'));
    expect(canonicalQuery('')).toBe('');
    expect(canonicalQuery('?q=a%26b')).toBe('q=a%26b');
  });

  it('splits a URL into the path a browser sends and its query', () => {
    expect(splitUrl('/api/v1/search?q=中文&type=a')).toEqual({ path: '/api/v1/search', query: '?q=%E4%B8%AD%E6%96%87&type=a' });
    expect(splitUrl('http://x.cn/api/v1/notices')).toEqual({ path: '/api/v1/notices', query: '' });
  });

  it('hashes and signs like Node crypto', () => {
    const body = JSON.stringify({ title: '通知公告', n: 1 });
    expect(bodyDigest(body)).toBe(crypto.createHash('sha256').update(body, 'utf8').digest('hex'));
    expect(bodyDigest(undefined)).toBe(crypto.createHash('sha256').digest('hex'));
    const key = crypto.randomBytes(32).toString('hex');
    const canon = canonicalRequest({
      method: 'post',
      path: '/api/v1/notices',
      query: '?b=1&a=2',
      timestamp: '1700000000000',
      nonce: 'ab'.repeat(16),
      validation: bodyDigest(body),
    });
    expect(canon.split('\n')).toEqual(['ATRIUM-HMAC-SHA256', 'POST', '/api/v1/notices', 'a=2&b=1', '1700000000000', 'ab'.repeat(16), bodyDigest(body)]);
    expect(signatureOf(key, canon)).toBe(crypto.createHmac('sha256', Buffer.from(key, 'hex')).update(canon).digest('hex'));
  });

  it('makes the four headers; multipart is UNSIGNED-PAYLOAD; nonces differ', () => {
    const key = '11'.repeat(32);
    const h = signRequest({ keyHex: key, method: 'POST', url: '/api/v1/files', body: UNSIGNED_PAYLOAD, now: 1700000000000.4 });
    expect(h[SIGN_HEADER.validation]).toBe('UNSIGNED-PAYLOAD');
    expect(h[SIGN_HEADER.timestamp]).toBe('1700000000000');
    expect(h[SIGN_HEADER.nonce]).toMatch(/^[0-9a-f]{32}$/);
    expect(h[SIGN_HEADER.signature]).toMatch(/^[0-9a-f]{64}$/);
    expect(newNonce()).not.toBe(newNonce());
  });
});
