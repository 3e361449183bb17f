/**
 * 成果认领与申诉, kind `fruit_appeal` of the moderation engine (issue 29 §6; docs/decisions.md 654-656):
 * a verified scholar (server/submissions/scholarClaim.ts) claims a research output as its author (认领)
 * or disputes one attributed to them (申诉, with a reason). Approval changes the output's author link to
 * the scholar (`output_authors`) and records the change in `attribution_history` (see ./fruitAppealKind.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { EVERY_RECORD, resourceVisible, type ResourceRows } from '../policies/rows.js';
import type { User } from '../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../http/errors.js';
import { submit, type Actor } from '../moderation/engine.js';
import { MSG } from '../../common/messages.js';
import { FRUIT_APPEAL_MODE_LABELS, isOutputType, type FruitAppealMode } from '../../common/scholarClaims.js';
import { profileHref } from '../../common/resourceTypes.js';
import { verifiedScholarOf } from './scholarClaim.js';

/** The output `id` (a resource of an output type), or 404 该成果不存在. */
export async function outputRecord(db: Db, id: number, rows: ResourceRows = EVERY_RECORD): Promise<{ id: number; type: string; title: string }> {
  const r = await db
    .selectFrom('resources')
    .select(['id', 'type', 'title'])
    .where('id', '=', id)
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .executeTakeFirst();
  if (!r || !isOutputType(r.type)) throw notFound(MSG.fruitNotFound);
  return r;
}

/**
 * Queues a verified scholar's 认领 or 申诉 of output `resourceId`: 403 when the account is not a verified
 * scholar, 404 for no such output, 400 on `reason` for an appeal without one, 409 when the output is
 * already theirs (认领) or not attributed to them (申诉), or a request of theirs for it waits.
 */
export async function appealOutput(
  db: Db,
  input: { applicationId: number; resourceId: number; mode: FruitAppealMode; reason?: string },
  user: User,
  actor: Actor,
): Promise<{ id: number; submissionId: number }> {
  const v = await verifiedScholarOf(db, user.id);
  if (!v) throw new HttpError(403, 'forbidden', MSG.fruitNotScholar);
  const out = await outputRecord(db, input.resourceId);
  const reason = (input.reason ?? '').trim();
  if (input.mode === 'appeal' && !reason) throw badRequest(MSG.fruitReasonRequired, { reason: MSG.fruitReasonRequired });
  return db.transaction().execute(async (tx) => {
    const link = await tx
      .selectFrom('output_authors')
      .select('state')
      .where('resource_id', '=', out.id)
      .where('scholar_id', '=', v.scholarId)
      .executeTakeFirst();
    if (input.mode === 'claim' && link?.state === 'author') throw conflict(MSG.fruitAlreadyMine);
    if (input.mode === 'appeal' && link?.state === 'disputed') throw conflict(MSG.fruitAlreadyDisputed);
    const pending = await tx
      .selectFrom('fruit_appeals as f')
      .innerJoin('submissions as s', (j) => j.onRef('s.ref_id', '=', 'f.id').on('s.kind', '=', 'fruit_appeal'))
      .select('f.id')
      .where('f.resource_id', '=', out.id)
      .where('f.scholar_id', '=', v.scholarId)
      .where('s.status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw conflict(MSG.fruitPending);
    const row = await tx
      .insertInto('fruit_appeals')
      .values({
        application_id: input.applicationId,
        author_id: user.id,
        scholar_id: v.scholarId,
        resource_id: out.id,
        mode: input.mode,
        reason,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const summary = `${FRUIT_APPEAL_MODE_LABELS[input.mode]}：${out.title}`;
    const submissionId = await submit(
      tx,
      { applicationId: input.applicationId, kind: 'fruit_appeal', refId: row.id, authorId: user.id, summary, flags: [], marks: [] },
      actor,
    );
    return { id: row.id, submissionId };
  });
}

/**
 * The output `id`'s title and the scholars named its authors by approved claims (作者（已认证学者）), with
 * their profile pages; scholars `rows` does not show are left out. 404 for no such output, or one `rows`
 * does not show.
 */
export async function outputAuthors(db: Db, id: number, rows: ResourceRows) {
  const out = await outputRecord(db, id, rows);
  const found = await db
    .selectFrom('output_authors as o')
    .innerJoin('resources as r', 'r.id', 'o.scholar_id')
    .select(['o.scholar_id', 'r.title'])
    .where('o.resource_id', '=', id)
    .where('o.state', '=', 'author')
    .where(resourceVisible(rows, sql.ref('o.scholar_id')))
    .orderBy('o.updated_at')
    .execute();
  return { title: out.title, authors: found.map((r) => ({ scholarId: r.scholar_id, name: r.title, href: profileHref(r.scholar_id) })) };
}

/** The application of appeal `id` (the reviewer's access), or 404. */
export async function fruitAppealApplication(db: Db, id: number): Promise<number> {
  const r = await db.selectFrom('fruit_appeals').select('application_id').where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(MSG.submissionNotFound);
  return r.application_id;
}
