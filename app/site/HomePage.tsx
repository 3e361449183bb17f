/**
 * The visitor's home page `/` (spec 1 §2 'Home page in public view'). The configuration and the first
 * page of every panel come from the boot data embedded in the HTML, so the first paint needs no request;
 * after a client-side navigation (boot data of another path) the configuration is read by host
 * (GET /api/v1/applications/config?host=) and the panels fetch their own data.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { homeEntry } from '@common/homeConfig';
import { exploreBaseFromMenu } from '@common/exploreLink';
import { SITE_MSG } from '@common/siteMessages';
import type { SiteContext } from '@modules/types.app';
import { ApiError, errorMessage } from '../api';
import { bootIsHome, readBoot, type AppConfig } from '../boot';
import { HomeGrid } from './HomeGrid';
import { SiteFrame } from './SiteFrame';
import { UnknownHost } from './UnknownHost';
import { TopicLinksBar } from '../pages/account/TopicLinksBar';
import { StatusCard } from '../pages/StatusPages';
import { EmptyNote, Spinner, UiButton } from '@modules/kit/ui';
import { api } from '../shared/apiClient';

const notFoundish = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/**
 * The application of a host, or null when no application has it. Tries the host as typed (with its
 * port) and then without the port, as the server does for the HTML.
 */
export async function configByHost(host: string): Promise<AppConfig | null> {
  const h = host.toLowerCase();
  try {
    return await api.get('/api/v1/applications/config', { query: { host: h } });
  } catch (e) {
    if (!notFoundish(e)) throw e;
  }
  const bare = h.replace(/:\d+$/, '');
  if (bare === h) return null;
  try {
    return await api.get('/api/v1/applications/config', { query: { host: bare } });
  } catch (e) {
    if (notFoundish(e)) return null;
    throw e;
  }
}

/** Builds the panels' site context from a configuration (the explore base from the header menu, spec 1 §2). */
export function siteContextOf(config: AppConfig, user: SiteContext['user'], groupTemplate: boolean): SiteContext {
  return {
    applicationId: config.applicationId,
    topicId: config.topicId ?? config.topic?.id ?? null,
    user,
    groupTemplate,
    exploreBase: exploreBaseFromMenu(config.headerConfig?.menu),
  };
}

/** The visitor home page; see the file comment. */
export default function HomePage() {
  const boot = readBoot();
  const host = typeof window !== 'undefined' ? window.location.host : boot.host;
  const fromBoot = bootIsHome();
  const q = useQuery({
    queryKey: ['site-config', host],
    queryFn: () => configByHost(host),
    initialData: fromBoot ? boot.config : undefined,
    staleTime: fromBoot ? Infinity : 60_000,
  });

  const config = q.data;
  useEffect(() => {
    if (config) document.title = config.name;
  }, [config]);
  // Reached by a client-side navigation: only the server knows whether this viewer may see a site that
  // is not released (decision #139), so load the page from it.
  const askServer = !fromBoot && !!config && config.status !== 'released';
  useEffect(() => {
    if (askServer) window.location.replace('/');
  }, [askServer]);

  if (fromBoot && boot.unreleased === 'hidden') return <Navigate to="/unrelease" replace />;
  if (askServer || q.isPending)
    return (
      <div className="atr-center">
        <Spinner size="large" />
      </div>
    );
  if (q.isError) {
    return (
      <StatusCard
        tone="warning"
        mark="!"
        title={SITE_MSG.siteLoadFailed}
        detail={errorMessage(q.error)}
        action={
          <UiButton variant="primary" onClick={() => q.refetch()}>
            {SITE_MSG.retry}
          </UiButton>
        }
      />
    );
  }
  if (!config) return <UnknownHost host={host} />;

  const entry = homeEntry(config.homeConfig ?? []);
  const site = siteContextOf(config, boot.user, entry.style === 'fullScreen');
  return (
    <>
      {fromBoot && boot.unreleased === 'preview' && (
        <div role="status" className="atr-unreleased-banner">
          {SITE_MSG.unreleasedBanner}
        </div>
      )}
      <SiteFrame config={config} user={boot.user} nameIsHeading>
        <TopicLinksBar bootUserId={boot.user?.id ?? null} fromBoot={fromBoot} groupTemplate={site.groupTemplate} />
        {entry.template.length === 0 ? (
          <div className="atr-empty-home">
            <EmptyNote
              description={
                <>
                  <div>{SITE_MSG.homeEmpty}</div>
                  <div style={{ color: '#5f6673', marginTop: 4 }}>{SITE_MSG.homeEmptyHint}</div>
                </>
              }
            />
          </div>
        ) : (
          <HomeGrid modules={entry.template} site={site} bootData={fromBoot ? boot.data : undefined} />
        )}
      </SiteFrame>
    </>
  );
}
