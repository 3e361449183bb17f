/**
 * The answers of the console's topic calls (server/routes/topics), one shape for the
 * server that builds them and the console that reads them: the types of the declared answer schemas
 * (common/contracts/topics.ts), named here for the console (type-only: nothing reaches a bundle).
 */
export type { CategoryNode, TopicResource, TopicStats, TopicSummary } from './contracts/topics.js';
