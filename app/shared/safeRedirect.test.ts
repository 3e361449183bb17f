/** Where the console sends a user after signing in. */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './session';

describe('safeRedirect', () => {
  it('refuses the redirect that left the site: /console/login?redirect=%2F%09%2Fevil.example%2F', () => {
    const raw = new URLSearchParams('redirect=%2F%09%2Fevil.example%2F').get('redirect');
    expect(safeRedirect(raw)).toBe('/console/applications');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', '/\n/evil.example', '/%5cevil.example', null, ''])('refuses %j', (raw) => {
    expect(safeRedirect(raw)).toBe('/console/applications');
  });

  it('keeps a path on this site, but not the sign-in page itself', () => {
    expect(safeRedirect('/resources/notices/7?x=1')).toBe('/resources/notices/7?x=1');
    expect(safeRedirect('/console/login?redirect=/x')).toBe('/console/applications');
  });
});
