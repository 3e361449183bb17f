/**
 * The tools of a topic (spec 1 §3 'Tool item': id, title, description, cover, link): resources of type
 * `tool` linked to the topic. Read by the tool form's options and the tool panel (GET /tools).
 */
import type { Db } from '../db/index.js';
import { pageOffset, readPage } from '../db/paging.js';
import { makePage, type Page } from '../../common/page.js';
import { presentResource, type ResourceItem } from '../resources/present.js';
import { topicResources } from '../resources/inTopic.js';

export interface ToolsRead {
  topicId: number | null;
  /** only these tools, answered in this order; unknown ids and tools of other topics are left out */
  ids?: readonly number[];
  page: number;
  size: number;
}

/**
 * A page of the topic's tools: with `ids`, those tools in the order of `ids`; otherwise every tool,
 * newest first (then import order). No topic: an empty page.
 */
export async function readTools(db: Db, q: ToolsRead): Promise<Page<ResourceItem>> {
  if (q.topicId == null) return makePage([], 0, q.page, q.size);
  const cols = ['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'] as const;
  const base = topicResources(db, q.topicId, 'tool', { published: true });
  if (q.ids) {
    const ids = [...new Set(q.ids)];
    if (ids.length === 0) return makePage([], 0, q.page, q.size);
    const rows = await base.select(cols).where('resources.id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    const start = pageOffset(q.page, q.size);
    return makePage(ordered.slice(start, start + q.size).map(presentResource), ordered.length, q.page, q.size);
  }
  return readPage(base, q, (qb) => qb.select(cols).orderBy('resource_topics.date_key', 'desc').orderBy('resource_topics.resource_id', 'asc'), presentResource);
}
