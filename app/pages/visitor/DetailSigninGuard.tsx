/**
 * The visitor route guard of the site setting 详情页需登录 (spec 1 §2 lists /microapp/** and
 * /container/** among the routes that need login): around those routes (app/App.tsx), when the site has
 * the setting on (`detailSignin` of its configuration) and nobody is signed in, the page is replaced by
 * the site's sign-in page (modules/kit/links.ts loginHref), which comes back to it. The server answers
 * the same request with a redirect before rendering (server/web); this guard covers a link followed
 * inside the app. The site's setting and who is signed in come from the page's boot data, and when those
 * say to, GET /api/v1/session (DetailSigninSession, its own chunk) asks once more.
 */
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isDetailSigninPath } from '@common/detailSignin';
import { readBoot } from '../../boot';
import { PageSpinner } from '../PageSpinner';

/** Who is signed in, asked only when it decides (its own chunk: the session query stays out of the first scripts). */
const DetailSigninSession = lazy(() => import('./DetailSigninSession'));

/** See the file comment: the matched child route, a spinner while it finds out, or the redirect to sign in. */
export function DetailSigninGuard() {
  const location = useLocation();
  const boot = readBoot();
  // the site's configuration as the page's boot data holds it (every visitor page is served with it; the
  // server and the detail reads apply the setting on their own for anything else)
  const needsLogin = isDetailSigninPath(location.pathname) && !boot.user && boot.config?.detailSignin === 1;
  if (!needsLogin) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <DetailSigninSession />
    </Suspense>
  );
}
