/**
 * A panel's data (DESIGN.md 'Browser'): the pages of its reads (`definitionOf(type).reads(module)`),
 * taken from the boot data embedded in the HTML when present (no request), otherwise fetched with
 * TanStack Query through `runRead`.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import type { PanelRead } from '@modules/types';
import { definitionOf } from '@modules/registry';
import { errorMessage, runRead, type ReadSite } from '../api';

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
export function usePanelData(module: ModuleConfig, site: ReadSite, initial?: Record<string, Page<unknown>>): PanelData {
  const def = definitionOf(module.type);
  const reads = useMemo<PanelRead[]>(() => {
    if (!def) return [];
    try {
      return def.reads(module);
    } catch {
      return [];
    }
  }, [def, module]);

  return useQueries({
    queries: reads.map((read) => ({
      queryKey: panelReadKey(site, read),
      queryFn: ({ signal }: { signal: AbortSignal }) => runRead(read, site, signal),
      initialData: initial?.[read.key],
      staleTime: 60_000,
    })),
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
