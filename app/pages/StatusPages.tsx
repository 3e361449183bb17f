/**
 * Simple pages of spec 1 §2 'Public routes': /block/404, /block/503, /unrelease, and the "建设中"
 * placeholder for visitor routes that later issues fill in (panels already link there).
 */
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import '../site/site.css';

function Frame({ children }: { children: ReactNode }) {
  return <div className="atr-status-page"><div className="atr-status-card">{children}</div></div>;
}

function HomeButton() {
  const navigate = useNavigate();
  return <Button type="primary" onClick={() => navigate('/')}>{MSG.backHome}</Button>;
}
const homeButton = <HomeButton />;

/** The error page of the router (a page that threw, or a chunk that failed to load after a deploy). */
export function RouteErrorPage() {
  return (
    <Frame>
      <Result status="warning" title={MSG.pageCrashed} subTitle={MSG.pageCrashedHint}
        extra={<Button type="primary" onClick={() => window.location.reload()}>{MSG.reloadPage}</Button>} />
    </Frame>
  );
}

/** /block/404 */
export function NotFoundPage() {
  return <Frame><Result status="404" title="404" subTitle={MSG.blockNotFound} extra={homeButton} /></Frame>;
}

/** /block/503 */
export function UnavailablePage() {
  return <Frame><Result status="500" title="503" subTitle={MSG.blockUnavailable} extra={homeButton} /></Frame>;
}

/** /unrelease: the site is not released yet. */
export function UnreleasedPage() {
  return <Frame><Result status="info" title={MSG.unreleased} subTitle={MSG.unreleasedHint} extra={homeButton} /></Frame>;
}

/** A visitor route whose page comes in a later issue. */
export function UnderConstructionPage() {
  return <Frame><Result icon={<ToolOutlined style={{ color: '#06f' }} />} title={MSG.underConstruction} subTitle={MSG.underConstructionHint} extra={homeButton} /></Frame>;
}
