/**
 * The visitor site's sign-in addresses: a link that needs sign-in leads to the site's own
 * sign-in page, which sends the visitor back only to a path of this site that is not a sign-in page.
 */
import { describe, expect, it } from 'vitest';
import { loginHref, siteSigninRedirect } from './links';

describe('the site sign-in addresses', () => {
  it("loginHref leads to the site's sign-in page with the way back", () => {
    expect(loginHref('/microapp/jobs?page=2')).toBe('/login?redirect=%2Fmicroapp%2Fjobs%3Fpage%3D2');
  });

  it('siteSigninRedirect keeps a path of this site', () => {
    expect(siteSigninRedirect('/microapp/explore?type=journal')).toBe('/microapp/explore?type=journal');
    expect(siteSigninRedirect('/console/applications')).toBe('/console/applications');
    expect(siteSigninRedirect('/loginfo')).toBe('/loginfo');
  });

  it('siteSigninRedirect sends anything else home: no address, another origin, a sign-in page', () => {
    for (const raw of [null, undefined, '', 'https://evil.example/', '//evil.example', '/\\evil.example', '/%09/evil.example', 'javascript:alert(1)'])
      expect(siteSigninRedirect(raw)).toBe('/');
    for (const raw of ['/login', '/login?redirect=%2F', '/console/login', '/console/login?redirect=%2Fx', '/login/']) expect(siteSigninRedirect(raw)).toBe('/');
  });
});
