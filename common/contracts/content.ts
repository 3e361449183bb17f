/** Answers of the content calls: notices and resource links (spec 1 §3 'Notice', 'Link'; spec 2 §7 'Content'). */
import { z } from 'zod';

const publishing = {
  top: z.number().int().describe('置顶：1 是，0 否'),
  active: z.number().int().describe('发布状态：1 已发布，0 未发布'),
  activeText: z.string().describe('发布状态的文字'),
  publishDateTime: z.string().describe('发布时间（ISO 8601）'),
  publishDate: z.string().describe('发布日期 YYYY-MM-DD'),
  createDateTime: z.string(),
  applicationId: z.number().int(),
  moduleId: z.string().nullable().describe('所属首页模块；null 为应用级'),
  userId: z.number().int().nullable().describe('创建者'),
};

/** A notice (spec 1 §3 'Notice'); `content` is absent in lists. */
export const noticeAnswer = z.object({
  id: z.number().int(),
  noticeId: z.number().int(),
  title: z.string(),
  type: z.string().describe('通知类型，如 消息公告'),
  content: z.string().optional().describe('正文 HTML（已清洗）；列表中不含'),
  ...publishing,
  restrictDownload: z.number().int().describe('1：附件仅限有下载权限的用户下载（决定 213）'),
});
export type Notice = z.infer<typeof noticeAnswer>;

/** One notice as a reader opens it: whether they may download its attachments (decision 214). */
export const noticeReadAnswer = noticeAnswer.extend({
  canDownload: z.boolean(),
  downloadBlocked: z.enum(['signIn', 'right']).nullable().describe('signIn：登录后下载；right：无下载权限'),
});

/** A link (spec 1 §3 'Link'). */
export const linkAnswer = z.object({
  id: z.number().int(),
  linkId: z.number().int(),
  title: z.string(),
  url: z.string(),
  cover: z.string().nullable(),
  topOrder: z.number().int().describe('置顶顺序'),
  linkCategory: z.string().nullable().describe('链接分类'),
  ...publishing,
});
export type Link = z.infer<typeof linkAnswer>;
