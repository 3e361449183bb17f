/**
 * Answers of the topic calls (spec 2 §7 topics; the console's topics and their data,
 * decision 265; server/routes/topics). common/topics.ts names their types for the console.
 */
import { z } from 'zod';
import { RESOURCE_TYPES } from '../constants';

/** A topic as GET /api/v1/topics lists it. */
export const topicSummaryAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable().describe('封面图片（链接或站内路径）'),
  description: z.string().nullable(),
  createdAt: z.string(),
  resources: z.number().int().describe('专题中的资源数（全部类型，含未发布）'),
  applications: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('使用该专题的应用'),
  manageable: z.boolean().describe('当前用户能否打开其数据页'),
});
export type TopicSummary = z.infer<typeof topicSummaryAnswer>;

/** One row of a topic's data list (GET /api/v1/topics/{id}/resources). */
export const topicResourceAnswer = z.object({
  id: z.number().int(),
  type: z.string().describe('资源类型'),
  title: z.string(),
  date: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()).describe('资源的各字段（随类型而不同）'),
  category: z.string().nullable().describe('一级分类'),
  subcategory: z.string().nullable().describe('二级分类'),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type TopicResource = z.infer<typeof topicResourceAnswer>;

/** GET /api/v1/topics/{id}/stats: resources per type, all and published. */
export const topicStatsAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  types: z.array(z.object({ type: z.string(), total: z.number().int(), published: z.number().int().describe('其中已发布的') })),
});
export type TopicStats = z.infer<typeof topicStatsAnswer>;

/** A category of a topic's two-level tree: the label is also the value. */
export interface CategoryNode {
  label: string;
  value: string;
  children?: CategoryNode[];
}
const categoryLeaf = z.object({ label: z.string(), value: z.string().describe('同 label') });
/** The tree as the server builds it: first-level categories, each with its second-level ones. */
export const categoryTreeAnswer = z.array(categoryLeaf.extend({ children: z.array(categoryLeaf).optional().describe('二级分类；没有时省略') }));

/** A resource as the console shows and edits it (common/resourceFields.ts ConsoleResource). */
export const consoleResourceAnswer = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  date: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()).describe('存储的全部字段（包括控制台不编辑的）'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/v1/topics/{id}/categories/usage: how many records of each type a category holds, most first (decision 540). */
export const categoryUsageAnswer = z.object({
  path: z.array(z.string()).describe('[一级] 或 [一级, 二级]'),
  types: z.array(z.object({ type: z.enum(RESOURCE_TYPES), label: z.string().describe('类型的中文名'), count: z.number().int() })),
});
export type CategoryUsage = z.infer<typeof categoryUsageAnswer>;

/** PUT /api/v1/topics/{id}/categories: the changed tree. */
export const categoriesChangedAnswer = z.object({ ok: z.literal(true), tree: categoryTreeAnswer, message: z.string() });

/** POST /api/v1/topics/{id}/resources/bulk: how many resources the action changed. */
export const bulkAnswer = z.object({ ok: z.literal(true), changed: z.number().int().describe('改动的资源数'), message: z.string() });

/** POST /api/v1/topics: the new topic's id. */
export const topicCreatedAnswer = z.object({ id: z.number().int(), message: z.string() });
