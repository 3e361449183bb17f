/**
 * Personal topic links (spec 1 §1 'a logged-in user can manage and reorder their own topic links',
 * spec 2 §7 topics suggestions and 'Saving user links'). The topics a user may pick are the released
 * applications (docs/decisions.md 165); the user's list is kept in order in `user_links`.
 */
import type { Db } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { resourceObjectSchema } from './schema.js';
import type { TopicObject } from '../../../common/contracts/userLinks.js';

export const DEFAULT_TOPIC_LINK_HOSTS = 'localhost,127.0.0.1';

/**
 * The hosts where the topic manager appears (env ATRIUM_TOPIC_LINK_HOSTS, comma-separated, lower-cased,
 * ports ignored; default 'localhost,127.0.0.1' for development; docs/decisions.md 164).
 */
export function topicLinkHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.ATRIUM_TOPIC_LINK_HOSTS ?? DEFAULT_TOPIC_LINK_HOSTS;
  return raw
    .split(',')
    .map((h) => bareHost(h))
    .filter(Boolean);
}

/** A Host header without its port, lower-cased ('Example.cn:8080' → 'example.cn', '[::1]:3000' → '[::1]'). */
export function bareHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '');
}

/** True when the topic manager may appear on this Host header. */
export const topicLinksEnabled = (host: string, hosts = topicLinkHosts()) => hosts.includes(bareHost(host));

/** A topic as the calls answer it (common/contracts/userLinks.ts). */
export type { TopicObject };

/**
 * The topics a user may pick: every released application, oldest first, as
 * `{ resourceId, resourceObject: { id, title, url, cover } }`. The url is `<protocol>://<host>/`, with the
 * port of the current request when the application's host has none (development on localhost:port).
 */
export async function topicSuggestions(db: Db, origin: { protocol: string; port: string }) {
  const apps = await db.selectFrom('applications').select(['id', 'name', 'host', 'logo']).where('status', '=', 'released').orderBy('id').limit(200).execute();
  return apps.map((a) => {
    const host = /:\d+$/.test(a.host) || !origin.port ? a.host : `${a.host}:${origin.port}`;
    const resourceObject: TopicObject = { id: a.id, title: a.name, url: `${origin.protocol}://${host}/`, cover: a.logo };
    return { resourceId: a.id, resourceObject };
  });
}

/**
 * Replaces the user's links of the kind with the given list, in its order, in one transaction. Each
 * resourceObject must be the JSON of `{ id, title, url, cover }` with id = resourceId, and a resourceId
 * may appear once; else 400 MSG.topicLinkObjectInvalid and nothing is written.
 */
export async function saveUserLinks(db: Db, userId: number, kind: string, links: Array<{ resourceId: number; resourceObject: string }>) {
  const seen = new Set<number>();
  const rows = links.map((l, i) => {
    let obj: unknown;
    try {
      obj = JSON.parse(l.resourceObject);
    } catch {
      obj = null;
    }
    const r = resourceObjectSchema.safeParse(obj);
    if (!r.success || r.data.id !== l.resourceId || seen.has(l.resourceId))
      throw badRequest(MSG.topicLinkObjectInvalid, { [`body.links.${i}`]: MSG.topicLinkObjectInvalid });
    seen.add(l.resourceId);
    const clean: TopicObject = { id: r.data.id, title: r.data.title, url: r.data.url, cover: r.data.cover ?? null };
    return { user_id: userId, kind, position: i, resource_id: l.resourceId, resource_object: JSON.stringify(clean), created_at: new Date().toISOString() };
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_links').where('user_id', '=', userId).where('kind', '=', kind).execute();
    if (rows.length) await trx.insertInto('user_links').values(rows).execute();
  });
  return readUserLinks(db, userId, kind);
}

/** The user's links of the kind in their order: `[{ resourceId, resourceObject: { id, title, url, cover } }]`. */
export async function readUserLinks(db: Db, userId: number, kind = 'link') {
  const rows = await db
    .selectFrom('user_links')
    .select(['resource_id', 'resource_object'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ resourceId: r.resource_id, resourceObject: JSON.parse(r.resource_object) as TopicObject }));
}
