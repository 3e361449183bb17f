/**
 * /resources/material/{id} (spec 1 §2 'Public routes'; docs/decisions.md 105): the page of one resource
 * link (spec 1 §3 'Link': title, url, cover, linkCategory, publish time) read from
 * GET /api/v1/links/{id}, inside the site's header and footer: the cover, the category, the publish date
 * (simple and relative, spec 2 §9 'Dates') and a button that opens the linked resource in a new tab
 * (http(s) addresses only). A link of another site, an unknown or an unpublished one shows not-found.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Tag } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { formatDate, relativeDate } from '@modules/kit/format';
import { Thumb } from '@modules/kit/media';
import { ApiError, errorMessage } from '../../api';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { RightRefused, isPanelRefusal } from '../RightRefused';
import { api } from '../../shared/apiClient';

/** The page; see the file comment. */
export default function MaterialPage() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return <VisitorFrame title={MSG.materialTitle}>{(config) => <Material id={id} applicationId={config.applicationId} />}</VisitorFrame>;
}

function Material({ id, applicationId }: { id: number; applicationId: number }) {
  const q = useQuery({
    queryKey: ['material', id],
    queryFn: ({ signal }) => api.get('/api/v1/links/{linkId}', { params: { linkId: id }, signal }),
    enabled: id > 0,
    retry: false,
  });
  const missing =
    id === 0 ||
    (q.isError && q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400)) ||
    (q.data && q.data.applicationId !== applicationId);
  if (missing)
    return (
      <div className="atr-vcard">
        <Result
          status="404"
          title="404"
          subTitle={MSG.linkNotFound}
          extra={
            <Link to="/">
              <Button type="primary">{MSG.backHome}</Button>
            </Link>
          }
        />
      </div>
    );
  if (q.isError && isPanelRefusal(q.error)) {
    return (
      <div className="atr-vcard">
        <RightRefused error={q.error} path={`/resources/material/${id}`} />
      </div>
    );
  }
  if (q.isError)
    return (
      <div className="atr-vcard">
        <Result status="warning" title={MSG.loadFailed} subTitle={errorMessage(q.error)} extra={<Button onClick={() => q.refetch()}>{MSG.retry}</Button>} />
      </div>
    );
  if (!q.data)
    return (
      <div className="atr-vcard">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  const l = q.data;
  const safeUrl = /^https?:\/\//i.test(l.url) ? l.url : null;
  return (
    <article className="atr-vcard">
      <div className="atr-crumbs">
        <Link to="/">{MSG.backHome}</Link> / {MSG.materialTitle}
      </div>
      <div className="atr-detail__head" style={{ marginTop: 12 }}>
        {l.cover && <Thumb src={l.cover} label={l.title} style={{ width: 200, height: 118.5, flex: 'none', borderRadius: 6 }} />}
        <div style={{ minWidth: 0 }}>
          <h1 className="atr-detail__title">{l.title}</h1>
          <div className="atr-detail__meta">
            {l.linkCategory && <Tag color="blue">{l.linkCategory}</Tag>}
            <span>{formatDate(l.publishDateTime)}</span>
            <span>{relativeDate(l.publishDateTime)}</span>
          </div>
          {safeUrl && (
            <Button type="primary" icon={<ExportOutlined />} href={safeUrl} target="_blank" rel="noopener noreferrer" style={{ marginTop: 16 }}>
              {MSG.materialOpen}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
