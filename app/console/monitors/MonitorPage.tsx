/**
 * One monitoring channel's console page (`/console/monitor_{code}`, spec 1 §2; docs/decisions.md 670-676):
 * the application chosen in the URL (`applicationId`), the dashboard (new records per day over 30 days,
 * an ECharts bar chart in this lazy chunk only; the recent runs with duration, records added and error),
 * the sources (add, edit, run now, enable), the watch profiles with their recent hits, and the digest.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import {
  MONITOR_DIGESTS,
  MONITOR_DIGEST_LABELS,
  MONITOR_FILE_KINDS,
  MONITOR_FILE_KIND_LABELS,
  MONITOR_HINTS,
  MONITOR_LABELS,
  MONITOR_PROFILE_KINDS,
  MONITOR_PROFILE_KIND_LABELS,
  MONITOR_SOURCE_KINDS,
  MONITOR_SOURCE_KIND_LABELS,
  type MonitorCode,
  type MonitorDigest,
} from '@common/monitors';
import type { MonitorProfile, MonitorRun, MonitorSource } from '@common/contracts/monitors';
import { auditTime } from '@common/audit';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { ApplicationSelect, useConsoleApplications } from '../ApplicationSelect';
import { PageHead } from '../PageHead';
import { Chart, type ChartOption } from '../analysis/Chart';
import '../console.css';

const KEY = 'console-monitor';

type SourceForm = {
  name: string;
  kind: MonitorSource['kind'];
  url: string;
  setSpec?: string;
  metadataPrefix?: string;
  fileKind?: MonitorSource['fileKind'];
  schedule: string;
  enabled: boolean;
};

const seconds = (ms: number | null) => (ms === null ? '—' : fillMsg(MSG.monitorDurationMs, { s: (ms / 1000).toFixed(1) }));
const statusTag = (s: string | null) =>
  s === 'done' ? (
    <Tag color="green">{MSG.monitorStatusDone}</Tag>
  ) : s === 'failed' ? (
    <Tag color="red">{MSG.monitorStatusFailed}</Tag>
  ) : s === 'running' ? (
    <Tag color="blue">{MSG.monitorStatusRunning}</Tag>
  ) : (
    <Tag>{MSG.monitorNever}</Tag>
  );

/** The page of channel `code`; see the file comment. */
export default function MonitorPage({ code }: { code: MonitorCode }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    document.title = `${MONITOR_LABELS[code]} · ${MSG.consoleTitle}`;
  }, [code]);
  const apps = useConsoleApplications();
  const applicationId = Number(params.get('applicationId')) || apps.data?.content[0]?.applicationId || 0;
  const channel = useQuery({
    enabled: applicationId > 0,
    queryKey: [KEY, applicationId, code],
    queryFn: ({ signal }) => api.get('/api/v1/monitors/{id}/{code}', { params: { id: applicationId, code }, signal }),
    refetchInterval: 10_000,
  });
  const ch = channel.data;
  const [editing, setEditing] = useState<MonitorSource | 'new' | null>(null);
  const [editingProfile, setEditingProfile] = useState<MonitorProfile | 'new' | null>(null);
  const [sourceForm] = Form.useForm<SourceForm>();
  const [profileForm] = Form.useForm<{ name: string; kind: MonitorProfile['kind']; terms: string }>();
  const kind = Form.useWatch('kind', sourceForm);
  const path = { id: applicationId, code };

  const act = async (run: () => Promise<{ message?: string } | unknown>, done?: () => void) => {
    try {
      const r = (await run()) as { message?: string };
      void message.success(r?.message ?? MSG.monitorSaved);
      done?.();
      await qc.invalidateQueries({ queryKey: [KEY] });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  const chartOption = useMemo<ChartOption>(
    () => ({
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (ch?.perDay ?? []).map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: MSG.monitorColAdded, data: (ch?.perDay ?? []).map((d) => d.count), itemStyle: { color: '#1677ff' } }],
    }),
    [ch],
  );

  const saveSource = async () => {
    const v = await sourceForm.validateFields();
    const body = { ...v, setSpec: v.setSpec || null, metadataPrefix: v.metadataPrefix || null, fileKind: v.kind === 'file' ? v.fileKind : null };
    await act(
      () =>
        editing === 'new'
          ? api.post('/api/v1/monitors/{id}/{code}/sources', { params: path, body })
          : api.put('/api/v1/monitors/{id}/{code}/sources/{sourceId}', { params: { ...path, sourceId: (editing as MonitorSource).id }, body }),
      () => setEditing(null),
    );
  };
  const toggle = (s: MonitorSource, enabled: boolean) =>
    act(() =>
      api.put('/api/v1/monitors/{id}/{code}/sources/{sourceId}', {
        params: { ...path, sourceId: s.id },
        body: {
          name: s.name,
          kind: s.kind,
          url: s.url,
          setSpec: s.setSpec,
          metadataPrefix: s.metadataPrefix,
          fileKind: s.fileKind,
          schedule: s.schedule,
          enabled,
        },
      }),
    );

  const sourceColumns: TableColumnsType<MonitorSource> = [
    { title: MSG.monitorColName, dataIndex: 'name', width: 160 },
    { title: MSG.monitorColKind, key: 'kind', width: 120, render: (_, s) => MONITOR_SOURCE_KIND_LABELS[s.kind] },
    { title: MSG.monitorColLastRun, key: 'last', width: 170, render: (_, s) => (s.lastRunAt ? auditTime(s.lastRunAt) : '—') },
    { title: MSG.monitorColStatus, key: 'status', width: 90, render: (_, s) => statusTag(s.lastStatus) },
    { title: MSG.monitorColDuration, key: 'dur', width: 90, render: (_, s) => seconds(s.lastDurationMs) },
    { title: MSG.monitorColAdded, key: 'added', width: 70, render: (_, s) => s.lastAdded ?? '—' },
    {
      title: MSG.monitorColError,
      key: 'error',
      ellipsis: true,
      render: (_, s) => (s.lastError ? <span className="atr-monitor-error">{s.lastError}</span> : '—'),
    },
    {
      title: MSG.monitorEnabled,
      key: 'enabled',
      width: 70,
      render: (_, s) => <Switch size="small" checked={s.enabled} aria-label={`${MSG.monitorEnabled} ${s.name}`} onChange={(on) => void toggle(s, on)} />,
    },
    {
      title: '',
      key: 'actions',
      width: 170,
      render: (_, s) => (
        <Space size={4}>
          <Button
            size="small"
            onClick={() => void act(() => api.post('/api/v1/monitors/{id}/{code}/sources/{sourceId}/run', { params: { ...path, sourceId: s.id } }))}
          >
            {MSG.monitorRunNow}
          </Button>
          <Button
            size="small"
            type="link"
            onClick={() => {
              sourceForm.setFieldsValue({ ...s, setSpec: s.setSpec ?? undefined, metadataPrefix: s.metadataPrefix ?? undefined });
              setEditing(s);
            }}
          >
            {MSG.monitorEdit}
          </Button>
        </Space>
      ),
    },
  ];
  const runColumns: TableColumnsType<MonitorRun> = [
    { title: MSG.monitorColName, dataIndex: 'sourceName', width: 160 },
    { title: MSG.monitorColLastRun, key: 'at', width: 170, render: (_, r) => auditTime(r.startedAt) },
    { title: MSG.monitorColStatus, key: 'status', width: 90, render: (_, r) => statusTag(r.status) },
    { title: MSG.monitorColDuration, key: 'dur', width: 90, render: (_, r) => seconds(r.durationMs) },
    { title: MSG.monitorColAdded, dataIndex: 'added', width: 70 },
    { title: MSG.monitorColError, key: 'error', ellipsis: true, render: (_, r) => r.error ?? '—' },
  ];
  const profileColumns: TableColumnsType<MonitorProfile> = [
    { title: MSG.monitorColName, dataIndex: 'name', width: 140 },
    { title: MSG.monitorColKind, key: 'kind', width: 80, render: (_, p) => MONITOR_PROFILE_KIND_LABELS[p.kind] },
    { title: MSG.monitorColTerms, key: 'terms', width: 200, render: (_, p) => p.terms.map((t) => <Tag key={t}>{t}</Tag>) },
    { title: MSG.monitorColHits, dataIndex: 'hitCount', width: 70 },
    {
      title: MSG.monitorRecentHits,
      key: 'hits',
      render: (_, p) =>
        p.recentHits.length ? (
          <ul className="atr-monitor-hits">
            {p.recentHits.slice(0, 5).map((h) => (
              <li key={h.resourceId}>
                {h.title} <Tag color="gold">{h.term}</Tag>
              </li>
            ))}
          </ul>
        ) : (
          MSG.monitorNoHits
        ),
    },
    {
      title: '',
      key: 'actions',
      width: 120,
      render: (_, p) => (
        <Space size={0}>
          <Button
            size="small"
            type="link"
            onClick={() => {
              profileForm.setFieldsValue({ name: p.name, kind: p.kind, terms: p.terms.join('\n') });
              setEditingProfile(p);
            }}
          >
            {MSG.monitorEdit}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            onClick={() => void act(() => api.delete('/api/v1/monitors/{id}/{code}/profiles/{profileId}', { params: { ...path, profileId: p.id } }))}
          >
            {MSG.monitorDelete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-monitor">
      <PageHead title={MONITOR_LABELS[code]} hint={MONITOR_HINTS[code]}>
        <ApplicationSelect apps={apps} value={applicationId} onChange={(id) => setParams({ applicationId: String(id) })} />
      </PageHead>
      {ch ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title={MSG.monitorDashboardPerDay} extra={fillMsg(MSG.monitorTotal, { n: ch.totalRecords })}>
            <Chart option={chartOption} height={220} label="monitor-per-day" />
          </Card>
          <Card
            size="small"
            title={MSG.monitorSources}
            extra={
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  sourceForm.resetFields();
                  sourceForm.setFieldsValue({ kind: 'oai', schedule: '0 6 * * *', enabled: true, metadataPrefix: 'oai_dc' });
                  setEditing('new');
                }}
              >
                {MSG.monitorAddSource}
              </Button>
            }
          >
            <Table rowKey="id" size="small" columns={sourceColumns} dataSource={ch.sources} pagination={false} scroll={{ x: 980 }} />
          </Card>
          <Card size="small" title={MSG.monitorRuns}>
            <Table rowKey="id" size="small" columns={runColumns} dataSource={ch.runs} pagination={false} scroll={{ x: 700 }} />
          </Card>
          <Card
            size="small"
            title={MSG.monitorProfiles}
            extra={
              <Button size="small" onClick={() => (profileForm.resetFields(), setEditingProfile('new'))}>
                {MSG.monitorAddProfile}
              </Button>
            }
          >
            <Table rowKey="id" size="small" columns={profileColumns} dataSource={ch.profiles} pagination={false} scroll={{ x: 800 }} />
          </Card>
          <Card size="small" title={MSG.monitorDigest}>
            <Space wrap>
              <Select
                aria-label={MSG.monitorDigest}
                style={{ width: 120 }}
                value={ch.digest}
                options={MONITOR_DIGESTS.map((d) => ({ value: d, label: MONITOR_DIGEST_LABELS[d] }))}
                onChange={(digest: MonitorDigest) =>
                  void act(() => api.put('/api/v1/monitors/{id}/{code}/digest', { params: path, body: { digest, subscribed: ch.subscribed } }))
                }
              />
              <Switch
                checked={ch.subscribed}
                aria-label={MSG.monitorSubscribe}
                onChange={(subscribed) =>
                  void act(() => api.put('/api/v1/monitors/{id}/{code}/digest', { params: path, body: { digest: ch.digest, subscribed } }))
                }
              />
              <span>{MSG.monitorSubscribe}</span>
            </Space>
          </Card>
        </Space>
      ) : (
        <Card loading={channel.isPending && applicationId > 0}>{applicationId ? null : MSG.monitorNoApplication}</Card>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? MSG.monitorAddSource : MSG.monitorEditSource}
        onCancel={() => setEditing(null)}
        onOk={() => void saveSource()}
        destroyOnHidden
        forceRender
      >
        <Form form={sourceForm} name="monitorSource" layout="vertical">
          <Form.Item name="name" label={MSG.monitorColName} rules={[{ required: true, message: MSG.monitorSourceNameRequired }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="kind" label={MSG.monitorColKind}>
            <Select options={MONITOR_SOURCE_KINDS.map((k) => ({ value: k, label: MONITOR_SOURCE_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item
            name="url"
            label={MSG.monitorColUrl}
            extra={kind === 'file' ? MSG.monitorDropHint : undefined}
            rules={[{ required: true, message: MSG.monitorSourceUrlInvalid }]}
          >
            <Input maxLength={500} />
          </Form.Item>
          {kind === 'oai' ? (
            <Space>
              <Form.Item name="setSpec" label={MSG.monitorSet}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="metadataPrefix" label={MSG.monitorPrefix}>
                <Input maxLength={60} />
              </Form.Item>
            </Space>
          ) : null}
          {kind === 'file' ? (
            <Form.Item name="fileKind" label={MSG.monitorFileKind} rules={[{ required: true, message: MSG.monitorFileKindUnknown }]}>
              <Select options={MONITOR_FILE_KINDS.map((k) => ({ value: k, label: MONITOR_FILE_KIND_LABELS[k] }))} />
            </Form.Item>
          ) : null}
          <Form.Item name="schedule" label={MSG.monitorColSchedule} rules={[{ required: true, message: MSG.monitorScheduleInvalid }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="enabled" label={MSG.monitorEnabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={editingProfile !== null}
        title={editingProfile === 'new' ? MSG.monitorAddProfile : MSG.monitorEditProfile}
        onCancel={() => setEditingProfile(null)}
        forceRender
        onOk={() => void saveProfile()}
      >
        <Form form={profileForm} name="monitorProfile" layout="vertical" initialValues={{ kind: 'keywords' }}>
          <Form.Item name="name" label={MSG.monitorColName} rules={[{ required: true, message: MSG.monitorProfileNameRequired }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="kind" label={MSG.monitorColKind}>
            <Select options={MONITOR_PROFILE_KINDS.map((k) => ({ value: k, label: MONITOR_PROFILE_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="terms" label={MSG.monitorColTerms} extra={MSG.monitorTermsHint} rules={[{ required: true, message: MSG.monitorTermsRequired }]}>
            <Input.TextArea autoSize={{ minRows: 3 }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );

  async function saveProfile() {
    const v = await profileForm.validateFields();
    const terms = v.terms
      .split('\n')
      .map((t) => t.trim())
      .filter(Boolean);
    const body = { name: v.name, kind: v.kind, terms };
    await act(
      () =>
        editingProfile === 'new' || editingProfile === null
          ? api.post('/api/v1/monitors/{id}/{code}/profiles', { params: path, body })
          : api.put('/api/v1/monitors/{id}/{code}/profiles/{profileId}', { params: { ...path, profileId: editingProfile.id }, body }),
      () => setEditingProfile(null),
    );
  }
}
