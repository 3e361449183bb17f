/**
 * /microapp/bulletin (docs/decisions.md #35; spec 1 §2 'Links the panels produce': the bulletin panel's
 * more link; spec 1 §3 'Bulletin'): the bulletins of the application's topic, newest first, through
 * GET /api/v1/modules/top-bulletin (type, size, offset), with a type filter 全部 / 快报 / 研究报告 / 快讯
 * (`?type=`). The read answers no total, so the page asks one item more than it shows to know whether
 * there is a next page (上一页 / 下一页). Each bulletin: cover, title (to /microapp/bulletin/{id}), type,
 * group and update time in relative words (spec 2 §9 'Dates').
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import { BULLETIN_TYPES, FEED_PAGE_SIZE, type BulletinType } from '@common/constants';
import { MSG } from '@common/messages';
import type { BulletinEntry } from '@common/feeds';
import { formatDate, relativeDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { bulletinHref } from '@modules/bulletin/definition';
import { api } from '../../shared/apiClient';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from './shared';
import { ListFailure } from '../../shared/ListFailure';

/** The bulletin list page; see the file comment. */
export default function BulletinsPage() {
  return <VisitorFrame title={MSG.bulletinsTitle}>{(config) => <Bulletins config={config} />}</VisitorFrame>;
}

/** A `type` of the URL that names one of the bulletin types. */
const isBulletinType = (t: string): t is BulletinType => (BULLETIN_TYPES as readonly string[]).includes(t);

function Bulletins({ config }: { config: AppConfig }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = params.get('type') ?? '';
  const type = isBulletinType(asked) ? asked : '';
  const topicId = config.topicId ?? config.topic?.id ?? null;
  const list = useQuery({
    queryKey: ['bulletins-page', topicId, type, page],
    queryFn: ({ signal }) =>
      api.get('/api/v1/modules/top-bulletin', {
        query: {
          ...(topicId != null ? { topicId } : {}),
          ...(isBulletinType(type) ? { type: [type] } : {}),
          size: FEED_PAGE_SIZE + 1,
          offset: (page - 1) * FEED_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: (prev) => prev,
  });
  const go = (next: { type?: string; page?: number }) => {
    const p = new URLSearchParams();
    const t = next.type ?? type;
    if (t) p.set('type', t);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const shown = list.data?.slice(0, FEED_PAGE_SIZE) ?? [];
  const hasNext = (list.data?.length ?? 0) > FEED_PAGE_SIZE;
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[MSG.bulletinsTitle]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{MSG.bulletinsTitle}</h1>
        <Segmented
          value={type || 'all'}
          onChange={(v) => go({ type: v === 'all' ? '' : String(v), page: 1 })}
          options={[{ label: MSG.bulletinAllTypes, value: 'all' }, ...BULLETIN_TYPES.map((t) => ({ label: t, value: t }))]}
        />
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (shown.length === 0 ? (
          <Empty description={MSG.noData} />
        ) : (
          <>
            <div className="atr-results">
              {shown.map((b) => (
                <BulletinRow key={b.article.uuid} b={b} />
              ))}
            </div>
            {(page > 1 || hasNext) && (
              <div className="atr-pager" style={{ gap: 12 }}>
                <Button disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  上一页
                </Button>
                <span style={{ alignSelf: 'center' }}>第 {page} 页</span>
                <Button disabled={!hasNext} onClick={() => go({ page: page + 1 })}>
                  下一页
                </Button>
              </div>
            )}
          </>
        ))}
    </section>
  );
}

/** One bulletin of the list. */
function BulletinRow({ b }: { b: BulletinEntry }) {
  return (
    <div className="atr-feed-row">
      <Thumb src={b.article.cover} label={b.article.title} style={{ width: 72, height: 96, flex: 'none', borderRadius: 6 }} />
      <div className="atr-feed-row__main">
        <Link className="atr-result__title" to={bulletinHref(b.article.uuid)}>
          {b.article.title}
        </Link>
        <div className="atr-result__meta">
          {b.bulletinType && <Tag color="blue">{b.bulletinType}</Tag>}
          {b.group && <span>{b.group}</span>}
          {b.article.update_time && <span title={formatDate(b.article.update_time)}>{relativeDate(b.article.update_time)}</span>}
        </div>
      </div>
    </div>
  );
}
