/**
 * /console/helix/dds (spec 1 §2 `/console/helix/**`; issue 29 §7; docs/decisions.md 600-609): the document
 * delivery queue of one application, for its managers holding 内容管理 and super managers. The
 * application, state and page are kept in the URL (`applicationId`, `state`, `page`; 20 a page, newest
 * first); `?id=` opens a request's drawer: the citation and note (as text), the reader, and for a pending
 * one the staff's answers: 传递全文 (a file checked by the server by content: PDF and other documents up
 * to 20 MB) or 标记无法提供 with a reason. Above the list, the site's daily limit per reader.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Input, InputNumber, Select, Space, Tag, type TableColumnsType } from 'antd';
import { FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { DDS_FILE_MAX_MB, DDS_MAX_DAILY_LIMIT, DDS_PAGE_SIZE, DDS_REASON_MAX, DDS_STATES, DDS_STATE_LABELS, isDdsState, type DdsState } from '@common/dds';
import type { Dds } from '@common/contracts/dds';
import { auditTime } from '@common/audit';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { StaffQueueFrame, useStaffQueue } from '../StaffQueue';
import { citationSource } from '../../pages/dds/citation';
import '../console.css';

const LIST_KEY = 'console-dds';
const STATE_COLOURS: Record<DdsState, string> = { pending: 'orange', delivered: 'green', unavailable: 'default' };

/** The page; see the file comment. */
export function DdsQueuePage() {
  const queue = useStaffQueue(MSG.ddsConsoleTitle);
  const { params, applicationId, page, openId, update } = queue;
  const state = isDdsState(params.get('state')) ? (params.get('state') as DdsState) : undefined;

  const list = useQuery({
    enabled: applicationId > 0,
    queryKey: [LIST_KEY, applicationId, state, page],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/dds', { params: { id: applicationId }, query: { state, page, size: DDS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Dds> = [
    { title: MSG.ddsCreatedAt, key: 'at', width: 170, render: (_, d) => auditTime(d.createdAt) },
    { title: MSG.ddsFieldTitle, key: 'title', ellipsis: true, render: (_, d) => d.title },
    { title: MSG.ddsReader, key: 'reader', width: 180, ellipsis: true, render: (_, d) => (d.userContact ? `${d.userName}（${d.userContact}）` : d.userName) },
    { title: MSG.ddsState, key: 'state', width: 100, render: (_, d) => <Tag color={STATE_COLOURS[d.state]}>{DDS_STATE_LABELS[d.state]}</Tag> },
    {
      title: MSG.actions,
      key: 'open',
      width: 80,
      render: (_, d) => (
        <Button type="link" size="small" onClick={() => update({ id: d.id })}>
          {MSG.ddsView}
        </Button>
      ),
    },
  ];

  return (
    <StaffQueueFrame<Dds>
      queue={queue}
      title={
        <>
          <FileSearchOutlined /> {MSG.ddsConsoleTitle}
        </>
      }
      filters={
        <>
          <Select
            aria-label={MSG.ddsState}
            style={{ width: 130 }}
            value={state ?? ''}
            onChange={(v: string) => update({ state: v || undefined })}
            options={[{ value: '', label: MSG.ddsAllStates }, ...DDS_STATES.map((s) => ({ value: s, label: DDS_STATE_LABELS[s] }))]}
          />
          {applicationId > 0 && <DailyLimit applicationId={applicationId} />}
        </>
      }
      list={list}
      columns={columns}
      scrollX={700}
      emptyText={MSG.ddsListEmpty}
      pageSize={DDS_PAGE_SIZE}
      onOpen={(d) => update({ id: d.id })}
    >
      <DdsDrawer applicationId={applicationId} id={openId} onClose={() => update({ id: undefined })} />
    </StaffQueueFrame>
  );
}

/** The site's daily limit per reader, saved on its own. */
function DailyLimit({ applicationId }: { applicationId: number }) {
  const { message } = App.useApp();
  const settings = useQuery({
    queryKey: ['dds-settings', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/dds-settings', { params: { id: applicationId }, signal }),
    retry: false,
  });
  const [value, setValue] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(settings.data?.dailyLimit ?? null), [settings.data]);
  if (!settings.data) return null;
  const save = async () => {
    setSaving(true);
    try {
      const r = await api.put('/api/v1/applications/{id}/dds-settings', { params: { id: applicationId }, body: { dailyLimit: value ?? 0 } });
      void message.success(r.message);
      await settings.refetch();
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space>
      <span>{MSG.ddsSettingsTitle}</span>
      <InputNumber
        aria-label={MSG.ddsSettingsTitle}
        min={1}
        max={DDS_MAX_DAILY_LIMIT}
        precision={0}
        value={value}
        onChange={(v) => setValue(typeof v === 'number' ? v : null)}
        style={{ width: 80 }}
      />
      <Button loading={saving} disabled={value === settings.data.dailyLimit} onClick={() => void save()}>
        {MSG.ddsSettingsSave}
      </Button>
    </Space>
  );
}

/** Reads a file as base64 (no data: prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** One request: what the reader asked for, and the staff's answers. */
function DdsDrawer({ applicationId, id, onClose }: { applicationId: number; id: number | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const detail = useQuery({
    enabled: id !== null && applicationId > 0,
    queryKey: ['console-dds-one', applicationId, id],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/dds/{requestId}', { params: { id: applicationId, requestId: id! }, signal }),
  });
  useEffect(() => {
    setReason('');
    setFile(null);
  }, [id]);
  const d = detail.data;

  const act = async (run: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const r = await run();
      void message.success(r.message);
      setReason('');
      setFile(null);
      await Promise.all([qc.invalidateQueries({ queryKey: ['console-dds-one', applicationId, id] }), qc.invalidateQueries({ queryKey: [LIST_KEY] })]);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const deliver = (f: File) =>
    act(async () =>
      api.post('/api/v1/applications/{id}/dds/{requestId}/deliver', {
        params: { id: applicationId, requestId: id! },
        body: { fileName: f.name, file: await readBase64(f) },
      }),
    );

  return (
    <Drawer open={id !== null} onClose={onClose} title={MSG.ddsDetail} size="large" destroyOnHidden>
      {detail.isError ? (
        <Empty description={errorMessage(detail.error)} />
      ) : !d ? null : (
        <div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={MSG.ddsState}>
              <Tag color={STATE_COLOURS[d.state]}>{DDS_STATE_LABELS[d.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={MSG.ddsFieldTitle}>
              <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{d.title}</span>
            </Descriptions.Item>
            {d.authors && <Descriptions.Item label={MSG.ddsFieldAuthors}>{d.authors}</Descriptions.Item>}
            {citationSource(d) && <Descriptions.Item label={MSG.ddsFieldJournal}>{citationSource(d)}</Descriptions.Item>}
            {d.note && <Descriptions.Item label={MSG.ddsFieldNote}>{d.note}</Descriptions.Item>}
            <Descriptions.Item label={MSG.ddsReader}>{d.userContact ? `${d.userName}（${d.userContact}）` : d.userName}</Descriptions.Item>
            <Descriptions.Item label={MSG.ddsCreatedAt}>{auditTime(d.createdAt)}</Descriptions.Item>
            {d.handlerName && <Descriptions.Item label={MSG.ddsHandler}>{d.handlerName}</Descriptions.Item>}
            {d.fileName && (
              <Descriptions.Item label={MSG.ddsFileLabel}>
                {d.fileName}（{d.downloads} / 5）{d.expiresAt ? ` · ${auditTime(d.expiresAt)}` : ''}
              </Descriptions.Item>
            )}
            {d.reason && <Descriptions.Item label={MSG.ddsReason}>{d.reason}</Descriptions.Item>}
          </Descriptions>
          {d.state === 'pending' && (
            <>
              <Space wrap style={{ marginTop: 16 }}>
                <input
                  ref={fileInput}
                  type="file"
                  aria-label={MSG.ddsFileLabel}
                  style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    e.target.value = '';
                  }}
                />
                <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
                  {MSG.ddsUploadPick}
                </Button>
                {file && <span>{file.name}</span>}
                <Button type="primary" loading={busy} disabled={!file || file.size > DDS_FILE_MAX_MB * 1024 * 1024} onClick={() => file && void deliver(file)}>
                  {MSG.ddsActionDeliver}
                </Button>
              </Space>
              <p className="atr-muted">{MSG.ddsUploadHint}</p>
              <Input.TextArea
                aria-label={MSG.ddsReason}
                rows={3}
                maxLength={DDS_REASON_MAX}
                showCount
                value={reason}
                placeholder={MSG.ddsReasonPlaceholder}
                onChange={(e) => setReason(e.target.value)}
                style={{ marginTop: 8 }}
              />
              <Button
                danger
                style={{ marginTop: 8 }}
                loading={busy}
                disabled={!reason.trim()}
                onClick={() =>
                  void act(() =>
                    api.post('/api/v1/applications/{id}/dds/{requestId}/refuse', { params: { id: applicationId, requestId: d.id }, body: { reason } }),
                  )
                }
              >
                {MSG.ddsActionRefuse}
              </Button>
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
