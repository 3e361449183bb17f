/**
 * `/console/ac/appclient` (spec 1 §2; spec 1 §6 client login; docs/decisions.md 292): the
 * OAuth clients of the applications, with each client's ready-to-copy sign-in link. The applications
 * offered are those GET /api/v1/applications lists for the user: all of them for a super manager, the
 * ones they manage for an application manager (the rules of the client calls, which admit the managers
 * of the application; adding, editing and deleting one needs the 站点设置 right, decision 415: without
 * it the page warns and the card is disabled). The chosen application is in the address
 * (`?applicationId=`), so the settings page can link to its clients; without one, the first
 * application of the list is shown. The table and its dialog are the 客户端登录 card
 * (app/signin/OAuthClientsCard.tsx), written once.
 */
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, ConfigProvider, Empty, Result, Select, Skeleton } from 'antd';
import { MSG } from '@common/messages';

import { errorMessage } from '../api';
import { OAuthClientsCard } from '../signin/OAuthClientsCard';
import { PageHead } from './PageHead';

import { MissingRightAlert, useMyRights } from './roles/rights';
import './console.css';
import { api } from '../shared/apiClient';

/** The most applications offered in the selector (the console's list call, one page). */
const MAX_APPLICATIONS = 200;

/** The page; see the file comment. */
export function AppClientsPage() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    document.title = `${MSG.oauthClients} - ${MSG.consoleTitle}`;
  }, []);
  const apps = useQuery({
    queryKey: ['applications', 'appclient'],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page: 1, size: MAX_APPLICATIONS }, signal }),
  });
  const list = useMemo(() => apps.data?.content ?? [], [apps.data]);
  const asked = Number(params.get('applicationId'));
  const chosen = list.find((a) => a.applicationId === asked) ?? list[0];
  // adding, editing and deleting a client needs 站点设置 (decision 415): without it the list is read-only
  const { rights, loaded: rightsLoaded } = useMyRights(chosen?.applicationId ?? 0);
  const settingsDenied = !!chosen && rightsLoaded && !rights.includes('settings');

  let body;
  if (apps.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (apps.isError) body = <Result status="warning" title={MSG.loadFailed} subTitle={errorMessage(apps.error)} />;
  else if (!chosen) body = <Empty className="atr-panel-card" description={MSG.noApplications} />;
  else
    body = (
      <>
        <MissingRightAlert applicationId={chosen.applicationId} right="settings" />
        <ConfigProvider componentDisabled={settingsDenied}>
          <OAuthClientsCard key={chosen.applicationId} applicationId={chosen.applicationId} host={chosen.host} />
        </ConfigProvider>
      </>
    );

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.oauthClients} hint={MSG.appClientsHint}>
        {list.length > 0 && (
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={MSG.appClientsApplication}
            style={{ width: 320 }}
            value={chosen?.applicationId}
            options={list.map((a) => ({ value: a.applicationId, label: `${a.name}（${a.host}）` }))}
            onChange={(v) => setParams({ applicationId: String(v) }, { replace: true })}
          />
        )}
      </PageHead>
      {asked > 0 && list.length > 0 && !list.some((a) => a.applicationId === asked) && <Alert type="warning" showIcon title={MSG.appClientsNotManaged} />}
      {body}
    </div>
  );
}
