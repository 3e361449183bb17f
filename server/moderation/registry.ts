/**
 * The registry of submission kinds (docs/decisions.md 550): one entry per kind of common/moderation.ts
 * SUBMISSION_KINDS. Only `comment` so far; a later kind adds its spec here and its key there.
 */
import type { SubmissionKind } from '../../common/moderation.js';
import { commentKind } from '../comments/kind.js';
import type { SubmissionKindSpec } from './kind.js';

/** Every kind's spec. */
export const KINDS: Record<SubmissionKind, SubmissionKindSpec> = {
  comment: commentKind,
};

/** The spec of a kind. */
export const kindSpec = (kind: SubmissionKind): SubmissionKindSpec => KINDS[kind];
