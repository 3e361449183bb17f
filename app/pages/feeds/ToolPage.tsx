/**
 * /microapp/widget/tools/* (spec 1 §2 'A tool link containing /tools/ maps to /microapp/widget/tools/{rest}'):
 * the tool of the application whose link maps to this address: its title and description, and the tool
 * itself embedded when its link is a web address (with a link to open it in a new window), else a link
 * to it. No such tool: 没有找到这个工具.
 */
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';

import { isExternal, toolHref, TOOLS_HREF } from '@modules/kit/links';
import { Thumb } from '@modules/kit/media';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { fieldText } from '../visitor/fields';
import type { ToolItem } from './ToolsPage';
import { Crumbs } from './shared';
import { ListFailure } from '../../shared/ListFailure';
import { api } from '../../shared/apiClient';

/** The most tools looked through for the one this address names (GET /tools allows 100 a page). */
const TOOL_LOOKUP_SIZE = 100;

/** The tool whose link maps to `path` (pathname plus search of this page), or undefined. */
export function toolAt(tools: readonly ToolItem[], path: string): ToolItem | undefined {
  const norm = (s: string) => {
    try {
      return decodeURI(s);
    } catch {
      return s;
    }
  };
  return tools.find((t) => {
    const h = toolHref(fieldText(t.link));
    return !!h && !h.newTab && norm(h.href) === norm(path);
  });
}

/** The tool page; see the file comment. */
export default function ToolPage() {
  return <VisitorFrame title={MSG.toolsTitle}>{(config) => <Tool config={config} />}</VisitorFrame>;
}

function Tool({ config }: { config: AppConfig }) {
  const location = useLocation();
  const list = useQuery({
    queryKey: ['tools-page', config.applicationId, 'all'],
    queryFn: ({ signal }) => api.get('/tools', { query: { appid: config.applicationId, size: TOOL_LOOKUP_SIZE }, signal }),
  });
  if (list.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (list.isError)
    return (
      <div className="atr-vcard">
        <ListFailure error={list.error} retry={() => list.refetch()} />
      </div>
    );
  const tool = toolAt(list.data.content, location.pathname + location.search);
  if (!tool) {
    return (
      <div className="atr-vcard">
        <Result
          status="404"
          title={MSG.toolNotFound}
          extra={
            <Link to={TOOLS_HREF}>
              <Button type="primary">{MSG.toolsTitle}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  const link = fieldText(tool.link);
  const description = fieldText(tool.description);
  return (
    <article className="atr-vcard">
      <Crumbs trail={[[MSG.toolsTitle, TOOLS_HREF], [tool.title]]} />
      <div className="atr-detail__head" style={{ marginTop: 12 }}>
        <Thumb src={tool.cover} label={tool.title} style={{ width: 64, height: 64, flex: 'none', borderRadius: 8 }} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <h1 className="atr-detail__title">{tool.title}</h1>
          {description && <p className="atr-detail__abstract">{description}</p>}
        </div>
        <a href={link} target="_blank" rel="noopener noreferrer">
          <Button icon={<ExportOutlined />}>{MSG.toolOpenNewTab}</Button>
        </a>
      </div>
      {isExternal(link) && (
        <div className="atr-detail__section">
          <iframe
            className="atr-feed-frame"
            src={link}
            title={tool.title}
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
            referrerPolicy="no-referrer"
          />
        </div>
      )}
    </article>
  );
}
