/**
 * Which ways of signing in this site offers (GET /api/v1/oauth/options) and the address that
 * starts single sign-on (spec 1 §6: a visitor who is not signed in goes to the SSO authorisation address).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../shared/apiClient';

export interface SigninOptions {
  /** the site's application has single sign-on configured */
  sso: boolean;
  /** e-mail codes can be sent */
  email: boolean;
  /** suffixes allowed for e-mail sign-in on this site, comma-separated, or null */
  mailAllowSuffix: string | null;
  applicationId: number | null;
}

export const SIGNIN_OPTIONS_KEY = ['signin-options'] as const;

/** The sign-in options of this host (cached 5 minutes). */
export function useSigninOptions() {
  return useQuery({ queryKey: SIGNIN_OPTIONS_KEY, queryFn: () => api.get('/api/v1/oauth/options'), staleTime: 300_000 });
}

/** The server address that starts SSO and comes back to `redirect` (a same-site path); `clientId` for client login. */
export function ssoStartUrl(redirect: string, clientId?: string): string {
  const q = new URLSearchParams({ redirect });
  if (clientId) q.set('client_id', clientId);
  return `/api/v1/oauth/sso/start?${q.toString()}`;
}

/**
 * The client id of a client-login address (spec 1 §6: `?oauth=xproject&client_id=<id>` on `/` or
 * `/console/**`), else null. SigninEffects acts on it; the console guard waits meanwhile.
 */
export function clientLoginId(pathname: string, search: string): string | null {
  const consoleOrRoot = pathname === '/' || pathname === '/console' || pathname.startsWith('/console/');
  const params = new URLSearchParams(search);
  const clientId = params.get('client_id');
  return consoleOrRoot && params.get('oauth') === 'xproject' && clientId ? clientId : null;
}
