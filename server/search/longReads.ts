/**
 * The long reads that run in the read pool (server/search/readPool.ts; decisions 262, 385): each takes the
 * database, its dialect and one plain argument (structured-cloneable, as it crosses to a worker thread)
 * and answers a plain result. A worker thread (server/search/worker.ts) runs them on its read-only
 * connection; without workers they run on the server's connection.
 */
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrations/index.js';
import { listTopicResources, type TopicResourcesQuery } from '../resources/topicData.js';
import { searchResources, type SearchQuery } from './service.js';
import { readUsage, type UsageReadingsArg } from '../analytics/readings.js';
import { analyseLiterature, type AnalysisQuery } from './literature.js';
import { advancedSearch, type AdvancedQuery } from './advanced.js';
import { answerOai, type OaiArgs, type OaiSite } from '../oai/provider.js';

export const LONG_READS = {
  /** GET /api/v1/search and the explore page (server/search/service.ts) */
  search: (db: Db, dialect: Dialect, query: SearchQuery) => searchResources(db, dialect, query),
  /** a page of a topic's data page and its filtered count (decision 375): 0.7 s to count a frequent word at 1M */
  topicResources: (db: Db, _dialect: Dialect, arg: { topicId: number; query: TopicResourcesQuery }) => listTopicResources(db, arg.topicId, arg.query),
  /** the console's usage report (server/analytics/readings.ts; decision 408): 0.3-0.4 s for 366 days at the bound */
  usageReadings: (db: Db, _dialect: Dialect, arg: UsageReadingsArg) => readUsage(db, arg),
  /** the literature analysis of a search (server/search/literature.ts; decision 710) */
  literature: (db: Db, dialect: Dialect, query: AnalysisQuery) => analyseLiterature(db, dialect, query),
  /** the advanced search of /exploreV3 (server/search/advanced.ts; decision 680) */
  advanced: (db: Db, dialect: Dialect, query: AdvancedQuery) => advancedSearch(db, dialect, query),
  /**
   * an OAI-PMH answer (server/oai/provider.ts; decision 688) as UTF-8 bytes: a list page's read, its XML
   * and their encoding (about 265 KB a page of 200 records), off the server's thread (decision 708)
   */
  oai: async (db: Db, _dialect: Dialect, arg: { site: Omit<OaiSite, 'db'>; args: OaiArgs }): Promise<Uint8Array> =>
    Buffer.from(await answerOai({ ...arg.site, db }, arg.args), 'utf8'),
};

export type LongRead = keyof typeof LONG_READS;
export type LongReadArg<K extends LongRead> = Parameters<(typeof LONG_READS)[K]>[2];
export type LongReadResult<K extends LongRead> = Awaited<ReturnType<(typeof LONG_READS)[K]>>;

/** Runs the long read `name` with `arg` on `db`; rejects as the read does. */
export function runLongRead<K extends LongRead>(db: Db, dialect: Dialect, name: K, arg: LongReadArg<K>): Promise<LongReadResult<K>> {
  const read = LONG_READS[name] as (db: Db, dialect: Dialect, arg: LongReadArg<K>) => Promise<LongReadResult<K>>;
  return read(db, dialect, arg);
}
