/** Answers of the public read API's key management (server/routes/apiKeys) and its usage reading. */
import { z } from 'zod';
import { PUBLIC_API_SCOPES } from '../publicApi.js';

/** A key as the console lists it: never the key, only its visible prefix. */
export const apiKeyAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('密钥的前几位（atr_ 开头），用于辨认'),
  scopes: z.array(z.enum(PUBLIC_API_SCOPES)).describe('可读的接口组'),
  ratePerMinute: z.number().int().describe('每分钟最多调用次数'),
  createdAt: z.string(),
  revokedAt: z.string().nullable().describe('吊销时间；未吊销为 null'),
  lastUsedAt: z.string().nullable(),
  today: z.number().int().describe('今日（UTC）调用次数'),
  total: z.number().int().describe('累计调用次数'),
});
export type ApiKey = z.infer<typeof apiKeyAnswer>;

/** The answer of issuing a key: the key itself, shown this once. */
export const apiKeyCreatedAnswer = apiKeyAnswer.extend({
  key: z.string().describe('完整密钥，只在此时返回一次，不再显示'),
  message: z.string(),
});

/** Calls of an application's keys per day (the analysis page's card). */
export const apiKeyUsageAnswer = z.object({
  days: z.array(z.string()).describe('日期（UTC，YYYY-MM-DD），由近及远'),
  keys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      prefix: z.string(),
      revoked: z.boolean(),
      counts: z.array(z.number().int()).describe('与 days 一一对应的调用次数'),
      total: z.number().int(),
    }),
  ),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageAnswer>;
