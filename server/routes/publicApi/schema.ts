/** Shapes of the public read API (server/routes/publicApi; docs/decisions.md 630). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { recordId } from '../../http/fields.js';
import { PUBLIC_API_SCOPES, PUBLIC_PAGE_MAX } from '../../../common/publicApi.js';
import { pageOf, resourceItemAnswer } from '../../../common/contracts/common.js';

const typedText = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');

/** Paging of every list: page from 1, size 1 to PUBLIC_PAGE_MAX (default 20). */
export const pageQuery = z.object({
  page: z.coerce.number({ error: MSG.openBadPage }).int(MSG.openBadPage).min(1, MSG.openBadPage).max(10_000, MSG.openBadPage).default(1),
  size: z.coerce.number({ error: MSG.openBadSize }).int(MSG.openBadSize).min(1, MSG.openBadSize).max(PUBLIC_PAGE_MAX, MSG.openBadSize).default(20),
});

/** The search's query: the text, an optional type and the paging. */
export const openSearchQuery = pageQuery.extend({
  q: z.string().max(200, MSG.searchTooLong).default('').transform(typedText).describe('检索词，空格分隔；空则按类型列出最新'),
  type: z
    .string()
    .regex(/^[a-z][a-z_]{1,30}$/, MSG.unknownResourceType)
    .optional()
    .describe('资源类型，如 article、scholar'),
});

export const typeParams = z.object({
  type: z
    .string()
    .regex(/^[a-z][a-z_]{1,30}$/, MSG.unknownResourceType)
    .describe('资源类型，如 article、journal'),
});
export const typeIdParams = typeParams.extend({ id: recordId(MSG.resourceNotFound) });
export const idParams = z.object({ id: recordId(MSG.resourceNotFound) });
export const noticeIdParams = z.object({ id: recordId(MSG.noticeNotFound) });

export const resourcePage = pageOf(resourceItemAnswer);

export const publicNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string().nullable().describe('公告类别'),
  content: z.string().describe('正文（已净化的 HTML）'),
  publishDateTime: z.string().nullable(),
});
export const noticePage = pageOf(publicNotice);

/** The developer page's facts about the site (GET /open/v1). */
export const openInfoAnswer = z.object({
  site: z.string().describe('站点名称'),
  origin: z.string().describe('站点地址（协议与主机）'),
  base: z.string().describe('开放接口的基础地址'),
  oai: z.string().describe('OAI-PMH 基础地址'),
  docs: z.string().describe('接口文档页'),
  openapi: z.string().describe('开放接口的 OpenAPI 文档'),
  anonymousPerMinute: z.number().int().describe('不带密钥时每个网络地址每分钟的调用上限'),
  groups: z.array(z.object({ scope: z.enum(PUBLIC_API_SCOPES), label: z.string(), paths: z.array(z.string()) })),
  types: z.array(z.object({ type: z.string(), label: z.string(), count: z.number().int() })).describe('站点可读的资源类型及其条数'),
  feeds: z.array(z.object({ title: z.string(), rss: z.string(), atom: z.string() })),
});
export type OpenInfo = z.infer<typeof openInfoAnswer>;
