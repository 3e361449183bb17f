/** Answers of the document delivery calls (issue 29 §7; server/routes/dds; common/dds.ts). */
import { z } from 'zod';
import { DDS_STATES } from '../dds.js';
import { pageOf, withMessage } from './common.js';

/** The citation of the requested text, as the reader gave it (or as it was filled from a record). */
export const ddsCitation = z.object({
  title: z.string(),
  authors: z.string(),
  journal: z.string(),
  year: z.string(),
  volume: z.string(),
  issue: z.string(),
  pages: z.string(),
  doi: z.string(),
});
export type DdsCitation = z.infer<typeof ddsCitation>;

/** A citation found in the site's catalogue, and the record it came from. */
export const ddsLookupAnswer = ddsCitation.extend({ resourceId: z.number().int(), resourceType: z.string() });
export type DdsLookup = z.infer<typeof ddsLookupAnswer>;

/** One request as its reader sees it (我的文献传递). */
export const myDdsAnswer = ddsCitation.extend({
  id: z.number().int(),
  applicationId: z.number().int(),
  resourceId: z.number().int().nullable().describe('发起请求的资源详情页对应的记录，手工填写时为 null'),
  note: z.string().describe('读者的备注（纯文本）'),
  state: z.enum(DDS_STATES).describe('状态：pending 待处理、delivered 已传递、unavailable 无法提供'),
  reason: z.string().nullable().describe('无法提供的原因（纯文本）'),
  fileName: z.string().nullable().describe('传递的文件名'),
  fileSize: z.number().int().nullable().describe('传递的文件大小（字节）'),
  deliveredAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('下载链接的失效时间（传递后 7 天）'),
  downloads: z.number().int().describe('已下载次数'),
  downloadsLeft: z.number().int().describe('剩余下载次数'),
  downloadable: z.boolean().describe('现在能否下载（已传递、未过期、次数未用完）'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyDds = z.infer<typeof myDdsAnswer>;

/** The reader's requests to one site, with today's count against the site's daily limit. */
export const myDdsListAnswer = z.object({
  content: z.array(myDdsAnswer),
  dailyLimit: z.number().int().describe('本站每位读者每天可提交的请求数'),
  usedToday: z.number().int().describe('今天已提交的请求数'),
});

/** One request as staff see it: the reader and who handled it, besides what the reader sees. */
export const ddsAnswer = myDdsAnswer.extend({
  userId: z.number().int(),
  userName: z.string().describe('请求人'),
  userContact: z.string().nullable().describe('请求人的手机号或邮箱（部分隐藏）'),
  handlerName: z.string().nullable().describe('处理的工作人员'),
});
export type Dds = z.infer<typeof ddsAnswer>;

export const ddsPageAnswer = pageOf(ddsAnswer);
export const ddsSubmittedAnswer = withMessage(myDdsAnswer);
export const ddsSavedAnswer = withMessage(ddsAnswer);

/** A site's document delivery settings. */
export const ddsSettingsAnswer = z.object({ dailyLimit: z.number().int().describe('每位读者每天可提交的请求数') });
export const ddsSettingsSavedAnswer = withMessage(ddsSettingsAnswer);
