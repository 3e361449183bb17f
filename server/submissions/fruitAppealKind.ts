/**
 * The `fruit_appeal` kind of the moderation engine (issue 29 §6; docs/decisions.md 654-656): reviewed by
 * managers holding 审核 (`review`, the right the engine's routes check; decision 653). Approval of a 认领 makes the scholar an author of the output
 * (`output_authors` state 'author'), of a 申诉 marks them as not its author ('disputed'); either is refused
 * (409) when the author is no longer the scholar's verified owner. Leaving 已通过 (rejection, reopening,
 * withdrawal) puts the link back as it was before the approval. Every change writes one
 * `attribution_history` row (output, scholar, from, to, who, when, submission); the console list shows
 * the output's history in the item's 归属记录.
 */
import type { Db } from '../db/index.js';
import type { SubmissionKindSpec, SubmissionRef } from '../moderation/kind.js';
import { conflict } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import { DAY_MINUTE, formatLocal } from '../../common/dates.js';
import { resourceHref } from '../../common/resourceTypes.js';
import { FRUIT_APPEAL_MODE_LABELS, type FruitAppealMode } from '../../common/scholarClaims.js';

const STATE_WORDS: Record<string, string> = { '': '无', author: '作者', disputed: '非作者（申诉成立）' };

/** Sets the link of output and scholar to `to` ('' removes it) and records the change. */
async function setLink(db: Db, resourceId: number, scholarId: number, from: string, to: string, who: number | null, submissionId: number) {
  const t = new Date().toISOString();
  if (from === to) return;
  await db.deleteFrom('output_authors').where('resource_id', '=', resourceId).where('scholar_id', '=', scholarId).execute();
  if (to) await db.insertInto('output_authors').values({ resource_id: resourceId, scholar_id: scholarId, state: to, updated_at: t }).execute();
  await db
    .insertInto('attribution_history')
    .values({ resource_id: resourceId, scholar_id: scholarId, from_state: from, to_state: to, user_id: who, submission_id: submissionId, at: t })
    .execute();
}

/** The attribution history of outputs as text lines, by output id, oldest first. */
async function historyText(db: Db, resourceIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!resourceIds.length) return out;
  const rows = await db
    .selectFrom('attribution_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('resources as s', 's.id', 'h.scholar_id')
    .select(['h.resource_id', 'h.from_state', 'h.to_state', 'h.at', 'h.submission_id', 'u.name', 's.title'])
    .where('h.resource_id', 'in', resourceIds)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
  for (const h of rows) {
    const line = `${formatLocal(new Date(h.at), DAY_MINUTE)} ${h.name ?? '系统'}：${h.title ?? ''} ${STATE_WORDS[h.from_state] ?? h.from_state} → ${STATE_WORDS[h.to_state] ?? h.to_state}（审核项 #${h.submission_id ?? ''}）`;
    out.set(h.resource_id, [out.get(h.resource_id), line].filter(Boolean).join('\n'));
  }
  return out;
}

export const fruitAppealKind: SubmissionKindSpec = {
  kind: 'fruit_appeal',
  label: '成果认领',
  right: 'review',
  fields: [
    { key: 'mode', label: '申请' },
    { key: 'scholar', label: '学者' },
    { key: 'output', label: '成果' },
    { key: 'reason', label: '理由' },
    { key: 'history', label: '归属记录' },
  ],
  async describe(db, refIds) {
    const out = new Map<number, { fields: Record<string, string>; link: string | null }>();
    if (!refIds.length) return out;
    const rows = await db
      .selectFrom('fruit_appeals as f')
      .leftJoin('resources as s', 's.id', 'f.scholar_id')
      .leftJoin('resources as o', 'o.id', 'f.resource_id')
      .select(['f.id', 'f.mode', 'f.reason', 'f.resource_id', 's.title as scholar', 'o.title as output', 'o.type'])
      .where('f.id', 'in', refIds)
      .execute();
    const history = await historyText(db, [...new Set(rows.map((r) => r.resource_id))]);
    for (const r of rows) {
      out.set(r.id, {
        fields: {
          mode: FRUIT_APPEAL_MODE_LABELS[r.mode as FruitAppealMode] ?? r.mode,
          scholar: r.scholar ?? '',
          output: r.output ?? '',
          reason: r.reason,
          history: history.get(r.resource_id) ?? '无',
        },
        link: r.type ? resourceHref(r.type, r.resource_id) : null,
      });
    }
    return out;
  },
  async apply(db, s: SubmissionRef, to) {
    const f = await db.selectFrom('fruit_appeals').selectAll().where('id', '=', s.refId).executeTakeFirstOrThrow();
    const sub = await db.selectFrom('submissions').select('reviewer_id').where('id', '=', s.id).executeTakeFirstOrThrow();
    const who = to === 'withdrawn' ? s.authorId : (sub.reviewer_id ?? null);
    const now = await db
      .selectFrom('output_authors')
      .select('state')
      .where('resource_id', '=', f.resource_id)
      .where('scholar_id', '=', f.scholar_id)
      .executeTakeFirst();
    const current = now?.state ?? '';
    if (to === 'approved') {
      const v = await db.selectFrom('scholar_verifications').select('user_id').where('scholar_id', '=', f.scholar_id).executeTakeFirst();
      if (v?.user_id !== f.author_id) throw conflict(MSG.fruitNotScholar);
      await setLink(db, f.resource_id, f.scholar_id, current, f.mode === 'claim' ? 'author' : 'disputed', who, s.id);
      return;
    }
    // leaving 已通过: the link goes back to what it was before this submission's approval, unless changed since
    const last = await db
      .selectFrom('attribution_history')
      .select(['from_state', 'to_state'])
      .where('submission_id', '=', s.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (
      last &&
      last.to_state !== last.from_state &&
      last.to_state === current &&
      current !== '' &&
      last.to_state === (f.mode === 'claim' ? 'author' : 'disputed')
    )
      await setLink(db, f.resource_id, f.scholar_id, current, last.from_state, who, s.id);
  },
};
