/**
 * The `comment` kind of the moderation engine (docs/decisions.md 550, 557): reviewed by managers holding
 * 审核 (`review`); the list shows the comment's target and whether it is a reply; a transition sets
 * whether readers see it: approved → shown; rejected or withdrawn → hidden; pending → shown only when it
 * was not held (先发后审 without a rule's hit).
 */
import type { Db } from '../db/index.js';
import type { SubmissionKindSpec } from '../moderation/kind.js';
import { COMMENT_TARGET_LABELS, type CommentTarget } from '../../common/comments.js';
import { communityHref } from '../../common/communities.js';
import { communitiesOfPosts } from '../communities/service.js';
import { bumpCommentsVersion } from './versions.js';

/** The visitor page of a comment's target. */
export function targetPath(type: string, id: string): string | null {
  switch (type as CommentTarget) {
    case 'notice':
      return `/resources/notices/${id}`;
    case 'report':
      return `/microapp/report/detail/${id}`;
    case 'wechat':
      return `/microapp/wechat/material/${id}`;
    case 'resource':
    case 'post':
      return null;
    default:
      return null;
  }
}

export const commentKind: SubmissionKindSpec = {
  kind: 'comment',
  label: '评论',
  right: 'review',
  fields: [
    { key: 'target', label: '评论对象' },
    { key: 'reply', label: '类型' },
  ],
  async describe(db: Db, refIds: number[]) {
    const out = new Map<number, { fields: Record<string, string>; link: string | null }>();
    if (!refIds.length) return out;
    const rows = await db.selectFrom('comments').select(['id', 'target_type', 'target_id', 'parent_id']).where('id', 'in', refIds).execute();
    const posts = await communitiesOfPosts(
      db,
      rows.filter((r) => r.target_type === 'post').map((r) => Number(r.target_id)),
    );
    for (const r of rows) {
      const community = r.target_type === 'post' ? posts.get(Number(r.target_id)) : undefined;
      out.set(r.id, {
        fields: { target: `${COMMENT_TARGET_LABELS[r.target_type as CommentTarget] ?? r.target_type} ${r.target_id}`, reply: r.parent_id ? '回复' : '评论' },
        link: community !== undefined ? communityHref(community) : targetPath(r.target_type, r.target_id),
      });
    }
    return out;
  },
  async apply(db, s, to) {
    if (to === 'approved') await db.updateTable('comments').set({ visible: 1 }).where('id', '=', s.refId).execute();
    else if (to === 'pending')
      await db
        .updateTable('comments')
        .set((eb) => ({ visible: eb.case().when('held', '=', 1).then(0).else(1).end() }))
        .where('id', '=', s.refId)
        .execute();
    else await db.updateTable('comments').set({ visible: 0 }).where('id', '=', s.refId).execute();
    await bumpCommentsVersion(db, s.refId);
  },
};
