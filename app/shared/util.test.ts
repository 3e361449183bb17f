/** Console helpers: the site address of 访问 and the redirect after sign-in (spec 1 §6). */
import { describe, expect, it } from 'vitest';
import { siteUrl } from './util';
import { loginPath, needsFullLoad, safeRedirect } from './session';

describe('console helpers', () => {
  it('opens the site on the console port when the host has none', () => {
    expect(siteUrl('demo.localhost', { protocol: 'http:', port: '3000' })).toBe('http://demo.localhost:3000');
    expect(siteUrl('portal.example.cn', { protocol: 'https:', port: '' })).toBe('https://portal.example.cn');
    expect(siteUrl('localhost:3100', { protocol: 'http:', port: '3000' })).toBe('http://localhost:3100');
  });

  it('comes back only to a path of this site after sign-in', () => {
    expect(loginPath('/console/application/3/editor')).toBe('/console/login?redirect=%2Fconsole%2Fapplication%2F3%2Feditor');
    expect(safeRedirect('/console/application/3/editor')).toBe('/console/application/3/editor');
    expect(safeRedirect(null)).toBe('/console/applications');
    expect(safeRedirect('https://evil.example')).toBe('/console/applications');
    expect(safeRedirect('//evil.example')).toBe('/console/applications');
    expect(safeRedirect('/\\evil.example')).toBe('/console/applications');
    expect(safeRedirect('/console/login?redirect=/x')).toBe('/console/applications');
  });

  it('loads a visitor page again after sign-in (its user is in the served page); console and settings pages in place', () => {
    for (const p of ['/', '/?x=1', '/microapp/recommendation', '/notice/3', '/subscriptions/journals', '/consoles'])
      expect([p, needsFullLoad(p)]).toEqual([p, true]);
    for (const p of ['/console', '/console/applications', '/console?x=1', '/settings/account']) expect([p, needsFullLoad(p)]).toEqual([p, false]);
  });
});
