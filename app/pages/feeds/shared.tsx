/**
 * Pieces shared by the feed pages (spec 1 §2 'Links the panels produce'): the crumbs and the sign-in
 * guard of the jobs pages (a list's failure state is app/shared/ListFailure.tsx).
 */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Skeleton } from 'antd';
import { MSG } from '@common/messages';
import type { SiteContext } from '@modules/types.app';
import { loginHref } from '@modules/kit/links';
import type { AppConfig } from '../../boot';
import { useSession } from '../../shared/session';
import { modulesListedOn } from '../explore/TopResourcesPage';
import './feeds.css';

/** 返回首页 / {trail…}: each entry a [label, href] pair, the last one plain text. */
export function Crumbs({ trail }: { trail: Array<[string, string?]> }) {
  return (
    <div className="atr-crumbs">
      <Link to="/">{MSG.backHome}</Link>
      {trail.map(([label, href], i) => (
        <span key={i}> / {href ? <Link to={href}>{label}</Link> : label}</span>
      ))}
    </div>
  );
}

/**
 * The sign-in guard of the jobs pages (spec 1 §2: "the login-before-redirect flag of the module is kept
 * as route meta"; docs/decisions.md #112): when a job module of the home page has oauthBeforeRedirect
 * and the visitor is not signed in, the page sends them to the sign-in page, which comes back here.
 * Who is signed in comes from the page's boot data, else from GET /api/v1/session (the sign-in page
 * returns here without reloading, so the boot data may be older than the session).
 */
export function JobsGuard({ config, site, children }: { config: AppConfig; site: SiteContext; children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const needsLogin = modulesListedOn(config, 'jobs').some((m) => m.oauthBeforeRedirect);
  if (!needsLogin || site.user) return <>{children}</>;
  if (session.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (!session.data) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
