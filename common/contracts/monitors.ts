/** Answers of the monitors' console calls (server/routes/monitors; docs/decisions.md 670-679). */
import { z } from 'zod';
import { MONITOR_CODES, MONITOR_DIGESTS, MONITOR_FILE_KINDS, MONITOR_PROFILE_KINDS, MONITOR_SOURCE_KINDS } from '../monitors.js';

/** A source as the console shows it, with its last run. */
export const monitorSourceAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MONITOR_SOURCE_KINDS),
  url: z.string().describe('OAI-PMH 或订阅源的地址；文件投放为投放目录名'),
  setSpec: z.string().nullable(),
  metadataPrefix: z.string().nullable(),
  fileKind: z.enum(MONITOR_FILE_KINDS).nullable(),
  schedule: z.string().describe('cron 表达式（五段）'),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  harvestedUntil: z.string().nullable().describe('下次增量采集的起点（from）'),
  resumable: z.boolean().describe('上次失败的采集留有续传令牌，下次从该处继续'),
  lastRunAt: z.string().nullable(),
  lastStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  lastAdded: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
});
export type MonitorSource = z.infer<typeof monitorSourceAnswer>;

/** A watch profile with its recent hits. */
export const monitorProfileAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MONITOR_PROFILE_KINDS),
  terms: z.array(z.string()),
  hitCount: z.number().int(),
  recentHits: z.array(z.object({ resourceId: z.number().int(), title: z.string(), term: z.string(), createdAt: z.string() })),
});
export type MonitorProfile = z.infer<typeof monitorProfileAnswer>;

/** A run of a source. */
export const monitorRunAnswer = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  status: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  added: z.number().int(),
  error: z.string().nullable(),
});
export type MonitorRun = z.infer<typeof monitorRunAnswer>;

/** A channel of an application: its sources, profiles, digest and dashboard. */
export const monitorChannelAnswer = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  code: z.enum(MONITOR_CODES),
  topicId: z.number().int().describe('采集记录所在的专题'),
  digest: z.enum(MONITOR_DIGESTS),
  subscribed: z.boolean().describe('当前管理员是否订阅摘要邮件'),
  totalRecords: z.number().int(),
  perDay: z.array(z.object({ day: z.string(), count: z.number().int() })).describe('最近 30 天每日新增记录（UTC 日期）'),
  sources: z.array(monitorSourceAnswer),
  profiles: z.array(monitorProfileAnswer),
  runs: z.array(monitorRunAnswer).describe('最近的运行记录'),
});
export type MonitorChannel = z.infer<typeof monitorChannelAnswer>;
