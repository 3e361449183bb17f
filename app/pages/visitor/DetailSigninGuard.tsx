/**
 * The visitor route guard of the site setting 详情页需登录 (issue 13 §4; spec 1 §2 lists /microapp/** and
 * /container/** among the routes that need login): around those routes (app/App.tsx), when the site has
 * the setting on (`detailSignin` of its configuration) and nobody is signed in, the page is replaced by
 * the site's sign-in page (modules/kit/links.ts loginHref), which comes back to it. The server answers
 * the same request with a redirect before rendering (server/web); this guard covers a link followed
 * inside the app. Who is signed in comes from the page's boot data, else GET /api/v1/session.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginHref } from '@modules/kit/links';
import { isDetailSigninPath } from '@common/detailSignin';
import { readBoot } from '../../boot';
import { useSession } from '../../console/session';
import { PageSpinner } from '../PageSpinner';
import { useSiteConfig } from './siteConfig';

/** See the file comment: the matched child route, a spinner while it finds out, or the redirect to sign in. */
export function DetailSigninGuard() {
  const location = useLocation();
  const signedIn = !!readBoot().user;
  const site = useSiteConfig();
  const covered = isDetailSigninPath(location.pathname);
  const needsLogin = covered && !signedIn && site.data?.detailSignin === 1;
  const session = useSession(needsLogin);
  // the site's configuration decides; while it loads (a page reached from the console), nothing is read yet
  if (covered && !signedIn && site.isPending) return <PageSpinner />;
  if (!needsLogin) return <Outlet />;
  if (session.isPending) return <PageSpinner />;
  if (!session.data) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  return <Outlet />;
}
