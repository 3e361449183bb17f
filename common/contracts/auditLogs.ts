/** Answers of the audit log calls (`/console/logs`; decisions 312-317; server/routes/auditLogs). */
import { z } from 'zod';

/** One entry as the API answers it (GET /api/v1/audit-logs, /api/v1/audit-logs/{id}). */
export const auditEntryAnswer = z.object({
  id: z.number().int(),
  at: z.string().describe('操作时间（ISO 8601，UTC）'),
  userId: z.number().int().nullable().describe('操作人；null 为已删除或未知'),
  userLabel: z.string().describe('操作人的显示名'),
  ip: z.string(),
  applicationId: z.number().int().nullable().describe('所属应用；null 为平台级操作'),
  applicationName: z.string().nullable().describe('应用的当前名称；没有或已删除时为 null'),
  resource: z.string().describe('操作对象的种类（见 AUDIT_RESOURCES）'),
  resourceId: z.string().nullable().describe('操作对象的编号'),
  action: z.string().describe('操作类型（见 AUDIT_ACTIONS）'),
  method: z.string().describe('HTTP 方法'),
  route: z.string().describe('调用的路径模板'),
  status: z.number().int().describe('答复的 HTTP 状态码'),
  changes: z
    .object({
      mode: z.enum(['diff', 'body']).describe('diff：前后对比；body：仅记录请求内容'),
      fields: z.array(z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })),
    })
    .describe('改动：每个字段改前、改后的值（不存在的一侧缺省）'),
});
export type AuditEntry = z.infer<typeof auditEntryAnswer>;

/** The CSV export (GET /api/v1/audit-logs/export.csv): not JSON, described by its content type. */
export const auditCsvAnswer = {
  description: '操作日志 CSV（UTF-8，带 BOM），作为附件下载，最多 10,000 行',
  content: { 'text/csv': { schema: z.string().describe('CSV 文本') } },
};
