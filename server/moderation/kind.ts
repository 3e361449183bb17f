/**
 * What a kind of submission declares to the moderation engine (docs/decisions.md 550): its name, the
 * manager right that reviews it, the fields the console list shows, and what each transition does to the
 * submitted row (approval publishes it, rejection or withdrawal hides it, …). Kinds are registered in
 * ./registry.ts.
 */
import type { Db } from '../db/index.js';
import type { ManagerRight } from '../../common/roles.js';
import type { SubmissionKind, SubmissionStatus } from '../../common/moderation.js';

/** A submission as the engine hands it to its kind. */
export interface SubmissionRef {
  id: number;
  applicationId: number;
  refId: number;
  authorId: number;
}

/** One field of the console list: its key in `describe`'s answer and its Chinese column name. */
export interface KindField {
  key: string;
  label: string;
}

/** A kind of submission. */
export interface SubmissionKindSpec {
  kind: SubmissionKind;
  /** 评论, …: the console title and the notification's wording */
  label: string;
  /** the manager right that reviews this kind on its application */
  right: ManagerRight;
  /** the fields shown beside the common ones in the console list */
  fields: KindField[];
  /**
   * The fields and the visitor page link of the submitted rows `refIds` (a map by ref id; a row that is
   * gone is absent). Values are plain text.
   */
  describe(db: Db, refIds: number[]): Promise<Map<number, { fields: Record<string, string>; link: string | null }>>;
  /**
   * What moving the submission to `to` does to the submitted row, in the engine's transaction (`db` is
   * the transaction). Rejects only with the database's error.
   */
  apply(db: Db, s: SubmissionRef, to: SubmissionStatus): Promise<void>;
}
