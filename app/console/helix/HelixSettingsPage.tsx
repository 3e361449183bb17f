/**
 * /console/helix/settings (issue 29 §9; docs/decisions.md 585): which sections of the personal centre an
 * application shows, for its managers holding 站点设置 and super managers. The application is kept in
 * the URL (`applicationId`); each section a switch, 消息 and 设置 always on, the sections other areas
 * have not built yet marked 尚未上线. A section that is off is hidden from readers and its calls
 * answer 403.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Switch, Table } from 'antd';
import { MSG } from '@common/messages';
import { HELIX_FIXED_SECTIONS, HELIX_SECTIONS, HELIX_SECTIONS_NOT_BUILT, HELIX_SECTION_LABELS, type HelixSection } from '@common/helix';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ApplicationSelect, useConsoleApplications } from '../ApplicationSelect';
import { PageHead } from '../PageHead';
import { queryFallback } from '../QueryFallback';
import '../console.css';

/** The page; see the file comment. */
export function HelixSettingsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    document.title = `${MSG.helixSettingsTitle} · ${MSG.consoleTitle}`;
  }, []);
  const apps = useConsoleApplications();
  const applicationId = Number(params.get('applicationId')) || apps.data?.content[0]?.applicationId || 0;
  const key = ['helix-settings', applicationId];
  const settings = useQuery({
    enabled: applicationId > 0,
    queryKey: key,
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/helix', { params: { id: applicationId }, signal }),
  });
  const toggle = async (section: HelixSection, on: boolean) => {
    const off = settings.data?.off ?? [];
    const next = on ? off.filter((k) => k !== section) : [...off, section];
    try {
      const r = await api.put('/api/v1/applications/{id}/helix', { params: { id: applicationId }, body: { off: next } });
      qc.setQueryData(key, { off: r.off });
      void message.success(r.message);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const rows = HELIX_SECTIONS.map((k) => ({ key: k }));
  return (
    <div className="atr-console-page">
      <PageHead title={MSG.helixSettingsTitle} hint={MSG.helixSettingsHint}>
        <ApplicationSelect apps={apps} value={applicationId} width={220} onChange={(v: number) => setParams({ applicationId: String(v) }, { replace: true })} />
      </PageHead>
      {settings.isError ? (
        queryFallback(settings)
      ) : (
        <Table
          rowKey="key"
          loading={settings.isPending && applicationId > 0}
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: MSG.helixTitle,
              key: 'label',
              render: (_, r) => (
                <span>
                  {HELIX_SECTION_LABELS[r.key]}
                  {HELIX_SECTIONS_NOT_BUILT.includes(r.key) && <span style={{ color: '#999' }}>{MSG.helixSettingsNotBuilt}</span>}
                </span>
              ),
            },
            {
              title: '',
              key: 'on',
              width: 120,
              render: (_, r) => (
                <Switch
                  aria-label={HELIX_SECTION_LABELS[r.key]}
                  checked={!(settings.data?.off ?? []).includes(r.key)}
                  disabled={HELIX_FIXED_SECTIONS.includes(r.key) || !settings.data}
                  onChange={(on) => void toggle(r.key, on)}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
