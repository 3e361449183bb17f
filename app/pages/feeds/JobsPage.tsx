/**
 * /microapp/jobs (spec 1 §2 'Links the panels produce': the job panel's more link; spec 1 §3 'Job'):
 * the jobs of the application's topic, newest first, paged through GET /api/v1/modules/top-job
 * (pageSize, page). Each row: title (to /microapp/jobs/{id}), salary, place, experience, education,
 * the institution with its logo and at most 2 subjects, and the update time in relative words
 * (spec 2 §9 'Dates'). Behind the jobs sign-in guard (shared.tsx JobsGuard, decision 112).
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton, Tag } from 'antd';
import { FEED_PAGE_SIZE } from '@common/constants';
import { MSG } from '@common/messages';
import type { JobHit } from '@common/feeds';
import { relativeDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { jobHref } from '@modules/job/definition';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs, JobsGuard } from './shared';
import { ListFailure } from '../../shared/ListFailure';
import { api } from '../../shared/apiClient';

/** The jobs list page; see the file comment. */
export default function JobsPage() {
  return (
    <VisitorFrame title={MSG.jobsTitle}>
      {(config, site) => (
        <JobsGuard config={config} site={site}>
          <Jobs config={config} />
        </JobsGuard>
      )}
    </VisitorFrame>
  );
}

function Jobs({ config }: { config: AppConfig }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const topicId = config.topicId ?? config.topic?.id ?? null;
  const list = useQuery({
    queryKey: ['jobs-page', topicId, page],
    queryFn: ({ signal }) => api.get('/api/v1/modules/top-job', { query: { ...(topicId != null ? { topicId } : {}), pageSize: FEED_PAGE_SIZE, page }, signal }),
    placeholderData: (prev) => prev,
  });
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[MSG.jobsTitle]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{MSG.jobsTitle}</h1>
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (list.data.hits.length === 0 ? (
          <Empty description={MSG.noData} />
        ) : (
          <>
            <div className="atr-results">
              {list.data.hits.map((h) => (
                <JobRow key={h._id} hit={h} />
              ))}
            </div>
            <div className="atr-pager">
              <Pagination
                current={page}
                pageSize={FEED_PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                hideOnSinglePage
                showTotal={(n) => MSG.listTotal(n)}
                onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
              />
            </div>
          </>
        ))}
    </section>
  );
}

/** One job of the list. */
function JobRow({ hit }: { hit: JobHit }) {
  const s = hit._source;
  const facts = [s.work_address, s.work_experience, s.edu_cation, s.work_time].filter(Boolean);
  return (
    <div className="atr-feed-row">
      <div className="atr-feed-row__main">
        <Link className="atr-result__title" to={jobHref(hit._id)}>
          {s.title}
        </Link>
        <div className="atr-result__meta">
          {s.salary && <span className="atr-feed-salary">{s.salary}</span>}
          {facts.map((f, i) => (
            <span key={i}>{f}</span>
          ))}
        </div>
        {s.institution.name && (
          <div className="atr-result__meta" style={{ alignItems: 'center' }}>
            <Thumb src={s.institution.logo} label={s.institution.name} fit="contain" style={{ width: 24, height: 24, borderRadius: 4 }} />
            <span>{s.institution.name}</span>
            {s.institution.subjects.slice(0, 2).map((x) => (
              <Tag key={x}>{x}</Tag>
            ))}
          </div>
        )}
      </div>
      <div className="atr-feed-row__side">{relativeDate(s.update_time)}</div>
    </div>
  );
}
