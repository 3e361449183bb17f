/**
 * The console's topic calls and answer shapes (server/routes/topics; issue 11 §3). The shapes mirror
 * `TopicSummary` and `TopicResource` of server/routes/topics/service.ts.
 */
import type { Page } from '@common/page';
import { apiGet } from '../../api';

/** A topic as GET /api/v1/topics lists it. */
export interface TopicSummary {
  id: number; title: string; cover: string | null; description: string | null; createdAt: string;
  resources: number;
  applications: Array<{ id: number; name: string }>;
  /** the signed-in user may open its data page */
  manageable: boolean;
}

/** One row of a topic's data list. */
export interface TopicResource {
  id: number; type: string; title: string; date: string | null; fields: Record<string, unknown>;
  category: string | null; subcategory: string | null; published: boolean; updatedAt: string;
}

/** GET /api/v1/topics/{id}/stats. */
export interface TopicStats { id: number; title: string; types: Array<{ type: string; total: number; published: number }> }

/** A category of a topic's tree. */
export interface CategoryNode { label: string; value: string; children?: CategoryNode[] }

export const TOPICS_KEY = ['console-topics'] as const;

/** Every topic with counts (GET /api/v1/topics). */
export const fetchTopics = (signal?: AbortSignal) => apiGet<TopicSummary[]>('/api/v1/topics', undefined, signal);

/** The list filters of the data page. */
export interface TopicDataFilters { type: string; page: number; query?: string; category?: string; subcategory?: string; year?: number; published?: 'yes' | 'no' }

/** A page of one type's resources of the topic, 20 a page (spec 2 §9). */
export const fetchTopicResources = (topicId: number, f: TopicDataFilters, signal?: AbortSignal) =>
  apiGet<Page<TopicResource>>(`/api/v1/topics/${topicId}/resources`, { ...f }, signal);
