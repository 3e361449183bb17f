/** Input of POST /api/v1/banners/title and the reading of a detail link (docs/decisions.md 295). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { resourceTypeOf } from '../../../common/resourceTypes.js';

/** `{ url }`: 1-2000 characters. */
export const bannerTitleBody = z.object({
  url: z.string({ error: MSG.bannerUrlRequired }).trim().min(1, MSG.bannerUrlRequired).max(2000, MSG.bannerUrlInvalid),
});

/** What a detail link names: a resource of a type, or a notice. */
export type LinkTarget = { kind: 'resource'; type: string; id: number } | { kind: 'notice'; id: number };

const MAX_ID = 2_147_483_647;

/**
 * The content a link names, or null: `url` is a site path or an http(s) address (any host: a banner
 * may carry the site's full address), read by its path only.
 */
export function linkTarget(url: string): LinkTarget | null {
  let pathname: string;
  try {
    const u = new URL(url, 'http://site.invalid');
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  const id = (s: string) => {
    const n = Number(s);
    return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null;
  };
  let m = /^\/microapp\/explore\/resources\/([a-z_]+)\/(\d+)\/?$/.exec(pathname);
  if (m && id(m[2])) return resourceTypeOf(m[1])?.detail === 'notices' ? { kind: 'notice', id: id(m[2])! } : { kind: 'resource', type: m[1], id: id(m[2])! };
  m = /^\/microapp\/profile\/(\d+)\/?$/.exec(pathname);
  if (m && id(m[1])) return { kind: 'resource', type: 'scholar', id: id(m[1])! };
  m = /^\/resources\/notices\/(\d+)\/?$/.exec(pathname);
  if (m && id(m[1])) return { kind: 'notice', id: id(m[1])! };
  return null;
}
