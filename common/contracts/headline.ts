/** Answers of the news domain list and the headline calls (spec 2 §7; docs/decisions.md 294; server/routes/headline). */
import { z } from 'zod';

/** One news domain: its label (also its value) and how many published news items carry it. */
export const newsDomainAnswer = z.object({
  label: z.string().describe('领域名称'),
  value: z.string().describe('领域的值（与名称相同）'),
  count: z.number().int().describe('该领域已发布的资讯条数'),
});
export type NewsDomain = z.infer<typeof newsDomainAnswer>;

/** A user's headline: the domains they follow, in their order. */
export const headlineAnswer = z.object({
  userId: z.number().int(),
  domains: z.array(z.string()).describe('关注的领域，按用户排定的顺序'),
  updatedAt: z.string().nullable().describe('保存时间（ISO 8601）；null 为从未保存'),
});
export type Headline = z.infer<typeof headlineAnswer>;
