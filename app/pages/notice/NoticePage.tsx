/**
 * The visitor's notice page /resources/notices/:id (spec 1 §2 'Public routes', 'Links the panels
 * produce'): inside the site's header and footer, the notice's title, type, publish date (yyyy-MM-dd
 * HH:mm and the relative wording of spec 2 §9 'Dates') and its content. The content is the HTML the
 * server sanitised when it was saved (server/content/sanitize.ts) and is rendered as such; nothing
 * else is ever put into the page as HTML. Attachments are plain download links, or, when the notice keeps
 * them for users with the right `download` and the reader lacks it, marked 登录后下载 (a link to sign in)
 * or 无下载权限 (docs/decisions.md 214); a click on an image
 * opens the spec's image viewer over all images of the notice (ViewableHtml, docs/decisions.md 432). An unknown or unpublished notice (404), or
 * one of another site, shows the not-found state.
 */
import { lockAttachments } from './lockAttachments';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Result, Skeleton, Tag } from 'antd';
import { MSG } from '@common/messages';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import { relativeDate } from '@modules/kit/format';
import { ApiError, errorMessage } from '../../api';
import { readBoot } from '../../boot';
import { configByHost } from '../../site/HomePage';
import { SiteFrame } from '../../site/SiteFrame';
import { UnknownHost } from '../../site/UnknownHost';
import { loginHref } from '@modules/kit/links';
import { RightRefused, isPanelRefusal } from '../RightRefused';
import { ViewableHtml } from '../../widgets/image/ViewableHtml';
import '../../site/site.css';
import '../../widgets/richtext/richtext.css';
import './notice.css';
import { api } from '../../shared/apiClient';
import { LazyComments } from '../comments/LazyComments';
import { LazyFavorite } from '../helix/LazyFavorite';

// the locking of attachments lives in its own module, so the report page uses it without this page (decision 304)
export { lockAttachments } from './lockAttachments';

/** See the file comment. */
export default function NoticePage() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const navigate = useNavigate();
  const boot = readBoot();
  const host = typeof window !== 'undefined' ? window.location.host : boot.host;
  const site = useQuery({ queryKey: ['site-config', host], queryFn: () => configByHost(host), staleTime: 60_000 });
  const notice = useQuery({
    queryKey: ['notice', id],
    queryFn: ({ signal }) => api.get('/api/v1/notices/{id}', { params: { id }, signal }),
    enabled: id > 0,
    retry: false,
  });
  // attachments the reader may not download are shown locked (登录后下载 / 无下载权限)
  const blocked = notice.data?.downloadBlocked ?? null;
  const html = useMemo(
    () => (notice.data && blocked ? lockAttachments(notice.data.content ?? '', blocked, loginHref(`/resources/notices/${id}`)) : (notice.data?.content ?? '')),
    [notice.data, blocked, id],
  );

  const title = notice.data?.title;
  const siteName = site.data?.name;
  useEffect(() => {
    if (title) document.title = siteName ? `${title} · ${siteName}` : title;
  }, [title, siteName]);

  if (site.isPending)
    return (
      <div className="atr-notice-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (site.isError)
    return (
      <div className="atr-status-page">
        <Result status="warning" title={MSG.siteLoadFailed} subTitle={errorMessage(site.error)} />
      </div>
    );
  if (!site.data) return <UnknownHost host={host} />;
  const config = site.data;
  const primary = config.themeConfig?.primaryColor;

  const missing =
    id === 0 ||
    (notice.isError && notice.error instanceof ApiError && (notice.error.status === 404 || notice.error.status === 400)) ||
    (notice.data && notice.data.applicationId !== config.applicationId);

  let body;
  if (missing) {
    body = (
      <Result
        status="404"
        title="404"
        subTitle={MSG.noticeNotFound}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {MSG.backHome}
          </Button>
        }
      />
    );
  } else if (notice.isError && isPanelRefusal(notice.error)) {
    body = <RightRefused error={notice.error} path={`/resources/notices/${id}`} />;
  } else if (notice.isError) {
    body = (
      <Result
        status="warning"
        title={MSG.loadFailed}
        subTitle={errorMessage(notice.error)}
        extra={<Button onClick={() => notice.refetch()}>{MSG.retry}</Button>}
      />
    );
  } else if (!notice.data) {
    body = <Skeleton active title paragraph={{ rows: 10 }} />;
  } else {
    const n = notice.data;
    const d = new Date(n.publishDateTime);
    const when = Number.isNaN(d.getTime()) ? '' : formatLocal(d, DAY_MINUTE);
    body = (
      <article className="atr-notice" aria-labelledby="atr-notice-title">
        <h1 id="atr-notice-title" className="atr-notice__title">
          {n.title}
        </h1>
        <div className="atr-notice__meta">
          {n.type && <Tag color="blue">{n.type}</Tag>}
          {when && (
            <span>
              {MSG.publishedAt}{' '}
              <time dateTime={n.publishDateTime} title={when}>
                {when}
              </time>
            </span>
          )}
          {when && <span className="atr-notice__ago">{relativeDate(n.publishDateTime)}</span>}
        </div>
        {/* server-sanitised HTML only (server/content/sanitize.ts) */}
        <ViewableHtml className="atr-rich atr-notice__content" html={html} />
        <LazyFavorite applicationId={config.applicationId} targetType="notice" targetId={n.id} title={n.title} path={`/resources/notices/${n.id}`} />
        <LazyComments applicationId={config.applicationId} targetType="notice" targetId={n.id} path={`/resources/notices/${n.id}`} />
      </article>
    );
  }

  return (
    <ConfigProvider theme={primary ? { token: { colorPrimary: primary, colorLink: primary } } : undefined}>
      <SiteFrame config={config} user={boot.user}>
        <div className="atr-notice-page">{body}</div>
      </SiteFrame>
    </ConfigProvider>
  );
}
