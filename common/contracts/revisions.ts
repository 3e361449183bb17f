/** Answers of the home config revision calls (revisions; server/routes/revisions). */
import { z } from 'zod';
import { moduleBase, pageEntry } from '../homeConfigSchema.js';
import type { HomeConfig } from '../homeConfig.js';
import { apiComponents } from './common.js';

/**
 * A home config (spec 1 §3 'Application config'): its page entries, each with its modules (their common
 * fields; a module type's own fields beside them). The document's `HomeConfig` (decision 440): the
 * answers name it, and so does the body of POST …/home-config.
 */
export const homeConfigAnswer = z
  .array(pageEntry.extend({ template: z.array(moduleBase).max(200).describe('页面上的模块：公共字段，以及该模块类型的各字段') }))
  .describe('首页配置：页面列表，每页含模块（template）')
  .register(apiComponents, { id: 'HomeConfig' });

/** A saved home config as the revision list answers it, without the config. */
export const revisionListItemAnswer = z.object({
  id: z.number().int().describe('版本号'),
  applicationId: z.number().int(),
  authorId: z.number().int().nullable().describe('保存者；null 为已删除的用户'),
  authorName: z.string().describe('保存者姓名'),
  summary: z.string().describe('修改摘要'),
  createdAt: z.string().describe('保存时间（ISO 8601，UTC）'),
});
export type RevisionListItem = z.infer<typeof revisionListItemAnswer>;

/** One revision with its config (GET …/home-config/revisions/{revisionId}). */
export const revisionAnswer = revisionListItemAnswer.extend({ homeConfig: homeConfigAnswer });
/** The config typed with its modules (common/homeConfig.ts), as the editor reads it. */
export type Revision = RevisionListItem & { homeConfig: HomeConfig };

/** The answer of a restore: the config now current and the revision that saved it. */
export const revisionRestoredAnswer = z.object({
  homeConfig: homeConfigAnswer,
  revisionId: z.number().int().describe('恢复时新建的版本号'),
  message: z.string().describe('给用户看的中文提示'),
});
export type RevisionRestored = Omit<z.infer<typeof revisionRestoredAnswer>, 'homeConfig'> & { homeConfig: HomeConfig };
