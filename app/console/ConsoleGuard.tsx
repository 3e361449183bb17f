/**
 * The console's auth guard (spec 1 §6 'Console routes require login'): asks GET /api/v1/session and
 * sends a visitor who is not signed in (or only anonymous) to the site's single sign-on when its
 * application has one (spec 1 §6 'sent to the single-sign-on authorisation address'), else to
 * /console/login?redirect=<the path asked for>. A client-login address (`?oauth=xproject&client_id=…`)
 * is SigninEffects' business: the guard shows a spinner and does nothing meanwhile (docs/decisions.md 202).
 * A signed-in user with no console right (neither a super manager nor a manager of some application)
 * goes to /console/block (spec 1 §2; docs/decisions.md 290).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Result } from 'antd';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import { PageSpinner } from '../pages/PageSpinner';
import { BLOCK_PATH, loginPath, useConsoleAccess, useSession } from '../shared/session';
import { clientLoginId, ssoStartUrl, useSigninOptions } from '../signin/options';
import './console.css';

/** Renders the console route below it only for a signed-in user who holds a console right. */
export function ConsoleGuard() {
  const session = useSession();
  const location = useLocation();
  const signedOut = !session.isPending && !session.isError && !session.data;
  const options = useSigninOptions();
  const here = location.pathname + location.search;
  const clientLogin = clientLoginId(location.pathname, location.search) !== null;
  const toSso = signedOut && options.data?.sso === true && !clientLogin;
  const access = useConsoleAccess(session.data);
  useEffect(() => {
    if (toSso) window.location.replace(ssoStartUrl(here));
  }, [toSso, here]);
  if (clientLogin || session.isPending || (signedOut && options.isPending) || toSso) return <PageSpinner />;
  const failed = session.error ?? access.error;
  if (failed) {
    return (
      <Result
        status="warning"
        title={MSG.loadFailed}
        subTitle={errorMessage(failed)}
        extra={
          <Button type="primary" onClick={() => void (session.error ? session.refetch() : access.refetch?.())}>
            {MSG.retry}
          </Button>
        }
      />
    );
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (access.pending) return <PageSpinner />;
  if (!access.allowed) return <Navigate to={BLOCK_PATH} replace />;
  return <Outlet />;
}
