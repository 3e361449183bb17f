/**
 * /microapp/helix/personalCenter (issue 29 §9; spec 1 §2: needs sign-in): the personal centre, its
 * sections as a menu (tabs on a wide screen, a scrolling row on a phone) with the chosen one in the URL
 * (`?tab=favorites`). The sections come from the registry (sections.ts) less those the site turned off
 * (GET /api/v1/helix/sections); each loads as its own chunk. A signed-out visitor goes to the sign-in page;
 * a reader awaiting the site's approval sees their standing and 账号设置 (decision 658).
 */
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Tabs } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { readBoot, type BootData } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { RequireLogin } from '../recommendation/shared';
import { api } from '../../shared/apiClient';
import { shownSections, type HelixSectionProps } from './sections';
import './helix.css';

/** The page; see the file comment. */
export default function PersonalCenterPage() {
  return (
    <VisitorFrame title={MSG.helixTitle}>
      {(config, site) => <RequireLogin site={site}>{(userId) => <Centre applicationId={config.applicationId} userId={userId} />}</RequireLogin>}
    </VisitorFrame>
  );
}

/** The lazy components, made once per section key. */
const lazyCache = new Map<string, ComponentType<HelixSectionProps>>();
function sectionComponent(key: string, load: () => Promise<{ default: ComponentType<HelixSectionProps> }>) {
  let C = lazyCache.get(key);
  if (!C) {
    C = lazy(load);
    lazyCache.set(key, C);
  }
  return C;
}

/**
 * What a reader awaiting this site's approval (新用户需审核; decision 658) finds here: their standing and
 * the way to their account settings, which they may still use, instead of sections that would each
 * answer 403. The standing comes from the page's boot data (rendered by the server).
 */
function HeldCentre({ approval }: { approval: NonNullable<BootData['readerApproval']> }) {
  const rejected = approval.status === 'rejected';
  return (
    <section className="atr-vcard atr-helix">
      <Crumbs trail={[[MSG.helixTitle]]} />
      <h1 className="atr-detail__title">{MSG.helixTitle}</h1>
      <Result
        status={rejected ? 'warning' : 'info'}
        title={rejected ? MSG.helixHeldRejectedTitle : MSG.helixHeldPendingTitle}
        subTitle={rejected ? fillMsg(MSG.helixHeldRejected, { reason: approval.reason || '—' }) : MSG.helixHeldPending}
        extra={
          <Button type="primary" href="/settings/account">
            {MSG.accountTitle}
          </Button>
        }
      />
    </section>
  );
}

function Centre({ applicationId, userId }: HelixSectionProps) {
  const approval = readBoot().readerApproval;
  return approval ? <HeldCentre approval={approval} /> : <Sections applicationId={applicationId} userId={userId} />;
}

function Sections({ applicationId, userId }: HelixSectionProps) {
  const [params, setParams] = useSearchParams();
  const off = useQuery({
    queryKey: ['helix-sections', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/helix/sections', { query: { applicationId }, signal }),
  });
  const sections = useMemo(() => (off.data ? shownSections(off.data.off) : []), [off.data]);
  const asked = params.get('tab') ?? '';
  const active = sections.find((s) => s.key === asked) ?? sections[0];
  return (
    <section className="atr-vcard atr-helix">
      <Crumbs trail={[[MSG.helixTitle, '/microapp/helix'], [active?.label ?? MSG.helixTitle]]} />
      <h1 className="atr-detail__title">{MSG.helixTitle}</h1>
      {off.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : off.isError ? (
        <ListFailure error={off.error} retry={() => void off.refetch()} />
      ) : (
        <Tabs
          className="atr-helix__tabs"
          activeKey={active?.key}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          destroyOnHidden
          items={sections.map((s) => {
            const C = sectionComponent(s.key, s.load!);
            return {
              key: s.key,
              label: s.label,
              children: (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                  <C applicationId={applicationId} userId={userId} />
                </Suspense>
              ),
            };
          })}
        />
      )}
    </section>
  );
}
