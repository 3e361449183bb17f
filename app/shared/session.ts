/**
 * The console session (spec 1 §6): who is signed in (GET /api/v1/session), signing out
 * (DELETE /api/v1/session), and where to send a visitor who is not signed in.
 */
import { isSitePath } from '@common/safePath';
import { useQuery } from '@tanstack/react-query';

import type { SessionUser } from './types';
import { api } from './apiClient';

export const SESSION_KEY = ['session'] as const;

/**
 * The signed-in user (null when nobody is, or the user is anonymous). With `enabled` false nothing is
 * asked (a page that already knows the user from its boot data).
 */
export function useSession(enabled = true) {
  return useQuery({
    enabled,
    queryKey: SESSION_KEY,
    queryFn: async () => {
      const r = await api.get('/api/v1/session');
      return r.user && !r.user.anonymous ? r.user : null;
    },
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in `user` may use the console (docs/decisions.md 290): a super manager always; anyone
 * else when they manage at least one application (GET /api/v1/applications lists only those, so one
 * item is enough to know). `data` is undefined while asking; no user, no question.
 */
export function useConsoleAccess(user: SessionUser | null | undefined) {
  const ask = !!user && user.role !== 'super';
  const q = useQuery({
    enabled: ask,
    queryKey: ['console-access', user?.id ?? 0] as const,
    queryFn: async ({ signal }) => (await api.get('/api/v1/applications', { query: { page: 1, size: 1 }, signal })).totalElements > 0,
    staleTime: 60_000,
  });
  if (!user) return { pending: false, allowed: false, error: null };
  if (!ask) return { pending: false, allowed: true, error: null };
  return { pending: q.isPending, allowed: q.data === true, error: q.error, refetch: q.refetch };
}

/** Where a signed-in user without any console right is sent (spec 1 §2 '/console/block'). */
export const BLOCK_PATH = '/console/block';

/** The sign-in page address that comes back to `path` afterwards. */
export function loginPath(path: string): string {
  return `/console/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * A safe place to go after signing in: a path on this site (never another origin), defaulting to the
 * applications page.
 */
export function safeRedirect(raw: string | null): string {
  if (!raw || !isSitePath(raw) || raw.startsWith('/console/login')) {
    return '/console/applications';
  }
  return raw;
}

/**
 * Whether going to `path` after signing in needs a full page load: the visitor pages (home, microapp,
 * notices, subscriptions, ...) show the user from the data the server renders into the page; the
 * console and /settings read the session themselves (decision 231).
 */
export function needsFullLoad(path: string): boolean {
  return !/^\/(console|settings)(\/|\?|$)/.test(path);
}

/** The sign-in page at /console/login. */
