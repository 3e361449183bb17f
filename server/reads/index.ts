/**
 * The server half of the module registry (docs/architecture.md §The module registry, §One read path):
 * the ONE place a panel's data is read. A typed map keyed by the read's source (modules/types.ts
 * `PanelRead`), so a new source that lacks its reader does not compile. The rendered home page
 * (server/web), the generic panel-read route (GET /api/v1/modules/panel-read) and the spec 2 §7 routes
 * (top-{kind}, top-notice, top-link, top-wechat-article, top-job, top-bulletin, /tools) all read through
 * these functions.
 */
import { publishedIn, type ResourceRows } from '../policies/rows.js';
import type { Db } from '../db/index.js';
import { makePage, type Page } from '../../common/page.js';
import type { PanelRead } from '../../modules/types.js';
import { readTop, readTopLinks, readTopNotices } from './top.js';
import { readTools } from './tools.js';
import { readBulletins, readJobs, readWechatArticles } from './feeds.js';
import { markSubscribed } from './subscribed.js';
import { panelReadDuration, timed } from '../metrics/index.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';

/** What every reader knows of the read's site and viewer. */
export interface ReadContext {
  db: Db;
  /** the application whose panel is read (its topic scopes the resource reads) */
  app: { id: number; topic_id: number | null };
  /**
   * ids of 仅登录可见 modules whose items a list without moduleId must leave out for this viewer
   * (server/policies/visibility.ts moduleReadScope); empty for most viewers
   */
  hidden?: string[];
}

type Source = PanelRead['source'];
type ReadOf<S extends Source> = Extract<PanelRead, { source: S }>;
/** One reader: the first page (offset 0) of a read, as a page (common/page.ts). */
type Reader<S extends Source> = (ctx: ReadContext, read: ReadOf<S>) => Promise<Page<unknown>>;

/**
 * What a panel shows of the catalogue: the records published in its application's topic (a panel of an
 * application without a topic shows none), whoever reads it, so that the page can be shared (decision 394).
 */
const ownTopic = (app: { topic_id: number | null }): ResourceRows => publishedIn(app.topic_id);

/** The readers, one per source. Every read answers the first page with the read's count as size. */
export const panelReaders: { [S in Source]: Reader<S> } = {
  top: ({ db, app }, r) =>
    readTop(db, {
      kind: r.kind,
      offset: 0,
      count: r.count,
      topicId: app.topic_id,
      rows: ownTopic(app),
      categoryLevelOne: r.categoryLevelOne,
      categoryLevelTwo: r.categoryLevelTwo,
    }),
  notice: ({ db, app, hidden }, r) => readTopNotices(db, { applicationId: app.id, moduleId: r.moduleId, offset: 0, count: r.count, hidden }),
  link: ({ db, app, hidden }, r) => readTopLinks(db, { applicationId: app.id, moduleId: r.moduleId, offset: 0, count: r.count, hidden }),
  tool: ({ db, app }, r) => {
    const ids = r.ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    return readTools(db, { topicId: app.topic_id, ids, page: 1, size: r.count });
  },
  wechat_article: async ({ db, app }, r) => {
    const res = await readWechatArticles(db, { wechatId: r.wechatId, page: 1, pageSize: r.count, rows: ownTopic(app) });
    return makePage(res.items, res.total, 1, r.count);
  },
  job: async ({ db, app }, r) => {
    const res = await readJobs(db, { topicId: app.topic_id, rows: ownTopic(app), pageSize: r.count });
    return makePage(res.items, res.total, 1, r.count);
  },
  bulletin: async ({ db, app }, r) => {
    const res = await readBulletins(db, { topicId: app.topic_id, rows: ownTopic(app), types: r.types, size: r.count });
    return makePage(res.items, res.total, 1, r.count);
  },
};

/**
 * Runs one panel read through {@link panelReaders}. The page is the same for every viewer of the same
 * `hidden` scope (so it can be cached); {@link personalise} adds what differs per user.
 */
export function readPanel(ctx: ReadContext, read: PanelRead): Promise<Page<unknown>> {
  const reader = panelReaders[read.source] as Reader<Source>;
  // timed for /metrics: atrium_panel_read_duration_seconds{source}
  return timed(panelReadDuration, { source: read.source }, () => reader(ctx, read));
}

/**
 * What a signed-in user sees beyond the shared page: journal items carry `is_subscribed` (spec 1 §3
 * 'Journal'). Returns the page itself when nothing is personal (no user, or not a journal read).
 */
export async function personalise(db: Db, read: PanelRead, page: Page<unknown>, userId: number | null | undefined): Promise<Page<unknown>> {
  if (userId == null || read.source !== 'top' || !resourceTypeOf(read.kind)?.subscribable) return page;
  return { ...page, content: await markSubscribed(db, userId, page.content as Array<{ id: number }>) };
}
