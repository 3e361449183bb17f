/**
 * /console/application/:id/content: the application's notices and resource links in two tabs
 * (spec 1 §2 dialogs, reached from the console). The lists are the same as in the dialogs; here they
 * show every item of the application, and the editors offer the module an item belongs to.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Breadcrumb, Button, Result, Tabs } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { useSession } from '../../shared/session';
import { useApplicationConfig } from '../useApplicationConfig';
import { NoticeList } from './NoticeList';
import { LinkList } from './LinkList';
import { contentModules } from './modules';
import '../console.css';
import './content.css';
import { queryFallback } from '../QueryFallback';
import { PageHead } from '../PageHead';

/** See the file comment. The tab is kept in the query (?tab=links). */
export function ContentPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'links' ? 'links' : 'notices';
  const { data: user } = useSession();
  const config = useApplicationConfig(valid ? id : undefined);
  const name = config.data?.name;
  useEffect(() => {
    document.title = name ? `${MSG.contentManage} · ${name}` : MSG.contentManage;
  }, [name]);

  if (!valid)
    return (
      <Result
        status="404"
        title={MSG.applicationNotFound}
        extra={<Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>}
      />
    );
  if (!config.data) return queryFallback(config, <Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>);
  const app = config.data;
  return (
    <div className="atr-console__page atr-content-page">
      <Breadcrumb
        items={[
          { title: <Link to="/console/applications">{MSG.applications}</Link> },
          { title: <Link to={`/console/application/${id}`}>{app.name}</Link> },
          { title: MSG.contentManage },
        ]}
      />
      <PageHead title={MSG.contentManage}>
        <Button icon={<EditOutlined />} onClick={() => navigate(`/console/application/${id}/editor`)}>
          {MSG.editHome}
        </Button>
      </PageHead>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'links' ? { tab: 'links' } : {}, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'notices', label: MSG.notices, children: <NoticeList applicationId={id} modules={contentModules(app.homeConfig, 'notice')} uid={user?.id} /> },
          { key: 'links', label: MSG.links, children: <LinkList applicationId={id} modules={contentModules(app.homeConfig, 'link')} uid={user?.id} /> },
        ]}
      />
    </div>
  );
}
