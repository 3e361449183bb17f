/**
 * /microapp/wechat (spec 1 §2 'Links the panels produce': the wechat panel's more link; spec 1 §3
 * 'Wechat article group'): the articles of the official accounts on the site's wechat panels (or of
 * `?wechatId=`), newest first, paged through GET /api/v1/modules/top-wechat-article (repeated wechatId,
 * decision 113); on each page the articles are grouped by their account group, groups in order of their
 * newest article. Each article: cover, title (to /microapp/wechat/material/{id}), digest and time in
 * relative words (spec 2 §9 'Dates').
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton } from 'antd';
import { FEED_PAGE_SIZE } from '@common/constants';
import { MSG } from '@common/messages';
import type { WechatRecord } from '@common/feeds';
import { formatDate, relativeDate } from '@modules/kit/format';
import { wechatMaterialHref } from '@modules/kit/links';
import { Thumb } from '@modules/kit/media';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from './shared';
import { ListFailure } from '../../shared/ListFailure';
import { modulesListedOn } from '../explore/TopResourcesPage';
import { api } from '../../shared/apiClient';

/** Records grouped by groupName (未分组 without one), groups in order of first appearance, records kept in order. */
export function groupRecords(records: readonly WechatRecord[]): Array<{ name: string; records: WechatRecord[] }> {
  const groups = new Map<string, WechatRecord[]>();
  for (const r of records) {
    const name = r.groupName?.trim() || MSG.wechatUngrouped;
    groups.set(name, [...(groups.get(name) ?? []), r]);
  }
  return [...groups].map(([name, list]) => ({ name, records: list }));
}

/** The accounts the page reads: `?wechatId=` when given, else those of the site's wechat panels. */
export function wechatIdsOf(config: Pick<AppConfig, 'homeConfig'>, asked: string[]): string[] {
  const ids = asked.length ? asked : modulesListedOn(config, 'wechat').map((m) => (typeof m.wechatId === 'string' ? m.wechatId : ''));
  return [...new Set(ids.map((s) => s.trim()).filter(Boolean))].slice(0, 20);
}

/** The wechat list page; see the file comment. */
export default function WechatPage() {
  return <VisitorFrame title={MSG.wechatTitle}>{(config) => <Wechat config={config} />}</VisitorFrame>;
}

function Wechat({ config }: { config: AppConfig }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = params.getAll('wechatId');
  const askedKey = asked.join('\n'); // the ids as one value, so that the memo holds while the URL's ids do
  const ids = useMemo(() => wechatIdsOf(config, askedKey ? askedKey.split('\n') : []), [config, askedKey]);
  const list = useQuery({
    queryKey: ['wechat-page', ids, page],
    enabled: ids.length > 0,
    queryFn: ({ signal }) => api.get('/api/v1/modules/top-wechat-article', { query: { wechatId: ids, page, pageSize: FEED_PAGE_SIZE }, signal }),
    placeholderData: (prev) => prev,
  });
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
  };
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[MSG.wechatTitle]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{MSG.wechatTitle}</h1>
      </div>
      {ids.length === 0 && <Empty description={MSG.noData} />}
      {ids.length > 0 && list.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (list.data.records.length === 0 ? (
          <Empty description={MSG.noData} />
        ) : (
          <>
            {groupRecords(list.data.records).map((g) => (
              <div className="atr-feed-group" key={g.name}>
                <h2 className="atr-feed-group__name">{g.name}</h2>
                <div className="atr-results">
                  {g.records.map((r) => (
                    <ArticleRow key={r.id} r={r} />
                  ))}
                </div>
              </div>
            ))}
            <div className="atr-pager">
              <Pagination
                current={page}
                pageSize={FEED_PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                hideOnSinglePage
                showTotal={(n) => MSG.listTotal(n)}
                onChange={setPage}
              />
            </div>
          </>
        ))}
    </section>
  );
}

/** One article of the list. */
function ArticleRow({ r }: { r: WechatRecord }) {
  return (
    <div className="atr-feed-row">
      <Thumb src={r.material.thumb_media_url} label={r.material.title} style={{ width: 120, height: 80, flex: 'none', borderRadius: 6 }} />
      <div className="atr-feed-row__main">
        <Link className="atr-result__title" to={wechatMaterialHref(r.id)}>
          {r.material.title}
        </Link>
        {r.material.digest && <div className="atr-result__abstract">{r.material.digest}</div>}
        <div className="atr-result__meta">
          <span title={formatDate(r.articleTime)}>{relativeDate(r.articleTime)}</span>
        </div>
      </div>
    </div>
  );
}
