/** Answers of the comment calls (docs/decisions.md 557-566; server/routes/comments). */
import { z } from 'zod';
import { okAnswer, pageEnvelope } from './common.js';
import { COMMENT_TARGETS } from '../comments.js';

/** One comment as a reader sees it (plain text; the page links its addresses itself). */
export const commentAnswer = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  authorName: z.string(),
  mine: z.boolean().describe('是本人的评论'),
  body: z.string().describe('评论的纯文本'),
  pending: z.boolean().describe('本人待审核的评论（只有作者看到）'),
  likes: z.number().int(),
  liked: z.boolean(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentAnswer>;

/** A top-level comment with its replies. */
export const commentThreadAnswer = commentAnswer.extend({ replies: z.array(commentAnswer) });
export type CommentThread = z.infer<typeof commentThreadAnswer>;

/** A page of a target's comments, and whether the reader may comment. */
export const commentPageAnswer = pageEnvelope.and(
  z.object({
    content: z.array(commentThreadAnswer),
    open: z.boolean().describe('该类内容开放评论'),
    signedIn: z.boolean(),
  }),
);
export type CommentPage = z.infer<typeof commentPageAnswer>;

/** The answer of a new comment: shown at once, or held for review. */
export const commentPostedAnswer = okAnswer.extend({ id: z.number().int(), shown: z.boolean() });

/** The answer of 点赞. */
export const commentLikeAnswer = z.object({ liked: z.boolean(), likes: z.number().int() });

/** An application's comment settings. */
export const commentSettingsAnswer = z.object({
  mode: z.enum(['pre', 'post']).describe('pre 先审后发，post 先发后审'),
  targets: z.array(z.enum(COMMENT_TARGETS)).describe('开放评论的内容类型'),
});
export type CommentSettings = z.infer<typeof commentSettingsAnswer>;

/** An application's sensitive words. */
export const sensitiveWordsAnswer = z.object({ words: z.array(z.string()) });
