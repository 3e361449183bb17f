/**
 * Shown at `/` when no application has the host (boot config null): says so clearly and links to the
 * console, where a super manager creates the application.
 */
import { Button, Result } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import './site.css';

/** The page for a host without a site. */
export function UnknownHost({ host }: { host: string }) {
  return (
    <div className="atr-status-page">
      <div className="atr-status-card">
        <Result
          icon={<GlobalOutlined style={{ color: '#06f' }} />}
          title={MSG.unknownHost}
          subTitle={<><div style={{ fontFamily: 'monospace', fontSize: 15, margin: '4px 0 8px' }}>{host}</div><div>{MSG.unknownHostHint}</div></>}
          extra={<Button type="primary" href="/console">{MSG.goConsole}</Button>}
        />
      </div>
    </div>
  );
}
