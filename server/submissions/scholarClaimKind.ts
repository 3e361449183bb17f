/**
 * The `user_examine` kind of the moderation engine (issue 29 §6; docs/decisions.md 650-653): reviewed by
 * managers holding 审核 (`review`, the right the engine's routes check; decision 653). A claim's approval links the account to the scholar profile
 * (`scholar_verifications`, and the account's `scholar_claims` link of spec 2 §7), refused with 409 when
 * the profile or the account was verified meanwhile; leaving 已通过 (rejection, reopening, withdrawal)
 * removes that link again. A profile edit changes nothing when approved (the profile shows the latest
 * approved edit of its owner) but is refused when its author is no longer the verified owner. Kept apart
 * from ./scholarClaim.ts (the engine's registry imports this file).
 */
import type { SubmissionKindSpec } from '../moderation/kind.js';
import { conflict } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import { profileHref } from '../../common/resourceTypes.js';
import { SCHOLAR_EVIDENCE_LABELS, SCHOLAR_REQUEST_LABELS, type ScholarEvidence, type ScholarRequestKind } from '../../common/scholarClaims.js';
import { parseLinks } from './scholarClaim.js';

export const scholarClaimKind: SubmissionKindSpec = {
  kind: 'user_examine',
  label: '学者认证',
  right: 'review',
  fields: [
    { key: 'request', label: '申请' },
    { key: 'scholar', label: '学者' },
    { key: 'evidence', label: '证明' },
    { key: 'content', label: '说明或修改内容' },
  ],
  async describe(db, refIds) {
    const out = new Map<number, { fields: Record<string, string>; link: string | null }>();
    if (!refIds.length) return out;
    const rows = await db
      .selectFrom('scholar_requests as r')
      .leftJoin('resources as s', 's.id', 'r.scholar_id')
      .select(['r.id', 'r.request', 'r.scholar_id', 's.title', 'r.evidence', 'r.email', 'r.document_name', 'r.note', 'r.biography', 'r.links'])
      .where('r.id', 'in', refIds)
      .execute();
    for (const r of rows) {
      const evidence =
        r.evidence === 'email'
          ? `${SCHOLAR_EVIDENCE_LABELS.email}：${r.email ?? ''}`
          : r.evidence === 'document'
            ? `${SCHOLAR_EVIDENCE_LABELS.document}：${r.document_name ?? ''}`
            : '';
      const content =
        r.request === 'profile' ? [r.biography ?? '', ...parseLinks(r.links).map((l) => `${l.title} ${l.url}`)].filter(Boolean).join('\n') : r.note;
      out.set(r.id, {
        fields: {
          request: SCHOLAR_REQUEST_LABELS[r.request as ScholarRequestKind] ?? r.request,
          scholar: r.title ?? `#${r.scholar_id}`,
          evidence: evidence || (r.evidence ? (SCHOLAR_EVIDENCE_LABELS[r.evidence as ScholarEvidence] ?? '') : ''),
          content,
        },
        link: profileHref(r.scholar_id),
      });
    }
    return out;
  },
  async apply(db, s, to) {
    const r = await db.selectFrom('scholar_requests').select(['id', 'request', 'scholar_id', 'author_id']).where('id', '=', s.refId).executeTakeFirstOrThrow();
    if (r.request === 'profile') {
      if (to !== 'approved') return;
      const v = await db.selectFrom('scholar_verifications').select('user_id').where('scholar_id', '=', r.scholar_id).executeTakeFirst();
      if (v?.user_id !== r.author_id) throw conflict(MSG.scholarNotVerified);
      return;
    }
    if (to === 'approved') {
      const owner = await db.selectFrom('scholar_verifications').select('user_id').where('scholar_id', '=', r.scholar_id).executeTakeFirst();
      if (owner) throw conflict(owner.user_id === r.author_id ? MSG.scholarClaimAlreadyMine : MSG.scholarClaimTaken);
      const other = await db.selectFrom('scholar_verifications').select('scholar_id').where('user_id', '=', r.author_id).executeTakeFirst();
      if (other) throw conflict(MSG.scholarClaimOnePerAccount);
      const t = new Date().toISOString();
      await db.insertInto('scholar_verifications').values({ scholar_id: r.scholar_id, user_id: r.author_id, request_id: r.id, verified_at: t }).execute();
      // the account's scholar link of spec 2 §7 follows the verification (decision 651)
      await db
        .deleteFrom('scholar_claims')
        .where((eb) => eb.or([eb('user_id', '=', r.author_id), eb('resource_id', '=', r.scholar_id)]))
        .execute();
      await db.insertInto('scholar_claims').values({ user_id: r.author_id, resource_id: r.scholar_id, created_at: t }).execute();
    } else {
      const v = await db.deleteFrom('scholar_verifications').where('request_id', '=', r.id).executeTakeFirst();
      if (Number(v.numDeletedRows) > 0)
        await db.deleteFrom('scholar_claims').where('user_id', '=', r.author_id).where('resource_id', '=', r.scholar_id).execute();
    }
  },
};
