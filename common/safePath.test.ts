/** The same-origin path check: hostile inputs refused, ordinary paths kept. */
import { describe, expect, it } from 'vitest';
import { isSiteLink, isSitePath, sitePath, themeUrlAllowed } from './safePath';

const HOSTILE = [
  '/\t/evil.example/',
  '/\n/evil.example',
  '/\r//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  ' /x',
  'x/y',
  '',
  '/%09/evil.example',
  '/%5cevil.example',
  '/%5C%5Cevil',
  '/\u0000x',
  '/\u0085x',
  '/ok\u007f',
];

describe('isSitePath', () => {
  it.each(HOSTILE)('refuses %j', (raw) => {
    expect(isSitePath(raw)).toBe(false);
    expect(sitePath(raw, '/fallback')).toBe('/fallback');
  });

  it.each(['/', '/microapp/explore?type=journal&q=%E5%AD%A6', '/resources/notices/7#top', '/console/application/3/editor'])('keeps %j', (raw) => {
    expect(isSitePath(raw)).toBe(true);
    expect(sitePath(raw, '/fallback')).toBe(raw);
  });

  it('refuses the redirect of the issue: /console/login?redirect=%2F%09%2Fevil.example%2F', () => {
    const redirect = new URLSearchParams('redirect=%2F%09%2Fevil.example%2F').get('redirect')!;
    expect(redirect).toBe('/\t/evil.example/');
    expect(isSitePath(redirect)).toBe(false);
  });
});

describe('isSiteLink', () => {
  it('takes http(s) addresses and site paths, refuses the rest', () => {
    expect(isSiteLink('https://www.nstl.gov.cn/')).toBe(true);
    expect(isSiteLink('http://example.cn/a?b=1')).toBe(true);
    expect(isSiteLink('/microapp/navigator')).toBe(true);
    for (const bad of ['/\\evil.example', '//evil.example', 'javascript:alert(1)', 'data:text/html,x', 'https://x.cn/"onmouseover=1', '/a b', 'ftp://x.cn']) {
      expect(isSiteLink(bad), bad).toBe(false);
    }
  });
});

describe('themeUrlAllowed', () => {
  it('takes a stylesheet of this site or of an allowed https host only', () => {
    expect(themeUrlAllowed('/files/theme.css', [])).toBe(true);
    expect(themeUrlAllowed('https://cdn.lib.example.cn/theme.css', ['cdn.lib.example.cn'])).toBe(true);
    expect(themeUrlAllowed('https://CDN.lib.example.cn/t.css', ['cdn.lib.example.cn'])).toBe(true);
    expect(themeUrlAllowed('https://evil.example/theme.css', ['cdn.lib.example.cn'])).toBe(false);
    expect(themeUrlAllowed('http://cdn.lib.example.cn/theme.css', ['cdn.lib.example.cn'])).toBe(false);
    expect(themeUrlAllowed('https://cdn.lib.example.cn.evil.example/t.css', ['cdn.lib.example.cn'])).toBe(false);
    expect(themeUrlAllowed('/\\evil.example/t.css', [])).toBe(false);
  });
});
