/** Answers of the notification and personal-centre calls (issue 29 §8-§9; server/routes/notifications, server/routes/helix). */
import { z } from 'zod';
import { HELIX_SECTIONS, NOTIFY_GROUPS } from '../helix.js';
import { pageOf } from './common.js';

/** One notification as its reader sees it (plain text). */
export const notificationAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int().nullable(),
  kind: z.string().describe('类型，如 feedback.reply、submission.approve'),
  title: z.string().describe('标题（纯文本）'),
  body: z.string().describe('正文（纯文本）'),
  link: z.string().nullable().describe('相关页面（本站路径）'),
  createdAt: z.string(),
  readAt: z.string().nullable().describe('阅读时间，未读为 null'),
  mail: z.string().nullable().describe('邮件：pending 待发送、sent 已发送、failed 发送失败；不发邮件为 null'),
  mailError: z.string().nullable().describe('邮件发送失败的原因'),
});
export type ReaderNotification = z.infer<typeof notificationAnswer>;
export const notificationPageAnswer = pageOf(notificationAnswer);
export const unreadAnswer = z.object({ count: z.number().int().describe('未读消息数') });
export const markedAnswer = z.object({ ok: z.literal(true), count: z.number().int().describe('标记为已读的条数'), message: z.string() });

/** A favourite or a history entry. */
export const readerItemAnswer = z.object({
  id: z.number().int(),
  targetType: z.string().describe('resource 资源、report 研究报告、notice 通知公告、wechat 公众号文章'),
  targetId: z.string(),
  title: z.string(),
  link: z.string().describe('详情页（本站路径）'),
  at: z.string().describe('收藏或最近浏览的时间'),
});
export type ReaderItem = z.infer<typeof readerItemAnswer>;
export const readerItemPageAnswer = pageOf(readerItemAnswer);
export const favoriteStateAnswer = z.object({ favoriteId: z.number().int().nullable().describe('收藏编号，未收藏为 null') });
export const favoriteSavedAnswer = z.object({ favoriteId: z.number().int(), message: z.string() });
export const viewRecordedAnswer = z.object({ recorded: z.boolean().describe('是否记录（读者关闭浏览历史时为 false）') });
export const clearedAnswer = z.object({ ok: z.literal(true), count: z.number().int(), message: z.string() });

/** One of the reader's comments with its state. */
export const myCommentAnswer = z.object({
  id: z.number().int(),
  targetType: z.string(),
  targetId: z.string(),
  isReply: z.boolean(),
  link: z.string().nullable().describe('评论所在页面（本站路径）'),
  body: z.string().describe('评论内容（纯文本）'),
  state: z
    .enum(['shown', 'pending', 'rejected', 'withdrawn', 'hidden'])
    .describe('shown 已发布、pending 审核中、rejected 未通过、withdrawn 已撤回、hidden 未显示'),
  reason: z.string().nullable().describe('驳回理由'),
  createdAt: z.string(),
});
export type MyComment = z.infer<typeof myCommentAnswer>;
export const myCommentPageAnswer = pageOf(myCommentAnswer);

/** The reader's settings. */
export const readerSettingsAnswer = z.object({
  email: z.string().nullable().describe('接收通知邮件的地址（账号绑定的邮箱），没有时为 null'),
  mailOff: z.array(z.enum(NOTIFY_GROUPS)).describe('不发邮件的通知类别'),
  historyOff: z.boolean().describe('是否关闭浏览历史'),
});
export type ReaderSettingsAnswer = z.infer<typeof readerSettingsAnswer>;
export const readerSettingsSavedAnswer = readerSettingsAnswer.extend({ message: z.string() });

/** The personal-centre sections of an application: which are off. */
export const helixSectionsAnswer = z.object({ off: z.array(z.enum(HELIX_SECTIONS)).describe('本应用关闭的栏目') });
export const helixSectionsSavedAnswer = helixSectionsAnswer.extend({ message: z.string() });
