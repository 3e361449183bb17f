/**
 * What the browser does about sign-in on any page (spec 1 §3 'Users', §6), rendering nothing:
 * - `?oauth=xproject&client_id=…` on / or /console/**: client login: the client is looked up
 *   (GET /api/v1/applications/oauth/clients/{id}) and, when it exists, the browser goes off to SSO with it
 *   (the console guard waits meanwhile); an unknown (e.g. deleted) client gets the server's Chinese message
 *   in a dialog instead of a JSON page, and closing it leaves the address without the two parameters
 *   (docs/decisions.md 202);
 * - `?loginInfo=…`: POST /api/v1/oauth/login-info; success signs in (a visitor page is loaded again so
 *   its header shows the user), a refusal shows the server's Chinese message in a dialog (the original
 *   only logged it: docs/decisions.md 125);
 * - otherwise, on visitor pages, at the visitor's first interaction (pointer, key, touch, scroll or wheel)
 *   and not before ANONYMOUS_DELAY_MS: FingerprintJS (a lazy chunk, never in the home page's load) gives
 *   a visitor id and POST /api/v1/users/anonymous makes the anonymous user. A crawler or a page left
 *   unread makes none (decision 253).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SITE_MSG } from '@common/siteMessages';

import { toast } from '@modules/kit/toast';
import { errorMessage } from '../api';
import { clientLoginId, ssoStartUrl } from './options';
import { api } from '../shared/apiClient';

/** sessionStorage key: a login-info sign-in on a visitor page reloads it and greets after the reload. */
const GREET_KEY = 'atrium-signed-in';

/** Earliest time after mounting at which the fingerprint is computed, ms (after the first paint and the panels' reads). */
export const ANONYMOUS_DELAY_MS = 1500;

/** The events that count as the visitor's first interaction. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** The current address without the given query parameters, as a same-site path. */
function pathWithout(names: string[]): string {
  const u = new URL(window.location.href);
  for (const n of names) u.searchParams.delete(n);
  return u.pathname + u.search + u.hash;
}

/** The refusal dialog's chunk (antd's Modal), loaded only when a sign-in step is refused. */
const errorDialog = () => import('./errorDialog');

/** Computes the FingerprintJS visitor id (loads the library on first use). */
async function visitorId(): Promise<string> {
  const { default: FingerprintJS } = await import('@fingerprintjs/fingerprintjs');
  const agent = await FingerprintJS.load({ monitoring: false });
  return (await agent.get()).visitorId;
}

/** The anonymous sign-in in flight, if any (see {@link anonymousSettled}). */
let anonymousInFlight: Promise<void> | null = null;

/**
 * Resolves once no anonymous sign-in is in flight. A sign-in waits for it before it asks the server,
 * so that the anonymous session's cookie, answered late, cannot replace the signed-in one (seen on a
 * slow machine: a visitor who came from a visitor page was signed out right after signing in).
 */
export function anonymousSettled(): Promise<void> {
  return anonymousInFlight ?? Promise.resolve();
}

/** Whether a page at `path` makes a signed-out visitor anonymous: not the console, the account pages or the site's sign-in page (all ask to sign in). */
function takesAnonymous(path: string): boolean {
  return !/^\/(console|settings|login)(\/|$)/.test(path);
}

/** Mounted once inside the providers (app/App.tsx). */
export function SigninEffects() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const greeting = window.sessionStorage.getItem(GREET_KEY);
    if (greeting) {
      window.sessionStorage.removeItem(GREET_KEY);
      toast.success(greeting);
    }
    const params = new URLSearchParams(window.location.search);
    const path = window.location.pathname;
    const clientId = clientLoginId(path, window.location.search);
    if (clientId) {
      let cancelled = false;
      const back = pathWithout(['oauth', 'client_id']);
      void api.get('/api/v1/applications/oauth/clients/{id}', { params: { id: clientId } }).then(
        () => {
          if (!cancelled) window.location.assign(ssoStartUrl(back, clientId));
        },
        (err) => {
          if (cancelled) return;
          // the console guard waits while the parameters are there: load the address without them, as
          // soon as the dialog is answered (not after its closing animation, which a busy or background
          // tab may never finish)
          let left = false;
          const leave = () => {
            if (left) return;
            left = true;
            if (path.startsWith('/console')) window.location.replace(back);
            else window.history.replaceState(window.history.state, '', back);
          };
          void errorDialog().then((d) => d.showErrorDialog(SITE_MSG.oauthClientLoginFailedTitle, errorMessage(err), leave));
        },
      );
      return () => {
        cancelled = true;
      };
    }
    const loginInfo = params.get('loginInfo');
    if (loginInfo) {
      window.history.replaceState(window.history.state, '', pathWithout(['loginInfo']));
      void api.post('/api/v1/oauth/login-info', { body: { loginInfo } }).then(
        (r) => {
          if (path.startsWith('/console')) {
            toast.success(r.message ?? SITE_MSG.signedIn);
            void queryClient.invalidateQueries({ queryKey: ['session'] });
          } else {
            // the visitor site's header shows the user from the server's boot data: load the page again
            window.sessionStorage.setItem(GREET_KEY, r.message ?? SITE_MSG.signedIn);
            window.location.reload();
          }
        },
        (err) => {
          void errorDialog().then((d) => d.showErrorDialog(SITE_MSG.loginInfoFailedTitle, errorMessage(err)));
        },
      );
      return;
    }
    if (!takesAnonymous(path)) return;
    let cancelled = false;
    const since = Date.now();
    let timer = 0;
    const interacted = () => {
      for (const ev of INTERACTIONS) window.removeEventListener(ev, interacted);
      timer = window.setTimeout(makeAnonymous, Math.max(0, ANONYMOUS_DELAY_MS - (Date.now() - since)));
    };
    const makeAnonymous = () => {
      // the page may have moved on (client-side) to the sign-in page since it was loaded
      if (cancelled || !takesAnonymous(window.location.pathname)) return;
      const attempt = (async () => {
        try {
          const me = await api.get('/api/v1/session');
          if (me.user || cancelled) return;
          const fingerprint = await visitorId();
          if (cancelled) return;
          await api.post('/api/v1/users/anonymous', { body: { fingerprint } });
          void queryClient.invalidateQueries({ queryKey: ['session'] });
        } catch {
          // an anonymous user is a convenience (recommendations later): the page works without one
        }
      })();
      anonymousInFlight = attempt;
      void attempt.finally(() => {
        if (anonymousInFlight === attempt) anonymousInFlight = null;
      });
    };
    for (const ev of INTERACTIONS) window.addEventListener(ev, interacted, { passive: true });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      for (const ev of INTERACTIONS) window.removeEventListener(ev, interacted);
    };
  }, [queryClient]);

  return null;
}
