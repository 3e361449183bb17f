/**
 * The console's calls for notices and resource links (spec 2 §7 'Content') and their shapes
 * (spec 1 §3 'Notice', 'Link'; server/routes/notices, server/routes/links).
 */
import type { Page } from '@common/page';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api';

/** The answers' shapes are the server's declared ones (common/contracts/content.ts). */
export type { Link, Notice } from '@common/contracts/content';
import type { Link, Notice } from '@common/contracts/content';

/** Filters of a content list (spec 2 §3 'Notice filter'); active -1 = no filter. */
export interface ContentFilter {
  applicationId: number;
  moduleId?: string | null;
  active: number;
  type?: string;
  query?: string;
  page: number;
  size: number;
}

type Saved<T> = T & { message: string };

export const NOTICES_KEY = 'content-notices';
export const LINKS_KEY = 'content-links';

/** GET /api/v1/notices */
export const listNotices = (f: ContentFilter, signal?: AbortSignal) => apiGet<Page<Notice>>('/api/v1/notices', { ...f }, signal);
/** GET /api/v1/notices/{id} (with content) */
export const getNotice = (id: number, signal?: AbortSignal) => apiGet<Notice>(`/api/v1/notices/${id}`, undefined, signal);
/** POST /api/v1/notices or PUT /api/v1/notices/{id}; the answer carries the spec's message. */
export const saveNotice = (id: number | null, body: Record<string, unknown>) =>
  id == null ? apiPost<Saved<Notice>>('/api/v1/notices', body) : apiPut<Saved<Notice>>(`/api/v1/notices/${id}`, body);
/** DELETE /api/v1/notices/{id} */
export const deleteNotice = (id: number) => apiDelete<{ message: string }>(`/api/v1/notices/${id}`);

/** GET /api/v1/links */
export const listLinks = (f: ContentFilter, signal?: AbortSignal) => apiGet<Page<Link>>('/api/v1/links', { ...f, type: undefined }, signal);
/** POST /api/v1/links or PUT /api/v1/links/{linkId} */
export const saveLink = (id: number | null, body: Record<string, unknown>) =>
  id == null ? apiPost<Saved<Link>>('/api/v1/links', body) : apiPut<Saved<Link>>(`/api/v1/links/${id}`, body);
/** DELETE /api/v1/links/{linkId} */
export const deleteLink = (id: number) => apiDelete<{ message: string }>(`/api/v1/links/${id}`);

/** A module a notice or link may belong to (the panels of the home config that show them). */
export interface ContentModule {
  id: string;
  alias: string;
}
