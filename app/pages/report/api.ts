/**
 * The visitor's report reads (server/routes/reports): one query key per list state and per
 * report, so the server's render and the browser's hydration share them (app/entry-server.tsx).
 */
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Page } from '@common/page';
import { REPORT_PAGE_SIZE, type ReportType } from '@common/reports';
import type { ReportDetail, ReportListItem } from '@common/contracts/reports';
import { ApiError } from '../../api';
import { api } from '../../shared/apiClient';

/** The list's state, as kept in the URL (`?type=&q=&page=`). */
export interface ReportListState {
  /** '' for every type */
  type: ReportType | '';
  q: string;
  page: number;
}

/** A page of the site's published reports (GET /api/v1/reports). */
export function useReports(applicationId: number, s: ReportListState) {
  return useQuery({
    queryKey: ['reports', applicationId, s.type, s.q, s.page],
    queryFn: ({ signal }): Promise<Page<ReportListItem>> =>
      api.get('/api/v1/reports', {
        query: { applicationId, ...(s.type ? { type: s.type } : {}), ...(s.q ? { q: s.q } : {}), page: s.page, size: REPORT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One published report (GET /api/v1/reports/{id}); null for an unknown or withdrawn one (the call's 404),
 * an answer like any other, so the server renders the not-found page and the browser hydrates it.
 */
export function useReport(applicationId: number, id: string) {
  return useQuery({
    queryKey: ['report', applicationId, id],
    queryFn: async ({ signal }): Promise<ReportDetail | null> => {
      try {
        return await api.get('/api/v1/reports/{id}', { params: { id }, query: { applicationId }, signal });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
    retry: false,
    // the server answers the page with 404 when this read found nothing (app/entry-server.tsx)
    meta: { notFoundWhenNull: true },
  });
}
