/**
 * The community reads of the visitor pages and the personal centre (server/routes/communities): one
 * query key per read, so a change invalidates exactly what it touched. Rendered by the server too (the
 * queries are answered in process, app/entry-server.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/apiClient';

/** The query keys of one application's communities. */
export const communityKeys = {
  all: (applicationId: number) => ['communities', applicationId] as const,
  one: (applicationId: number, id: number) => ['communities', applicationId, id] as const,
  posts: (applicationId: number, id: number, page: number) => ['communities', applicationId, id, 'posts', page] as const,
  members: (applicationId: number, id: number) => ['communities', applicationId, id, 'members'] as const,
  requests: (applicationId: number, id: number, state: 'requested' | 'invited') => ['communities', applicationId, id, 'requests', state] as const,
  mine: (applicationId: number) => ['communities', applicationId, 'mine'] as const,
};

/** The site's communities. */
export const useCommunities = (applicationId: number) =>
  useQuery({
    queryKey: communityKeys.all(applicationId),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/communities', { params: { id: applicationId }, signal }),
  });

/** One community; null (a 404 page) when it does not exist here. */
export const useCommunity = (applicationId: number, id: number) =>
  useQuery({
    queryKey: communityKeys.one(applicationId, id),
    enabled: id > 0,
    meta: { notFoundWhenNull: true },
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/v1/applications/{id}/communities/{communityId}', { params: { id: applicationId, communityId: id }, signal });
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
  });
