/**
 * The explore link of spec 1 §2 'Links the panels produce': "/microapp/explore?type={type}. It is
 * derived from a header menu entry whose url points to the console explore page with scope 1, with
 * console swapped for microapp and type appended." Pure: no React, no Node.
 */

/** The explore page when no menu entry names one. */
export const DEFAULT_EXPLORE_BASE = '/microapp/explore';

/** The shape of a menu entry this needs (headerConfig.menu, stored shapes vary: url, link or path). */
export interface ExploreMenuEntry {
  url?: string | null;
  link?: string | null;
  path?: string | null;
  children?: readonly ExploreMenuEntry[] | null;
}

const CONSOLE_EXPLORE = /^\/console\/explore\/?$/;

/**
 * The explore base of a menu: the first entry (depth first, sub menus included) whose address is the
 * console explore page (`/console/explore`, on this site or an absolute http(s) address) with the
 * query `scope=1`, with `/console` swapped for `/microapp`; its other query keys are kept, `type`
 * dropped. Null when no entry qualifies.
 * Example: [{ url: '/console/explore?scope=1' }] → '/microapp/explore?scope=1'.
 */
export function exploreBaseFromMenu(menu: readonly ExploreMenuEntry[] | null | undefined): string | null {
  for (const entry of menu ?? []) {
    const raw = entry?.url ?? entry?.link ?? entry?.path ?? '';
    const found = typeof raw === 'string' ? swapExplore(raw.trim()) : null;
    if (found) return found;
    const inner = exploreBaseFromMenu(entry?.children ?? undefined);
    if (inner) return inner;
  }
  return null;
}

function swapExplore(raw: string): string | null {
  if (!raw) return null;
  const absolute = /^https?:\/\//i.test(raw);
  if (!absolute && !raw.startsWith('/')) return null;
  let u: URL;
  try {
    u = new URL(raw, 'http://site.invalid');
  } catch {
    return null;
  }
  if (!CONSOLE_EXPLORE.test(u.pathname) || u.searchParams.get('scope') !== '1') return null;
  u.pathname = u.pathname.replace(/^\/console/, '/microapp').replace(/\/$/, '');
  u.searchParams.delete('type');
  u.hash = '';
  return absolute ? u.toString() : `${u.pathname}${u.search}`;
}

/**
 * A panel's explore link for a resource type: `base` (or /microapp/explore) with `type` appended.
 * Example: ('/microapp/explore?scope=1', 'journal') → '/microapp/explore?scope=1&type=journal'.
 */
export function exploreLinkWithType(base: string | null | undefined, type: string): string {
  const b = base || DEFAULT_EXPLORE_BASE;
  return `${b}${b.includes('?') ? '&' : '?'}type=${encodeURIComponent(type)}`;
}

/**
 * The explore link of spec 1 §2 for `type`, derived from the header menu (see exploreBaseFromMenu);
 * /microapp/explore?type={type} when no menu entry points to the console explore page with scope 1.
 */
export function exploreLinkFromMenu(menu: readonly ExploreMenuEntry[] | null | undefined, type: string): string {
  return exploreLinkWithType(exploreBaseFromMenu(menu), type);
}
