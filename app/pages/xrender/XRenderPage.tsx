/**
 * A composed page `/xrender/{pageId}` (issue 31 §4; decisions 700-705): a page of the site that its
 * managers composed in the console's editor with the home page's modules. Rendered like the home page: the
 * site's header and footer, the same grid (HomeGrid) and panels, the page's title in the document's
 * `<title>` (`标题 - 站点名`). The page is read by GET /api/v1/xrender/{pageId}; an unknown page (the
 * read's 404, marked `notFoundWhenNull`) is the not-found card in the site frame, sent with status 404 by
 * the server. A draft page is its managers' only: the server sends a visitor to /unrelease before
 * rendering, as for a draft site (server/web/index.ts); a manager sees it with a draft banner. Own markup,
 * no antd, as the home page.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { homeEntry } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { SITE_MSG } from '@common/siteMessages';
import type { PageDetail } from '@common/contracts/pages';
import { EmptyNote, Spinner, UiButton } from '@modules/kit/ui';
import { ApiError, errorMessage } from '../../api';
import { readBoot, reportPageTitle } from '../../boot';
import { HomeGrid } from '../../site/HomeGrid';
import { siteContextOf } from '../../site/HomePage';
import { SiteFrame } from '../../site/SiteFrame';
import { UnknownHost } from '../../site/UnknownHost';
import { StatusCard } from '../StatusPages';
import { useSiteConfig } from '../visitor/siteConfig';
import { api } from '../../shared/apiClient';
import '../../site/site.css';
import './xrender.css';

/** The query key of a composed page as the visitor reads it. */
export const xrenderKey = (applicationId: number, pageId: string) => ['xrender', applicationId, pageId] as const;

/** One composed page of the site, or null when it has none the viewer may see (the call's 404). */
function useComposedPage(applicationId: number | null, pageId: string) {
  return useQuery({
    queryKey: xrenderKey(applicationId ?? 0, pageId),
    queryFn: async ({ signal }): Promise<PageDetail | null> => {
      try {
        return await api.get('/api/v1/xrender/{pageId}', { params: { pageId }, query: { applicationId: applicationId ?? 0 }, signal });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
    enabled: applicationId != null,
    retry: false,
    // the server answers the page with 404 when the page is unknown (app/entry-server.tsx)
    meta: { notFoundWhenNull: true },
  });
}

/** See the file comment. */
export default function XRenderPage() {
  const pageId = useParams().pageId ?? '';
  const boot = readBoot();
  const site = useSiteConfig();
  const config = site.data ?? null;
  const page = useComposedPage(config?.applicationId ?? null, pageId);

  const docTitle = config ? (page.data ? `${page.data.title} - ${config.name}` : config.name) : null;
  // the server's HTML carries the same title as the browser sets (decision 431)
  if (docTitle && typeof window === 'undefined') reportPageTitle(docTitle);
  useEffect(() => {
    if (docTitle) document.title = docTitle;
  }, [docTitle]);

  if (site.isPending || (config && page.isPending))
    return (
      <div className="atr-center">
        <Spinner size="large" />
      </div>
    );
  const failed = site.isError ? site.error : page.isError ? page.error : null;
  if (failed) {
    return (
      <StatusCard
        tone="warning"
        mark="!"
        title={SITE_MSG.siteLoadFailed}
        detail={errorMessage(failed)}
        action={
          <UiButton variant="primary" onClick={() => void (site.isError ? site.refetch() : page.refetch())}>
            {SITE_MSG.retry}
          </UiButton>
        }
      />
    );
  }
  if (!config) return <UnknownHost host={typeof window !== 'undefined' ? window.location.host : boot.host} />;

  const detail = page.data;
  const entry = detail ? homeEntry(detail.homeConfig) : null;
  const ctx = siteContextOf(config, boot.user, entry?.style === 'fullScreen');
  return (
    <>
      {detail && detail.state !== 'published' && (
        <div role="status" className="atr-unreleased-banner">
          {MSG.pageDraftBanner}
        </div>
      )}
      <SiteFrame config={config} user={boot.user}>
        {!detail || !entry ? (
          <StatusCard mark="404" title={MSG.pageNotFound} />
        ) : (
          <>
            <h1 className="atr-xrender__title">{detail.title}</h1>
            {entry.template.length === 0 ? (
              <div className="atr-empty-home">
                <EmptyNote description={SITE_MSG.homeEmpty} />
              </div>
            ) : (
              <HomeGrid modules={entry.template} site={ctx} />
            )}
          </>
        )}
      </SiteFrame>
    </>
  );
}
