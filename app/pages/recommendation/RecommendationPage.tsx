/**
 * /microapp/recommendation?type={type} (spec 1 §2 'Recommendation'): the signed-in user's
 * recommendations of the type (GET /api/v2/recommendations, 10 a page), each with its title (to the
 * detail page), its facts, and the reason in Chinese (因为您浏览过《…》 / 与您关注的「…」相关 / 近期热门),
 * and a 不感兴趣 button (POST /api/v1/recommendations/not-interested) that removes it at once.
 * Signed-out visitors are sent to the sign-in page (spec 1 §6: recommendations need a logged-in user).
 */
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Pagination, Skeleton, Tag } from 'antd';
import { BulbOutlined, CloseOutlined } from '@ant-design/icons';
import { RESOURCE_TYPE_LABELS } from '@common/constants';
import { MSG } from '@common/messages';
import type { Page } from '@common/page';
import { formatDate } from '@modules/kit/format';
import { resourceHref } from '@modules/kit/links';
import { errorMessage } from '../../api';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import type { Recommended } from '@common/contracts/personal';
import { RequireLogin } from './shared';
import './recommendation.css';
import { api } from '../../shared/apiClient';

const PAGE_SIZE = 10;
const label = (t: string) => (RESOURCE_TYPE_LABELS as Record<string, string>)[t] ?? t;
const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('、') : '');

/** The recommendation page; see the file comment. */
export default function RecommendationPage() {
  return (
    <VisitorFrame title={MSG.recommendTitle}>
      {(_config, site) => <RequireLogin site={site}>{(userId) => <Recommendations userId={userId} />}</RequireLogin>}
    </VisitorFrame>
  );
}

function Recommendations({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const key = ['recommendations', userId, type ?? '', page] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/api/v2/recommendations', { query: { userId, page, size: PAGE_SIZE, type }, signal }),
    placeholderData: keepPreviousData,
  });
  const dismiss = useMutation({
    mutationFn: (id: number) => api.post('/api/v1/recommendations/not-interested', { body: { resourceId: id } }),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Page<Recommended>>(key);
      if (before)
        qc.setQueryData<Page<Recommended>>(key, {
          ...before,
          content: before.content.filter((i) => i.id !== id),
          totalElements: Math.max(0, before.totalElements - 1),
        });
      return { before };
    },
    onError: (err, _id, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      message.error(errorMessage(err));
    },
    onSuccess: () => {
      message.success(MSG.recommendDismissed);
      void qc.invalidateQueries({ queryKey: ['recommendations', userId] });
    },
  });
  const title = type ? `${MSG.recommendTitle} · ${label(type)}` : MSG.recommendTitle;
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[title]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{title}</h1>
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (list.data.content.length === 0 ? (
          <Empty description={MSG.recommendEmpty} />
        ) : (
          <>
            <div className="atr-results">
              {list.data.content.map((it) => (
                <div className="atr-result atr-rec" key={it.id} data-testid="recommendation">
                  <div className="atr-rec__top">
                    <Link className="atr-result__title" to={resourceHref(it.type, it.id)}>
                      {it.title}
                    </Link>
                    <Button
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      onClick={() => dismiss.mutate(it.id)}
                      disabled={dismiss.isPending && dismiss.variables === it.id}
                    >
                      {MSG.recommendNotInterested}
                    </Button>
                  </div>
                  <div className="atr-result__meta">
                    <span>{label(it.type)}</span>
                    {text(it.discipline) && <span className="atr-rec__discipline">{text(it.discipline)}</span>}
                    {text(it.category) && <span>{text(it.category)}</span>}
                    {formatDate(it.date) && <span>{formatDate(it.date)}</span>}
                  </div>
                  {text(it.abstract ?? it.summary) && <div className="atr-result__abstract">{text(it.abstract ?? it.summary)}</div>}
                  <div>
                    <Tag icon={<BulbOutlined />} color="blue" className="atr-rec__reason">
                      {it.reason}
                    </Tag>
                  </div>
                </div>
              ))}
            </div>
            <div className="atr-pager">
              <Pagination
                current={page}
                pageSize={PAGE_SIZE}
                total={list.data.totalElements}
                showSizeChanger={false}
                hideOnSinglePage
                onChange={(p) => {
                  const next = new URLSearchParams(params);
                  next.set('page', String(p));
                  setParams(next);
                }}
              />
            </div>
          </>
        ))}
    </section>
  );
}
