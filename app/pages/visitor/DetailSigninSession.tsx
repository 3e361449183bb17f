/**
 * The part of {@link DetailSigninGuard} that asks who is signed in (GET /api/v1/session), loaded only on
 * a site with 详情页需登录 on when the page's boot data named nobody: the session query
 * (app/shared/session.ts) stays out of the visitor's first scripts (the home route's 150 KB budget).
 * Shows the matched child route to a signed-in person, else sends to the site's sign-in, which comes back.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginHref } from '@modules/kit/links';
import { useSession } from '../../shared/session';
import { PageSpinner } from '../PageSpinner';

/** See the file comment. */
export default function DetailSigninSession() {
  const location = useLocation();
  const session = useSession(true);
  if (session.isPending) return <PageSpinner />;
  if (!session.data) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  return <Outlet />;
}
