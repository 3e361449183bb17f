/**
 * The addresses of a site's feeds, sitemaps and robots.txt (docs/architecture.md §Feeds, sitemaps and
 * robots; decision 530), and the `<link rel="alternate">` autodiscovery links of a visitor page's
 * `<head>`. Pure: no database, no Node module (the server renderer's template calls it per page).
 *
 * - `/feeds/notices.rss`, `/feeds/notices.atom`: the site's published notices;
 * - `/feeds/resources/{type}.{rss,atom}`: the newest records of one resource type in the site's topic,
 *   reports (`report`) and jobs (`job`) included;
 * - `/feeds/topics/{topicId}.{rss,atom}`: the newest records of every type in the site's topic;
 * - `/sitemap.xml` (index), `/sitemaps/pages-1.xml`, `/sitemaps/notices-{n}.xml`, `/sitemaps/{type}-{n}.xml`;
 * - `/robots.txt`.
 */
import { escapeHtml } from '../../common/text.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { RESOURCE_TYPE_REGISTRY, resourceTypeOf, resourceTypesWhere } from '../../common/resourceTypes.js';
import { JOBS_HREF } from '../../modules/job/definition.js';

/** The two syndication formats and their media types. */
export const FEED_FORMATS = { rss: 'application/rss+xml', atom: 'application/atom+xml' } as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

/** A feed's own addresses without the format: e.g. '/feeds/notices' → '/feeds/notices.rss'. */
export const feedPath = (base: string, format: FeedFormat): string => `${base}.${format}`;

/** The site's notices feed (without the format). */
export const NOTICES_FEED = '/feeds/notices';
/** The feed of one resource type (without the format). */
export const typeFeed = (type: string): string => `/feeds/resources/${encodeURIComponent(type)}`;
/** The feed of a topic (without the format). */
export const topicFeed = (topicId: number): string => `/feeds/topics/${topicId}`;

/**
 * Splits a feed file name `{name}.{rss|atom}` of a route parameter into its name and format; null for
 * anything else (the route answers 404).
 */
export function parseFeedFile(file: string): { name: string; format: FeedFormat } | null {
  const m = /^([A-Za-z0-9_-]{1,64})\.(rss|atom)$/.exec(file);
  return m ? { name: m[1], format: m[2] as FeedFormat } : null;
}

/** One alternate link of a page's head: the feed's path (without format) and its title. */
export interface Alternate {
  base: string;
  title: string;
}

/**
 * The `<link rel="alternate">` elements of a page's `<head>` (RSS then Atom of each feed), with
 * root-relative addresses (feed readers resolve them against the page). `title` is plain text.
 */
export function alternateLinks(feeds: readonly Alternate[]): string {
  return feeds
    .map((f) =>
      (Object.keys(FEED_FORMATS) as FeedFormat[])
        .map(
          (fmt) =>
            `<link rel="alternate" type="${FEED_FORMATS[fmt]}" title="${escapeHtml(fmt === 'rss' ? f.title : fillMsg(MSG.feedAtomLabel, { title: f.title }))}" href="${escapeHtml(feedPath(f.base, fmt))}" />`,
        )
        .join(''),
    )
    .join('');
}

/** The resource type of the jobs pages (JOBS_HREF); the registry declares no list page for it. */
const JOB_TYPE = 'job';

/** What a page's feeds are made from: the site's name and its topic. */
export interface FeedSite {
  name: string;
  topic: { id: number; title: string } | null;
}

/** The title of the feed of one resource type of `site`. */
export const typeFeedTitle = (site: FeedSite, label: string): string => fillMsg(MSG.feedTypeTitle, { site: site.name, type: label });

/**
 * The feeds a visitor page announces (decision 531): every page the site's notices; the home page
 * also its topic's; a list or detail page of a type (the explore detail page, a type's own list page
 * such as the reports', the jobs' pages) also that type's.
 */
export function pageFeeds(pathname: string, site: FeedSite): Alternate[] {
  const feeds: Alternate[] = [{ base: NOTICES_FEED, title: fillMsg(MSG.feedNoticesTitle, { site: site.name }) }];
  if (pathname === '/' && site.topic) {
    feeds.push({ base: topicFeed(site.topic.id), title: fillMsg(MSG.feedTopicTitle, { site: site.name, topic: site.topic.title }) });
  }
  const detail = /^\/microapp\/explore\/resources\/([^/]+)\/[^/]+$/.exec(pathname);
  const type = detail ? resourceTypeOf(decodeURIComponent(detail[1])) : undefined;
  const under = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  const types = [
    ...(type && type.detail !== 'notices' ? [type] : []),
    ...resourceTypesWhere((d) => !!d.listHref && under(d.listHref)).map((t) => RESOURCE_TYPE_REGISTRY[t]),
    ...(under(JOBS_HREF) ? [RESOURCE_TYPE_REGISTRY[JOB_TYPE]] : []),
  ];
  for (const t of types) feeds.push({ base: typeFeed(t.type), title: typeFeedTitle(site, t.label) });
  return feeds;
}
