/**
 * The registry of submission kinds (docs/decisions.md 550): one entry per kind of common/moderation.ts
 * SUBMISSION_KINDS: comments, and the review queues of issue 29 §6 (server/submissions, decisions 610-619).
 */
import type { SubmissionKind } from '../../common/moderation.js';
import { commentKind } from '../comments/kind.js';
import { recommendKind } from '../submissions/recommendKind.js';
import { auditUserKind } from '../submissions/auditUserKind.js';
import { scholarClaimKind } from '../submissions/scholarClaimKind.js';
import { fruitAppealKind } from '../submissions/fruitAppealKind.js';
import type { SubmissionKindSpec } from './kind.js';

/** Every kind's spec. */
export const KINDS: Record<SubmissionKind, SubmissionKindSpec> = {
  comment: commentKind,
  resource_verify: recommendKind,
  auditUser: auditUserKind,
  user_examine: scholarClaimKind,
  fruit_appeal: fruitAppealKind,
};

/** The spec of a kind. */
export const kindSpec = (kind: SubmissionKind): SubmissionKindSpec => KINDS[kind];
