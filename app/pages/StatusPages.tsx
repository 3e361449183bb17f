/**
 * Simple pages of spec 1 §2 'Public routes': /block/404, /block/503, /unrelease, the router's error page,
 * and the card they share (StatusCard: also the unknown host and a failed home page). Our own markup,
 * no antd (decision 252): the home route's bundle carries these pages.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SITE_MSG } from '@common/siteMessages';
import { UiButton } from '@modules/kit/ui';
import '../site/site.css';

export interface StatusCardProps {
  /** the big mark above the title: a status code ('404') or a short sign */
  mark: ReactNode;
  /** the page's heading (h1) */
  title: ReactNode;
  /** the explanation under it */
  detail?: ReactNode;
  /** the way on (a button or a link) */
  action?: ReactNode;
  tone?: 'info' | 'warning';
}

/** A centred white card: mark, title (the page's h1), explanation and action. */
export function StatusCard({ mark, title, detail, action, tone = 'info' }: StatusCardProps) {
  return (
    <div className="atr-status-page">
      <div className={`atr-status-card atr-status-card--${tone}`}>
        <div className="atr-status-card__mark" aria-hidden>
          {mark}
        </div>
        <h1 className="atr-status-card__title">{title}</h1>
        {detail && <div className="atr-status-card__detail">{detail}</div>}
        {action && <div className="atr-status-card__action">{action}</div>}
      </div>
    </div>
  );
}

function HomeButton() {
  const navigate = useNavigate();
  return (
    <UiButton variant="primary" onClick={() => navigate('/')}>
      {SITE_MSG.backHome}
    </UiButton>
  );
}
const homeButton = <HomeButton />;

/** The error page of the router (a page that threw, or a chunk that failed to load after a deploy). */
export function RouteErrorPage() {
  return (
    <StatusCard
      tone="warning"
      mark="!"
      title={SITE_MSG.pageCrashed}
      detail={SITE_MSG.pageCrashedHint}
      action={
        <UiButton variant="primary" onClick={() => window.location.reload()}>
          {SITE_MSG.reloadPage}
        </UiButton>
      }
    />
  );
}

/** /block/404 */
export function NotFoundPage() {
  return <StatusCard mark="404" title={SITE_MSG.blockNotFound} action={homeButton} />;
}

/** /block/503 */
export function UnavailablePage() {
  return <StatusCard tone="warning" mark="503" title={SITE_MSG.blockUnavailable} action={homeButton} />;
}

/** /unrelease: the site is not released yet. */
export function UnreleasedPage() {
  return <StatusCard mark="i" title={SITE_MSG.unreleased} detail={SITE_MSG.unreleasedHint} action={homeButton} />;
}
