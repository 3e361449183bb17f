/** Answers of the composed-page calls (server/routes/pages; `/xrender/{pageId}`, decisions 700-705). */
import { z } from 'zod';
import type { HomeConfig } from '../homeConfig.js';
import { homeConfigAnswer } from './revisions.js';

/** The states of a composed page. */
export const PAGE_STATES = ['draft', 'published'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** A composed page as the console's list shows it (without its configuration). */
export const pageListItemAnswer = z.object({
  applicationId: z.number().int(),
  pageId: z.string().describe('页面路径（访客地址 /xrender/{pageId}）'),
  title: z.string().describe('页面标题'),
  state: z.enum(PAGE_STATES).describe('draft 草稿；published 已发布'),
  createdAt: z.string().describe('创建时间（ISO 8601，UTC）'),
  updatedAt: z.string().describe('最后保存时间（ISO 8601，UTC）'),
  publishedAt: z.string().nullable().describe('最近一次发布的时间；草稿为 null'),
});
export type PageListItem = z.infer<typeof pageListItemAnswer>;

/** One composed page with its configuration (the home configuration's list form). */
export const pageAnswer = pageListItemAnswer.extend({ homeConfig: homeConfigAnswer });
/** The configuration typed with its modules (common/homeConfig.ts), as the editor and the visitor page read it. */
export type PageDetail = PageListItem & { homeConfig: HomeConfig };

/** A page's list for the console (every page, drafts included). */
export const pageListAnswer = z.object({ content: z.array(pageListItemAnswer) });

/** The answer of a create, a title change, a publish or a withdrawal: the page and the interface's message. */
export const pageChangedAnswer = pageListItemAnswer.extend({ message: z.string().describe('给用户看的中文提示') });

/** The answer of a saved configuration: the configuration and the revision that keeps it. */
export const pageConfigSavedAnswer = z.object({
  homeConfig: homeConfigAnswer,
  revisionId: z.number().int().describe('保存时新建的版本号'),
  message: z.string().describe('给用户看的中文提示'),
});
