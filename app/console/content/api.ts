/**
 * The console's calls for notices and resource links (spec 2 §7 'Content') and their shapes
 * (spec 1 §3 'Notice', 'Link'; server/routes/notices, server/routes/links).
 */
import type { NoticeType } from '@common/constants';
import type { Page } from '@common/page';
import { api } from '../../shared/apiClient';

/** The answers' shapes are the server's declared ones (common/contracts/content.ts). */
export type { Link, Notice } from '@common/contracts/content';
import type { Link, Notice } from '@common/contracts/content';

/** Filters of a content list (spec 2 §3 'Notice filter'); active -1 = no filter. */
export interface ContentFilter {
  applicationId: number;
  moduleId?: string | null;
  active: number;
  type?: NoticeType;
  query?: string;
  page: number;
  size: number;
}

type Saved<T> = T & { message: string };

/** A notice's fields as its editor sends them: the body POST /api/v1/notices declares, less the application. */
export type NoticeFields = Omit<Parameters<typeof api.post<'/api/v1/notices'>>[1]['body'], 'applicationId'>;
/** A link's fields as its editor sends them: the body POST /api/v1/links declares, less the application. */
export type LinkFields = Omit<Parameters<typeof api.post<'/api/v1/links'>>[1]['body'], 'applicationId'>;

export const NOTICES_KEY = 'content-notices';
export const LINKS_KEY = 'content-links';

/** GET /api/v1/notices */
export const listNotices = (f: ContentFilter, signal?: AbortSignal): Promise<Page<Notice>> => api.get('/api/v1/notices', { query: f, signal });
/** GET /api/v1/notices/{id} (with content) */
export const getNotice = (id: number, signal?: AbortSignal): Promise<Notice> => api.get('/api/v1/notices/{id}', { params: { id }, signal });
/** POST /api/v1/notices (in `applicationId`) or PUT /api/v1/notices/{id}; the answer carries the spec's message. */
export const saveNotice = (id: number | null, fields: NoticeFields, applicationId: number): Promise<Saved<Notice>> =>
  id == null ? api.post('/api/v1/notices', { body: { ...fields, applicationId } }) : api.put('/api/v1/notices/{id}', { params: { id }, body: fields });
/** DELETE /api/v1/notices/{id} */
export const deleteNotice = (id: number): Promise<{ message: string }> => api.delete('/api/v1/notices/{id}', { params: { id } });

/** GET /api/v1/links */
export const listLinks = ({ type: _noticeType, ...query }: ContentFilter, signal?: AbortSignal): Promise<Page<Link>> =>
  api.get('/api/v1/links', { query, signal });
/** POST /api/v1/links (in `applicationId`) or PUT /api/v1/links/{linkId}; the answer carries the spec's message. */
export const saveLink = (id: number | null, fields: LinkFields, applicationId: number): Promise<Saved<Link>> =>
  id == null ? api.post('/api/v1/links', { body: { ...fields, applicationId } }) : api.put('/api/v1/links/{linkId}', { params: { linkId: id }, body: fields });
/** DELETE /api/v1/links/{linkId} */
export const deleteLink = (id: number): Promise<{ message: string }> => api.delete('/api/v1/links/{linkId}', { params: { linkId: id } });

/** A module a notice or link may belong to (the panels of the home config that show them). */
export interface ContentModule {
  id: string;
  alias: string;
}
