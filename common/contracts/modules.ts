/**
 * Answers of the panel reads (spec 2 §7 'Content'; server/routes/modules): the top-{kind} reads, an
 * application's top notices and links, the browser's one panel read (decision 241), the feed reads
 * (wechat articles, jobs, bulletins; decision 31) and the scholar suggestions (decision 296).
 * common/feeds.ts names the feed items' types for the visitor pages.
 */
import { z } from 'zod';
import { pageOf, resourceItemAnswer } from './common.js';
import { linkAnswer, noticeAnswer } from './content.js';

const nullableText = z.string().nullable();

/** POST /api/v3|v4/modules/top-{kind}: a page of the topic's resources (journals carry is_subscribed for a signed-in user). */
export const topPageAnswer = pageOf(resourceItemAnswer);

/** A notice of GET /api/v1/modules/top-notice (spec 1 §3 'Notice', without its content): server/content/present.ts presentNoticeItem. */
export const topNoticeAnswer = noticeAnswer.pick({
  id: true,
  noticeId: true,
  title: true,
  type: true,
  top: true,
  moduleId: true,
  publishDateTime: true,
  publishDate: true,
});

/** A link of GET /api/v1/modules/top-link (spec 1 §3 'Link'): server/content/present.ts presentLinkItem. */
export const topLinkAnswer = linkAnswer.pick({
  id: true,
  linkId: true,
  title: true,
  url: true,
  cover: true,
  top: true,
  topOrder: true,
  linkCategory: true,
  publishDateTime: true,
});

/** GET /api/v1/modules/panel-read: the first page of the read (its items depend on the read's source). */
export const panelReadAnswer = pageOf(z.unknown().describe('条目：随读取的来源而不同（资源、通知、链接、工具、文章……）'));

/** A wechat article as a record of spec 1 §3 'Wechat article group'. */
export const wechatRecordAnswer = z.object({
  id: z.number().int(),
  groupId: nullableText,
  groupName: nullableText.describe('分组名'),
  articleTime: nullableText.describe('发布时间'),
  material: z.object({ title: z.string(), thumb_media_url: nullableText, url: nullableText, digest: nullableText.describe('摘要') }),
});
export type WechatRecord = z.infer<typeof wechatRecordAnswer>;

/** GET /api/v1/modules/top-wechat-article. */
export const wechatArticlesAnswer = z.object({
  records: z.array(wechatRecordAnswer),
  total: z.number().int(),
  current: z.number().int().describe('页码，从 1 开始'),
  size: z.number().int().describe('每页条数'),
  pages: z.number().int().describe('总页数'),
});

/** A job as a search hit (spec 2 §7 'data.hits with _source'; spec 1 §3 'Job'). */
export const jobHitAnswer = z.object({
  _id: z.string(),
  _source: z.object({
    uuid: z.string(),
    title: z.string(),
    work_address: nullableText,
    update_time: nullableText,
    salary: nullableText,
    work_experience: nullableText,
    work_time: nullableText,
    edu_cation: nullableText.describe('学历要求'),
    institution: z.object({ name: nullableText, logo: nullableText, subjects: z.array(z.string()) }),
  }),
});
export type JobHit = z.infer<typeof jobHitAnswer>;

/** GET /api/v1/modules/top-job. */
export const jobsAnswer = z.object({ hits: z.array(jobHitAnswer), total: z.number().int() });

/** A bulletin entry (快报, 研究报告, 快讯). */
export const bulletinEntryAnswer = z.object({
  article: z.object({ title: z.string(), uuid: z.string(), cover: nullableText, update_time: nullableText }),
  group: nullableText,
  bulletinType: nullableText.describe('快报、研究报告或快讯'),
});
export type BulletinEntry = z.infer<typeof bulletinEntryAnswer>;

/** A title suggestion: id, title and a detail (a scholar's institution). */
export const titleSuggestionAnswer = z.object({ id: z.number().int(), title: z.string(), detail: nullableText.describe('补充信息，如学者的单位') });
