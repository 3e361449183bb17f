/**
 * Panel reads of the feed modules (spec 2 §7 'Content'): GET /api/v1/modules/top-wechat-article,
 * top-job and top-bulletin, over resources of type wechat_article, job and bulletin (field conventions
 * in helper-common: spec 1 §3 'Listing items'). Each read returns its items in the shape the spec's
 * panels read (records / _source hits / { article, group }) with the total; the routes wrap them in the
 * spec's answers and `runRead` in a page (docs/decisions.md #31).
 */
import { sql } from 'kysely';
import { jsonText } from '../db/json.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';
import { pageOffset, readRows } from '../db/paging.js';
import type { Db } from '../db/index.js';
import type { BulletinEntry, JobHit, WechatRecord } from '../../common/feeds.js';
import { presentResource, type ResourceItem } from '../resources/present.js';
import { topicResources } from '../resources/inTopic.js';

/** Items of a read and how many there are in all. */
export interface FeedResult<T> {
  items: T[];
  total: number;
}

const COLS = ['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'] as const;

/**
 * The newest resources of `type` (date desc; undated last), in the topic when given (through the
 * ordered index of resource_topics), filtered by one JSON field when `where` is given.
 */
async function readType(
  db: Db,
  q: {
    type: string;
    topicId?: number | null;
    rows: ResourceRows;
    offset: number;
    count: number;
    where?: { key: 'wechatId' | 'bulletinType'; values: string[] };
  },
): Promise<FeedResult<ResourceItem>> {
  const filter = q.where;
  if (q.topicId != null) {
    let links = topicResources(db, q.topicId, q.type, { published: true });
    if (filter) links = links.where(jsonText(db, filter.key), 'in', filter.values);
    return readRows(
      links,
      { offset: q.offset, limit: q.count },
      (qb) => qb.select(COLS).orderBy('resource_topics.date_key', 'desc').orderBy('resource_topics.resource_id', 'desc'),
      presentResource,
    );
  }
  let base = db
    .selectFrom('resources')
    .where('resources.type', '=', q.type)
    .where(resourceVisible(q.rows, sql.ref('resources.id')));
  if (filter) base = base.where(jsonText(db, filter.key), 'in', filter.values);
  return readRows(
    base,
    { offset: q.offset, limit: q.count },
    (qb) =>
      qb
        .select(COLS)
        .orderBy('resources.date', (ob) => ob.desc().nullsLast())
        .orderBy('resources.id', 'desc'),
    presentResource,
  );
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);

/** Presents a wechat_article resource as a record. */
export function presentWechatRecord(r: ResourceItem): WechatRecord {
  return {
    id: r.id,
    groupId: str(r.groupId),
    groupName: str(r.groupName),
    articleTime: str(r.articleTime) ?? r.date,
    material: { title: r.title, thumb_media_url: str(r.thumb_media_url), url: str(r.url), digest: str(r.digest) },
  };
}

/** The newest articles of official accounts (one id or several; any application), `pageSize` from page `page` (1-based). */
export async function readWechatArticles(
  db: Db,
  q: { wechatId: string | readonly string[]; page: number; pageSize: number; rows: ResourceRows },
): Promise<FeedResult<WechatRecord>> {
  const values = typeof q.wechatId === 'string' ? [q.wechatId] : [...q.wechatId];
  const r = await readType(db, {
    type: 'wechat_article',
    rows: q.rows,
    offset: pageOffset(q.page, q.pageSize),
    count: q.pageSize,
    where: { key: 'wechatId', values },
  });
  return { items: r.items.map(presentWechatRecord), total: r.total };
}

/** Presents a job resource as a hit; the institution keeps at most 2 subjects (spec 1 §3). */
export function presentJobHit(r: ResourceItem): JobHit {
  const inst = (r.institution && typeof r.institution === 'object' && !Array.isArray(r.institution) ? r.institution : {}) as Record<string, unknown>;
  const subjects = (Array.isArray(inst.subjects) ? inst.subjects : [])
    .map(str)
    .filter((s): s is string => !!s)
    .slice(0, 2);
  return {
    _id: String(r.id),
    _source: {
      uuid: String(r.id),
      title: r.title,
      work_address: str(r.work_address),
      update_time: str(r.update_time) ?? r.date,
      salary: str(r.salary),
      work_experience: str(r.work_experience),
      work_time: str(r.work_time),
      edu_cation: str(r.edu_cation),
      institution: { name: str(inst.name), logo: str(inst.logo), subjects },
    },
  };
}

/** The newest jobs of the topic (or of all topics without one), `pageSize` of them from page `page` (1-based, default 1). */
export async function readJobs(db: Db, q: { topicId?: number | null; rows: ResourceRows; pageSize: number; page?: number }): Promise<FeedResult<JobHit>> {
  const r = await readType(db, { type: 'job', topicId: q.topicId, rows: q.rows, offset: ((q.page ?? 1) - 1) * q.pageSize, count: q.pageSize });
  return { items: r.items.map(presentJobHit), total: r.total };
}

/** Presents a bulletin resource. */
export function presentBulletin(r: ResourceItem): BulletinEntry {
  return {
    article: { title: r.title, uuid: String(r.id), cover: str(r.cover), update_time: str(r.update_time) ?? r.date },
    group: str(r.group),
    bulletinType: str(r.bulletinType),
  };
}

/** The newest bulletins of the topic of the given types (all three when none is given), at most `size` after `offset` (default 0). */
export async function readBulletins(
  db: Db,
  q: { topicId?: number | null; rows: ResourceRows; types: string[]; size: number; offset?: number },
): Promise<FeedResult<BulletinEntry>> {
  const r = await readType(db, {
    type: 'bulletin',
    topicId: q.topicId,
    rows: q.rows,
    offset: q.offset ?? 0,
    count: q.size,
    ...(q.types.length ? { where: { key: 'bulletinType' as const, values: q.types } } : {}),
  });
  return { items: r.items.map(presentBulletin), total: r.total };
}
