/**
 * A panel's data (docs/architecture.md §Browser): the pages of its reads (its type's `definition.reads(module)`,
 * through `readsOf`), taken from the boot data embedded in the HTML when present (no request),
 * otherwise fetched with TanStack Query through `runRead`.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import type { PanelRead } from '@modules/types';
import { readsOf } from '@modules/registry';
import { needsTopUp, topUp, wantsRecommendations } from '@modules/kit/topUp';
import { errorMessage, runRead, type ReadSite } from '../api';
import { api } from '../shared/apiClient';

/** Query key prefix of every panel read; invalidating it reloads every panel. */
export const PANEL_READ_KEY = 'panel-read';

export interface PanelData {
  data: Record<string, Page<unknown> | undefined>;
  loading: boolean;
  error: string | null;
}

/** The query key of one read of one site. */
export const panelReadKey = (site: ReadSite, read: PanelRead) => [PANEL_READ_KEY, site.applicationId, site.topicId, read] as const;

/**
 * Resolves a module's reads. `initial` holds the boot pages of this module (read key -> page); a read
 * found there is not requested.
 */
export function usePanelData(module: ModuleConfig, site: ReadSite & { user?: { id: number } | null }, initial?: Record<string, Page<unknown>>): PanelData {
  const reads = useMemo<PanelRead[]>(() => {
    try {
      return readsOf(module);
    } catch {
      return [];
    }
  }, [module]);

  return useQueries({
    queries: reads.map((read) => {
      const personal = read.source === 'top' && site.user ? wantsRecommendations(module, read.kind, site.user) : false;
      return personal && read.source === 'top' && site.user
        ? {
            // spec 1 §4: recommendations first (page 1, the panel's count), topped up from the regular read
            queryKey: [...panelReadKey(site, read), 'recommended', site.user.id] as const,
            queryFn: ({ signal }: { signal: AbortSignal }) => recommendedRead(read, site, site.user!.id, signal),
            initialData: undefined,
            staleTime: 60_000,
          }
        : {
            queryKey: panelReadKey(site, read),
            queryFn: ({ signal }: { signal: AbortSignal }) => runRead(read, site, signal),
            initialData: initial?.[read.key],
            staleTime: 60_000,
          };
    }),
    combine: (results): PanelData => {
      const data: Record<string, Page<unknown> | undefined> = {};
      let loading = false;
      let error: string | null = null;
      results.forEach((r, i) => {
        data[reads[i].key] = r.data;
        if (r.isPending) loading = true;
        if (r.isError && error === null) error = errorMessage(r.error);
      });
      return { data, loading, error };
    },
  });
}

/**
 * A scholar or journal panel read for a signed-in user with recommendation on (spec 1 §4): page 1 of
 * GET /api/v2/recommendations with the panel's count; when fewer come back (or the call fails) the
 * regular read tops it up (modules/kit/topUp.ts).
 */
async function recommendedRead(read: Extract<PanelRead, { source: 'top' }>, site: ReadSite, userId: number, signal: AbortSignal): Promise<Page<unknown>> {
  const rec = await api.get('/api/v2/recommendations', { query: { userId, page: 1, size: read.count, type: read.kind }, signal }).catch(() => null);
  if (!needsTopUp(rec, read.count)) return topUp(rec, null, read.count);
  return topUp(rec, await runRead(read, site, signal), read.count);
}
