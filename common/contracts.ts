/**
 * The answers of the API as zod schemas (issue 12 §4): the server's routes declare them as their
 * `response` (server/http/contract.ts), /api/openapi.json describes them, and the browser takes its
 * types from them (`import type { Notice } from '@common/contracts'`, erased from the bundle), so an
 * answer's shape is written once. Import this file's values on the server only: it loads zod.
 */
import { z } from 'zod';

/** The refusal of every call: `{ error: { code, message, fields? } }`, message in Chinese (decision 2). */
export const errorAnswer = z
  .object({
    error: z.object({
      code: z.string().describe('机器可读的错误码，如 bad_request、not_signed_in、forbidden、not_found'),
      message: z.string().describe('给用户看的中文说明'),
      fields: z.record(z.string(), z.string()).optional().describe('出错的字段（body.x、query.x、params.x）及其说明'),
    }),
  })
  .describe('错误');

/** A page of a list (spec 1 §3 'Paged result'; common/page.ts). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int().describe('符合条件的总数'),
    empty: z.boolean(),
    page: z.number().int().describe('页码，从 1 开始'),
    size: z.number().int().describe('每页条数'),
  });

/** An answer that also carries the message the interface shows (保存成功 …). */
export const withMessage = <T extends z.ZodObject>(answer: T) => answer.extend({ message: z.string().describe('给用户看的中文提示') });

/** The answer of a deletion. */
export const deletedAnswer = <K extends string>(idName: K) =>
  z.object({ ok: z.literal(true), message: z.string().describe('给用户看的中文提示') }).extend({ [idName]: z.number().int() } as Record<K, z.ZodNumber>);

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
