/**
 * What the public read API answers (docs/decisions.md 630, 634): only what an anonymous visitor of the
 * released site may read, through the visitor read path's own rules (server/feeds/read.ts
 * `visitorSite`, `topicResources(…, { published: true })`, `publishedIn` of server/policies/rows.ts,
 * `moduleReadScope` and `inModuleScope` for the notices), never a rule of its own.
 */
import type { Db } from '../db/index.js';
import type { SharedCache } from '../cache/sharedCache.js';
import type { SearchRunner } from '../search/readPool.js';
import type { SearchResult } from '../search/service.js';
import { topicResources } from '../resources/inTopic.js';
import { presentResource, type ResourceItem } from '../resources/present.js';
import { resourceById } from '../search/service.js';
import { publishedIn } from '../policies/rows.js';
import { moduleReadScope } from '../policies/visibility.js';
import { RequestScope } from '../policies/scope.js';
import { inModuleScope } from '../content/moduleScope.js';
import { makePage, type Page } from '../../common/page.js';
import type { VisitorSite } from '../feeds/read.js';
import type { ResourceType } from '../../common/constants.js';

/** One page (1-based, `size` items) of the records of `type` published in the site's topic, newest first. */
export async function typeList(db: Db, site: VisitorSite, type: ResourceType, page: number, size: number): Promise<Page<ResourceItem>> {
  if (!site.topic) return makePage([], 0, page, size);
  const base = topicResources(db, site.topic.id, type, { published: true });
  const [rows, count] = await Promise.all([
    base
      .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
      .orderBy('resource_topics.date_key', 'desc')
      .orderBy('resource_topics.resource_id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return makePage(rows.map(presentResource), Number(count?.n ?? 0), page, size);
}

/** One record of `type` published in the site's topic, or undefined. */
export async function typeOne(db: Db, site: VisitorSite, type: ResourceType, id: number): Promise<ResourceItem | undefined> {
  if (!site.topic) return undefined;
  return resourceById(db, id, type, publishedIn(site.topic.id));
}

/** A notice as the public API answers it (its content is the staff's sanitised HTML). */
export interface PublicNotice {
  id: number;
  title: string;
  type: string | null;
  content: string;
  publishDateTime: string | null;
}

/** The notices of the site a visitor who is nobody may read: published, outside 仅登录可见 modules. */
async function noticeQuery(db: Db, cache: SharedCache, site: VisitorSite) {
  const { hidden } = await moduleReadScope(RequestScope.of(db, null, cache), site.app.id, null);
  return db
    .selectFrom('notices')
    .where(inModuleScope({ applicationId: site.app.id, hidden }))
    .where('active', '=', 1);
}

const present = (r: { id: number; title: string; type: string | null; content: string | null; publish_date_time: string | null }): PublicNotice => ({
  id: r.id,
  title: r.title,
  type: r.type,
  content: r.content ?? '',
  publishDateTime: r.publish_date_time,
});

/** One page of the site's readable notices, newest published first. */
export async function noticeList(db: Db, cache: SharedCache, site: VisitorSite, page: number, size: number): Promise<Page<PublicNotice>> {
  const q = await noticeQuery(db, cache, site);
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'title', 'type', 'content', 'publish_date_time'])
      .orderBy('publish_date_time', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return makePage(rows.map(present), Number(count?.n ?? 0), page, size);
}

/** One readable notice of the site, or undefined. */
export async function noticeOne(db: Db, cache: SharedCache, site: VisitorSite, id: number): Promise<PublicNotice | undefined> {
  const q = await noticeQuery(db, cache, site);
  const row = await q.select(['id', 'title', 'type', 'content', 'publish_date_time']).where('id', '=', id).executeTakeFirst();
  return row ? present(row) : undefined;
}

/** A search within the site's topic (its published records only); nothing without a topic. */
export async function searchSite(
  runner: SearchRunner,
  site: VisitorSite,
  query: { q: string; type?: string | null; page: number; size: number },
): Promise<SearchResult> {
  if (!site.topic) {
    return {
      ...makePage([], 0, query.page, query.size),
      capped: false,
      facets: { type: [], category: [], fields: {}, exact: true, typesExact: true },
    };
  }
  return runner.search({ rows: publishedIn(site.topic.id), q: query.q, type: query.type ?? null, topicId: site.topic.id, page: query.page, size: query.size });
}
