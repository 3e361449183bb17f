/**
 * /microapp/widget/tools (spec 1 §2 'Links the panels produce': the tool panel's more link): the tools
 * of the application's topic through GET /tools?appid, as cards with cover, title and description. A
 * tool link containing /tools/ opens /microapp/widget/tools/{rest}; any other link opens in a new window
 * (modules/kit/links.ts toolHref). The built-in 党费计算器 (app/pages/tools/PartyDuesPage.tsx) comes first
 * on the first page; a tool of the topic whose link maps to the same address is not listed twice
 * (decision 643).
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton } from 'antd';
import { MSG } from '@common/messages';

import { toolHref } from '@modules/kit/links';
import { Thumb } from '@modules/kit/media';
import { PARTY_DUES_HREF } from '@common/partyDues';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { fieldText } from '../visitor/fields';
import { Crumbs } from './shared';
import { ListFailure } from '../../shared/ListFailure';
import { api } from '../../shared/apiClient';

/** A tool as GET /tools answers it (spec 1 §3 'Tool item'). */
export interface ToolItem {
  id: number;
  title: string;
  description?: string | null;
  cover?: string | null;
  link?: string | null;
}

/** Tools per page of the list. */
const TOOLS_PAGE_SIZE = 20;

/** The tools list page; see the file comment. */
export default function ToolsPage() {
  return <VisitorFrame title={MSG.toolsTitle}>{(config) => <Tools config={config} />}</VisitorFrame>;
}

function Tools({ config }: { config: AppConfig }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: ['tools-page', config.applicationId, page],
    queryFn: ({ signal }) => api.get('/tools', { query: { appid: config.applicationId, page, size: TOOLS_PAGE_SIZE }, signal }),
    placeholderData: (prev) => prev,
  });
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[MSG.toolsTitle]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{MSG.toolsTitle}</h1>
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (list.data.content.length === 0 && page > 1 ? (
          <Empty description={MSG.noData} />
        ) : (
          <>
            <div className="atr-feed-grid">
              {page === 1 && <BuiltInCard />}
              {list.data.content
                .filter((t) => toolHref(fieldText(t.link))?.href !== PARTY_DUES_HREF)
                .map((t) => (
                  <ToolCard key={t.id} tool={t} />
                ))}
            </div>
            {list.data.totalElements > TOOLS_PAGE_SIZE && (
              <div className="atr-pager">
                <Pagination
                  current={page}
                  pageSize={TOOLS_PAGE_SIZE}
                  total={list.data.totalElements}
                  showSizeChanger={false}
                  showTotal={(n) => MSG.listTotal(n)}
                  onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
                />
              </div>
            )}
          </>
        ))}
    </section>
  );
}

/** The built-in 党费计算器 (decision 643). */
function BuiltInCard() {
  return (
    <Link className="atr-feed-card" to={PARTY_DUES_HREF} title={MSG.partyDuesTitle}>
      <Thumb src={null} label={MSG.partyDuesTitle} style={{ width: 56, height: 56, flex: 'none', borderRadius: 8 }} />
      <span className="atr-feed-card__main">
        <span className="atr-feed-card__title">{MSG.partyDuesTitle}</span>
        <span className="atr-feed-card__text">{MSG.partyDuesToolDescription}</span>
      </span>
    </Link>
  );
}

/** One tool card: a link by toolHref (in-site or a new window), plain when the tool has no link. */
function ToolCard({ tool }: { tool: ToolItem }) {
  const target = toolHref(fieldText(tool.link));
  const description = fieldText(tool.description);
  const body = (
    <>
      <Thumb src={tool.cover} label={tool.title} style={{ width: 56, height: 56, flex: 'none', borderRadius: 8 }} />
      <span className="atr-feed-card__main">
        <span className="atr-feed-card__title">{tool.title}</span>
        <span className="atr-feed-card__text">{description || '\u00a0'}</span>
      </span>
    </>
  );
  if (!target) return <div className="atr-feed-card">{body}</div>;
  return target.newTab ? (
    <a className="atr-feed-card" href={target.href} target="_blank" rel="noopener noreferrer" title={tool.title}>
      {body}
    </a>
  ) : (
    <Link className="atr-feed-card" to={target.href} title={tool.title}>
      {body}
    </Link>
  );
}
