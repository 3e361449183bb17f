/**
 * The configuration of one application as its managers read it (GET /api/v1/applications/{id}/config,
 * spec 2 §7), cached under {@link appConfigKey} so the settings, content, roles pages and the dialogs
 * opened from them share one read.
 */
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';
import type { AppConfig } from '../boot';
import { appConfigKey } from '../shared/util';

/** The query of the application's config; disabled while `id` is undefined (no application chosen yet). */
export function useApplicationConfig(id: number | undefined) {
  return useQuery({
    queryKey: appConfigKey(id ?? 0),
    enabled: !!id,
    queryFn: ({ signal }) => apiGet<AppConfig>(`/api/v1/applications/${id}/config`, undefined, signal),
  });
}
