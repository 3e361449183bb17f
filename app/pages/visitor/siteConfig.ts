/**
 * The site configuration of this host as the visitor pages read it (boot data when the HTML carried it,
 * else GET /api/v1/applications/config), in a module of its own without antd: the route guard of
 * 详情页需登录 (./DetailSigninGuard.tsx) is part of the first bundle (docs/architecture.md §Browser).
 */
import { useQuery } from '@tanstack/react-query';
import { readBoot } from '../../boot';
import { configByHost } from '../../site/HomePage';

/** The site configuration of this host (null for a host without a site), cached for a minute. */
export function useSiteConfig() {
  const boot = readBoot();
  const host = typeof window !== 'undefined' ? window.location.host : boot.host;
  return useQuery({
    queryKey: ['site-config', host],
    queryFn: () => configByHost(host),
    initialData: boot.config ?? undefined,
    staleTime: 60_000,
  });
}
