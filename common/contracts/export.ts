/**
 * Answer of POST /toolsApi/applicationExport/export (spec 2 §7; decision 225; server/routes/export): the
 * JSON file of an application's configuration, notices and resource links, sent as an attachment.
 */
import { z } from 'zod';
import { linkAnswer, noticeAnswer } from './content.js';

/** The export file (format atrium-application-export, version 1). */
export const applicationExportAnswer = z.object({
  format: z.literal('atrium-application-export').describe('文件格式'),
  version: z.literal(1).describe('格式版本'),
  exportedAt: z.string().describe('导出时间（ISO 8601）'),
  application: z
    .looseObject({ applicationId: z.number().int(), name: z.string(), host: z.string() })
    .describe('应用配置：页头、页脚、主题、首页、角色等，与站点读取的配置相同（不含单点登录的密钥）'),
  notices: z.array(noticeAnswer).describe('该应用的全部通知公告（含正文）'),
  links: z.array(linkAnswer).describe('该应用的全部资源链接'),
});
export type ApplicationExport = z.infer<typeof applicationExportAnswer>;
