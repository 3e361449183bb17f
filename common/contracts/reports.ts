/** Answers of the visitor's report calls (spec 1 §2 'Reports'; docs/decisions.md 302). */
import { z } from 'zod';

/** One report of the visitor's list (GET /api/v1/reports). */
export const reportListItemAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string().nullable().describe('发布日期 YYYY-MM-DD；没有时为 null'),
  reportType: z.string().nullable().describe('报告类型，如 研究报告'),
  authors: z.array(z.string()).describe('作者'),
  institution: z.string().nullable().describe('发布机构'),
  summary: z.string().nullable().describe('摘要（纯文本）'),
  cover: z.string().nullable().describe('封面图片地址'),
  hasPdf: z.boolean().describe('是否附有 PDF'),
});
export type ReportListItem = z.infer<typeof reportListItemAnswer>;

/** One report as its page shows it (GET /api/v1/reports/{id}). */
export const reportDetailAnswer = reportListItemAnswer.extend({
  body: z.string().describe('正文 HTML（保存时已清洗；没有时为空串）'),
  url: z.string().nullable().describe('报告原文地址'),
  pdf: z
    .object({ url: z.string().describe('/files/<key>'), name: z.string().describe('文件名'), size: z.number().describe('大小（字节）') })
    .nullable()
    .describe('附带的 PDF；读者无权下载或没有时为 null'),
  restrictDownload: z.boolean().describe('PDF 仅限持有「下载附件」权限的读者（决定 302）'),
  canDownload: z.boolean().describe('本读者能否打开、下载 PDF'),
  downloadBlocked: z.enum(['signIn', 'right']).nullable().describe('signIn：登录后下载；right：无下载权限'),
});
export type ReportDetail = z.infer<typeof reportDetailAnswer>;
