/**
 * The console's topic calls (server/routes/topics); their answer shapes are in
 * common/topics.ts.
 */
import type { ResourceType } from '@common/constants';
import type { Page } from '@common/page';
import type { TopicResource } from '@common/topics';
import { api } from '../../shared/apiClient';

export type { CategoryNode, TopicResource, TopicStats, TopicSummary } from '@common/topics';

export const TOPICS_KEY = ['console-topics'] as const;

/** Every topic with counts (GET /api/v1/topics). */
export const fetchTopics = (signal?: AbortSignal) => api.get('/api/v1/topics', { signal });

/** The list filters of the data page. */
export interface TopicDataFilters {
  type: ResourceType;
  page: number;
  query?: string;
  category?: string;
  subcategory?: string;
  year?: number;
  published?: 'yes' | 'no';
}

/** A page of one type's resources of the topic, 20 a page (spec 2 §9). */
export const fetchTopicResources = (topicId: number, f: TopicDataFilters, signal?: AbortSignal): Promise<Page<TopicResource>> =>
  api.get('/api/v1/topics/{topicId}/resources', { params: { topicId }, query: f, signal });

/** A change of the category tree as PUT /api/v1/topics/{topicId}/categories declares it (rename, merge, move). */
export type CategoryChangeBody = Parameters<typeof api.put<'/api/v1/topics/{topicId}/categories'>>[1]['body'];
/** A bulk action on the data page's selection as POST /api/v1/topics/{topicId}/resources/bulk declares it. */
export type BulkBody = Parameters<typeof api.post<'/api/v1/topics/{topicId}/resources/bulk'>>[1]['body'];
