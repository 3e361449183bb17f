/**
 * /microapp/report/detail/{id} (spec 1 §2): one published report: title; type (a link to
 * the list of that type), authors, institution and date; cover; abstract; body (HTML sanitised by the
 * server when it was saved; a click on one of its images opens the spec's image viewer, docs/decisions.md
 * 432); the PDF shown in the page (an iframe of the served file) with 下载 PDF and
 * 在新窗口打开. A report that keeps its PDF for 下载附件 shows a reader without the right a Chinese
 * message (with a sign-in link that comes back here when they are signed out) and neither the PDF nor a
 * link (docs/decisions.md 302). An unknown or withdrawn id shows 该报告不存在或已撤回.
 */
import { Link, useLocation, useParams } from 'react-router';
import { Alert, Button, Result, Skeleton, Tag } from 'antd';
import { DownloadOutlined, ExportOutlined, LinkOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { REPORTS_HREF, reportsOfTypeHref } from '@common/reports';
import type { ReportDetail } from '@common/contracts/reports';
import { formatDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { loginHref } from '@modules/kit/links';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { lockAttachments } from '../notice/lockAttachments';
import { useReport } from './api';
import { ViewableHtml } from '../../widgets/image/ViewableHtml';
import '../../widgets/richtext/richtext.css';
import './report.css';
import { useResourceOpen } from '../../site/usage';
import { LazyComments } from '../comments/LazyComments';
import { LazyFavorite } from '../helix/LazyFavorite';

/** The report page; see the file comment. */
export default function ReportPage() {
  const { id = '' } = useParams();
  return <VisitorFrame title={MSG.reportsTitle}>{(config) => <Report applicationId={config.applicationId} id={id} />}</VisitorFrame>;
}

/** `n` bytes as 1.2 MB / 340 KB. */
const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function Report({ applicationId, id }: { applicationId: number; id: string }) {
  const q = useReport(applicationId, id);
  // counted once the report answered; a 404 (null) counts nothing (decision 426)
  useResourceOpen(q.data ? 'report' : undefined, q.data?.id);
  const location = useLocation();
  if (q.isPending)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (q.isError || q.data === null) {
    return (
      <div className="atr-vcard">
        {q.data === null ? (
          <Result
            status="404"
            title={MSG.reportNotFound}
            extra={
              <Link to={REPORTS_HREF}>
                <Button type="primary">{MSG.reportBack}</Button>
              </Link>
            }
          />
        ) : (
          <ListFailure error={q.error} retry={() => void q.refetch()} />
        )}
      </div>
    );
  }
  const r: ReportDetail | undefined = q.data;
  if (!r) return null;
  const here = location.pathname + location.search;
  const body = r.body && r.downloadBlocked ? lockAttachments(r.body, r.downloadBlocked, loginHref(here)) : r.body;
  return (
    <article className="atr-vcard atr-report" aria-labelledby="atr-report-title">
      <Crumbs trail={[[MSG.reportsTitle, REPORTS_HREF], [r.title]]} />
      <div className="atr-detail__head atr-report__head">
        {r.cover && <Thumb src={r.cover} label={r.title} style={{ width: 120, height: 160, flex: 'none', borderRadius: 6 }} />}
        <div style={{ minWidth: 0 }}>
          <h1 id="atr-report-title" className="atr-detail__title">
            {r.title}
          </h1>
          <dl className="atr-report__meta">
            {r.reportType && (
              <div>
                <dt>{MSG.reportType}</dt>
                <dd>
                  <Link to={reportsOfTypeHref(r.reportType)}>
                    <Tag color="blue">{r.reportType}</Tag>
                  </Link>
                </dd>
              </div>
            )}
            {r.authors.length > 0 && (
              <div>
                <dt>{MSG.reportAuthors}</dt>
                <dd>{r.authors.join('、')}</dd>
              </div>
            )}
            {r.institution && (
              <div>
                <dt>{MSG.reportInstitution}</dt>
                <dd>{r.institution}</dd>
              </div>
            )}
            {formatDate(r.date) && (
              <div>
                <dt>{MSG.reportDate}</dt>
                <dd>{formatDate(r.date)}</dd>
              </div>
            )}
          </dl>
          {r.url && (
            <a className="atr-report__source" href={r.url} target="_blank" rel="noopener noreferrer">
              <LinkOutlined /> {MSG.detailSource}
            </a>
          )}
        </div>
      </div>
      {r.summary && (
        <section className="atr-detail__section">
          <h2 className="atr-report__h">{MSG.reportAbstract}</h2>
          <p className="atr-detail__abstract">{r.summary}</p>
        </section>
      )}
      {body && (
        <section className="atr-detail__section">
          <h2 className="atr-report__h">{MSG.reportBody}</h2>
          <ViewableHtml className="atr-rich atr-report__body" html={body} />
        </section>
      )}
      {r.hasPdf && (
        <section className="atr-detail__section" aria-label={MSG.reportPdf}>
          <h2 className="atr-report__h">{MSG.reportPdf}</h2>
          {r.pdf ? (
            <>
              <div className="atr-report__pdfbar">
                <span className="atr-report__pdfname">
                  {r.pdf.name} · {sizeText(r.pdf.size)}
                </span>
                <Button type="primary" href={r.pdf.url} download={r.pdf.name} icon={<DownloadOutlined />}>
                  {MSG.reportPdfDownload}
                </Button>
                <a className="atr-report__open" href={`${r.pdf.url}?inline=1`} target="_blank" rel="noopener noreferrer">
                  <ExportOutlined /> {MSG.reportPdfOpen}
                </a>
              </div>
              <iframe className="atr-report__pdf" src={`${r.pdf.url}?inline=1`} title={MSG.reportPdfFrameTitle(r.title)} />
            </>
          ) : (
            <Alert
              type="info"
              showIcon
              title={MSG.reportPdfLocked}
              description={r.downloadBlocked === 'right' ? MSG.downloadRightMissing : undefined}
              action={
                r.downloadBlocked === 'signIn' ? (
                  <Button type="primary" size="small" href={loginHref(here)}>
                    {MSG.reportPdfSignIn}
                  </Button>
                ) : undefined
              }
            />
          )}
        </section>
      )}
      <LazyFavorite applicationId={applicationId} targetType="report" targetId={r.id} title={r.title} path={`/microapp/report/detail/${r.id}`} />
      <LazyComments applicationId={applicationId} targetType="report" targetId={r.id} path={`/microapp/report/detail/${r.id}`} />
    </article>
  );
}
