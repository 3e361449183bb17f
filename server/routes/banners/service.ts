/**
 * What a banner's link names (docs/decisions.md 295): the title of a notice or of a resource, read for
 * POST /api/v1/banners/title.
 */
import type { Db } from '../../db/index.js';

/** The title and application of a notice, or undefined when there is none. */
export async function noticeTitle(db: Db, id: number): Promise<{ title: string; application_id: number } | undefined> {
  return db.selectFrom('notices').select(['title', 'application_id']).where('id', '=', id).executeTakeFirst();
}

/** The title and type of a resource of that type, or undefined when there is none. */
export async function resourceTitle(db: Db, id: number, type: string): Promise<{ title: string; type: string } | undefined> {
  return db.selectFrom('resources').select(['title', 'type']).where('id', '=', id).where('type', '=', type).executeTakeFirst();
}
