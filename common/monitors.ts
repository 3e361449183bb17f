/**
 * The five monitoring channels and their vocabulary (server/monitors; docs/decisions.md 670-679), shared
 * by the server (zod, the engine) and the console (menu, forms).
 */

/** The channels' codes, in menu order; the console route of each is `/console/monitor_{code}` (spec 1 §2). */
export const MONITOR_CODES = ['nstl', 'sci', 'stis', 'stm', 'xjbt'] as const;
export type MonitorCode = (typeof MONITOR_CODES)[number];

/** What each channel stands for (decision 670). */
export const MONITOR_LABELS: Record<MonitorCode, string> = {
  nstl: 'NSTL 监测',
  sci: 'SCI 监测',
  stis: 'STIS 监测',
  stm: 'STM 期刊监测',
  xjbt: '兵团监测',
};
/** One line under each channel's title. */
export const MONITOR_HINTS: Record<MonitorCode, string> = {
  nstl: '国家科技图书文献中心（NSTL）的文献资源',
  sci: '科学引文索引（SCI）收录的论文',
  stis: '科技情报服务（STIS）的动态与报告',
  stm: '科学、技术与医学（STM）领域的期刊',
  xjbt: '新疆生产建设兵团（XJBT）相关的科技成果与动态',
};

/** Kinds of source: an OAI-PMH endpoint, an RSS/Atom feed, a file drop read by the import. */
export const MONITOR_SOURCE_KINDS = ['oai', 'feed', 'file'] as const;
export type MonitorSourceKind = (typeof MONITOR_SOURCE_KINDS)[number];
export const MONITOR_SOURCE_KIND_LABELS: Record<MonitorSourceKind, string> = { oai: 'OAI-PMH', feed: 'RSS/Atom 订阅源', file: '文件投放' };

/** The import kinds a file drop reads (server/import). */
export const MONITOR_FILE_KINDS = ['bibtex', 'ris', 'articles'] as const;
export type MonitorFileKind = (typeof MONITOR_FILE_KINDS)[number];
export const MONITOR_FILE_KIND_LABELS: Record<MonitorFileKind, string> = { bibtex: 'BibTeX', ris: 'RIS', articles: 'CSV（论文）' };

/** Kinds of watch profile. */
export const MONITOR_PROFILE_KINDS = ['keywords', 'scholars', 'institutions', 'journals'] as const;
export type MonitorProfileKind = (typeof MONITOR_PROFILE_KINDS)[number];
export const MONITOR_PROFILE_KIND_LABELS: Record<MonitorProfileKind, string> = {
  keywords: '关键词',
  scholars: '学者',
  institutions: '机构',
  journals: '期刊',
};

/** How often a channel's digest is mailed. */
export const MONITOR_DIGESTS = ['off', 'daily', 'weekly'] as const;
export type MonitorDigest = (typeof MONITOR_DIGESTS)[number];
export const MONITOR_DIGEST_LABELS: Record<MonitorDigest, string> = { off: '不发送', daily: '每日', weekly: '每周' };

/** States of a run. */
export const MONITOR_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MonitorRunState = (typeof MONITOR_RUN_STATES)[number];
