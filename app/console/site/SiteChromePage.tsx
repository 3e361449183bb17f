/**
 * /console/application/:id/site (spec 1 §1 'configure header, footer ... theme'; spec 1 §3
 * 'Application config'): the application's header, footer, theme and logo in four tabs, each saved on
 * its own (spec 2 §7 'header-config, footer-config, theme-config', 'logo'). The tab is kept in the
 * address (`?tab=header|footer|theme|logo`).
 */
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Result, Space, Tabs } from 'antd';
import { EditOutlined, ExportOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';

import { appConfigKey, siteUrl } from '../../shared/util';
import { FooterTab } from './FooterTab';
import { HeaderTab } from './HeaderTab';
import { LogoTab } from './LogoTab';
import { ThemeTab } from './ThemeTab';
import '../console.css';
import './siteChrome.css';
import { queryFallback } from '../QueryFallback';
import { PageHead } from '../PageHead';
import { api } from '../../shared/apiClient';

const TABS = ['header', 'footer', 'theme', 'logo'] as const;

/** See the file comment. */
export function SiteChromePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'header';
  const config = useQuery({
    queryKey: appConfigKey(id),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/config', { params: { id }, signal }),
    enabled: valid,
  });

  const back = <Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>;
  if (!valid) return <Result status="404" title={MSG.applicationNotFound} extra={back} />;
  if (!config.data) return queryFallback(config, back);
  const app = config.data;

  return (
    <div className="atr-console__page">
      <Breadcrumb
        items={[
          { title: <Link to="/console/applications">{MSG.applications}</Link> },
          { title: <Link to={`/console/application/${id}`}>{app.name}</Link> },
          { title: MSG.siteChrome },
        ]}
      />
      <PageHead title={MSG.siteChrome} hint={MSG.siteChromeHint}>
        <Space>
          <Button icon={<EditOutlined />} onClick={() => navigate(`/console/application/${id}/editor`)}>
            {MSG.editHome}
          </Button>
          <Button icon={<ExportOutlined />} href={siteUrl(app.host)} target="_blank" rel="noopener noreferrer">
            {MSG.visit}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card atr-settings-card">
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          items={[
            { key: 'header', label: MSG.headerTab, children: <HeaderTab app={app} /> },
            { key: 'footer', label: MSG.footerTab, children: <FooterTab app={app} /> },
            { key: 'theme', label: MSG.themeTab, children: <ThemeTab app={app} /> },
            { key: 'logo', label: MSG.logoTab, children: <LogoTab app={app} /> },
          ]}
        />
      </div>
    </div>
  );
}
