/** Answers of a reader's saved advanced searches and search history (server/routes/savedSearches; decisions 684-685). */
import { z } from 'zod';

export const savedSearchAnswer = z.object({
  id: z.number().int(),
  name: z.string().describe('检索名称'),
  query: z.string().describe('/exploreV3 的查询串（c、from、to、sort、type 与筛选）'),
  summary: z.string().describe('检索条件的一行文字'),
  notify: z.boolean().describe('是否每日提醒新结果'),
  notifiedAt: z.string().nullable().describe('上次查看新结果的时间'),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchAnswer>;

export const savedSearchListAnswer = z.object({ items: z.array(savedSearchAnswer) });
export const savedSearchSavedAnswer = z.object({ item: savedSearchAnswer, message: z.string().describe('给用户看的中文提示') });

export const searchHistoryAnswer = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      query: z.string(),
      summary: z.string(),
      total: z.number().int().describe('当时的命中数'),
      at: z.string(),
    }),
  ),
});
export type SearchHistory = z.infer<typeof searchHistoryAnswer>;
