/**
 * What a site's feeds and sitemaps list (docs/architecture.md §Feeds, sitemaps and robots): only what a
 * visitor of the site may read, through the visitor read path's own rules, never a second rule:
 * - the site: `canRead` for a viewer who is nobody (server/policies/visibility.ts): a released site,
 *   else nothing (404, as a site that does not exist);
 * - notices: the published ones (`active = 1`) outside the 仅登录可见 modules (`moduleReadScope` of a
 *   nobody viewer, `inModuleScope`), as the notice panel reads them (server/reads/top.ts);
 * - records: those published in the site's topic (`topicResources(…, { published: true })`, the
 *   panel feeds' read of server/reads/feeds.ts; `publishedIn` of server/policies/rows.ts), newest first
 *   by the topic's date key.
 */
import type { Db } from '../db/index.js';
import type { Application } from '../db/schema.js';
import type { SharedCache } from '../cache/sharedCache.js';
import { applicationByHost } from '../applications/service.js';
import { canRead, moduleReadScope } from '../policies/visibility.js';
import { RequestScope } from '../policies/scope.js';
import { inModuleScope } from '../content/moduleScope.js';
import { topicResources } from '../resources/inTopic.js';
import { parseFields } from '../resources/present.js';
import { RESOURCE_TYPES, type ResourceType } from '../../common/constants.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';

/** A released site as its feeds see it. */
export interface VisitorSite {
  app: Application;
  topic: { id: number; title: string } | null;
}

/**
 * The site of a Host header when a visitor who is nobody may read it (released); null for an unknown
 * host and a draft alike (so a draft's existence is not told).
 */
export async function visitorSite(db: Db, cache: SharedCache, host: string): Promise<VisitorSite | null> {
  const app = await applicationByHost(db, host);
  if (!app || !(await canRead(RequestScope.of(db, null, cache), app))) return null;
  const topic = app.topic_id != null ? await db.selectFrom('topics').select(['id', 'title']).where('id', '=', app.topic_id).executeTakeFirst() : undefined;
  return { app, topic: topic ?? null };
}

/** One entry of a feed: plain text only (summary stripped of markup), the date it is listed under. */
export interface FeedEntry {
  id: number;
  /** the resource type, or null for a notice */
  type: string | null;
  title: string;
  /** when it was published (a notice) or dated (a record; its update time when undated) */
  date: Date;
  /** when it was last written */
  updated: Date;
  summary: string;
}

/** Most entries of a feed (decision 532). */
export const FEED_LIMIT = 50;
/** Longest summary, characters. */
export const SUMMARY_MAX = 300;

/**
 * A stored time as a Date: ISO 8601, SQLite's `YYYY-MM-DD HH:MM:SS` (read as UTC), a day, a month or a
 * year (its first day); null for anything else.
 */
export function storedTime(v: unknown): Date | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  let s = v.trim();
  if (/^\d{4}$/.test(s)) s += '-01-01';
  else if (/^\d{4}-\d{2}$/.test(s)) s += '-01';
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) s += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) s = `${s.replace(' ', 'T')}Z`;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The later of two times (null when both are). */
export const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/** Tags that end a line or a block: a space in the plain text (inline tags leave none, 「通知<b>内容</b>」 stays one word). */
const BLOCK_TAG = /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article|pre|figure|figcaption|dd|dt)\b[^>]*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of stored text that may hold markup (a notice's sanitised HTML, an imported abstract):
 * scripts and styles dropped, tags removed, the common entities decoded, white space collapsed, at most
 * `max` characters (… when cut). What a feed carries is never markup (decision 532).
 */
export function plainSummary(text: unknown, max = SUMMARY_MAX): string {
  if (typeof text !== 'string') return '';
  const plain = text
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : plain;
}

/** The fields a record's summary is taken from, first found wins. */
const SUMMARY_FIELDS = ['abstract', 'summary', 'digest', 'description', 'intro', 'content'];

/** The notices a visitor may read, newest published first, at most `limit`. */
export async function noticeEntries(db: Db, cache: SharedCache, site: VisitorSite, limit = FEED_LIMIT): Promise<FeedEntry[]> {
  const { hidden } = await moduleReadScope(RequestScope.of(db, null, cache), site.app.id, null);
  const rows = await db
    .selectFrom('notices')
    .select(['id', 'title', 'content', 'publish_date_time', 'create_date_time'])
    .where(inModuleScope({ applicationId: site.app.id, hidden }))
    .where('active', '=', 1)
    .orderBy('publish_date_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const date = storedTime(r.publish_date_time) ?? storedTime(r.create_date_time) ?? new Date(0);
    return { id: r.id, type: null, title: r.title, date, updated: later(date, storedTime(r.create_date_time)) ?? date, summary: plainSummary(r.content) };
  });
}

/** The resource types a site's feeds and sitemaps list: every type whose records have a detail page of their own (not the notices' rows). */
export const LISTED_TYPES: readonly ResourceType[] = RESOURCE_TYPES.filter((t) => resourceTypeOf(t)?.detail !== 'notices');

/** Whether `type` is a type the feeds list. */
export const isListedType = (type: string): type is ResourceType => (LISTED_TYPES as readonly string[]).includes(type);

/** The newest records of `type` published in the site's topic (none without a topic), at most `limit`. */
export async function typeEntries(db: Db, site: VisitorSite, type: ResourceType, limit = FEED_LIMIT): Promise<FeedEntry[]> {
  if (!site.topic) return [];
  const rows = await topicResources(db, site.topic.id, type, { published: true })
    .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields', 'resources.created_at', 'resources.updated_at'])
    .orderBy('resource_topics.date_key', 'desc')
    .orderBy('resource_topics.resource_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const fields = parseFields(r.fields);
    const updated = storedTime(r.updated_at) ?? storedTime(r.created_at) ?? new Date(0);
    const summary = plainSummary(SUMMARY_FIELDS.map((k) => fields[k]).find((v) => typeof v === 'string' && v.trim()));
    return { id: r.id, type: r.type, title: r.title, date: storedTime(r.date) ?? updated, updated, summary };
  });
}

/**
 * The newest records of every listed type in the site's topic, at most `limit`: the newest `limit` of
 * each type (one ordered index read each) merged by date.
 */
export async function topicEntries(db: Db, site: VisitorSite, limit = FEED_LIMIT): Promise<FeedEntry[]> {
  const all = (await Promise.all(LISTED_TYPES.map((t) => typeEntries(db, site, t, limit)))).flat();
  return all.sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id).slice(0, limit);
}

/** How many records of each listed type the site's topic publishes, and when the newest was written. */
export async function typeCounts(db: Db, site: VisitorSite): Promise<Array<{ type: ResourceType; n: number; lastmod: Date | null }>> {
  if (!site.topic) return [];
  const topicId = site.topic.id;
  const rows = await Promise.all(
    LISTED_TYPES.map(async (type) => {
      const r = await topicResources(db, topicId, type, { published: true })
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('resources.updated_at').as('lastmod')])
        .executeTakeFirst();
      return { type, n: Number(r?.n ?? 0), lastmod: storedTime(r?.lastmod) };
    }),
  );
  return rows.filter((r) => r.n > 0);
}

/** One page of `size` records of `type` published in the site's topic (page 1-based), with their update times. */
export async function typePage(
  db: Db,
  site: VisitorSite,
  type: ResourceType,
  page: number,
  size: number,
): Promise<Array<{ id: number; updated: Date | null }>> {
  if (!site.topic) return [];
  const rows = await topicResources(db, site.topic.id, type, { published: true })
    .select(['resources.id', 'resources.updated_at'])
    .orderBy('resource_topics.date_key', 'desc')
    .orderBy('resource_topics.resource_id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows.map((r) => ({ id: r.id, updated: storedTime(r.updated_at) }));
}

/** The notices a visitor may read, `size` of them from page `page` (1-based), and their count. */
export async function noticePage(
  db: Db,
  cache: SharedCache,
  site: VisitorSite,
  page: number,
  size: number,
): Promise<{ rows: Array<{ id: number; updated: Date | null }>; total: number }> {
  const { hidden } = await moduleReadScope(RequestScope.of(db, null, cache), site.app.id, null);
  const base = db
    .selectFrom('notices')
    .where(inModuleScope({ applicationId: site.app.id, hidden }))
    .where('active', '=', 1);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'publish_date_time', 'create_date_time'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, updated: later(storedTime(r.create_date_time), storedTime(r.publish_date_time)) })),
    total: Number(total?.n ?? 0),
  };
}
