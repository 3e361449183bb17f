/**
 * The one same-origin path check, shared by the browser and the server: where the site
 * sends a visitor after signing in, and the "path on this site" of links and menus. A path on this
 * site starts with exactly one `/`, holds no backslash and no control character (raw or
 * percent-encoded: browsers drop a tab or a newline, so `/\t/evil.example` becomes `//evil.example`),
 * and resolves to this origin.
 */

/** Backslashes and C0/C1 control characters, raw or percent-encoded. */
const FORBIDDEN = /[\\\u0000-\u001f\u007f-\u009f]|%(?:5c|[01][0-9a-f]|7f)/i;
const ORIGIN = 'http://same-origin.invalid';

/** Whether `raw` is a path on this site (see the file comment). */
export function isSitePath(raw: string): boolean {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || FORBIDDEN.test(raw)) return false;
  try {
    return new URL(raw, ORIGIN).origin === ORIGIN;
  } catch {
    return false;
  }
}

/** `raw` when it is a path on this site, else `fallback`. */
export function sitePath(raw: string | null | undefined, fallback: string): string {
  return raw && isSitePath(raw) ? raw : fallback;
}

/** An http(s) address without spaces, quotes, angle brackets, backslashes or control characters. */
const WEB_URL = /^https?:\/\/[^\s<>"'\\\u0000-\u001f\u007f-\u009f]+$/i;

/**
 * Whether `raw` is an address a visitor may follow: an http(s) URL or a path on this site. Anything
 * else (javascript:, data:, `//host`, `/\host`, relative words) is not.
 */
export function isSiteLink(raw: string): boolean {
  return WEB_URL.test(raw) || (isSitePath(raw) && !/[\s<>"']/.test(raw));
}

/**
 * Whether a site's own stylesheet (headerConfig.specificThemeUrl) may be loaded: a path on this site,
 * or an https address on one of `allowedHosts` (ATRIUM_THEME_HOSTS; host names, case-insensitive). A
 * stylesheet from anywhere else could restyle the page to deceive visitors (decision 246).
 */
export function themeUrlAllowed(raw: string, allowedHosts: readonly string[]): boolean {
  if (isSitePath(raw)) return true;
  if (!/^https:\/\//i.test(raw) || !WEB_URL.test(raw)) return false;
  try {
    const host = new URL(raw).hostname.toLowerCase();
    return allowedHosts.some((h) => h.toLowerCase() === host);
  } catch {
    return false;
  }
}
