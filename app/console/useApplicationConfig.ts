/**
 * The configuration of one application as its managers read it (GET /api/v1/applications/{id}/config,
 * spec 2 §7), cached under {@link appConfigKey} so the settings, content, roles pages and the dialogs
 * opened from them share one read.
 */
import { useQuery } from '@tanstack/react-query';

import { appConfigKey } from '../shared/util';
import { api } from '../shared/apiClient';

/** The query of the application's config; disabled while `id` is undefined (no application chosen yet). */
export function useApplicationConfig(id: number | undefined) {
  return useQuery({
    queryKey: appConfigKey(id ?? 0),
    enabled: !!id,
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/config', { params: { id: id ?? 0 }, signal }),
  });
}
