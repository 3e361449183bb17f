/**
 * The version of each commented target's comments (migration 060, docs/decisions.md 695): raised by
 * every write that changes what the target's readers see, read before a visitor's page of comments is
 * served from the shared cache. Its own file: the moderation kind (kind.ts) and the service both
 * write it, and the service imports the moderation engine, which imports the kinds.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/** Where comments are written: an application's target (a record, notice, report, article or post). */
export interface CommentTargetRef {
  applicationId: number;
  targetType: string;
  targetId: string;
}

/**
 * The version of a target's comments (0 before the first write; decision 695): a visitor's page of
 * them is kept in the shared cache under it. One primary-key read.
 */
export async function commentsVersion(db: Db, t: CommentTargetRef): Promise<number> {
  const row = await db
    .selectFrom('comment_versions')
    .select('version')
    .where('application_id', '=', t.applicationId)
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Raises the version of the comments of the target of comment `commentId` (decision 695): call it in
 * the transaction of the write that changes what its readers see (posted, reviewed, withdrawn, liked,
 * reported). Nothing happens for an unknown comment. Throws the database's error.
 */
export async function bumpCommentsVersion(db: Db, commentId: number): Promise<void> {
  await db
    .insertInto('comment_versions')
    .columns(['application_id', 'target_type', 'target_id', 'version'])
    .expression(
      db
        .selectFrom('comments')
        .select(['application_id', 'target_type', 'target_id', sql<number>`1`.as('version')])
        .where('id', '=', commentId),
    )
    .onConflict((oc) => oc.columns(['application_id', 'target_type', 'target_id']).doUpdateSet({ version: sql<number>`comment_versions.version + 1` }))
    .execute();
}
