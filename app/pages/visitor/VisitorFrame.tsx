/**
 * The frame of every visitor page besides the home page (spec 1 §2 'Public routes'): the site's
 * configuration read by host (boot data when the HTML carried it, else GET /api/v1/applications/config),
 * the site header and footer around the page, the theme colour, and the loading / failure / unknown
 * host states. The page gets the configuration and the site context its panels and reads need.
 */
import { useEffect, type ReactNode } from 'react';
import { Button, ConfigProvider, Result, Spin } from 'antd';
import { MSG } from '@common/messages';
import type { SiteContext } from '@modules/types.app';
import { errorMessage } from '../../api';
import { readBoot, reportPageTitle, type AppConfig } from '../../boot';
import { siteContextOf } from '../../site/HomePage';
import { useSiteConfig } from './siteConfig';
import { SiteFrame } from '../../site/SiteFrame';
import { UnknownHost } from '../../site/UnknownHost';
import './visitor.css';

export { useSiteConfig };

export interface VisitorFrameProps {
  /** the page title shown in the browser tab, before the site name */
  title?: string;
  children(config: AppConfig, site: SiteContext): ReactNode;
}

/** See the file comment. */
export function VisitorFrame({ title, children }: VisitorFrameProps) {
  const boot = readBoot();
  const q = useSiteConfig();
  const config = q.data;
  const docTitle = config ? (title ? `${title} - ${config.name}` : config.name) : null;
  // the server's HTML carries the same title as the browser sets (decision 431)
  if (docTitle && typeof window === 'undefined') reportPageTitle(docTitle);
  useEffect(() => {
    if (docTitle) document.title = docTitle;
  }, [docTitle]);

  if (q.isPending)
    return (
      <div className="atr-center">
        <Spin size="large" />
      </div>
    );
  if (q.isError) {
    return (
      <div className="atr-status-page">
        <Result
          status="warning"
          title={MSG.siteLoadFailed}
          subTitle={errorMessage(q.error)}
          extra={
            <Button type="primary" onClick={() => q.refetch()}>
              {MSG.retry}
            </Button>
          }
        />
      </div>
    );
  }
  if (!config) return <UnknownHost host={typeof window !== 'undefined' ? window.location.host : boot.host} />;
  const site = siteContextOf(config, boot.user, false);
  const primary = config.themeConfig?.primaryColor;
  return (
    <ConfigProvider theme={primary ? { token: { colorPrimary: primary, colorLink: primary } } : undefined}>
      <SiteFrame config={config} user={boot.user}>
        <div className="atr-vpage">{children(config, site)}</div>
      </SiteFrame>
    </ConfigProvider>
  );
}
