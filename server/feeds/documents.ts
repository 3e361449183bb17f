/**
 * The documents themselves (docs/architecture.md §Feeds, sitemaps and robots): RSS 2.0 and Atom 1.0
 * through the `feed` library, the sitemap index and sitemaps of sitemaps.org's protocol 0.9, robots.txt.
 * Every address in them is absolute on the request's own scheme and host (`origin`, e.g.
 * `https://portal.example.cn`), so a document lists the site's own pages only.
 */
import { Feed } from 'feed';
import { resourceDetailHref } from '../../common/resourceTypes.js';
import { MSG, fillMsg } from '../../common/messages.js';
import type { FeedEntry } from './read.js';
import { feedPath, type FeedFormat } from './urls.js';

/** A document ready to send: its bytes, its media type and when what it lists was last written. */
export interface FeedDocument {
  body: string;
  type: string;
  /** null: unknown (no Last-Modified header) */
  lastModified: Date | null;
}

/** Where an entry is shown to a visitor: a notice's page, else the record's detail page (common/resourceTypes.ts). */
export const entryPath = (e: Pick<FeedEntry, 'id' | 'type'>): string => (e.type == null ? `/resources/notices/${e.id}` : resourceDetailHref(e.type, e.id));

/** The newest of some times, or null. */
export const newest = (dates: Array<Date | null | undefined>): Date | null => dates.reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);

/**
 * One feed of `entries` in `format`: title, the site's home as its link, its own RSS and Atom addresses
 * (`base` without the format), each entry's title, detail page, date and plain-text summary.
 * `updated` is the newest entry's update time, else `siteUpdated`.
 */
export function feedDocument(q: {
  origin: string;
  base: string;
  title: string;
  format: FeedFormat;
  entries: FeedEntry[];
  siteUpdated: Date | null;
}): FeedDocument {
  const updated = newest([...q.entries.map((e) => e.updated), q.siteUpdated]) ?? new Date(0);
  const feed = new Feed({
    title: q.title,
    id: `${q.origin}${feedPath(q.base, q.format)}`,
    link: `${q.origin}/`,
    description: fillMsg(MSG.feedDescription, { title: q.title, n: q.entries.length }),
    language: 'zh-CN',
    updated,
    generator: 'Atrium',
    feedLinks: { rss: `${q.origin}${feedPath(q.base, 'rss')}`, atom: `${q.origin}${feedPath(q.base, 'atom')}` },
  });
  for (const e of q.entries) {
    const link = `${q.origin}${entryPath(e)}`;
    feed.addItem({ title: e.title, id: link, link, date: e.updated, published: e.date, description: e.summary || e.title });
  }
  return q.format === 'rss'
    ? { body: feed.rss2(), type: 'application/rss+xml; charset=utf-8', lastModified: updated }
    : { body: feed.atom1(), type: 'application/atom+xml; charset=utf-8', lastModified: updated };
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
/** A W3C datetime (seconds, UTC): 2026-11-29T08:34:04Z. */
export const w3cTime = (d: Date): string => `${d.toISOString().slice(0, 19)}Z`;

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap index of the given sitemaps (absolute addresses), each with its lastmod when known. */
export function sitemapIndex(maps: Array<{ loc: string; lastmod: Date | null }>): FeedDocument {
  const body =
    `${XML}<sitemapindex xmlns="${NS}">\n` +
    maps.map((m) => `  <sitemap><loc>${xmlEscape(m.loc)}</loc>${m.lastmod ? `<lastmod>${w3cTime(m.lastmod)}</lastmod>` : ''}</sitemap>\n`).join('') +
    '</sitemapindex>\n';
  return { body, type: 'application/xml; charset=utf-8', lastModified: newest(maps.map((m) => m.lastmod)) };
}

/** A sitemap (urlset) of the given pages (absolute addresses), each with its lastmod when known. */
export function sitemap(urls: Array<{ loc: string; lastmod: Date | null }>): FeedDocument {
  const body =
    `${XML}<urlset xmlns="${NS}">\n` +
    urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${w3cTime(u.lastmod)}</lastmod>` : ''}</url>\n`).join('') +
    '</urlset>\n';
  return { body, type: 'application/xml; charset=utf-8', lastModified: newest(urls.map((u) => u.lastmod)) };
}

/** The paths a released site keeps crawlers out of (decision 535): the console, the API and sign-in. */
export const ROBOTS_DISALLOWED = [
  '/console',
  '/api/',
  '/toolsApi/',
  '/technology/',
  '/web/oauth/',
  '/login',
  '/settings/',
  '/subscriptions/',
  '/unrelease',
  '/block/',
  // the sign-in-only reader pages (spec 1 §2); /temp/map is public
  '/temp/contact',
  '/temp/dds',
  '/container/',
  '/microapp/helix/personalCenter',
  '/microapp/helix/ask',
  '/microapp/helix/recommend',
];

/**
 * robots.txt: a released site (`origin` given) allows everything but {@link ROBOTS_DISALLOWED} and names
 * its sitemap; a draft, or a host no site has (`origin` null), disallows everything.
 */
export function robotsTxt(origin: string | null, lastModified: Date | null): FeedDocument {
  const body = origin
    ? ['User-agent: *', ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
    : ['User-agent: *', 'Disallow: /', ''].join('\n');
  return { body, type: 'text/plain; charset=utf-8', lastModified };
}
