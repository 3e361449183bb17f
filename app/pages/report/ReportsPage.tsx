/**
 * /microapp/report (spec 1 §2 'Reports: /microapp/report with optional ?type={type}'): the
 * published reports of the site's topic, newest first, 20 a page: the report types as links (全部 and
 * each type, `?type=`), a search box (a plain GET form: works before hydration and without JavaScript,
 * as the explore page's), the total, and a pager whose pages are links. The state lives in the URL
 * (`type`, `q`, `page`). Each report: cover, title (to /microapp/report/detail/{id}), type, authors,
 * institution, date and the start of its abstract.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Pagination, Skeleton, Tag } from 'antd';
import { MSG } from '@common/messages';
import { REPORTS_HREF, REPORT_PAGE_SIZE, REPORT_TYPES, isReportType, reportHref } from '@common/reports';
import type { ReportListItem } from '@common/contracts/reports';
import { formatDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { useReports, type ReportListState } from './api';
import './report.css';

/** The address of the list in this state (page 1 and empty values left out). */
export function reportsHref(s: Partial<ReportListState>): string {
  const p = new URLSearchParams();
  if (s.type) p.set('type', s.type);
  if (s.q) p.set('q', s.q);
  if (s.page && s.page > 1) p.set('page', String(s.page));
  const qs = p.toString();
  return qs ? `${REPORTS_HREF}?${qs}` : REPORTS_HREF;
}

/** The report list page; see the file comment. */
export default function ReportsPage() {
  return <VisitorFrame title={MSG.reportsTitle}>{(config) => <Reports config={config} />}</VisitorFrame>;
}

function Reports({ config }: { config: AppConfig }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('type') ?? '';
  const state: ReportListState = {
    type: isReportType(asked) ? asked : '',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Math.max(1, Math.min(100_000, Math.floor(Number(params.get('page'))) || 1)),
  };
  const list = useReports(config.applicationId, state);
  const data = list.data;
  return (
    <section className="atr-vcard atr-reports">
      <Crumbs trail={[[MSG.reportsTitle]]} />
      <h1 className="atr-detail__title atr-reports__title">{MSG.reportsTitle}</h1>
      <nav className="atr-reports__types" aria-label={MSG.reportFilterType}>
        {(['', ...REPORT_TYPES] as const).map((t) => (
          <Link
            key={t || 'all'}
            to={reportsHref({ type: t, q: state.q })}
            className={`atr-reports__type${state.type === t ? ' is-on' : ''}`}
            aria-current={state.type === t ? 'page' : undefined}
          >
            {t || MSG.reportAllTypes}
          </Link>
        ))}
      </nav>
      <form
        role="search"
        method="get"
        action={REPORTS_HREF}
        className="atr-reports__search"
        onSubmit={(e) => {
          e.preventDefault();
          const v = new FormData(e.currentTarget).get('q');
          const q = typeof v === 'string' ? v.trim() : '';
          void navigate(reportsHref({ type: state.type, q }));
        }}
      >
        {state.type && <input type="hidden" name="type" value={state.type} />}
        <div className="atr-searchbar">
          {/* a native, uncontrolled input: what a visitor types before the page hydrates stays */}
          <input
            key={state.q}
            type="search"
            name="q"
            className="atr-searchbar__input"
            defaultValue={state.q}
            maxLength={100}
            placeholder={MSG.reportSearchPlaceholder}
            aria-label={MSG.reportSearchPlaceholder}
          />
          <Button type="primary" size="large" htmlType="submit" loading={list.isFetching && list.isPlaceholderData}>
            {MSG.reportSearchButton}
          </Button>
        </div>
      </form>
      {list.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => void list.refetch()} />}
      {data &&
        (data.content.length === 0 ? (
          <Empty description={state.q || state.type ? MSG.reportNoMatch : MSG.reportNone} />
        ) : (
          <>
            <p className="atr-reports__total">{MSG.reportTotal(data.totalElements)}</p>
            <div className="atr-results">
              {data.content.map((r) => (
                <ReportRow key={r.id} r={r} />
              ))}
            </div>
            {data.totalElements > REPORT_PAGE_SIZE && (
              <div className="atr-pager">
                <Pagination
                  current={state.page}
                  pageSize={REPORT_PAGE_SIZE}
                  total={data.totalElements}
                  showSizeChanger={false}
                  // each page a link: the pager works without JavaScript and keeps the state in the URL
                  itemRender={(page, kind, original) =>
                    kind === 'page' ? (
                      <Link to={reportsHref({ ...state, page })} aria-label={`第 ${page} 页`}>
                        {page}
                      </Link>
                    ) : (kind === 'prev' || kind === 'next') && page >= 1 && page <= Math.ceil(data.totalElements / REPORT_PAGE_SIZE) ? (
                      <Link to={reportsHref({ ...state, page })} aria-label={kind === 'prev' ? '上一页' : '下一页'} className="ant-pagination-item-link">
                        {kind === 'prev' ? '‹' : '›'}
                      </Link>
                    ) : (
                      original
                    )
                  }
                />
              </div>
            )}
          </>
        ))}
    </section>
  );
}

/** One report of the list. */
function ReportRow({ r }: { r: ReportListItem }) {
  return (
    <article className="atr-feed-row atr-report-row">
      {r.cover && <Thumb src={r.cover} label={r.title} style={{ width: 72, height: 96, flex: 'none', borderRadius: 6 }} />}
      <div className="atr-feed-row__main">
        <Link className="atr-result__title" to={reportHref(r.id)}>
          {r.title}
        </Link>
        <div className="atr-result__meta">
          {r.reportType && <Tag color="blue">{r.reportType}</Tag>}
          {r.authors.length > 0 && <span>{r.authors.join('、')}</span>}
          {r.institution && <span>{r.institution}</span>}
          {formatDate(r.date) && <span>{formatDate(r.date)}</span>}
          {r.hasPdf && <Tag>PDF</Tag>}
        </div>
        {r.summary && <p className="atr-result__abstract">{r.summary}</p>}
      </div>
    </article>
  );
}
