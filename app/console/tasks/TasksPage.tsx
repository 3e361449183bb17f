/**
 * /console/tasks (spec 1 §2; decision 267): the background
 * tasks, newest first, refreshed every 2 s while one is queued or running: status, a progress bar
 * (rows done / total, rate, time left), the result or the failure in Chinese, the skipped rows with
 * their line numbers, 取消 and 重新运行. 导入数据 opens the import dialog: the data kind, the topic,
 * the file; 预览 shows what the file would import before anything is written, and the column mapping: each
 * field of the kind with the column it reads, changed with a select for CSV/TSV and JSON lines (the rows
 * are read again with it; a required field without a column blocks 开始导入); 开始导入 queues the task
 * with the mapping. A finished task's bar stays, full, above its counts.
 * The list shows 20 tasks a page with a pager (the page in the address, `?page=`; decision 430).
 * 重建检索索引, after a confirmation, queues a rebuild of the search index of every resource (a task with
 * the same progress and cancel).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Drawer, Empty, Form, Modal, Progress, Select, Space, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { ImportOutlined, InboxOutlined, SyncOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { CONSOLE_PAGE_SIZE, DIALOG_WIDTH } from '@common/constants';
import { errorMessage } from '../../api';
import { sendFile } from '../../widgets/upload/send';
import type { WithMessage } from '../../shared/types';
import { TOPICS_KEY, fetchTopics } from '../topics/api';
import { IMPORT_KINDS, type ImportPreview as Preview, type Task } from '@common/contracts/tasks';
import '../console.css';
import { PageHead } from '../PageHead';
import { api } from '../../shared/apiClient';
import { listPagination } from '../sections/ListFilters';

// the answers' shapes are the server's declared ones
const STATUS_COLORS: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
  interrupted: 'warning',
};
const TASKS_KEY = ['console-tasks'] as const;

/** The tasks page; see the file comment. */
export function TasksPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [logOf, setLogOf] = useState<number | null>(null);
  // 20 a page with a pager, the page kept in the address (spec 2 §9; decision 430)
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tasks = useQuery({
    queryKey: [...TASKS_KEY, page],
    queryFn: ({ signal }) => api.get('/api/v1/tasks', { query: { page, size: CONSOLE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.content.some((t) => t.status === 'queued' || t.status === 'running') ? 2000 : false),
  });
  const reindex = () =>
    modal.confirm({
      title: MSG.reindexConfirmTitle,
      content: MSG.reindexConfirmBody,
      okText: MSG.reindexStart,
      cancelText: MSG.cancel,
      onOk: async () => {
        try {
          const r = await api.post('/api/v1/tasks/reindex');
          message.success(r.message ?? MSG.importQueued);
        } catch (err) {
          message.error(errorMessage(err));
        }
        void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      },
    });
  const act = async (id: number, what: 'cancel' | 'retry') => {
    try {
      const r =
        what === 'cancel' ? await api.post('/api/v1/tasks/{id}/cancel', { params: { id } }) : await api.post('/api/v1/tasks/{id}/retry', { params: { id } });
      message.success(r.message ?? MSG.importQueued);
    } catch (err) {
      message.error(errorMessage(err));
    }
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
  };

  const columns: TableColumnsType<Task> = [
    {
      title: MSG.tasksTitle,
      key: 'title',
      render: (_, t) => (
        <>
          <div className="atr-app-name">{t.title}</div>
          <div className="atr-muted">
            {t.kind === 'reindex' ? MSG.reindexKindLabel : (MSG.importKindLabels[t.importKind] ?? t.importKind)} ·{' '}
            {new Date(t.createdAt).toLocaleString('zh-CN')}
          </div>
        </>
      ),
    },
    {
      title: MSG.taskStatusColumn,
      key: 'status',
      width: 100,
      render: (_, t) => <Tag color={STATUS_COLORS[t.status]}>{MSG.taskStatus[t.status] ?? t.status}</Tag>,
    },
    {
      title: MSG.taskProgress,
      key: 'progress',
      width: 320,
      render: (_, t) => {
        // a finished task keeps its bar, full and green, above its counts
        if (t.status === 'done' && t.result)
          return (
            <div>
              <Progress percent={100} size="small" status="success" format={(p) => `${p}%`} aria-label={MSG.taskProgress} />
              <div>{t.kind === 'reindex' ? MSG.reindexResult(t.done) : MSG.taskResult(t.result)}</div>
            </div>
          );
        if (t.error && t.status !== 'running') return <span className="atr-error-text">{t.error}</span>;
        const pct = t.total > 0 ? Math.floor((t.done / t.total) * 100) : 0;
        return (
          <div>
            <Progress percent={pct} size="small" status={t.status === 'running' ? 'active' : 'normal'} aria-label={MSG.taskProgress} />
            {t.status === 'running' && t.total > 0 && <div className="atr-muted">{MSG.taskProgressText(t.done, t.total, t.ratePerSecond, t.secondsLeft)}</div>}
          </div>
        );
      },
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 200,
      render: (_, t) => (
        <Space size={4}>
          {(t.status === 'queued' || t.status === 'running') && (
            <Button type="link" size="small" onClick={() => void act(t.id, 'cancel')}>
              {MSG.taskCancel}
            </Button>
          )}
          {['failed', 'cancelled', 'interrupted'].includes(t.status) && (
            <Button type="link" size="small" onClick={() => void act(t.id, 'retry')}>
              {MSG.taskRetry}
            </Button>
          )}
          {t.skipped > 0 && (
            <Button type="link" size="small" onClick={() => setLogOf(t.id)}>
              {MSG.taskLog}（{t.skipped}）
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page">
      <PageHead title={MSG.tasksTitle} hint={MSG.tasksHint}>
        <Space>
          <Button icon={<SyncOutlined />} onClick={reindex}>
            {MSG.reindexStart}
          </Button>
          <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {MSG.importData}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card">
        <Table<Task>
          rowKey="id"
          columns={columns}
          dataSource={tasks.data?.content ?? []}
          loading={tasks.isPending}
          pagination={{
            ...listPagination(page, tasks.data?.totalElements ?? 0, (p) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                if (p === 1) next.delete('page');
                else next.set('page', String(p));
                return next;
              }),
            ),
            hideOnSinglePage: true,
          }}
          locale={{ emptyText: <Empty description={tasks.isError ? errorMessage(tasks.error) : MSG.noData} /> }}
        />
      </div>
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onQueued={() => {
            setImporting(false);
            void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
          }}
        />
      )}
      {logOf !== null && <LogDrawer id={logOf} onClose={() => setLogOf(null)} />}
    </div>
  );
}

/** The skipped rows of a task, with their line numbers and reasons. */
function LogDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const task = useQuery({
    queryKey: ['console-task', id],
    queryFn: ({ signal }) => api.get('/api/v1/tasks/{id}', { params: { id }, signal }),
  });
  return (
    <Drawer open width={560} title={MSG.taskLog} onClose={onClose}>
      {task.isError && <Alert type="error" showIcon title={errorMessage(task.error)} />}
      <ul className="atr-task-log">
        {(task.data?.log ?? []).map((l, i) => (
          <li key={i}>{MSG.taskLogLine(l.line, l.reason)}</li>
        ))}
      </ul>
    </Drawer>
  );
}

/** The value of the 不导入 choice in a column select (a column's name is never empty). */
const SKIP = '';

/**
 * The column mapping of a preview: each field of the kind with the column it reads; for
 * CSV/TSV and JSON lines a select of the file's columns (不导入 for an optional field) whose change
 * calls `onChange` with the field and the column (null: 不导入); BibTeX and RIS fields read-only.
 */
function MappingTable({ mapping, busy, onChange }: { mapping: Preview['mapping']; busy: boolean; onChange(field: string, column: string | null): void }) {
  type Field = Preview['mapping']['fields'][number];
  if (!mapping.fields.length) return <p className="atr-muted">{MSG.importMappingJournalsHint}</p>;
  return (
    <>
      <p className="atr-muted">{mapping.adjustable ? MSG.importMappingHint : MSG.importMappingFixedHint}</p>
      <Table<Field>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={mapping.fields}
        aria-label={MSG.importMappingTitle}
        columns={[
          {
            title: MSG.importMappingField,
            key: 'field',
            width: 220,
            render: (_, f) => (
              <Space size={6}>
                <span>{f.label}</span>
                {f.label !== f.name && <span className="atr-muted">{f.name}</span>}
                {f.required && <Tag color="red">{MSG.importMappingRequiredMark}</Tag>}
              </Space>
            ),
          },
          {
            title: MSG.importMappingColumn,
            key: 'column',
            render: (_, f) =>
              mapping.adjustable ? (
                <Select
                  style={{ width: '100%' }}
                  size="small"
                  showSearch
                  disabled={busy}
                  aria-label={MSG.importMappingSelectLabel(f.label)}
                  placeholder={MSG.importMappingChoose}
                  status={f.required && f.column === null ? 'error' : undefined}
                  value={f.column ?? (f.required ? undefined : SKIP)}
                  options={[...(f.required ? [] : [{ value: SKIP, label: MSG.importMappingSkip }]), ...mapping.columns.map((c) => ({ value: c, label: c }))]}
                  onChange={(v: string) => onChange(f.name, v === SKIP ? null : v)}
                />
              ) : (
                <code>{f.column}</code>
              ),
          },
        ]}
      />
    </>
  );
}

/** The import dialog: kind, topic, file, preview with the column mapping, then 开始导入 queues the task. */
function ImportDialog({ onClose, onQueued }: { onClose(): void; onQueued(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ kind: string; topic: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const topics = useQuery({ queryKey: TOPICS_KEY, queryFn: ({ signal }) => fetchTopics(signal) });

  const send = async (url: string, data: Record<string, string>) => {
    if (!file) {
      setFailure(MSG.uploadFileRequired);
      return null;
    }
    setBusy(true);
    setFailure(null);
    try {
      return await sendFile({ url, file, data }).promise;
    } catch (err) {
      setFailure((err as Error).message);
      return null;
    } finally {
      setBusy(false);
    }
  };
  /** The mapping shown in the preview, field → column (null: 不导入), sent with the import; null before a preview. */
  const chosen = (p: Preview | null) => (p?.mapping.adjustable ? Object.fromEntries(p.mapping.fields.map((f) => [f.name, f.column])) : null);
  const doPreview = async (mapping?: Record<string, string | null>) => {
    const { kind } = await form.validateFields(['kind']);
    const r = await send('/api/v1/imports/preview', { kind, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) });
    if (r) setPreview(r as Preview);
  };
  /** A column chosen for a field: the preview is read again with it. */
  const remap = (field: string, column: string | null) => void doPreview({ ...chosen(preview), [field]: column });
  const missing = preview?.mapping.fields.filter((f) => preview.mapping.missing.includes(f.name)).map((f) => f.label) ?? [];
  const doImport = async () => {
    const v = await form.validateFields();
    if (missing.length) {
      setFailure(MSG.importMappingMissing(missing));
      return;
    }
    const mapping = chosen(preview);
    const r = await send('/api/v1/tasks/imports', { kind: v.kind, topic: v.topic.trim(), ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) });
    if (r) {
      message.success((r as WithMessage).message ?? MSG.importQueued);
      onQueued();
    }
  };

  return (
    <Modal
      open
      width={Math.max(DIALOG_WIDTH, 720)}
      title={MSG.importData}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {MSG.cancel}
        </Button>,
        <Button key="preview" loading={busy} onClick={() => void doPreview(chosen(preview) ?? undefined)}>
          {MSG.importPreview}
        </Button>,
        <Button key="start" type="primary" loading={busy} onClick={() => void doImport()}>
          {MSG.importStart}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'articles' }}>
        <Form.Item name="kind" label={MSG.importKind} rules={[{ required: true, message: MSG.importKindUnknown }]}>
          <Select options={IMPORT_KINDS.map((k) => ({ value: k, label: MSG.importKindLabels[k] }))} onChange={() => setPreview(null)} />
        </Form.Item>
        <Form.Item
          name="topic"
          label={MSG.importTopic}
          rules={[
            { required: true, whitespace: true, message: MSG.topicRequired },
            { max: 40, message: '专题名不能超过 40 个字' },
          ]}
        >
          <AutoComplete options={(topics.data ?? []).map((t) => ({ value: t.title }))} filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
        </Form.Item>
        <Form.Item label={MSG.importFile} required>
          <Upload.Dragger
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setPreview(null);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setPreview(null);
            }}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{MSG.uploadDropHint}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {preview && (
        <div aria-label={MSG.importPreview} role="region">
          <h4 style={{ marginTop: 0 }}>{MSG.importMappingTitle}</h4>
          <MappingTable mapping={preview.mapping} busy={busy} onChange={remap} />
          {missing.length > 0 && <Alert type="warning" showIcon title={MSG.importMappingMissing(missing)} style={{ marginTop: 12 }} />}
          <p style={{ marginTop: 12 }}>{MSG.importPreviewSummary(preview.read, preview.found)}</p>
          <Table
            size="small"
            rowKey="line"
            pagination={false}
            dataSource={preview.items}
            columns={[
              { title: MSG.importLineColumn, dataIndex: 'line', width: 60 },
              { title: MSG.fieldTitle, dataIndex: 'title', ellipsis: true },
              { title: MSG.filterCategory, dataIndex: 'category', width: 200, ellipsis: true },
              { title: MSG.filterYear, dataIndex: 'date', width: 110 },
              // the column mapping: which listing fields each row fills
              { title: MSG.importFieldsColumn, dataIndex: 'fields', width: 200, ellipsis: true, render: (f: string[]) => f.join('、') },
            ]}
          />
          {preview.skipped.length > 0 && (
            <>
              <p style={{ marginTop: 12 }}>{MSG.importPreviewSkipped}</p>
              <ul className="atr-task-log">
                {preview.skipped.map((s) => (
                  <li key={s.line}>{MSG.taskLogLine(s.line, s.reason)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
