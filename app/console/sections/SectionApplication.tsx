/**
 * The application a console section works on (`/console/reports/**`, `/console/jobs/**`,
 * `/console/tools`, `/console/wechats/**`; docs/decisions.md 324): the manager chooses one of the
 * applications on which they hold the section's right (`?applicationId=`, the first one by default).
 * Super managers hold every right on every application. Refusals: a manager whose applications all lack
 * the right gets a 403 page naming it; a user managing nothing never gets here (ConsoleGuard sends them to
 * /console/block). An application without a topic gets a prompt to choose one (when the section needs it).
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Select, Space } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { MANAGER_RIGHT_LABELS, type ManagerRight } from '@common/roles';

import { errorMessage } from '../../api';
import { PageSpinner } from '../../pages/PageSpinner';
import { useMyRightsQuery } from '../roles/rights';
import type { ApplicationListItem } from '../../shared/types';
import { PageHead } from '../PageHead';
import '../console.css';
import { api } from '../../shared/apiClient';

/** What a section page gets: the chosen application and the picker to show in its list's head. */
export interface SectionContext {
  app: ApplicationListItem;
  /** the chosen application's topic id (always set when the section needs a topic) */
  topicId: number;
  picker: ReactNode;
}

/**
 * The applications the signed-in user may open with `right`: all for a super manager, else those of
 * GET /api/v1/applications whose manager rights include it. `pending`/`error` while asking.
 */
export function useSectionApplications(right: ManagerRight) {
  const apps = useQuery({
    queryKey: ['applications', 'sections'],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page: 1, size: 200 }, signal }),
  });
  const rights = useMyRightsQuery();
  const all = apps.data?.content ?? [];
  const allowed = rights.data?.superManager
    ? all
    : all.filter((a) => rights.data?.applications.some((r) => r.applicationId === a.applicationId && r.rights.includes(right)));
  return { pending: apps.isPending || rights.isPending, error: apps.error ?? rights.error, all, allowed };
}

/**
 * The frame of a section: asks for the applications, refuses or prompts as described in the file comment,
 * and renders `children` with the chosen application. `title` names the section (document title, heads);
 * `noun` names its items in the refusal; `needsTopic` false renders `children` for an application without
 * a topic too (its `topicId` is then 0).
 */
export function SectionApplication({
  title,
  noun,
  right = 'content',
  needsTopic = true,
  children,
}: {
  title: string;
  noun: string;
  right?: ManagerRight;
  needsTopic?: boolean;
  children: (ctx: SectionContext) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const { pending, error, all, allowed } = useSectionApplications(right);
  const chosen = Number(params.get('applicationId')) || null;
  const app = allowed.find((a) => a.applicationId === chosen) ?? allowed[0];
  useEffect(() => {
    document.title = `${title} · ${MSG.consoleTitle}`;
  }, [title]);

  if (pending) return <PageSpinner />;
  if (error) return <Result status="warning" title={errorMessage(error)} />;
  if (!all.length) return <Result status="info" title={MSG.reportNoApplication} />;
  if (!app) return <Result status="403" title={MSG.forbidden} subTitle={fillMsg(MSG.sectionNoRight, { right: MANAGER_RIGHT_LABELS[right], noun })} />;
  const picker = (
    <Space>
      <span className="atr-muted">{MSG.reportPickApplication}</span>
      <Select
        style={{ width: 260, maxWidth: '60vw' }}
        value={app.applicationId}
        aria-label={MSG.reportPickApplication}
        options={allowed.map((a) => ({ value: a.applicationId, label: a.name }))}
        onChange={(v: number) => setParams({ applicationId: String(v) })}
      />
    </Space>
  );
  if (!app.topic && needsTopic)
    return (
      <div className="atr-console__page">
        <PageHead title={title}>{picker}</PageHead>
        <div className="atr-panel-card atr-settings-card">
          <Result
            status="info"
            title={fillMsg(MSG.sectionNoTopic, { noun })}
            subTitle={MSG.applicationNoTopicHint}
            extra={
              <Link to={`/console/application/${app.applicationId}`}>
                <Button type="primary">{MSG.applicationSettings}</Button>
              </Link>
            }
          />
        </div>
      </div>
    );
  return <>{children({ app, topicId: app.topic?.id ?? 0, picker })}</>;
}
