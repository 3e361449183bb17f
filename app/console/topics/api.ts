/**
 * The console's topic calls (server/routes/topics); their answer shapes are in
 * common/topics.ts.
 */
import type { Page } from '@common/page';
import type { TopicResource } from '@common/topics';
import { apiGet } from '../../api';
import { api } from '../../shared/apiClient';

export type { CategoryNode, TopicResource, TopicStats, TopicSummary } from '@common/topics';

export const TOPICS_KEY = ['console-topics'] as const;

/** Every topic with counts (GET /api/v1/topics). */
export const fetchTopics = (signal?: AbortSignal) => api.get('/api/v1/topics', { signal });

/** The list filters of the data page. */
export interface TopicDataFilters {
  type: string;
  page: number;
  query?: string;
  category?: string;
  subcategory?: string;
  year?: number;
  published?: 'yes' | 'no';
}

/** A page of one type's resources of the topic, 20 a page (spec 2 §9). */
export const fetchTopicResources = (topicId: number, f: TopicDataFilters, signal?: AbortSignal) =>
  apiGet<Page<TopicResource>>(`/api/v1/topics/${topicId}/resources`, { ...f }, signal);
