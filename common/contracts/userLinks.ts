/** Answers of the personal topic link calls (spec 1 §1, §6; spec 2 §7 'Saving user links'; server/routes/userLinks). */
import { z } from 'zod';

/** A topic a user may pick: an application `{ id, title, url, cover }` (docs/decisions.md 165). */
export const topicObjectAnswer = z.object({
  id: z.number().int().describe('应用 id'),
  title: z.string().describe('应用名称'),
  url: z.string().describe('站点地址'),
  cover: z.string().nullable().describe('站点标志'),
});
export type TopicObject = z.infer<typeof topicObjectAnswer>;

/** One topic link: `{ resourceId, resourceObject }`. */
export const topicLinkAnswer = z.object({ resourceId: z.number().int(), resourceObject: topicObjectAnswer });
export type TopicLink = z.infer<typeof topicLinkAnswer>;

/** The user's links in their order, and whether the topic manager appears on this host. */
export const userLinksAnswer = z.object({
  enabled: z.boolean().describe('本站点（Host）是否显示专题管理'),
  links: z.array(topicLinkAnswer).describe('用户的专题链接，按用户排定的顺序'),
});
export type UserLinks = z.infer<typeof userLinksAnswer>;
