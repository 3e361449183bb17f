/**
 * Pieces of the personal pages: the sign-in guard (a signed-out visitor goes to
 * /console/login?redirect=…, which comes back), and the crumbs.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Skeleton } from 'antd';
import type { SiteContext } from '@modules/types.app';
import { loginHref } from '@modules/kit/links';
import { useSession } from '../../shared/session';

/** The signed-in user's id; who is signed in comes from the boot data, else GET /api/v1/session. */
export function RequireLogin({ site, children }: { site: SiteContext; children(userId: number): ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (site.user) return <>{children(site.user.id)}</>;
  if (session.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (!session.data) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  return <>{children(session.data.id)}</>;
}
