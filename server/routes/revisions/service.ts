/**
 * Home config revisions: every saved home config is kept with its
 * author, time and a plain-text summary of the change, in the same transaction as the application's
 * `home_config` update, so the current config is always the newest revision. At most
 * HOME_CONFIG_REVISIONS_KEPT revisions are kept per application; older ones are pruned on save
 * (docs/decisions.md 61).
 */
import type { Db } from '../../db/index.js';
import { readPage } from '../../db/paging.js';
import type { Selectable } from 'kysely';
import type { HomeConfigRevisionsTable, User } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { wrapHomeConfig, type HomeConfig } from '../../../common/homeConfig.js';
import type { Revision, RevisionListItem } from '../../../common/contracts/revisions.js';

/** Revisions kept per application (older ones are deleted when a new one is saved). */
export const HOME_CONFIG_REVISIONS_KEPT = 200;

/** The author of a save: the signed-in user. */
export type Author = Pick<User, 'id' | 'name'>;

/**
 * Stores `homeConfig` (already validated) as the application's home config and as a new revision, in
 * one transaction; prunes revisions beyond the newest HOME_CONFIG_REVISIONS_KEPT. Returns the revision id.
 */
export async function saveHomeConfig(db: Db, applicationId: number, homeConfig: HomeConfig, author: Author, summary: string): Promise<number> {
  const at = new Date().toISOString();
  const text = JSON.stringify(homeConfig);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('applications').set({ home_config: text, updated_at: at }).where('id', '=', applicationId).execute();
    const row = await trx
      .insertInto('home_config_revisions')
      .values({
        application_id: applicationId,
        author_id: author.id,
        author_name: author.name || '',
        summary,
        home_config: text,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const oldestKept = await trx
      .selectFrom('home_config_revisions')
      .select('id')
      .where('application_id', '=', applicationId)
      .orderBy('id', 'desc')
      .offset(HOME_CONFIG_REVISIONS_KEPT - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept) {
      await trx.deleteFrom('home_config_revisions').where('application_id', '=', applicationId).where('id', '<', oldestKept.id).execute();
    }
    return row.id;
  });
}

/** A stored revision as the revision list shows it (its config left out). */
function presentRevisionItem(
  r: Pick<Selectable<HomeConfigRevisionsTable>, 'id' | 'application_id' | 'author_id' | 'author_name' | 'summary' | 'created_at'>,
): RevisionListItem {
  return {
    id: r.id,
    applicationId: r.application_id,
    authorId: r.author_id,
    authorName: r.author_name,
    summary: r.summary,
    createdAt: r.created_at,
  };
}

/** One page of an application's revisions, newest first (`{ content, totalElements, empty, page, size }`). */
export async function listRevisions(db: Db, applicationId: number, page: number, size: number) {
  const base = db.selectFrom('home_config_revisions').where('application_id', '=', applicationId);
  return readPage(
    base,
    { page, size },
    (qb) => qb.select(['id', 'application_id', 'author_id', 'author_name', 'summary', 'created_at']).orderBy('id', 'desc'),
    presentRevisionItem,
  );
}

/** One revision with its config; 404 该历史版本不存在 (MSG.revisionNotFound) when the application has no such revision. */
export async function getRevision(db: Db, applicationId: number, revisionId: number): Promise<Revision> {
  const r = await db
    .selectFrom('home_config_revisions')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!r) throw notFound(MSG.revisionNotFound);
  let homeConfig: HomeConfig;
  try {
    homeConfig = wrapHomeConfig(JSON.parse(r.home_config)) as HomeConfig;
  } catch {
    homeConfig = [];
  }
  return { ...presentRevisionItem(r), homeConfig };
}

/** 'YYYY-MM-DD HH:mm' in China Standard Time (UTC+8, no daylight saving) for an ISO time. */
export function chinaTime(iso: string): string {
  const t = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
}

/** The summary of a restore: 恢复到 2026-11-23 19:02 的版本. */
export const restoreSummary = (createdAt: string) => `恢复到 ${chinaTime(createdAt)} 的版本`;
