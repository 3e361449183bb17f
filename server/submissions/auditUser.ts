/**
 * New readers of a site with 新用户需审核 (issue 29 §6 `/console/uc/auditUser`; docs/decisions.md
 * 660-664): when such a reader first opens the site signed in, they are enrolled (a `reader_approvals`
 * row, pending, and its `auditUser` submission in the moderation engine's queue) instead of joining the
 * site with its default role; a reader with an approval row or who joined the site before is left alone.
 * The console reviews them through the engine (server/routes/moderation); ./auditUserKind.ts says what
 * each transition does.
 */
import type { Db } from '../db/index.js';
import type { Application, User } from '../db/schema.js';
import { submit, type Actor } from '../moderation/engine.js';
import { MSG, fillMsg } from '../../common/messages.js';

/**
 * Enrols `user` for approval on `app` (see the file comment) in one transaction: resolves true when a
 * submission was made, false when the reader was enrolled or had joined already (two requests at once
 * make one row: the unique index). Rejects only with the database's error.
 */
export async function enrolReader(db: Db, app: Pick<Application, 'id'>, user: User, actor: Actor): Promise<boolean> {
  const member = await db
    .selectFrom('application_users')
    .select('user_id')
    .where('application_id', '=', app.id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (member) return false;
  return db.transaction().execute(async (trx) => {
    const t = new Date().toISOString();
    const row = await trx
      .insertInto('reader_approvals')
      .values({ application_id: app.id, user_id: user.id, status: 'pending', reason: null, created_at: t, updated_at: t })
      .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await submit(
      trx,
      {
        applicationId: app.id,
        kind: 'auditUser',
        refId: row.id,
        authorId: user.id,
        summary: fillMsg(MSG.readerApprovalSummary, { name: user.name }),
        flags: [],
        marks: [],
      },
      actor,
    );
    return true;
  });
}
