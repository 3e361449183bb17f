/**
 * Shown at `/` when no application has the host (boot config null): says so clearly and links to the
 * console, where a super manager creates the application.
 */
import { SITE_MSG } from '@common/siteMessages';
import { StatusCard } from '../pages/StatusPages';
import './site.css';

/** The page for a host without a site. */
export function UnknownHost({ host }: { host: string }) {
  return (
    <StatusCard
      mark="?"
      title={SITE_MSG.unknownHost}
      detail={
        <>
          <div style={{ fontFamily: 'monospace', fontSize: 15, margin: '4px 0 8px' }}>{host}</div>
          <div>{SITE_MSG.unknownHostHint}</div>
        </>
      }
      action={
        <a className="atr-btn atr-btn--primary" href="/console">
          {SITE_MSG.goConsole}
        </a>
      }
    />
  );
}
