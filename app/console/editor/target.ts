/**
 * What the editor edits (decision 704): the home page of an application or one of its composed pages
 * (`/xrender/{pageId}`). The editor, its page-style switch and its revisions drawer take a target and call
 * through it, so one editor (grid, panels, forms, undo, revisions) serves both; only the calls differ:
 * the home page's `…/home-config` and `…/home-config/revisions`, a page's `…/pages/{pageId}/home-config`
 * and `…/pages/{pageId}/revisions`.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { HomeConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import type { Revision, RevisionListItem } from '@common/contracts/revisions';
import { api } from '../../shared/apiClient';

/** The answer of a save or a restore: the configuration now stored, its revision and the message. */
export interface SavedConfig {
  homeConfig: HomeConfig;
  revisionId: number;
  message: string;
}

/** See the file comment. */
export interface EditTarget {
  applicationId: number;
  /** the composed page's path id; null for the home page */
  pageId: string | null;
  /** the query key prefix of the revision list (invalidated after every save) */
  revisionsKey: QueryKey;
  /** saves a whole configuration with a summary of the change (kept as a revision) */
  save(homeConfig: HomeConfig, summary?: string): Promise<SavedConfig>;
  /** one page of the saved revisions, newest first */
  revisions(page: number, size: number, signal?: AbortSignal): Promise<Page<RevisionListItem>>;
  /** one revision with its configuration */
  revision(revisionId: number, signal?: AbortSignal): Promise<Revision>;
  /** makes a revision the current configuration (and a new revision) */
  restore(revisionId: number): Promise<SavedConfig>;
}

/** The query key prefix of the home page's revision list. */
export const homeRevisionsKey = (applicationId: number) => ['home-config-revisions', applicationId] as const;

/** The home page of application `id`. */
export function homeTarget(id: number): EditTarget {
  return {
    applicationId: id,
    pageId: null,
    revisionsKey: homeRevisionsKey(id),
    save: (homeConfig, summary) => api.post('/api/v1/applications/{id}/home-config', { params: { id }, body: { homeConfig, summary } }),
    revisions: (page, size, signal) => api.get('/api/v1/applications/{id}/home-config/revisions', { params: { id }, query: { page, size }, signal }),
    revision: (revisionId, signal) => api.get('/api/v1/applications/{id}/home-config/revisions/{revisionId}', { params: { id, revisionId }, signal }),
    restore: (revisionId) => api.post('/api/v1/applications/{id}/home-config/revisions/{revisionId}/restore', { params: { id, revisionId } }),
  };
}

/** The query key of a composed page as the console reads it (with its configuration). */
export const consolePageKey = (applicationId: number, pageId: string) => ['console-page', applicationId, pageId] as const;

/** The composed page `pageId` of application `id`. */
export function pageTarget(id: number, pageId: string): EditTarget {
  return {
    applicationId: id,
    pageId,
    revisionsKey: ['page-revisions', id, pageId],
    save: (homeConfig, summary) => api.post('/api/v1/applications/{id}/pages/{pageId}/home-config', { params: { id, pageId }, body: { homeConfig, summary } }),
    revisions: (page, size, signal) => api.get('/api/v1/applications/{id}/pages/{pageId}/revisions', { params: { id, pageId }, query: { page, size }, signal }),
    revision: (revisionId, signal) =>
      api.get('/api/v1/applications/{id}/pages/{pageId}/revisions/{revisionId}', { params: { id, pageId, revisionId }, signal }),
    restore: (revisionId) => api.post('/api/v1/applications/{id}/pages/{pageId}/revisions/{revisionId}/restore', { params: { id, pageId, revisionId } }),
  };
}
