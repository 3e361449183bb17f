/**
 * Answer of the console's usage report (docs/decisions.md 318-323, 408; server/routes/analytics):
 * GET /api/v1/applications/{id}/analytics?from&to. The beacon answers 204 without a body.
 */
import { z } from 'zod';

/** One day of the series. */
export const usageDayAnswer = z.object({
  day: z.string().describe('日期 YYYY-MM-DD'),
  views: z.number().int().describe('浏览量'),
  visitors: z.number().int().describe('当日独立访客数'),
  searches: z.number().int().describe('检索次数'),
  zeroSearches: z.number().int().describe('无结果的检索次数'),
  signins: z.number().int().describe('登录次数'),
});
export type UsageDay = z.infer<typeof usageDayAnswer>;

/** The totals of a period (`visitors` sums the daily distinct visitors). */
export const usageTotalsAnswer = usageDayAnswer.omit({ day: true }).extend({ panelClicks: z.number().int().describe('栏目点击次数') });
export type UsageTotals = z.infer<typeof usageTotalsAnswer>;

const queryCount = z.object({ query: z.string().describe('检索词'), count: z.number().int() });

/** The report of a range of days and of the previous period of equal length. */
export const usageReportAnswer = z.object({
  from: z.string().describe('起始日 YYYY-MM-DD'),
  to: z.string().describe('结束日 YYYY-MM-DD'),
  previousFrom: z.string().describe('上一周期的起始日（等长，结束于 from 前一天）'),
  previousTo: z.string().describe('上一周期的结束日'),
  days: z.array(usageDayAnswer).describe('范围内的每一天（含为零的日子）'),
  previousDays: z.array(usageDayAnswer).describe('上一周期的每一天，与 days 逐日对应'),
  totals: usageTotalsAnswer,
  previousTotals: usageTotalsAnswer,
  panels: z
    .array(
      z.object({
        moduleId: z.string(),
        title: z.string().describe('栏目名（别名或类型名）'),
        type: z.string().nullable().describe('模块类型；null 为已不在首页配置中的栏目，或 moduleId 为空的「其他」（超出每日上限而合并计数的栏目事件）'),
        views: z.number().int(),
        clicks: z.number().int(),
      }),
    )
    .describe('首页栏目的浏览与点击'),
  resources: z
    .array(z.object({ type: z.string(), id: z.number().int(), title: z.string().describe('资源标题；已删除的为「已删除的资源」'), opens: z.number().int() }))
    .describe('打开最多的资源（至多 10 个）'),
  searches: z.array(queryCount).describe('最常用的检索词（至多 10 个）'),
  zeroSearches: z.array(queryCount).describe('无结果的检索词（至多 10 个）'),
  other: z
    .object({
      resources: z.number().int().describe('未列出的资源的打开次数（其他）'),
      searches: z.number().int().describe('未列出的检索词的检索次数（其他；与列出的合计为 totals.searches）'),
      zeroSearches: z.number().int().describe('未列出的无结果检索词的次数（其他；与列出的合计为 totals.zeroSearches）'),
    })
    .describe('各排行之外的合计「其他」：排行以外的词与资源，以及超出每日上限而合并计数的事件'),
});
export type UsageReport = z.infer<typeof usageReportAnswer>;

/** The beacon's answer: 204, no body. */
export const beaconAnswer = z.null().describe('已接收（无内容）');
