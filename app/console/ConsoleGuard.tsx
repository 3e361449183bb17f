/**
 * The console's auth guard (spec 1 §6 'Console routes require login'): asks GET /api/v1/session and
 * sends a visitor who is not signed in (or only anonymous) to the site's single sign-on when its
 * application has one (spec 1 §6 'sent to the single-sign-on authorisation address'), else to
 * /console/login?redirect=<the path asked for>. A client-login address (`?oauth=xproject&client_id=…`)
 * is SigninEffects' business: the guard shows a spinner and does nothing meanwhile (docs/decisions.md 202).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Result } from 'antd';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import { PageSpinner } from '../pages/PageSpinner';
import { loginPath, useSession } from './session';
import { clientLoginId, ssoStartUrl, useSigninOptions } from '../signin/options';
import './console.css';

/** Renders the console route below it only for a signed-in user. */
export function ConsoleGuard() {
  const session = useSession();
  const location = useLocation();
  const signedOut = !session.isPending && !session.isError && !session.data;
  const options = useSigninOptions();
  const here = location.pathname + location.search;
  const clientLogin = clientLoginId(location.pathname, location.search) !== null;
  const toSso = signedOut && options.data?.sso === true && !clientLogin;
  useEffect(() => {
    if (toSso) window.location.replace(ssoStartUrl(here));
  }, [toSso, here]);
  if (clientLogin || session.isPending || (signedOut && options.isPending) || toSso) return <PageSpinner />;
  if (session.isError) {
    return (
      <Result
        status="warning"
        title={MSG.loadFailed}
        subTitle={errorMessage(session.error)}
        extra={
          <Button type="primary" onClick={() => session.refetch()}>
            {MSG.retry}
          </Button>
        }
      />
    );
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}
